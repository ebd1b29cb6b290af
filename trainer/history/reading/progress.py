"""What home and the summary show of your history: progress per drill set, the best to beat."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from trainer.history.reading import reports
from trainer.history.reading.schedule import due_count


@dataclass(frozen=True)
class DrillProgress:
    """What home shows of your history on one drill set."""

    attempts: int
    accuracy: float
    last: datetime | None


@dataclass(frozen=True)
class Progress:
    """Your progress per drill id, how many hands are due for a re-drill, and how often you
    miss each kind of combination (what the weak-spots drill aims at)."""

    drills: Mapping[str, DrillProgress]
    due: int
    kinds: tuple[reports.KindStats, ...] = ()


def read_progress(conn: sqlite3.Connection, now: str) -> Progress:
    """Attempts, accuracy and last practised per drill id, and the hands due at ``now``."""
    drills, _ = reports.drill_stats(conn)
    per_drill = {
        d.drill_id: DrillProgress(d.attempts, d.accuracy or 0.0, d.last_practised)
        for d in drills
        if d.drill_id is not None
    }
    return Progress(per_drill, due_count(conn, now), tuple(reports.kind_stats(conn)))


def read_best(conn: sqlite3.Connection, drill_id: str, *, blitz: bool) -> int | None:
    """The best to beat on a drill: the blitz score, or the longest exact streak."""
    drills, _ = reports.drill_stats(conn, drill_id)
    if not drills or not drills[0].attempts:
        return None
    stats = drills[0]
    return stats.best_blitz if blitz else stats.best_streak
