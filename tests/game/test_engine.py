"""The game engine driven by random legal actions: the record adds up, stops at the target,
shows in counting order, pegs his heels and three for last, and replays from its seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game.support import act
from trainer.game.engine import first_opponent, new_game, opponents, prompt, step
from trainer.game.events import Bonus, Event, GameOver, Go, Heels, Played, Shown, event_points
from trainer.game.state import (
    Count,
    Discard,
    GameError,
    GameOptions,
    GameState,
    Lay,
    Respond,
    SayGo,
)
from trainer.game.variants import VARIANTS, variant
from trainer.judge.claims import CatchAnswer
from trainer.judge.verdict import judge
from trainer.rules.cards import JACK
from trainer.rules.play import score_play
from trainer.rules.show import score_show


def play_game(
    variant_id: str,
    seed: int,
    *,
    policy: str = "acc",
    first_dealer: int = 0,
    peg_own: frozenset[int] = frozenset(),
) -> tuple[GameState, list[Event], list[object]]:
    rules = variant(variant_id)
    options = GameOptions(muggins=policy, peg_own=peg_own)  # type: ignore[arg-type]
    state, events = new_game(rules, seed, first_dealer, options)
    rng = random.Random(seed)
    actions: list[object] = []
    for _ in range(20_000):
        if prompt(state) is None:
            break
        action = act(state, rng)
        actions.append(action)
        state, more = step(state, action)
        events += more
    return state, events, actions


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)),
    st.integers(0, 2**32),
    st.sampled_from(["off", "acc", "hoyle", "bsd"]),
    st.frozensets(st.integers(0, 3), max_size=2),
)
def test_a_game_plays_to_the_target_and_its_events_add_up(
    variant_id: str, seed: int, policy: str, peg_own: frozenset[int]
) -> None:
    rules = variant(variant_id)
    state, events, _ = play_game(variant_id, seed, policy=policy, peg_own=peg_own)
    assert state.phase == "over"
    assert state.winner is not None
    assert state.scores[state.winner] == rules.target
    assert all(s < rules.target for n, s in enumerate(state.scores) if n != state.winner)
    # Every point is in exactly one event; the game's end is the last event.
    totals = [0] * len(rules.sides)
    for event in events:
        for seat, points in event_points(event):
            totals[rules.side_of(seat)] += points
    assert tuple(totals) == state.scores
    assert isinstance(events[-1], GameOver)
    assert events[-1].winner == state.winner
    assert sum(isinstance(e, GameOver) for e in events) == 1


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(list(VARIANTS)), st.integers(0, 2**32))
def test_each_hand_shows_in_counting_order_with_heels_and_three_for_last(
    variant_id: str, seed: int
) -> None:
    rules = variant(variant_id)
    _, events, _ = play_game(variant_id, seed)
    hands = split_hands(events)
    dealer = 0
    for n, hand in enumerate(hands, 1):
        shows = [(e.seat, e.box) for e in hand if isinstance(e, Shown)]
        order = [((dealer + 1 + k) % rules.players, "hand") for k in range(rules.players)]
        order.append((dealer, "crib"))
        assert shows == order[: len(shows)]
        if rules.start_bonus:
            assert isinstance(hand[0], Bonus)
            assert hand[0].seat == (dealer + 1) % rules.players
        heels = [e for e in hand if isinstance(e, Heels)]
        starters = {e.starter for e in hand if isinstance(e, Shown)}
        if starters and next(iter(starters)).rank == JACK:
            assert [(h.seat, h.points) for h in heels] == [(dealer, 2)]
        elif starters:
            assert heels == []
        if n < len(hands):
            assert len(shows) == rules.players + 1
        dealer = (dealer + 1) % rules.players


def split_hands(events: list[Event]) -> list[list[Event]]:
    """The events hand by hand: a hand opens with its three for last (if any) and ends with
    its crib's show."""
    hands: list[list[Event]] = [[]]
    for event in events:
        if isinstance(event, GameOver) and not hands[-1]:
            hands[-2].append(event)  # the crib's show won the game
            continue
        if isinstance(event, Bonus) and hands[-1]:
            hands.append([])
        hands[-1].append(event)
        if isinstance(event, Shown) and event.box == "crib":
            hands.append([])
    return [h for h in hands if h]


def test_a_game_replays_exactly_from_its_seed_and_actions() -> None:
    state, events, actions = play_game("standard", 42)
    again, replayed = new_game(variant("standard"), 42, 0)
    for action in actions:
        again, more = step(again, action)  # type: ignore[arg-type]
        replayed += more
    assert replayed == events
    assert again == state


