"""What every judgement shares: the outcome, the points moved, and one line to say it.

A show claim (`Verdict`), a pegging answer (`PlayVerdict`) and an answer to an
opponent's count (`CatchVerdict`) are judged differently, but the quiz, the
history and the screens read them through one protocol, `Judgement`.
"""

from __future__ import annotations

from typing import Literal, Protocol

Outcome = Literal["exact", "under", "over", "mixed"]


class Judgement(Protocol):
    """A judged answer: how it compares, the points it moves, and what to tell the player."""

    @property
    def outcome(self) -> Outcome: ...
    @property
    def claimed(self) -> int: ...
    @property
    def actual(self) -> int: ...
    @property
    def kept(self) -> int:
        """Points the player pegs for it."""

    @property
    def opponent(self) -> int:
        """Points the opponent takes because of it."""

    @property
    def missed_points(self) -> int: ...
    @property
    def excess_points(self) -> int: ...
    def summary(self) -> str:
        """One line for the player: the claim against the truth and what it cost."""
        ...


def headline(outcome: Outcome, missed: int, excess: int) -> str:
    """The first words of a judgement: "Exact!", "Under by 2.", "Missed 1, claimed 2 wrongly."."""
    if outcome == "exact":
        return "Exact!"
    if outcome == "under":
        return f"Under by {missed}."
    if outcome == "over":
        return f"Over by {excess}."
    return f"Missed {missed}, claimed {excess} wrongly."


def compare(claimed: int, actual: int) -> Outcome:
    """Exact, under or over: a claimed number against the true one."""
    if claimed == actual:
        return "exact"
    return "under" if claimed < actual else "over"


def outcome_of(missed: int, excess: int) -> Outcome:
    """The outcome of a claim that missed ``missed`` points and claimed ``excess`` too many."""
    if missed and excess:
        return "mixed"
    if missed:
        return "under"
    if excess:
        return "over"
    return "exact"


def error(missed: int, excess: int, *, exact: bool) -> int:
    """How far an answer was from the truth: points missed plus points wrongly claimed;
    a wrong answer that moves no points (a wrong "too many") counts as 1."""
    off = missed + excess
    return off if off or exact else 1
