"""The summary tables a report reads: kept up to date with each answer, or rebuilt whole.

The store updates them in the same transaction as each attempt, so a report
reads a few rows per drill set and one per day, however long the history, and
recording an answer touches a few rows, however long the session or the history:

- sessions: one row per quiz session with its sums and streak pieces, and the
  drill set's running figures through it (`trainer.history.reading.sessions`);
- medians, all_median: the middle answer time of each drill set and of all,
  kept as a marker in the ms indexes (`trainer.history.reading.medians`);
- quarters, all_quarters: answers, exact answers and time per quarter of an hour of
  each answer's own local time, with running totals, so a day is one lookup
  (`trainer.history.reading.quarters`);
- kind_totals: combinations present, missed and wrongly claimed, per drill set
  and stat kind (itemised answers only: a wrong total's row is not counted).

Each is a function of the attempts alone: `rebuild_summaries` recomputes them
(after an import or an upgrade) to what answer-by-answer upkeep gives.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, Final

from trainer.history.reading import medians, quarters, sessions
from trainer.history.times import local_minute

_COUNTED: Final = {"missed": 1, "wrong": 2}
"""The combination rows kind_totals counts (missed, wrongly claimed), by their place in a
kind's [present, missed, wrong]; a wrong total names no combination, so it is not counted."""


def add_to_summaries(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    combos: Sequence[Sequence[Any]],
    present: dict[str, int],
) -> None:
    """Count one new attempt (an attempt row, column → value, already inserted) into the
    summary tables."""
    sessions.add_answer(conn, row)
    medians.add_answer(conn, row["drill_id"], row["ms"])
    local = local_minute(row["at"], row["utc_offset"])
    quarters.add_answer(conn, row["drill_id"], local, exact=row["outcome"] == "exact", ms=row["ms"])
    counts: dict[str, list[int]] = {k: [n, 0, 0] for k, n in present.items()}
    for role, kind, *_ in combos:
        if role in _COUNTED:
            counts.setdefault(kind, [0, 0, 0])[_COUNTED[role]] += 1
    conn.executemany(
        "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (drill_id, stat_kind) DO UPDATE SET "
        "present = present + excluded.present, missed = missed + excluded.missed, "
        "wrong = wrong + excluded.wrong",
        [(row["drill_id"], k, *n) for k, n in counts.items()],
    )


def rebuild_summaries(conn: sqlite3.Connection) -> None:
    """Recompute every summary table from the attempts (inside the caller's transaction)."""
    sessions.rebuild_sessions(conn)
    medians.rebuild_medians(conn)
    quarters.rebuild_quarters(conn)
    conn.execute("DELETE FROM kind_totals")
    conn.execute(
        "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) "
        "SELECT drill_id, stat_kind, sum(p), sum(m), sum(w) FROM ("
        "  SELECT drill_id, stat_kind, n AS p, 0 AS m, 0 AS w FROM present"
        "  UNION ALL SELECT drill_id, stat_kind, 0, role = 'missed', role = 'wrong' FROM combos"
        "  WHERE role IN ('missed', 'wrong')"
        ") GROUP BY drill_id, stat_kind"
    )
