"""The computer players: legal and deterministic in every variant, sound discards, their
miscounts. How much stronger `standard` is than `easy` is a statistic, measured by hand
(`benchmarks/bench_game.py`, in docs/development.md), not a test."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game.support import act
from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Shown, event_points
from trainer.game.players.bots import (
    Bot,
    discard_values,
    expected_reply,
    hand_average,
)
from trainer.game.players.crib_values import crib_value
from trainer.game.players.search import Ranks, scored
from trainer.game.players.values import reply_total, starter_sum
from trainer.game.record import play_game
from trainer.game.state import Count, GameOptions, Respond
from trainer.game.variants import VARIANTS, variant
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.policy import POLICIES, Policy
from trainer.rules.cards import Card, deck, parse_cards
from trainer.rules.play import score_play
from trainer.rules.totals import show_total


def bots(levels: list[str], seed: int) -> list[Bot]:
    return [Bot(level, n, seed) for n, level in enumerate(levels)]  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_bots_play_every_variant_to_the_end_and_replay_exactly(variant_id: str) -> None:
    rules = variant(variant_id)
    levels = ["standard", "easy"] * 2
    record = play_game(rules, 3, bots(levels[: rules.players], 3), levels[: rules.players])
    assert record.final[record.winner] == rules.target
    again = play_game(rules, 3, bots(levels[: rules.players], 3), levels[: rules.players])
    assert json.dumps(again.to_dict()) == json.dumps(record.to_dict())


def test_the_kept_hand_is_valued_over_every_unseen_starter() -> None:
    kept = parse_cards("5H 5C 5S JD")
    dealt = [*kept, *parse_cards("KH QH")]
    unseen = [c for c in deck() if c not in dealt]
    assert len(unseen) == 46
    # 5-5-5-J is 14 with any starter; more with a five, a ten-card or the jack's suit.
    assert hand_average(kept, unseen) > 14


def test_standard_keeps_the_fives_and_gives_the_crib_by_its_value() -> None:
    dealt = parse_cards("5H 5C 5S JD KH 2C")
    own = max(discard_values(dealt, 2, own_crib=True))[1]
    theirs = max(discard_values(dealt, 2, own_crib=False))[1]
    assert set(own) <= set(parse_cards("KH 2C JD"))
    assert set(theirs) <= set(parse_cards("KH 2C JD"))


def test_the_expected_reply_counts_only_cards_that_fit() -> None:
    pile = parse_cards("10S 10H")  # 20: a five makes... nothing; an ace makes 21
    assert expected_reply(pile, parse_cards("AH")) == 0.0
    assert expected_reply(parse_cards("10S"), parse_cards("5H 10D")) == (2 + 2) / 2
    assert expected_reply(parse_cards("KS KH 9D"), parse_cards("3C")) == 0.0  # 32: no fit


@pytest.mark.parametrize(("dealt_size", "throw"), [(6, 2), (5, 1), (5, 2), (6, 1)])
def test_discard_values_are_the_kept_cards_shows_over_every_starter(
    dealt_size: int, throw: int
) -> None:
    """The discard's lookups (a hand's starters by rank, less the thrown cards) give, throw
    by throw and in the same order, exactly the average of `show_total` over every starter
    not dealt, plus or minus the crib's value."""
    rng = random.Random(dealt_size * 10 + throw)
    for _ in range(60):
        dealt = rng.sample(deck(), dealt_size)
        unseen = [c for c in deck() if c not in dealt]
        for own in (True, False, None):
            got = discard_values(dealt, throw, own_crib=own)
            want = []
            for _value, thrown in got:
                kept = [c for c in dealt if c not in thrown]
                exact = sum(show_total(kept, s) for s in unseen) / len(unseen)
                if own is not None and throw == 2:
                    exact += crib_value(*thrown) if own else -crib_value(*thrown)
                want.append((exact, thrown))
            assert got == want
            assert len(got) == len({t for _, t in got})


def test_starter_sum_is_every_starters_show_summed() -> None:
    rng = random.Random(5)
    for size in (3, 4, 5):
        for _ in range(40):
            cards = rng.sample(deck(), size + rng.randrange(0, 9))
            kept, unseen = cards[:size], rng.sample(deck(), 20)
            unseen = [c for c in unseen if c not in kept]
            assert starter_sum(kept, unseen) == sum(show_total(kept, s) for s in unseen)


