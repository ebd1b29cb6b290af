"""What the stats screen's worker posts back: the history's report, then the points lost by
phase (read after it: a ledger not kept yet takes seconds a game to work out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from trainer.game.coach.phase_stats import PhaseReport
    from trainer.history.reading import DiscardReport, GameReport, Report


class ReportRead(Message):
    """A report of the history, read in the background (``error``: why it could not be),
    with the report of your games when the drill sets shown take it in."""

    def __init__(
        self,
        drill_id: str | None,
        report: Report | None,
        error: str = "",
        games: GameReport | None = None,
        spoken: str = "",
        throws: DiscardReport | None = None,
        damaged: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.drill_id = drill_id
        self.report = report
        self.error = error
        self.games = games
        self.spoken = spoken
        """The counts said aloud, in a line ("" when there are none)."""
        self.throws = throws
        self.damaged = damaged
        """The rows these reports left out, each named (a damaged history)."""


class PhasesRead(Message):
    """Your last games' points lost by phase, read after the report (working out a ledger not
    kept yet takes seconds a game: the rest of the screen does not wait for it)."""

    def __init__(self, drill_id: str | None, phases: PhaseReport) -> None:
        super().__init__()
        self.drill_id = drill_id
        self.phases = phases
