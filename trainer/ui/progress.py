"""What the screens show of the player's history, read from the stats store."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.drill import DrillSet
    from trainer.store import StatsStore


@dataclass(frozen=True)
class DrillProgress:
    """What home shows of your history on one drill set."""

    attempts: int
    accuracy: float
    last: datetime | None


def progress(store: StatsStore, now: datetime) -> tuple[Mapping[str, DrillProgress], int]:
    """Attempts, accuracy and last practised per drill id, and the hands due at ``now``."""
    report = store.report()
    per_drill = {
        d.drill_id: DrillProgress(d.attempts, d.accuracy or 0.0, d.last_practised)
        for d in report.drills
        if d.drill_id is not None
    }
    return per_drill, store.due_count(now)


def previous_best(store: StatsStore, drill: DrillSet) -> int | None:
    """The best to beat on this drill: the blitz score, or the longest exact streak."""
    report = store.report(drill.id)
    if not report.drills or not report.drills[0].attempts:
        return None
    stats = report.drills[0]
    return stats.best_blitz if drill.blitz else stats.best_streak