def test_the_play_pegs_go_and_the_last_card_and_reaches_the_show() -> None:
    state, events = new_game(variant("standard"), 3, 0)
    rng = random.Random(1)
    while prompt(state) is not None and prompt(state).kind != "count":  # type: ignore[union-attr]
        state, more = step(state, act(state, rng))
        events += more
    plays = [e for e in events if isinstance(e, Played)]
    assert len(plays) == 8
    kept = [c for k in state.hand.kept if k is not None for c in k]
    assert sorted(map(str, (e.card for e in plays))) == sorted(map(str, kept))
    assert all(e.count <= 31 for e in plays)
    gos = [e for e in events if isinstance(e, Go)]
    assert gos  # at least the last card
    assert gos[-1].seat == plays[-1].seat


def test_actions_out_of_turn_or_not_held_are_refused() -> None:
    state, _ = new_game(variant("standard"), 3, 0)
    asked = prompt(state)
    assert asked is not None
    assert asked.kind == "discard"
    other = 1 - asked.seat
    with pytest.raises(GameError, match=f"it is seat {asked.seat}'s turn to discard"):
        step(state, Discard(other, state.hand.dealt.hands[other][:2]))
    with pytest.raises(GameError, match="throw 2 different card"):
        step(state, Discard(asked.seat, state.hand.dealt.hands[asked.seat][:1]))
    stranger = state.hand.dealt.hands[other][0]
    with pytest.raises(GameError, match=f"seat {asked.seat} was not dealt {stranger}"):
        step(state, Discard(asked.seat, (state.hand.dealt.hands[asked.seat][0], stranger)))
    with pytest.raises(GameError, match="must discard now"):
        step(state, SayGo(asked.seat))


def test_the_first_opponent_in_counting_order() -> None:
    assert first_opponent(variant("standard"), 0) == 1
    assert first_opponent(variant("three-hand"), 2) == 0
    four = variant("four-hand")
    assert [first_opponent(four, s) for s in range(4)] == [1, 2, 3, 0]


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)),
    st.integers(0, 2**32),
    st.sampled_from(["off", "acc", "hoyle", "bsd"]),
    st.frozensets(st.integers(0, 3), max_size=2),
    st.booleans(),
)
def test_the_events_carry_what_the_engine_decided(
    variant_id: str, seed: int, policy: str, peg_own: frozenset[int], nineteen: bool
) -> None:
    """Each step's events, checked against the rules applied afresh: a card's items are
    `score_play` of the cards since the count began and ``passed`` the seats that said go
    since then; a show's verdict is `judge` of the claim made, under the game's policy and
    nineteen rule; its answers are the opponents' in counting order, and what they moved
    is what the owner and the caller pegged."""
    rules = variant(variant_id)
    options = GameOptions(muggins=policy, peg_own=peg_own, nineteen=nineteen)  # type: ignore[arg-type]
    state, _ = new_game(rules, seed, 0, options)
    rng = random.Random(seed)
    claims: dict[tuple[int, str], Count] = {}
    answers: list[tuple[int, CatchAnswer]] = []
    while prompt(state) is not None:
        action = act(state, rng)
        table = state.hand.table
        pile = table.pile if table is not None else ()
        passed = table.passed if table is not None else frozenset()
        if isinstance(action, Count):
            claims[state.hand.to_show[0]] = action
        if isinstance(action, Respond):
            answers.append((action.seat, action.answer))
        after, events = step(state, action)
        for event in events:
            if isinstance(event, Played) and isinstance(action, Lay):
                assert event.items == tuple(i for i in score_play((*pile, action.card)).items), (
                    "a card's items"
                )
                assert event.passed == passed
            if isinstance(event, Shown):
                claim = claims.pop((event.seat, event.box))
                breakdown = score_show(event.cards, event.starter, crib=event.box == "crib")
                expect = judge(claim.claim, breakdown, options.muggins, nineteen=nineteen)
                assert event.verdict == expect
                assert (event.points, event.claimed) == (expect.actual, expect.claimed)
                assert event.claim == claim.claim
                assert event.said == claim.said
                assert [(a.seat, a.answer) for a in event.answers] == answers
                seats = [a.seat for a in event.answers]
                assert seats == list(opponents(rules, event.seat)[: len(seats)])
                if event.answers:
                    assert event.mugged == event.answers[-1].caller
                    assert all(not (a.owner or a.caller) for a in event.answers[:-1])
            if isinstance(event, Played | Shown):
                answers.clear()
        state = after
