"""The ledger's count column under every muggins policy: a count costs the points that moved
(true points not pegged, points the others pegged from it, less an overclaim that stood),
never what the table corrected for free; what it missed and overclaimed is kept apart, for
the counting's accuracy."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.game.support import act
from trainer.game.coach.analysis import count_cost, hand_ledger
from trainer.game.coach.ledger import CallCost, CountCost
from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Shown, event_dict
from trainer.game.players.bots import Level
from trainer.game.record import HandRecord
from trainer.game.setup import GameSetup
from trainer.game.state import Count, GameOptions, GameState, Prompt, Respond
from trainer.game.tally import calls
from trainer.game.variants import variant
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.policy import Policy
from trainer.rules.show import score_show
from trainer.ui.flow.coach_text import accuracy_line, call_line, count_line, hand_line
from trainer.ui.table.flow.calls_text import calls_lines
from trainer.ui.table.flow.reveal import game_reveal

ACCEPT = CatchAnswer()
TOO_MANY = CatchAnswer(too_many=True)


def answered(*answers: str) -> list[dict[str, Any]]:
    return [{"seat": 1, "answer": a, "owner": 0, "caller": 0} for a in answers]


@pytest.mark.parametrize(
    ("policy", "claim", "mugged", "answers", "forgone", "stood", "loss"),
    [
        ("off", (12, 9, 0), 0, [], 0, 0, 0),  # corrected up for free
        ("off", (12, 0, 2), 0, [], 0, 0, 0),  # corrected down for free
        ("acc", (12, 2, 0), 0, ["accept"], 2, 0, 2),  # the miss is lost
        ("acc", (12, 2, 0), 2, ["muggins for 2"], 2, 0, 4),  # lost, and taken
        ("acc", (12, 2, 0), 0, [], 2, 0, 2),  # the count won the game: nobody answered
        ("acc", (12, 0, 2), 0, ["accept"], 0, 2, 0),  # it stood: a gain is no loss
        ("acc", (12, 0, 2), 0, ["too many"], 0, 0, 0),  # corrected down, no penalty
        ("acc", (12, 2, 2), 0, ["accept"], 2, 2, 0),  # a miss and an overclaim that stood
        ("acc", (12, 0, 0), 0, ["muggins for 3"], 0, 0, 0),  # a wrong call is not the count's
        ("acc", (12, 2, 0), 0, ["accept", "accept"], 2, 0, 2),  # three players, both accept
        ("hoyle", (12, 0, 2), 2, ["too many"], 0, 0, 2),  # the caller takes the excess
        ("hoyle", (12, 2, 0), 2, ["muggins for 2"], 2, 0, 4),
        ("hoyle", (12, 0, 2), 0, ["accept"], 0, 2, 0),
        ("bsd", (12, 0, 3), 2, ["too many"], 0, 0, 2),  # the caller pegs 2
        ("bsd", (12, 2, 0), 0, ["accept"], 2, 0, 2),  # keep only what you claimed
        ("bsd", (12, 0, 3), 0, ["accept"], 0, 3, 0),
    ],
)
def test_a_count_costs_the_points_that_moved(
    policy: Policy,
    claim: tuple[int, int, int],
    mugged: int,
    answers: list[str],
    forgone: int,
    stood: int,
    loss: int,
) -> None:
    cost = count_cost("hand", claim, mugged, answered(*answers), policy)
    assert cost == CountCost("hand", claim[1], claim[2], mugged, forgone, stood)
    assert cost.loss == loss


def first_count(policy: Policy, at_least: int) -> tuple[GameState, Prompt, int]:
    """A two-player game at its first count, of a box scoring ``at_least`` or more."""
    rules = variant("standard")
    for seed in range(200):
        state, _ = new_game(rules, seed, 0, GameOptions(muggins=policy))
        rng = random.Random(seed)
        while (asked := prompt(state)) is not None and asked.kind != "count":
            state, _ = step(state, act(state, rng))
        assert asked is not None
        assert asked.box is not None
        truth = score_show(state.cards_of(asked.seat, asked.box), state.hand.dealt.starter).total
        if truth >= at_least:
            return state, asked, truth
    raise AssertionError(f"no game in 200 seeds shows {at_least} or more first")


def shown_ledger(
    policy: Policy, off_by: int, answer: CatchAnswer | None
) -> tuple[CountCost, tuple[CallCost, ...], str, str, int]:
    """The ledger of one count as the engine settles it: the owner counts ``off_by`` from the
    truth, the other seat answers (None: muggins is off, nobody does). The owner's count, the
    answers' costs, the count's line, the hand's and the owner's seat."""
    state, asked, truth = first_count(policy, max(4, -off_by))
    state, events = step(state, Count(asked.seat, TotalClaim(truth + off_by)))
    if answer is not None:
        state, events = step(state, Respond(1 - asked.seat, answer))
    (shown,) = [e for e in events if isinstance(e, Shown)]
    hand = {"number": 1, "dealer": 0, "kept": [], "events": [event_dict(shown)]}
    ledger = hand_ledger(variant("standard"), hand, policy)
    mine = ledger.seats[asked.seat]
    (count,) = mine.counts
    answers = ledger.seats[1 - asked.seat].answers
    return count, answers, count_line(1, count), hand_line(mine), asked.seat


@pytest.mark.parametrize(
    ("policy", "off_by", "answer", "expected", "line"),
    [
        ("off", -9, None, ("hand", 9, 0, 0, 0, 0), "missed 9: no points lost"),
        ("off", 3, None, ("hand", 0, 3, 0, 0, 0), "overclaimed 3: no points lost"),
        ("acc", -2, ACCEPT, ("hand", 2, 0, 0, 2, 0), "missed 2: -2"),
        ("acc", -2, CatchAnswer(call=2), ("hand", 2, 0, 2, 2, 0), "missed 2, mugged 2: -4"),
        ("acc", 2, ACCEPT, ("hand", 0, 2, 0, 0, 2), "overclaimed 2: no points lost"),
        ("acc", 2, TOO_MANY, ("hand", 0, 2, 0, 0, 0), "overclaimed 2: no points lost"),
        ("hoyle", 2, TOO_MANY, ("hand", 0, 2, 2, 0, 0), "overclaimed 2, mugged 2: -2"),
        ("hoyle", -2, ACCEPT, ("hand", 2, 0, 0, 2, 0), "missed 2: -2"),
        ("bsd", 3, TOO_MANY, ("hand", 0, 3, 2, 0, 0), "overclaimed 3, mugged 2: -2"),
        ("bsd", -2, ACCEPT, ("hand", 2, 0, 0, 2, 0), "missed 2: -2"),
    ],
)
def test_the_ledger_s_count_column_under_every_policy(
    policy: Policy,
    off_by: int,
    answer: CatchAnswer | None,
    expected: tuple[Any, ...],
    line: str,
) -> None:
    count, _, said, _, _ = shown_ledger(policy, off_by, answer)
    assert count == CountCost(*expected)
    assert said == f"Hand 1: your hand: {line}"


def test_with_muggins_off_a_miss_costs_no_points_but_is_a_miss() -> None:
    count, answers, _, hand, _ = shown_ledger("off", -9, None)
    assert answers == ()  # nobody answers under off
    assert hand == "This hand: discard 0, play 0, count 0"
    assert accuracy_line([count], " this hand") == (
        "Your counting this hand: 0 of 1 show exact; missed 9"
    )


def test_the_hand_s_line_says_why_a_count_cost() -> None:
    _, answers, _, hand, owner = shown_ledger("acc", -2, CatchAnswer(call=2))
    assert hand == "This hand: discard 0, play 0, count -4 (missed, mugged)"
    (call,) = answers
    assert call == CallCost(owner, "hand", "muggins for 2", 0, 0, 2, 0)
    assert call.right


def test_the_counting_s_accuracy_over_many_counts() -> None:
    counts = [
        CountCost("hand", 0, 0, 0),
        CountCost("crib", 2, 0, 2, 2),
        CountCost("hand", 0, 3, 0, 0, 3),
        CountCost("play", 1, 0, 0, 1),
    ]
    assert accuracy_line(counts) == (
        "Your counting: 1 of 3 shows exact; missed 3, overclaimed 3, 1 wrong claim in the play"
    )
    assert accuracy_line([]) == ""


@pytest.mark.parametrize(
    ("off_by", "answer", "right"),
    [
        (0, TOO_MANY, False),  # the finding: a "too many" on a right count, called right
        (2, TOO_MANY, True),
        (0, CatchAnswer(call=2), False),
        (-2, CatchAnswer(call=2), True),
        (-2, TOO_MANY, False),
    ],
)
def test_the_review_the_reveal_and_the_summary_judge_a_call_alike(
    off_by: int, answer: CatchAnswer, right: bool
) -> None:
    state, asked, truth = first_count("acc", 4)
    owner, you = asked.seat, 1 - asked.seat
    state, _ = step(state, Count(owner, TotalClaim(truth + off_by)))
    state, events = step(state, Respond(you, answer))
    (shown,) = [e for e in events if isinstance(e, Shown)]
    names = ("You", "Computer") if you == 0 else ("Computer", "You")
    record = HandRecord(1, 0, (), (), events=[shown])
    (call,) = calls([record], you)
    hand = {"number": 1, "dealer": 0, "kept": [], "events": [event_dict(shown)]}
    (cost,) = hand_ledger(variant("standard"), hand, "acc").seats[you].answers
    said = call_line(1, cost, names)
    levels: list[Level | None] = ["easy", "easy"]
    levels[you] = None
    setup = GameSetup.make(variant("standard"), 1, levels, names=names)
    reveal = game_reveal(shown, setup, you)
    verdict = "Right" if right else "Wrong"
    assert (call.right, cost.right) == (right, right)
    assert f"You answered: {answer}. {verdict}:" in reveal.lines[1]
    assert said.startswith(f"Hand 1: you answered Computer's hand with {answer}: {verdict.lower()}")
    summary = calls_lines([call], names)[1]
    assert f": {answer}, {verdict.lower()}" in summary
