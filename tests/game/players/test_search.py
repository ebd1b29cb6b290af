"""The strong bot's pegging: the solver against hand-worked positions and a brute force over
`rules.play.Play`, what a seat knows of the other hands, the deals it solves, and whole games."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Shown
from trainer.game.players.bots import Bot, Level
from trainer.game.players.search import Solver, position, scored
from trainer.game.players.strong import (
    best_card,
    exact_deals,
    horizon,
    knowledge,
    sample_deal,
    stuck_counts,
)
from trainer.game.record import play_game
from trainer.game.state import GameState
from trainer.game.variants import VARIANTS, variant
from trainer.rules.cards import RANK_NAMES, Card, deck, parse_cards
from trainer.rules.play import Play, score_play


def played(hands: Sequence[str], leader: int, cards: str) -> Play:
    """A table after laying ``cards`` in turn (goes said as they come)."""
    table = Play.start([parse_cards(h) for h in hands], leader)
    for card in parse_cards(cards):
        while not table.playable(table.turn):
            table = table.go()[0]
        table = table.lay(card)[0]
    return table


def brute(table: Play, signs: Sequence[int], maximisers: Sequence[bool] | None = None) -> int:
    """The rest of the play by plain minimax over `Play` itself, every card of every suit."""
    if table.done:
        return 0
    ups = [s > 0 for s in signs] if maximisers is None else maximisers
    seat = table.turn
    results = []
    for card in table.playable(seat) or (None,):
        after, items = table.lay(card) if card is not None else table.go()
        now = 0
        for item in items:
            who = after.last_player if item.kind in ("go", "last") else seat
            assert who is not None
            now += signs[who] * item.points
        results.append(now + brute(after, signs, ups))
    return max(results) if ups[seat] else min(results)


def test_one_card_each_the_fifteen_and_the_last_card_go_to_the_reply() -> None:
    table = played(["5H", "KS"], 0, "")
    assert Solver([1, -1]).root(position(table)) == {5: -3}  # K makes 15 for 2, last for 1
    assert Solver([-1, 1]).root(position(table)) == {5: 3}


def test_the_fifteen_that_lets_in_a_pair_royal_loses_to_the_quiet_card() -> None:
    # Seat 0 led 7, seat 1 laid a 4: 11. The 4 makes 15 and a pair (4), but seat 1's other
    # 4 makes a pair royal (6), then seat 0's 9 is the last card (1): -1. The 9 (20) scores
    # nothing, seat 1 must lay its 4 (24), and seat 0's 4 pairs it for 2 with the last: +3.
    table = played(["7S 4H 9C", "4C 4D"], 0, "7S 4C")
    assert table.count == 11
    assert Solver([1, -1]).root(position(table)) == {4: -1, 9: 3}


def test_partners_share_their_points_and_solo_seats_count_against_each_other() -> None:
    table = played(["5H", "5S", "5D", "5C"], 0, "")
    # Pair 2 (seat 1); fifteen and pair royal 8 (seat 2); double pair royal 12 and the
    # last card 1 (seat 3).
    assert Solver([1, -1, 1, -1]).root(position(table)) == {5: 8 - 15}
    assert Solver([1, -1, -1, -1]).root(position(table)) == {5: -23}


def test_a_horizon_of_one_card_counts_only_what_is_laid_now() -> None:
    table = played(["5H 10S 2C", "KD QD"], 1, "KD")
    values = Solver([1, -1], horizon=1).root(position(table))
    assert values == {2: 0, 5: 2, 10: 0}
    assert Solver([1, -1]).root(position(table)) != values


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_the_solver_agrees_with_a_brute_force_over_the_table(seed: int, players: int) -> None:
    rng = random.Random(seed)
    each = rng.randint(1, 4 if players == 2 else 3)
    cards = rng.sample(deck(), players * each)
    table = Play.start([cards[n * each : (n + 1) * each] for n in range(players)], 0)
    for _ in range(rng.randrange(players * each)):
        able = table.playable(table.turn)
        table = (table.lay(rng.choice(able)) if able else table.go())[0]
        if table.done:
            return
    signs = [rng.choice((1, -1)) for _ in range(players)]
    solver = Solver(signs)
    values = solver.root(position(table))
    best = max(values.values()) if signs[table.turn] > 0 else min(values.values())
    assert best == brute(table, signs)
    held = sum(len(h) for h in table.hands)
    assert solver.value(position(table), held, -1000, 1000) == best


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), aim=st.sampled_from(["protect", "race"]))
def test_the_solver_with_one_sides_points_alone_agrees_with_the_brute_force(
    seed: int, aim: str
) -> None:
    """Signs of 0 (a side's points left out) with the maximising seats given: the endgame's
    aims (`endgame.weights`)."""
    rng = random.Random(seed)
    each = rng.randint(1, 4)
    cards = rng.sample(deck(), 2 * each)
    table = Play.start([cards[:each], cards[each:]], rng.randrange(2))
    for _ in range(rng.randrange(2 * each)):
        able = table.playable(table.turn)
        table = (table.lay(rng.choice(able)) if able else table.go())[0]
        if table.done:
            return
    signs = [0, -1] if aim == "protect" else [1, 0]
    ups = [True, False]
    values = Solver(signs, maximisers=ups).root(position(table))
    best = max(values.values()) if ups[table.turn] else min(values.values())
    assert best == brute(table, signs, ups)


@settings(max_examples=200)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=12))
def test_the_kept_tail_scores_pairs_and_runs_as_the_whole_pile_does(ranks: list[int]) -> None:
    suits = Counter[int]()
    pile: list[Card] = []
    tail: tuple[int, ...] = ()
    for rank in ranks:
        if suits[rank] == 4:
            continue
        pile.append(Card(rank, "SHDC"[suits[rank]]))
        suits[rank] += 1
        if sum(c.value for c in pile) > 31:
            return
        points, tail = scored(tail, rank)
        whole = score_play(pile)
        assert points == whole.pairs + whole.run


def test_a_seat_that_said_go_is_known_to_hold_nothing_that_fitted_then() -> None:
    # Seat 1 led 10, seat 2 laid K (20), seat 0 laid Q (30): seat 1 could not lay its 2,
    # and seat 2 plays on with its ace.
    hands = ["QS 9H", "10S 2H", "KD AC 4C"]
    table = played(hands, 1, "10S KD QS").go()[0]
    assert table.passed == frozenset({1})
    assert table.turn == 2
    owner = {c: s for s, h in enumerate(hands) for c in parse_cards(h)}
    assert stuck_counts(table, owner) == {1: 30}


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_the_count_of_each_go_is_worked_out_from_who_laid_the_pile(seed: int, players: int) -> None:
    rng = random.Random(seed)
    each = rng.randint(3, 6)
    cards = rng.sample(deck(), players * each)
    hands = [cards[n * each : (n + 1) * each] for n in range(players)]
    owner = {c: s for s, h in enumerate(hands) for c in h}
    table = Play.start(hands, rng.randrange(players))
    said: dict[int, int] = {}
    while not table.done:
        if not table.pile:
            said.clear()
        able = table.playable(table.turn)
        if able:
            table = table.lay(rng.choice(able))[0]
        else:
            said[table.turn] = table.count
            table = table.go()[0]
        if table.pile:
            assert stuck_counts(table, owner) == {s: said[s] for s in table.passed}


def state_in_play(variant_id: str, seed: int, laid: int) -> GameState:
    """A seeded game with standard bots in its first hand's play, ``laid`` actions in."""
    rules = variant(variant_id)
    state, _ = new_game(rules, seed, 0)
    bots = [Bot("standard", s, seed) for s in range(rules.players)]
    while state.phase == "discard" or laid > 0:
        asked = prompt(state)
        assert asked is not None
        laid -= asked.kind == "play"
        state, _ = step(state, bots[asked.seat].decide(state, asked))
    assert state.phase == "play"
    return state


def test_what_a_seat_knows_is_the_deck_less_its_own_deal_the_starter_and_the_laid() -> None:
    state = state_in_play("standard", 5, 3)
    table = state.hand.table
    assert table is not None
    seat = table.turn
    known = knowledge(state, seat)
    other = 1 - seat
    kept = state.hand.kept[other]
    assert kept is not None
    laid = [c for c in kept if c not in table.hands[other]]
    assert len(known.unseen) == 52 - 6 - 1 - len(laid)
    hidden = [*table.hands[other], *state.hand.thrown[other]]
    assert not Counter(c.rank for c in hidden) - Counter(known.unseen)


def test_exact_deals_weigh_every_way_the_cards_could_lie() -> None:
    pool = Counter(parse_ranks("A A 2 5 5 5 K"))
    one = list(exact_deals(pool, [(1, 2, None)]))
    assert sum(w for _, w in one) == comb(7, 2)
    assert ({1: (5, 5)}, 3) in one
    # Stuck at 26, seat 1 holds cards over 5: only the king, and it holds two.
    assert list(exact_deals(pool, [(1, 2, 26), (2, 1, None)])) == []
    high = Counter(parse_ranks("A 5 9 K K"))
    stuck = list(exact_deals(high, [(1, 2, 24), (2, 1, None)]))  # over 7: 9 K K
    assert {d[1] for d, _ in stuck} == {(9, 13), (13, 13)}
    assert sum(w for _, w in stuck) == comb(3, 2) * 3


def parse_ranks(text: str) -> list[int]:
    return [RANK_NAMES.index(name) for name in text.split()]


def test_a_sampled_deal_gives_each_seat_its_count_and_a_stuck_seat_only_what_did_not_fit() -> None:
    unseen = tuple(parse_ranks("A 2 3 4 5 6 7 8 9 10 J Q K"))
    rng = random.Random(4)
    for _ in range(50):
        deal = sample_deal(unseen, [(2, 3, 24), (1, 4, None)], rng)
        assert len(deal[2]) == 3
        assert len(deal[1]) == 4
        assert all(min(r, 10) > 7 for r in deal[2])
        assert not Counter(deal[1]) + Counter(deal[2]) - Counter(unseen)


def test_the_horizon_shortens_as_more_cards_are_held() -> None:
    assert horizon(8) is None
    assert [horizon(n) for n in (11, 12, 16, 20)] == [7, 7, 6, 5]


@pytest.mark.parametrize("variant_id", ["standard", "three-hand", "four-hand-solo"])
def test_the_same_state_and_seed_lay_the_same_card(variant_id: str) -> None:
    state = state_in_play(variant_id, 9, 1)
    table = state.hand.table
    assert table is not None
    seat = table.turn
    first = best_card(state, seat, random.Random(3))
    assert first == best_card(state, seat, random.Random(3))
    assert first in table.playable(seat)
    asked = prompt(state)
    assert asked is not None
    assert Bot("strong", seat, 9).decide(state, asked) == Bot("strong", seat, 9).decide(
        state, asked
    )


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_strong_plays_every_variant_to_the_end_and_never_miscounts(variant_id: str) -> None:
    rules = variant(variant_id)
    seating: list[Level] = ["strong", "standard", "strong", "easy"]
    levels = seating[: rules.players]
    record = play_game(rules, 21, [Bot(lv, n, 21) for n, lv in enumerate(levels)], levels)
    assert record.final[record.winner] == rules.target
    shown = [e for h in record.hands for e in h.events if isinstance(e, Shown)]
    assert all(e.claimed == e.points for e in shown if levels[e.seat] == "strong")


def test_a_game_with_strong_bots_replays_exactly() -> None:
    rules = variant("short")
    levels: list[Level] = ["strong", "strong"]
    first, again = (
        play_game(rules, 8, [Bot(lv, n, 8) for n, lv in enumerate(levels)], levels)
        for _ in range(2)
    )
    assert json.dumps(again.to_dict()) == json.dumps(first.to_dict())
