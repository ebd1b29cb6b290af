"""The coach's play advice: each card's value against an exhaustive solve, and each position
re-derived from the record as its seat saw it."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field, replace

import pytest

from tests.game.brute import exhaustive_play_values
from tests.game.support import RandomSeat
from trainer.game.coach.decisions import hand_decisions
from trainer.game.coach.play import (
    FEWEST_SAMPLES,
    SAMPLES,
    SEED,
    Spot,
    _hidden,
    _table,
    play_advice,
)
from trainer.game.players.search import Position, Solver, position
from trainer.game.players.strong import Hidden, exact_deals, horizon, sample_deal
from trainer.game.record import play_game
from trainer.game.state import Action, GameState, Lay, Prompt
from trainer.game.variants import VARIANTS, variant
from trainer.rules.cards import Card, deck, parse_cards

EXACT = 1e-9


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def spot(variant_id: str, seat: int, hands: list[str], unseen: str, **more: object) -> Spot:
    """A position: ``hands`` the cards each seat holds, another seat's as ``x`` a card (only
    how many: they are dealt from ``unseen``)."""
    return Spot(
        variant(variant_id),
        seat,
        cards(hands[seat]),
        tuple(len(h.split()) for h in hands),
        unseen=cards(unseen),
        **more,  # type: ignore[arg-type]
    )


def assert_exact(position: Spot) -> None:
    advice = play_advice(position)
    assert advice.exact
    truth = exhaustive_play_values(position)
    assert {v.card for v in advice.cards} == set(truth)
    for value in advice.cards:
        assert value.value == pytest.approx(float(truth[value.card]), abs=EXACT), value.card
    best = max(truth.values())
    assert advice.best.value == pytest.approx(float(best), abs=EXACT)


ENDGAMES = {
    "two players, the lead": spot("standard", 0, ["5H 10D 4C", "x x"], "5S 6C KD 4H 9C"),
    "two players, mid count": spot(
        "standard", 0, ["5H 10D", "x x"], "5S 6C KD 4H", pile=cards("9S"), owners=(1,)
    ),
    "two players, after a go": spot(
        "standard",
        0,
        ["3D 6S AC", "x x"],
        "7H 8D 2C 9S QC",
        pile=cards("10S 10H 5C"),
        owners=(0, 1, 0),
        passed=frozenset({1}),
        stuck={1: 25},
    ),
    "five-card game": spot(
        "five-card", 1, ["x x", "7C 8C 7D"], "8S 7H 6D AD", pile=cards("KS"), owners=(0,)
    ),
    "three hands": spot(
        "three-hand",
        1,
        ["x", "5H 6H", "x x"],
        "4D 5C JS 10C 2S",
        pile=cards("QD 4S"),
        owners=(2, 0),
    ),
    "four hands in partners": spot(
        "four-hand", 2, ["x", "x", "9C 6D", "x"], "3H 6S 5D 8C 2H", pile=cards("7S"), owners=(1,)
    ),
    "four hands alone": spot(
        "four-hand-solo", 3, ["x", "x", "x x", "AH 2H 3H"], "AS 2S 3S 4S 10H", pile=()
    ),
}


@pytest.mark.parametrize("name", list(ENDGAMES))
def test_few_unseen_cards_are_every_deal_solved_exactly(name: str) -> None:
    assert_exact(ENDGAMES[name])


def test_the_advice_repeats_and_samples_when_deals_are_many() -> None:
    position = spot("standard", 0, ["5H 10D 4C 6S", "x x x x"], " ".join(map(str, deck()[10:])))
    first, again = play_advice(position), play_advice(position)
    assert not first.exact
    assert first == again
    assert [v.value for v in first.cards] == sorted((v.value for v in first.cards), reverse=True)
    other = play_advice(position, random.Random(5))
    assert other.deals == first.deals
    assert other != first  # other samples, other means


def test_a_seat_that_cannot_lay_has_no_advice() -> None:
    position = spot(
        "standard", 0, ["KH", "x"], "5S 6C", pile=cards("10S 10H 5C 3D"), owners=(1, 0, 1, 0)
    )
    advice = play_advice(position)
    assert advice.cards == ()


@dataclass
class Watcher:
    """Plays as ``RandomSeat`` and notes what it held at each card it laid, and the cards in
    every other hand then (to check what the record says it could not see)."""

    seat: RandomSeat
    seen: dict[tuple[int, int, int], tuple[tuple[Card, ...], ...]] = field(default_factory=dict)

    def decide(self, state: GameState, asked: Prompt) -> Action:
        action = self.seat.decide(state, asked)
        table = state.hand.table
        if isinstance(action, Lay) and table is not None:
            laid = sum(len(k or ()) for k in state.hand.kept) - sum(map(len, table.hands))
            self.seen[(state.hand.number, asked.seat, laid)] = table.hands
        return action


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_each_lay_is_seen_from_the_record_as_the_seat_saw_it(variant_id: str) -> None:
    """The position each card was laid in, from the record alone: the seat's cards, each
    hand's size, the cards it could not see (every other hand among them), and every go said
    this hand true of the cards each seat still held."""
    rules = variant(variant_id)
    stuck_seen = 0
    for seed in range(21, 24):
        seats = [Watcher(RandomSeat(seed * 10 + n)) for n in range(rules.players)]
        record = play_game(rules, seed, seats, ["w"] * rules.players)
        truth = {k: v for w in seats for k, v in w.seen.items()}
        data = json.loads(json.dumps(record.to_dict()))
        lays = [lay for hand in data["hands"] for lay in hand_decisions(rules, hand)[1]]
        assert len(lays) == len(truth)
        for lay in lays:
            s = lay.spot
            hands = truth[(lay.hand, lay.seat, rules.players * rules.kept - sum(s.held))]
            assert sorted(s.hand) == sorted(hands[lay.seat])
            assert s.held == tuple(len(h) for h in hands)
            assert lay.card in s.playable()
            others = {c for n, h in enumerate(hands) if n != lay.seat for c in h}
            assert others <= set(s.unseen)
            assert not set(s.unseen) & {*s.hand, *s.pile}
            for other, count in s.stuck.items():
                assert all(c.value > 31 - count for c in hands[other]), (other, count)
            stuck_seen += bool(s.stuck)
    assert stuck_seen, "no go was said: the check of what goes tell is idle"


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_the_last_cards_of_played_hands_against_an_exhaustive_solve(variant_id: str) -> None:
    """Real positions near a hand's end, the unseen cards cut down to the other hands' own
    cards and two more, so that every deal can be solved."""
    rules = variant(variant_id)
    rng = random.Random(variant_id)
    checked = 0
    for seed in range(31, 35):
        seats = [Watcher(RandomSeat(seed * 10 + n)) for n in range(rules.players)]
        record = play_game(rules, seed, seats, ["w"] * rules.players)
        truth = {k: v for w in seats for k, v in w.seen.items()}
        for hand in record.to_dict()["hands"]:
            for lay in hand_decisions(rules, hand)[1]:
                s = lay.spot
                if sum(s.held) > 5 or len({c.rank for c in s.playable()}) < 2:
                    continue
                hands = truth[(lay.hand, lay.seat, rules.players * rules.kept - sum(s.held))]
                others = [c for n, h in enumerate(hands) if n != lay.seat for c in h]
                extra = rng.sample([c for c in s.unseen if c not in others], 2)
                small = replace(s, unseen=tuple(others + extra))
                if play_advice(small).exact:  # every deal solved: few enough of them
                    assert_exact(small)
                    checked += 1
    assert checked >= 3, checked


def _to_the_end(
    position: Spot, deals: list[tuple[dict[int, tuple[int, ...]], int]]
) -> dict[int, float]:
    """Each rank's mean over ``deals``, each solved to the end of the play by a solver of its
    own (no horizon, no budget)."""
    rules = position.rules
    mine = rules.side_of(position.seat)
    signs = [1 if rules.side_of(s) == mine else -1 for s in range(rules.players)]
    base = position_of(position)
    totals: dict[int, float] = {}
    weights = 0
    for deal, weight in deals:
        hands = tuple(deal.get(s, h) for s, h in enumerate(base[0]))
        for move, worth in Solver(signs).root((hands, *base[1:])).items():
            if move is not None:
                totals[move] = totals.get(move, 0.0) + weight * worth
        weights += weight
    return {rank: total / weights for rank, total in totals.items()}


def position_of(spot: Spot) -> Position:
    return position(_table(spot))


def _deals_of(position: Spot) -> tuple[Counter[int], list[Hidden]]:
    pool = Counter(c.rank for c in position.unseen)
    return pool, _hidden(position, pool)


DEEP = {
    # Past ten cards at the table a horizon once cut these short (5 to 7 cards ahead).
    "three hands, twelve cards": spot(
        "three-hand", 0, ["5H 6S 9C KD", "x x x x", "x x x x"], "4D 4C 4H 4S JS JH JD JC"
    ),
    "four hands in partners, twelve cards": spot(
        "four-hand", 1, ["x x x", "5H 6S 9C", "x x x", "x x x"], "4D 4C 4H JS JH 10C 10D 10H 10S"
    ),
}


@pytest.mark.parametrize("name", list(DEEP))
def test_deep_positions_with_few_deals_are_every_deal_solved_to_the_end(name: str) -> None:
    position = DEEP[name]
    advice = play_advice(position)
    assert advice.exact
    assert advice.ahead is None
    assert not advice.estimated
    truth = _to_the_end(position, list(exact_deals(*_deals_of(position))))
    assert advice.deals == len(list(exact_deals(*_deals_of(position))))
    for value in advice.cards:
        assert value.value == pytest.approx(truth[value.card.rank], abs=EXACT), value.card


def test_a_three_hand_lead_is_sampled_and_each_sample_solved_to_the_end() -> None:
    mine = parse_cards("5H 10D 4C 6S")
    rest = " ".join(str(c) for c in deck() if c not in mine)
    position = spot("three-hand", 0, ["5H 10D 4C 6S", "x x x x", "x x x x"], rest)
    advice = play_advice(position)
    assert not advice.exact
    assert advice.ahead is None
    assert FEWEST_SAMPLES <= advice.deals <= SAMPLES
    rng = random.Random(SEED)
    _, sizes = _deals_of(position)
    unseen = tuple(sorted(c.rank for c in position.unseen))
    samples = [(sample_deal(unseen, sizes, rng), 1) for _ in range(SAMPLES)]
    truth = _to_the_end(position, samples[: advice.deals])
    for value in advice.cards:
        assert value.value == pytest.approx(truth[value.card.rank], abs=EXACT), value.card
    assert play_advice(position) == advice  # the budget is counted in cards laid: it repeats


def test_a_four_hand_lead_beyond_the_budget_is_searched_to_the_horizon_and_says_so() -> None:
    mine = parse_cards("5H 10D 4C 6S 2H")
    rest = " ".join(str(c) for c in deck() if c not in mine)
    position = spot("four-hand-solo", 0, ["5H 10D 4C 6S 2H"] + ["x x x x x"] * 3, rest)
    advice = play_advice(position)
    assert advice.ahead == horizon(sum(position.held))
    assert advice.estimated
    assert advice.deals == SAMPLES