def test_the_reply_by_ranks_is_every_fitting_card_scored() -> None:
    """`reply_total` scores each rank once; summed over the cards it must be `score_play` of
    each unseen card laid on the pile (those that fit)."""
    rng = random.Random(11)
    for _ in range(300):
        cards = rng.sample(deck(), 14)
        pile: list[Card] = []
        for card in cards[:6]:
            if sum(c.value for c in pile) + card.value <= 31:
                pile.append(card)
        unseen = cards[6:]
        count = sum(c.value for c in pile)
        want = sum(score_play([*pile, c]).total for c in unseen if count + c.value <= 31)
        ranks = [0] * 14
        for c in unseen:
            ranks[c.rank] += 1
        tail: Ranks = ()
        for c in pile:
            tail = scored(tail, c.rank)[1]
        assert reply_total(tail, count, ranks) == want
        assert expected_reply(pile, unseen) == want / len(unseen)


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)),
    st.integers(0, 2**31),
    st.lists(st.sampled_from(["easy", "standard"]), min_size=4, max_size=4),
    st.sampled_from(list(POLICIES)),
)
def test_bot_games_are_legal_add_up_and_stop_at_the_target(
    variant_id: str, seed: int, levels: list[str], policy: Policy
) -> None:
    rules = variant(variant_id)
    levels = levels[: rules.players]
    record = play_game(rules, seed, bots(levels, seed), levels, GameOptions(muggins=policy))
    totals = [0] * len(rules.sides)
    for hand in record.hands:
        dealt = [c for h in hand.dealt for c in h] + list(hand.deck_to_crib)
        assert len(set(dealt)) == len(dealt)
        for event in hand.events:
            for seat, points in event_points(event):
                totals[rules.side_of(seat)] += points
            if isinstance(event, Shown) and event.mugged_by is not None:
                assert rules.side_of(event.mugged_by) != rules.side_of(event.seat)
    assert tuple(totals) == record.final
    assert record.final[record.winner] == rules.target
    assert max(s for n, s in enumerate(record.final) if n != record.winner) < rules.target
    losers = [n for n in range(len(rules.sides)) if n != record.winner]
    assert record.skunked == [n for n in losers if record.final[n] < rules.skunk_line]


def test_a_bots_miscount_caught_and_not_caught() -> None:
    rules = variant("standard")
    caught = slipped = 0
    for seed in range(400):
        state, _ = new_game(rules, seed, 0, GameOptions())
        easy = Bot("easy", 1, seed)
        rng = random.Random(seed)
        while (asked := prompt(state)) is not None and asked.kind != "count":
            state, _ = step(state, act(state, rng))
        if asked is None or asked.seat != 1:
            continue
        said = easy.decide(state, asked)
        assert isinstance(said, Count)
        assert isinstance(said.claim, TotalClaim)
        assert sum(i.points for i in said.said) == said.claim.points  # said aloud, in cadence
        state, _ = step(state, said)
        pending = state.hand.pending
        assert pending is not None
        if pending.missed == 0:
            continue
        answer = CatchAnswer(call=pending.missed) if seed % 2 else CatchAnswer()
        before = state.scores
        after, events = step(state, Respond(0, answer))
        (shown,) = [e for e in events if isinstance(e, Shown)]
        assert shown.claimed == shown.points - pending.missed
        if answer.call:
            caught += 1
            assert (shown.mugged, shown.mugged_by) == (pending.missed, 0)
            assert after.scores[0] - before[0] == pending.missed
        else:
            slipped += 1
            assert (shown.mugged, shown.mugged_by) == (0, None)
            assert after.scores == before
    assert caught >= 5
    assert slipped >= 5


def test_a_bot_miscounts_at_its_levels_rate_or_the_one_it_is_given() -> None:
    rules = variant("standard")

    def wrong(level: str, miscount: float | None) -> int:
        seats = [Bot(level, s, 11, miscount) for s in range(2)]  # type: ignore[arg-type]
        record = play_game(rules, 11, seats, ["a", "b"])
        return sum(
            e.claimed != e.points for h in record.hands for e in h.events if isinstance(e, Shown)
        )

    assert wrong("strong", None) == 0
    assert wrong("strong", 1.0) > 20
