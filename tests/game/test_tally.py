"""The hand and game summaries: each side's points by where they came from, adding up to the
score hand by hand and over the game, and how each seat counted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game.support import RandomSeat
from tests.game.test_worked_hand import PLAY, own_play, worked_hand
from trainer.game.engine import step
from trainer.game.events import Played, Shown, wrong_call_points
from trainer.game.players.bots import Bot
from trainer.game.record import HandRecord, Seat, hands_after, play_game
from trainer.game.state import Action, Count, Discard, GameOptions, GameState, Lay, Respond
from trainer.game.tally import Call, Counting, SideTally, calls, counting, tally
from trainer.game.variants import VARIANTS, variant
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.policy import POLICIES, Policy
from trainer.rules.cards import parse_cards

WORKED: list[Action] = [a for a in PLAY if isinstance(a, Discard | Lay)]
ACCEPT, TOO_MANY = CatchAnswer(), CatchAnswer(too_many=True)


def record(state: GameState, actions: Sequence[Action]) -> tuple[GameState, list[HandRecord]]:
    """Take the actions, keeping the record's hands as `play_game` does."""
    hands = [HandRecord.of(state.hand)]
    for action in actions:
        after, events = step(state, action)
        hands = hands_after(hands, state, after, events)
        state = after
    return state, hands


def hoyle_hand() -> tuple[GameState, list[HandRecord]]:
    """Seed 001's worked hand under old Hoyle: player one (seat 0) turned the jack (his heels
    to the cutter) and forgot the flush, muggins for 4; player two counted 2 too many."""
    return record(
        worked_hand("hoyle"),
        [
            *WORKED,
            Count(0, TotalClaim(5)),  # 9 there
            Respond(1, CatchAnswer(call=4)),
            Count(1, TotalClaim(10)),  # 8 there
            Respond(0, TOO_MANY),
            Count(1, TotalClaim(5)),  # the crib, right
            Respond(0, ACCEPT),
        ],
    )


def test_the_worked_hand_tallied_by_where_each_point_came_from() -> None:
    state, hands = hoyle_hand()
    assert [h.number for h in hands] == [1, 2]
    sides = tally(state.rules, hands[:1])
    assert sides == (
        SideTally(side=0, bonus=0, heels=2, play=1, hands=5, crib=0, muggins=2),
        SideTally(side=1, bonus=0, heels=0, play=7, hands=8, crib=5, muggins=4),
    )
    assert tuple(s.total for s in sides) == state.scores == (10, 24)


def test_the_worked_hand_counted_and_caught_seat_by_seat() -> None:
    _, hands = hoyle_hand()
    assert counting(hands, 0) == Counting(
        counts=1, exact=0, under=1, over=0, missed_points=4, mugged=4, caught=1, caught_points=2
    )
    assert counting(hands, 1) == Counting(
        counts=2, exact=1, under=0, over=1, missed_points=0, mugged=2, caught=1, caught_points=4
    )


def test_a_wrong_call_s_points_are_muggins_not_the_count_s() -> None:
    state, hands = record(
        worked_hand("acc"),
        [
            *WORKED,
            Count(0, TotalClaim(9)),  # right
            Respond(1, CatchAnswer(call=3)),  # a wrong call: seat 0 takes 3
            Count(1, TotalClaim(10)),  # 8 there
            Respond(0, TOO_MANY),  # right: corrected to 8 (acc: nothing for the caller)
            Count(1, TotalClaim(5)),  # the crib, right
            Respond(0, TOO_MANY),  # wrong: nothing moves
        ],
    )
    sides = tally(state.rules, hands[:1])
    assert sides == (
        SideTally(side=0, bonus=0, heels=2, play=1, hands=9, crib=0, muggins=3),
        SideTally(side=1, bonus=0, heels=0, play=7, hands=8, crib=5, muggins=0),
    )
    assert tuple(s.total for s in sides) == state.scores
    assert calls(hands, 1) == [Call(1, 0, "hand", 9, 0, 0, CatchAnswer(call=3), 0, 3)]
    right, wrong = calls(hands, 0)
    assert right == Call(1, 1, "hand", 10, 0, 2, TOO_MANY, 0, 0)
    assert right.right
    assert wrong == Call(1, 1, "crib", 5, 0, 0, TOO_MANY, 0, 0)
    assert not wrong.right
    assert not calls(hands, 1)[0].right


def test_muggins_in_the_play_is_tallied_and_counted_as_mugged() -> None:
    cards = {str(c): c for c in parse_cards("QD 6C 5H")}
    state, hands = record(
        own_play("acc"),
        [
            *WORKED[:3],
            Lay(1, cards["5H"], 2),
            Respond(0, ACCEPT),
            Lay(0, cards["QD"]),
            Lay(1, cards["6C"], 0),  # 31 for 2, not said
            Respond(0, CatchAnswer(call=2)),
        ],
    )
    sides = tally(state.rules, hands)
    assert sides == (
        SideTally(side=0, bonus=0, heels=2, play=0, hands=0, crib=0, muggins=2),
        SideTally(side=1, bonus=0, heels=0, play=2, hands=0, crib=0, muggins=0),
    )
    assert tuple(s.total for s in sides) == state.scores == (4, 2)
    assert counting(hands, 1) == Counting(0, 0, 0, 0, 0, mugged=2, caught=0, caught_points=0)
    assert counting(hands, 0) == Counting(0, 0, 0, 0, 0, mugged=0, caught=1, caught_points=2)
    (caught,) = calls(hands, 0)
    assert caught == Call(1, 1, None, 0, 2, 0, CatchAnswer(call=2), 2, 0)
    assert caught.right


