"""Judging what a player says a card laid in the play pegs.

Pegging is scored as each card is laid, so muggins never applies to the play in
a drill: the player pegs the true points whatever they said.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.judge.claims import TotalClaim
from trainer.judge.outcome import Outcome, compare, headline
from trainer.rules.play import PlayScore


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """The judgement of a pegging answer: the points said against what the card pegs."""

    score: PlayScore
    claimed: int
    timed_out: bool

    @property
    def actual(self) -> int:
        return self.score.total

    @property
    def outcome(self) -> Outcome:
        return compare(self.claimed, self.actual)

    @property
    def kept(self) -> int:
        return self.actual

    @property
    def opponent(self) -> int:
        return 0

    @property
    def missed_points(self) -> int:
        return max(0, self.actual - self.claimed)

    @property
    def excess_points(self) -> int:
        return max(0, self.claimed - self.actual)

    def summary(self) -> str:
        """One line: what you said, what the card pegs and why."""
        said = "nothing (time)" if self.timed_out else str(self.claimed)
        return (
            f"{headline(self.outcome, self.missed_points, self.excess_points)} You said {said}; "
            f"the card pegs {self.actual} "
            f"({self.score.count}: {self.score.describe()}). Pegging is scored as it is "
            "laid: muggins never applies to the play."
        )


def judge_play(answer: TotalClaim | None, score: PlayScore) -> PlayVerdict:
    """Judge the points a player says a card pegs (``None``: the time ran out, a claim of 0)."""
    return PlayVerdict(score, 0 if answer is None else answer.points, answer is None)
