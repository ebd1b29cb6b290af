"""Catching an opponent's miscount: the ACC call, accepting, "too many", and the one line
that says what happened."""

from __future__ import annotations

import pytest

from tests.factories import show
from trainer.judge.catch import accept_claim, call_muggins, judge_catch
from trainer.judge.claims import CatchAnswer, ClaimError
from trainer.judge.miscount import OpponentClaim, claim_of
from trainer.judge.slips import MistakeId, possible_mistakes

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
    assert result.summary().startswith("Muggins! They missed 4; you take")


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


def opponent(mistake: MistakeId | None, cards: str = NINE) -> OpponentClaim:
    """The opponent's claim of ``cards``: right, or with the first variant of ``mistake``."""
    b = show(cards)
    return claim_of(b, None if mistake is None else possible_mistakes(b)[mistake][0])


RIGHT, UNDER, OVER = None, "missed-pair", "ten-card-pair"  # 9, 7 (the jacks), 11 (JH QD)
ACCEPT, TOO_MANY = CatchAnswer(), CatchAnswer(too_many=True)
MISSED = "They counted a double run of three as 6; it is 8."  # the jacks in it
PHANTOM = "They counted a pair; the hand has no pair outside its double run of three."


@pytest.mark.parametrize(
    ("mistake", "answer", "outcome", "moved", "line"),
    [
        pytest.param(
            RIGHT, ACCEPT, "exact", (0, 0, 0, 0),
            "Right! They said 9; the hand is 9; you accepted. They counted it right.",
            id="right-accept",
        ),
        pytest.param(
            RIGHT, None, "exact", (0, 0, 0, 0),
            "Right! They said 9; the hand is 9; your time ran out. They counted it right.",
            id="right-time-out",
        ),
        pytest.param(
            RIGHT, TOO_MANY, "over", (0, 0, 0, 0),
            "Wrong call. They said 9; the hand is 9; you said too many. "
            "They counted it right: their count stands and no points move.",
            id="right-too-many",
        ),
        pytest.param(
            RIGHT, CatchAnswer(call=2), "over", (0, 2, 0, 2),
            "Wrong call. They said 9; the hand is 9; you called muggins for 2. "
            "They counted it right: your opponent takes the 2 you called.",
            id="right-muggins",
        ),
        pytest.param(
            UNDER, ACCEPT, "under", (0, 0, 2, 0),
            f"Not quite. They said 7; the hand is 9; you accepted. {MISSED} You let 2 slip.",
            id="under-accept",
        ),
        pytest.param(
            UNDER, None, "under", (0, 0, 2, 0),
            "Not quite. They said 7; the hand is 9; your time ran out. "
            f"{MISSED} You let 2 slip.",
            id="under-time-out",
        ),
        pytest.param(
            UNDER, TOO_MANY, "under", (0, 0, 2, 0),
            "Wrong call. They said 7; the hand is 9; you said too many. "
            f"They counted too few, not too many. {MISSED} You let 2 slip.",
            id="under-too-many",
        ),
        pytest.param(
            UNDER, CatchAnswer(call=2), "exact", (2, 0, 0, 0),
            "Right! They said 7; the hand is 9; you called muggins for 2. "
            f"Muggins! {MISSED} You take 2.",
            id="under-muggins-exact",
        ),
        pytest.param(
            UNDER, CatchAnswer(call=1), "under", (1, 0, 1, 0),
            "Not quite. They said 7; the hand is 9; you called muggins for 1. "
            f"Muggins! {MISSED} You take 1 and let 1 slip.",
            id="under-muggins-for-less",
        ),
        pytest.param(
            UNDER, CatchAnswer(call=5), "over", (2, 0, 0, 3),
            "Not quite. They said 7; the hand is 9; you called muggins for 5. "
            f"Muggins! {MISSED} You take 2 (you called 5, but only 2 was missed).",
            id="under-muggins-for-more",
        ),
        pytest.param(
            OVER, ACCEPT, "under", (0, 2, 2, 0),
            f"Not quite. They said 11; the hand is 9; you accepted. {PHANTOM} "
            "Your opponent pegs 2 they did not earn.",
            id="over-accept",
        ),
        pytest.param(
            OVER, None, "under", (0, 2, 2, 0),
            f"Not quite. They said 11; the hand is 9; your time ran out. {PHANTOM} "
            "Your opponent pegs 2 they did not earn.",
            id="over-time-out",
        ),
        pytest.param(
            OVER, TOO_MANY, "exact", (0, 0, 0, 0),
            f"Right! They said 11; the hand is 9; you said too many. {PHANTOM} "
            "Their count is corrected down to 9.",
            id="over-too-many",
        ),
        pytest.param(
            OVER, CatchAnswer(call=2), "over", (0, 2, 0, 2),
            "Wrong call. They said 11; the hand is 9; you called muggins for 2. "
            f"Nothing was missed: they counted too many. {PHANTOM} "
            "Their count is corrected down to 9, and your opponent takes the 2 you called.",
            id="over-muggins",
        ),
    ],
)  # fmt: skip
def test_every_answer_against_every_count(
    mistake: MistakeId | None,
    answer: CatchAnswer | None,
    outcome: str,
    moved: tuple[int, int, int, int],
    line: str,
) -> None:
    """(kept, opponent, missed, excess): what the reply moved, and the line that says so."""
    verdict = judge_catch(opponent(mistake), show(NINE), answer)
    assert verdict.outcome == outcome
    assert (verdict.kept, verdict.opponent, verdict.missed_points, verdict.excess_points) == moved
    assert verdict.timed_out is (answer is None)
    assert verdict.wrong_call is line.startswith("Wrong call.")
    assert verdict.summary() == line


def test_a_right_call_says_what_was_said_for_what_is_there() -> None:
    four = "2H 2C 2S 2D 9C"  # four of a kind, counted as a pair royal: three pairs missed
    claim = opponent("double-pair-royal-as-six", four)
    verdict = judge_catch(claim, show(four), CatchAnswer(call=6))
    assert verdict.summary() == (
        "Right! They said 14; the hand is 20; you called muggins for 6. Muggins! They counted "
        "a pair royal; the hand has a double pair royal: 2S 2H 2D 2C. You take 6."
    )


def test_a_crib_is_named_a_crib() -> None:
    crib = "2H 4H 6H 8H JS"
    b = show(crib, crib=True)
    claim = claim_of(b, possible_mistakes(b)["crib-four-flush"][0])
    verdict = judge_catch(claim, b, TOO_MANY)
    assert verdict.summary() == (
        "Right! They said 4; the crib is 0; you said too many. They counted a flush of four; "
        "the crib has none: a crib flush needs the starter's suit too. Their count is "
        "corrected down to 0."
    )
