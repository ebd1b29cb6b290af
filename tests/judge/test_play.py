"""Judging what a card laid in the play pegs, and the headline every judgement starts with."""

from __future__ import annotations

import pytest

from trainer.judge.claims import TotalClaim
from trainer.judge.outcome import compare, error, headline, outcome_of
from trainer.judge.play import judge_play
from trainer.rules.cards import parse_cards
from trainer.rules.play import score_play

FIFTEEN_RUN = score_play(parse_cards("4H 6D 5S"))  # fifteen 2, run of three 3


@pytest.mark.parametrize(
    ("claim", "outcome", "missed", "excess", "head"),
    [
        (5, "exact", 0, 0, "Exact!"),
        (2, "under", 3, 0, "Under by 3."),
        (7, "over", 0, 2, "Over by 2."),
    ],
)
def test_judge_play(claim: int, outcome: str, missed: int, excess: int, head: str) -> None:
    verdict = judge_play(TotalClaim(claim), FIFTEEN_RUN)
    assert (verdict.outcome, verdict.missed_points, verdict.excess_points) == (
        outcome,
        missed,
        excess,
    )
    assert (verdict.claimed, verdict.actual, verdict.kept, verdict.opponent) == (claim, 5, 5, 0)
    assert verdict.summary() == (
        f"{head} You said {claim}; the card pegs 5 (15: fifteen for 2, run of 3 for 3). "
        "Pegging is scored as it is laid: muggins never applies to the play."
    )


def test_a_time_out_in_the_play_says_nothing() -> None:
    verdict = judge_play(None, FIFTEEN_RUN)
    assert verdict.timed_out
    assert (verdict.claimed, verdict.outcome) == (0, "under")
    assert verdict.summary().startswith("Under by 5. You said nothing (time); the card pegs 5")


def test_outcomes_and_errors() -> None:
    assert [compare(c, 5) for c in (4, 5, 6)] == ["under", "exact", "over"]
    assert [outcome_of(m, e) for m, e in ((0, 0), (2, 0), (0, 2), (1, 1))] == [
        "exact",
        "under",
        "over",
        "mixed",
    ]
    assert headline("mixed", 1, 2) == "Missed 1, claimed 2 wrongly."
    assert error(2, 3, exact=False) == 5
    assert error(0, 0, exact=False) == 1  # wrong, yet no points moved (a wrong "too many")
    assert error(0, 0, exact=True) == 0
