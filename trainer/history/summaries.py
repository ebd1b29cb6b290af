"""The summary tables a report reads: kept up to date with each answer, or rebuilt whole.

The per-drill, per-day and per-kind figures come from three small tables the
store updates in the same transaction as each attempt, so a report reads a
few thousand rows however long the history:

- sessions: one row per quiz session with its sums, and for streaks the exact
  answers it opens with (lead), ends with (tail) and its longest run (best);
  recomputed from the session's attempts on every answer, so it never drifts;
- quarters: answers, exact answers and time per drill per quarter of an hour
  (UTC), so days can be counted in any time zone;
- medians, all_median: the middle answer time of each drill set and of all,
  kept as a marker in the ms indexes (`trainer.history.medians`);
- kind_totals: combinations present, missed and wrongly claimed, per drill
  and stat kind.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, Final

from trainer.history import medians
from trainer.judge.outcome import error


def quarter(at: str) -> str:
    """The quarter hour (UTC) a stored time falls in: ``2025-03-01T12:45``."""
    return f"{at[:14]}{int(at[14:16]) // 15 * 15:02d}"


_SESSION_COLUMNS: Final = (
    "drill_id, drill_name, at, outcome, missed_points, excess_points, opponent, ms, "
    "itemised, total_seconds"
)
_UPSERT_SESSION: Final = (
    "INSERT OR REPLACE INTO sessions (session_id, drill_id, drill_name, start, last, attempts, "
    "exact, error, opponent, ms, itemised, total_seconds, lead, tail, best) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _session_row(session_id: str, rows: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
    """The sessions row for a session's attempts (``_SESSION_COLUMNS``, in time order)."""
    exact = errors = opponent = ms = itemised = 0
    lead = tail = best = 0
    leading = True
    limit: float | None = None
    for _, _, _, outcome, missed, excess, mugged, millis, listed, total in rows:
        right = outcome == "exact"
        exact += right
        errors += error(missed, excess, exact=right)
        opponent += mugged
        ms += millis
        itemised += listed
        if total is not None:
            limit = total if limit is None else max(limit, total)
        if right:
            tail += 1
            best = max(best, tail)
            lead += leading
        else:
            tail = 0
            leading = False
    first, last = rows[0], rows[-1]
    return (
        session_id,
        last[0],
        last[1],
        first[2],
        last[2],
        len(rows),
        exact,
        errors,
        opponent,
        ms,
        itemised,
        limit,
        lead,
        tail,
        best,
    )


def add_to_summaries(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    combos: Sequence[Sequence[Any]],
    present: dict[str, int],
) -> None:
    """Count one new attempt (an attempt row, column → value, already inserted) into the
    summary tables."""
    session_id = row["session_id"]
    rows = conn.execute(
        f"SELECT {_SESSION_COLUMNS} FROM attempts WHERE session_id = ? ORDER BY at, id",
        (session_id,),
    ).fetchall()
    conn.execute(_UPSERT_SESSION, _session_row(session_id, rows))
    medians.add_answer(conn, row["drill_id"], row["ms"])
    conn.execute(
        "INSERT INTO quarters (quarter, drill_id, attempts, exact, ms) VALUES (?, ?, 1, ?, ?) "
        "ON CONFLICT (quarter, drill_id) DO UPDATE SET attempts = attempts + 1, "
        "exact = exact + excluded.exact, ms = ms + excluded.ms",
        (quarter(row["at"]), row["drill_id"], int(row["outcome"] == "exact"), row["ms"]),
    )
    counts: dict[str, list[int]] = {k: [n, 0, 0] for k, n in present.items()}
    for role, kind, *_ in combos:
        counts.setdefault(kind, [0, 0, 0])[1 if role == "missed" else 2] += 1
    conn.executemany(
        "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (drill_id, stat_kind) DO UPDATE SET "
        "present = present + excluded.present, missed = missed + excluded.missed, "
        "wrong = wrong + excluded.wrong",
        [(row["drill_id"], k, *n) for k, n in counts.items()],
    )


def rebuild_summaries(conn: sqlite3.Connection) -> None:
    """Recompute every summary table from the attempts (inside the caller's transaction)."""
    for table in ("sessions", "quarters", "kind_totals"):
        conn.execute(f"DELETE FROM {table}")
    cursor = conn.execute(
        f"SELECT session_id, {_SESSION_COLUMNS} FROM attempts ORDER BY session_id, at, id"
    )
    current: str | None = None
    batch: list[Sequence[Any]] = []
    for session_id, *values in cursor.fetchall():
        if session_id != current and batch:
            conn.execute(_UPSERT_SESSION, _session_row(str(current), batch))
            batch = []
        current = session_id
        batch.append(values)
    if batch:
        conn.execute(_UPSERT_SESSION, _session_row(str(current), batch))
    medians.rebuild_medians(conn)
    conn.execute(
        "INSERT INTO quarters (quarter, drill_id, attempts, exact, ms) "
        "SELECT substr(at, 1, 14) || printf('%02d', CAST(substr(at, 15, 2) AS INTEGER) / 15 * 15)"
        " AS q, drill_id, count(*), sum(outcome = 'exact'), sum(ms) "
        "FROM attempts GROUP BY q, drill_id"
    )
    conn.execute(
        "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) "
        "SELECT drill_id, stat_kind, sum(p), sum(m), sum(w) FROM ("
        "  SELECT drill_id, stat_kind, n AS p, 0 AS m, 0 AS w FROM present"
        "  UNION ALL SELECT drill_id, stat_kind, 0, role = 'missed', role = 'wrong' FROM combos"
        ") GROUP BY drill_id, stat_kind"
    )