def bot_game(variant_id: str, seed: int, policy: Policy = "hoyle") -> list[HandRecord]:
    rules = variant(variant_id)
    seats = [Bot("standard" if s % 2 else "easy", s, seed) for s in range(rules.players)]
    names = [f"bot-{s}" for s in range(rules.players)]
    options = GameOptions(muggins=policy)
    return play_game(rules, seed, seats, names, options, first_dealer=0).hands


@pytest.mark.parametrize(
    ("variant_id", "number", "expected"),
    [
        (
            "standard",
            1,
            (
                SideTally(side=0, bonus=0, heels=0, play=3, hands=6, crib=4, muggins=0),
                SideTally(side=1, bonus=0, heels=0, play=3, hands=12, crib=0, muggins=0),
            ),
        ),
        (  # partners: seats 0 and 2 peg for side 0; seat 2 mugged seat 1's count for 2
            "four-hand",
            1,
            (
                SideTally(side=0, bonus=0, heels=0, play=3, hands=12, crib=8, muggins=2),
                SideTally(side=1, bonus=0, heels=0, play=7, hands=11, crib=0, muggins=0),
            ),
        ),
        (  # three for last opens hand 2; seat 1 said "too many" to seat 0's count
            "five-card",
            2,
            (
                SideTally(side=0, bonus=3, heels=0, play=0, hands=7, crib=0, muggins=0),
                SideTally(side=1, bonus=0, heels=0, play=1, hands=0, crib=3, muggins=2),
            ),
        ),
    ],
)
def test_a_seed_fixed_hand_of_a_bot_game(
    variant_id: str, number: int, expected: tuple[SideTally, ...]
) -> None:
    hands = bot_game(variant_id, 5)
    hand = hands[number - 1]
    assert hand.number == number
    assert tally(variant(variant_id), [hand]) == expected


def test_no_hands_tally_nothing() -> None:
    rules = variant("three-hand")
    assert tally(rules, []) == tuple(SideTally(n, 0, 0, 0, 0, 0, 0) for n in range(3))
    assert counting([], 2) == Counting(0, 0, 0, 0, 0, 0, 0, 0)


def seats_for(rules_players: int, seed: int, kinds: Sequence[str]) -> list[Seat]:
    """A bot of a level, or a random seat (it also claims its own play when asked to)."""
    out: list[Seat] = []
    for seat, kind in enumerate(kinds[:rules_players]):
        if kind == "random":
            out.append(RandomSeat(seed + seat))
        else:
            out.append(Bot(kind, seat, seed))  # type: ignore[arg-type]
    return out


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)),
    st.integers(0, 2**32),
    st.sampled_from(POLICIES),
    st.lists(st.sampled_from(["easy", "standard", "random"]), min_size=4, max_size=4),
    st.frozensets(st.integers(0, 3), max_size=2),
)
def test_the_tallies_add_up_to_the_score_hand_by_hand_and_over_the_game(
    variant_id: str, seed: int, policy: Policy, kinds: list[str], peg_own: frozenset[int]
) -> None:
    rules = variant(variant_id)
    seats = seats_for(rules.players, seed, kinds)
    options = GameOptions(muggins=policy, peg_own=frozenset(s for s in peg_own if s < len(seats)))
    game = play_game(rules, seed, seats, kinds[: rules.players], options)
    whole = tally(rules, game.hands)
    assert tuple(s.total for s in whole) == game.final
    assert [s.side for s in whole] == list(range(len(rules.sides)))
    by_hand = [tally(rules, [h]) for h in game.hands]
    for side in range(len(rules.sides)):
        for f in fields(SideTally)[1:]:  # every source of points, after the side
            assert sum(getattr(t[side], f.name) for t in by_hand) == getattr(whole[side], f.name)
    if not rules.start_bonus:
        assert all(s.bonus == 0 for s in whole)
    seats_counting = [counting(game.hands, s) for s in range(rules.players)]
    shows = [e for h in game.hands for e in h.events if isinstance(e, Shown)]
    assert sum(c.counts for c in seats_counting) == len(shows)
    for c in seats_counting:
        assert c.exact + c.under + c.over == c.counts
    claims = [e for h in game.hands for e in h.events if isinstance(e, Shown | Played)]
    gifts = sum(wrong_call_points(e.answers) for e in claims)  # wrong calls: muggins too
    assert sum(c.mugged for c in seats_counting) + gifts == sum(s.muggins for s in whole)
    assert sum(c.caught_points for c in seats_counting) + gifts == sum(s.muggins for s in whole)
    if policy == "off":
        assert all(s.muggins == 0 for s in whole)


def test_a_tally_over_the_hands_of_a_session_so_far() -> None:
    # The summary of a game still being played: the hands so far, the last one partial.
    state, hands = record(worked_hand("acc"), WORKED[:6])
    assert tally(state.rules, hands) == (
        SideTally(0, 0, 2, 0, 0, 0, 0),
        SideTally(1, 0, 0, 4, 0, 0, 0),
    )
    assert tuple(s.total for s in tally(state.rules, hands)) == state.scores
