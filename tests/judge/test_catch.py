"""Catching an opponent's miscount: the ACC call, accepting, "too many", and the one line
that says what happened."""

from __future__ import annotations

import pytest

from tests.factories import show
from trainer.judge.catch import accept_claim, call_muggins, judge_catch
from trainer.judge.claims import CatchAnswer, ClaimError
from trainer.judge.miscount import OpponentClaim

NINE = "QD JH 4D JD KH"  # pair of jacks 2, runs J-Q-K twice 6, nobs 1 = 9


# ---------------------------------------------------------------- calling muggins (ACC)


@pytest.mark.parametrize(
    ("call", "caller_points", "let_slip"),
    [
        pytest.param(2, 2, 2, id="call-less-than-missed"),
        pytest.param(4, 4, 0, id="call-equal-to-missed"),
        pytest.param(6, 4, 0, id="call-more-than-missed"),
    ],
)
def test_right_call(call: int, caller_points: int, let_slip: int) -> None:
    result = call_muggins(5, show(NINE), call)
    assert result.correct
    assert result.missed == 4
    assert (result.caller_points, result.opponent_points) == (caller_points, 0)
    assert result.let_slip == let_slip
    assert result.opponent_kept == 5
    assert result.summary().startswith("Right call: 4 missed; you take")


@pytest.mark.parametrize(
    ("claim", "kept"),
    [pytest.param(9, 9, id="nothing-missed"), pytest.param(12, 9, id="opponent-overcounted")],
)
def test_wrong_call_gives_the_call_to_the_opponent(claim: int, kept: int) -> None:
    result = call_muggins(claim, show(NINE), 3)
    assert not result.correct
    assert (result.missed, result.caller_points, result.opponent_points) == (0, 0, 3)
    assert result.opponent_kept == kept
    assert result.summary() == (
        "Wrong call: nothing was missed; your opponent takes the 3 you called."
    )


@pytest.mark.parametrize("call", [0, -1])
def test_call_must_be_at_least_one(call: int) -> None:
    with pytest.raises(ClaimError, match=repr(call)):
        call_muggins(5, show(NINE), call)


@pytest.mark.parametrize(("claim", "slipped"), [(5, 4), (9, 0), (12, 0), (0, 9)])
def test_accept_claim_lets_the_missed_points_slip(claim: int, slipped: int) -> None:
    assert accept_claim(claim, show(NINE)) == slipped


def said(claimed: int, description: str = "They missed nobs, the JH.") -> OpponentClaim:
    return OpponentClaim(claimed, 9, None if claimed == 9 else "missed-nobs", description)


@pytest.mark.parametrize(
    ("claimed", "answer", "outcome", "moved", "line"),
    [
        pytest.param(
            9,
            CatchAnswer(),
            "exact",
            (0, 0, 0, 0),
            "Right! They said 9; the hand is 9; you accepted. They counted it right.",
            id="accept-right",
        ),
        pytest.param(
            8,
            CatchAnswer(),
            "under",
            (0, 0, 1, 0),
            "Not quite. They said 8; the hand is 9; you accepted. They missed nobs, the JH. "
            "You let 1 slip.",
            id="accept-undercount",
        ),
        pytest.param(
            11,
            CatchAnswer(),
            "under",
            (0, 2, 2, 0),
            "Not quite. They said 11; the hand is 9; you accepted. They counted it wrong. "
            "Your opponent pegs 2 they did not earn.",
            id="accept-overcount",
        ),
        pytest.param(
            11,
            CatchAnswer(too_many=True),
            "exact",
            (0, 0, 0, 0),
            "Right! They said 11; the hand is 9; you said too many. They counted it wrong.",
            id="too-many-rightly",
        ),
        pytest.param(
            8,
            CatchAnswer(call=1),
            "exact",
            (1, 0, 0, 0),
            "Right! They said 8; the hand is 9; you called muggins for 1. "
            "Right call: 1 missed; you take 1.",
            id="call-right",
        ),
        pytest.param(
            9,
            CatchAnswer(call=2),
            "over",
            (0, 2, 0, 2),
            "Not quite. They said 9; the hand is 9; you called muggins for 2. "
            "Wrong call: nothing was missed; your opponent takes the 2 you called.",
            id="call-wrong",
        ),
        pytest.param(
            8,
            None,
            "under",
            (0, 0, 1, 0),
            "Not quite. They said 8; the hand is 9; your time ran out. They missed nobs, the JH. "
            "You let 1 slip.",
            id="time-out",
        ),
    ],
)
def test_judge_catch(
    claimed: int,
    answer: CatchAnswer | None,
    outcome: str,
    moved: tuple[int, int, int, int],
    line: str,
) -> None:
    description = "They counted it right." if claimed == 9 else "They missed nobs, the JH."
    if claimed > 9:
        description = "They counted it wrong."
    verdict = judge_catch(said(claimed, description), show(NINE), answer)
    assert verdict.outcome == outcome
    assert (verdict.kept, verdict.opponent, verdict.missed_points, verdict.excess_points) == moved
    assert verdict.timed_out is (answer is None)
    assert verdict.summary() == line
