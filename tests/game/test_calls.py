"""Muggins both ways in the game: the owner counts, the opponents answer in counting order,
and each answer moves the points RULES.md and the ACC call rule say, under every policy."""

from __future__ import annotations

import random

import pytest

from tests.game.support import act
from trainer.game.calls import Settled, settle
from trainer.game.engine import new_game, opponents, prompt, step
from trainer.game.events import GameOver, Shown
from trainer.game.players.bots import VIGILANCE, Bot
from trainer.game.state import Count, GameOptions, GameState, Prompt, Respond
from trainer.game.variants import variant
from trainer.judge.claims import AnnounceClaim, CatchAnswer, ClaimedItem, TotalClaim
from trainer.judge.policy import Policy
from trainer.judge.verdict import judge
from trainer.rules.cards import parse_cards
from trainer.rules.show import score_show

ACCEPT = CatchAnswer()
TOO_MANY = CatchAnswer(too_many=True)


def call(points: int) -> CatchAnswer:
    return CatchAnswer(call=points)


def first_count(
    variant_id: str, policy: Policy, *, at_least: int = 4
) -> tuple[GameState, Prompt, int]:
    """A game at its first count whose box scores at least ``at_least``: state, prompt, truth."""
    rules = variant(variant_id)
    for seed in range(200):
        state, _ = new_game(rules, seed, 0, GameOptions(muggins=policy))
        rng = random.Random(seed)
        while (asked := prompt(state)) is not None and asked.kind != "count":
            state, _ = step(state, act(state, rng))
        assert asked is not None
        assert asked.box is not None
        cards = state.cards_of(asked.seat, asked.box)
        truth = score_show(cards, state.hand.dealt.starter).total
        if truth >= at_least:
            return state, asked, truth
    raise AssertionError(f"no {variant_id} game in 200 seeds shows {at_least} or more first")


@pytest.mark.parametrize(
    ("policy", "off_by", "answer", "owner", "caller"),
    [
        ("acc", -2, ACCEPT, -2, 0),  # nobody noticed: the missed points are lost
        ("acc", -2, call(2), -2, 2),  # muggins for what was missed
        ("acc", -2, call(5), -2, 2),  # the lesser of the call and what was missed
        ("acc", -2, call(1), -2, 1),  # a call for less lets the rest slip
        ("acc", -2, TOO_MANY, -2, 0),  # a wrong "too many" moves nothing
        ("acc", 2, ACCEPT, 2, 0),  # an overcount nobody challenged stands
        ("acc", 2, TOO_MANY, 0, 0),  # corrected down, no penalty
        ("acc", 2, call(3), 3, 0),  # nothing missed: a wrong call gives the owner 3
        ("acc", 0, call(2), 2, 0),  # a right count: a wrong call gives the owner 2
        ("acc", 0, TOO_MANY, 0, 0),
        ("acc", 0, ACCEPT, 0, 0),
        ("hoyle", 2, TOO_MANY, 0, 2),  # corrected down, the caller takes the excess
        ("hoyle", -2, call(2), -2, 2),
        ("hoyle", 2, ACCEPT, 2, 0),
        ("bsd", 3, TOO_MANY, 0, 2),  # corrected down, the caller pegs 2
        ("bsd", -2, call(2), -2, 0),  # keep only what you claimed: nobody takes the rest
        ("bsd", 3, ACCEPT, 3, 0),
    ],
)
def test_an_answer_to_a_count_moves_the_points_the_policy_says(
    policy: Policy, off_by: int, answer: CatchAnswer, owner: int, caller: int
) -> None:
    state, asked, truth = first_count("standard", policy)
    before = state.scores
    state, events = step(state, Count(asked.seat, TotalClaim(truth + off_by)))
    assert events == []  # the count waits for its answer
    assert state.scores[asked.seat] - before[asked.seat] == truth + min(0, off_by)
    rival = 1 - asked.seat
    assert prompt(state) == Prompt(rival, "respond", asked.box)
    state, events = step(state, Respond(rival, answer))
    (shown,) = [e for e in events if isinstance(e, Shown)]
    assert (shown.points, shown.claimed) == (truth, truth + off_by)
    assert (shown.pegged, shown.mugged) == (truth + owner, caller)
    assert shown.mugged_by == (rival if caller else None)
    assert state.scores[asked.seat] - before[asked.seat] == truth + owner
    assert state.scores[rival] - before[rival] == caller


@pytest.mark.parametrize("off_by", [-2, 2])
def test_with_muggins_off_a_count_is_corrected_and_nobody_answers(off_by: int) -> None:
    state, asked, truth = first_count("standard", "off")
    state, events = step(state, Count(asked.seat, TotalClaim(truth + off_by)))
    (shown,) = [e for e in events if isinstance(e, Shown)]
    assert (shown.pegged, shown.mugged, shown.mugged_by) == (truth, 0, None)
    following = prompt(state)
    assert following is not None
    assert following.kind == "count"


def test_with_three_players_the_first_opponent_to_challenge_takes_it() -> None:
    state, asked, truth = first_count("three-hand", "acc")
    first, second = opponents(variant("three-hand"), asked.seat)
    state, _ = step(state, Count(asked.seat, TotalClaim(truth - 2)))
    assert prompt(state) == Prompt(first, "respond", asked.box)
    state, events = step(state, Respond(first, ACCEPT))
    assert events == []
    assert prompt(state) == Prompt(second, "respond", asked.box)
    state, events = step(state, Respond(second, call(2)))
    (shown,) = events
    assert isinstance(shown, Shown)
    assert (shown.mugged, shown.mugged_by) == (2, second)


