"""Your last games' points lost by phase for the stats screen, read from the history without
making its file (no file yet: no games)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.game.coach.phase_stats import PhaseReport
    from trainer.ui.flow.history import History


def phase_losses(history: History) -> PhaseReport:
    """The phase report of the games kept in ``history`` (slow when ledgers must be worked
    out: call it from a thread worker)."""
    from trainer.game.coach.phase_stats import PhaseReport, phase_report
    from trainer.history import StatsStore
    from trainer.history.writing import DeferredStore

    if isinstance(history, DeferredStore):
        return phase_report(history.writer()) if history.created else PhaseReport(())
    if isinstance(history, StatsStore):
        return phase_report(history)
    return PhaseReport(())