def test_the_first_to_challenge_settles_it_for_the_rest() -> None:
    state, asked, truth = first_count("three-hand", "acc")
    first, _ = opponents(variant("three-hand"), asked.seat)
    state, _ = step(state, Count(asked.seat, TotalClaim(truth - 2)))
    state, events = step(state, Respond(first, call(2)))
    (shown,) = events
    assert isinstance(shown, Shown)
    assert shown.mugged_by == first
    nxt = prompt(state)
    assert nxt is not None
    assert nxt.kind == "count"


def test_partners_do_not_answer_each_others_counts() -> None:
    rules = variant("four-hand")
    assert opponents(rules, 0) == (1, 3)
    assert opponents(rules, 1) == (2, 0)
    state, asked, truth = first_count("four-hand", "acc")
    state, _ = step(state, Count(asked.seat, TotalClaim(truth)))
    seen = []
    while (now := prompt(state)) is not None and now.kind == "respond":
        seen.append(now.seat)
        state, _ = step(state, Respond(now.seat, ACCEPT))
    assert seen == list(opponents(rules, asked.seat))


def test_an_owner_who_reaches_the_target_wins_before_any_muggins() -> None:
    state, asked, truth = first_count("standard", "acc")
    side = asked.seat
    scores = tuple(state.rules.target - (truth - 2) if s == side else 0 for s in range(2))
    state = GameState(
        state.rules, state.seed, state.options, scores, state.hand, state.phase, steps=state.steps
    )
    state, events = step(state, Count(asked.seat, TotalClaim(truth - 2)))
    shown, over = events
    assert isinstance(shown, Shown)
    assert isinstance(over, GameOver)
    assert (shown.pegged, shown.mugged, over.winner) == (truth - 2, 0, side)
    assert prompt(state) is None


def test_a_game_won_by_muggins_points_mid_show() -> None:
    state, asked, truth = first_count("standard", "acc")
    rival = 1 - asked.seat
    scores = tuple(state.rules.target - 1 if s == rival else 0 for s in range(2))
    state = GameState(
        state.rules, state.seed, state.options, scores, state.hand, state.phase, steps=state.steps
    )
    state, _ = step(state, Count(asked.seat, TotalClaim(truth - 2)))
    state, events = step(state, Respond(rival, call(2)))
    shown, over = events
    assert isinstance(shown, Shown)
    assert isinstance(over, GameOver)
    assert (shown.mugged, shown.mugged_by, over.winner) == (1, rival, rival)  # 1 reaches 121
    assert state.scores[rival] == state.rules.target
    assert prompt(state) is None


def test_an_announced_count_is_judged_combination_by_combination() -> None:
    # 5H 5D 10S KC, starter 6C: fifteens 10S+5H, 10S+5D, KC+5H, KC+5D (8) and the pair (2).
    hand, starter = parse_cards("5H 5D TS KC"), parse_cards("6C")[0]
    breakdown = score_show(hand, starter)
    assert breakdown.total == 10
    fives = [c for c in hand if c.rank == 5]
    said = AnnounceClaim(
        (
            ClaimedItem("fifteen", (hand[2], fives[0])),
            ClaimedItem("fifteen", (hand[2], fives[1])),
            ClaimedItem("fifteen", (hand[3], fives[0])),
            ClaimedItem("fifteen", (hand[3], fives[1])),
            ClaimedItem("run", (fives[0], starter, hand[2])),  # no run: 3 too many
        )
    )
    verdict = judge(said, breakdown, "acc")
    assert (verdict.claimed, verdict.kept, verdict.missed_points, verdict.excess_points) == (
        11,
        8,
        2,
        3,
    )
    assert settle(
        verdict.actual, verdict.missed_points, verdict.excess_points, ACCEPT, "acc"
    ) == Settled(3, 0)  # the 11 stands
    assert settle(
        verdict.actual, verdict.missed_points, verdict.excess_points, TOO_MANY, "acc"
    ) == Settled(0, 0)  # corrected to 8
    assert settle(
        verdict.actual, verdict.missed_points, verdict.excess_points, call(2), "acc"
    ) == Settled(0, 2)  # the pair, and corrected
    assert settle(
        verdict.actual, verdict.missed_points, verdict.excess_points, call(2), "hoyle"
    ) == Settled(0, 5)  # ...and the excess
    assert settle(
        verdict.actual, verdict.missed_points, verdict.excess_points, TOO_MANY, "bsd"
    ) == Settled(0, 2)


def test_a_bot_catches_what_it_notices_and_never_calls_wrong() -> None:
    noticed = chances = 0
    rules = variant("standard")
    for seed in range(300):
        state, _ = new_game(rules, seed, 0, GameOptions(muggins="acc"))
        rng = random.Random(seed)
        while (asked := prompt(state)) is not None and asked.kind != "count":
            state, _ = step(state, act(state, rng))
        assert asked is not None
        assert asked.box is not None
        truth = score_show(state.cards_of(asked.seat, asked.box), state.hand.dealt.starter).total
        off_by = (-2, -1, 0, 1, 2)[seed % 5] if truth >= 2 else seed % 3
        state, _ = step(state, Count(asked.seat, TotalClaim(truth + off_by)))
        rival = 1 - asked.seat
        answer = Bot("standard", rival, seed).decide(state, Prompt(rival, "respond", asked.box))
        assert isinstance(answer, Respond)
        if off_by == 0:
            assert answer.answer == ACCEPT
            continue
        chances += 1
        if answer.answer != ACCEPT:
            noticed += 1
            expect = call(-off_by) if off_by < 0 else TOO_MANY
            assert answer.answer == expect
    assert chances > 150
    assert abs(noticed / chances - VIGILANCE["standard"]) < 0.1
