"""Answers by the quarter hour of their own local time, with running totals, one row a day.

``quarters`` (per drill set) and ``all_quarters`` (every answer) hold, for each
quarter hour with answers, its answers, exact answers and time, and the running
totals through it (``to_``). An answer counts in the quarter hour the wall clock
showed where it was given (its time moved by its own ``utc_offset``), so an answer
at 00:30 in summer stays on its day when the stats are read in winter. A day is a
run of quarters: its figures are the running totals at the first quarter of the
next day less those before its own first quarter, so counting days reads one row a
day, not every quarter.
"""

from __future__ import annotations

import sqlite3
from typing import Any, Final, NamedTuple

_LOCAL_SQL: Final = "strftime('%Y-%m-%dT%H:%M', at, utc_offset || ' minutes')"
_QUARTER_SQL: Final = (
    f"substr({_LOCAL_SQL}, 1, 14) "
    f"|| printf('%02d', CAST(substr({_LOCAL_SQL}, 15, 2) AS INTEGER) / 15 * 15)"
)
"""`quarter` of an attempt's local time, in SQL."""


def quarter(local: str) -> str:
    """The quarter hour a local time (`trainer.history.times.local_minute`) falls in:
    ``2025-03-01T12:45``."""
    return f"{local[:14]}{int(local[14:16]) // 15 * 15:02d}"


class _Scope(NamedTuple):
    """The table of one drill set's quarters (or every answer's), and its key."""

    table: str
    only: str
    params: tuple[Any, ...]


def _scope(drill: str | None) -> _Scope:
    if drill is None:
        return _Scope("all_quarters", "", ())
    return _Scope("quarters", "drill_id = ? AND ", (drill,))


def _add(conn: sqlite3.Connection, scope: _Scope, at: str, exact: int, ms: int) -> None:
    table, only, key = scope
    q = quarter(at)
    done = conn.execute(
        f"UPDATE {table} SET attempts = attempts + 1, exact = exact + ?, ms = ms + ?, "
        f"to_attempts = to_attempts + 1, to_exact = to_exact + ?, to_ms = to_ms + ? "
        f"WHERE {only}quarter = ?",
        (exact, ms, exact, ms, *key, q),
    )
    if not done.rowcount:
        before = conn.execute(
            f"SELECT to_attempts, to_exact, to_ms FROM {table} WHERE {only}quarter < ? "
            "ORDER BY quarter DESC LIMIT 1",
            (*key, q),
        ).fetchone() or (0, 0, 0)
        columns = "drill_id, " if key else ""
        conn.execute(
            f"INSERT INTO {table} ({columns}quarter, attempts, exact, ms, to_attempts, "
            f"to_exact, to_ms) VALUES ({'?, ' * len(key)}?, 1, ?, ?, ?, ?, ?)",
            (*key, q, exact, ms, before[0] + 1, before[1] + exact, before[2] + ms),
        )
    # Later quarters (none, unless this answer is timed before others) run on from it.
    conn.execute(
        f"UPDATE {table} SET to_attempts = to_attempts + 1, to_exact = to_exact + ?, "
        f"to_ms = to_ms + ? WHERE {only}quarter > ?",
        (exact, ms, *key, q),
    )


def add_answer(
    conn: sqlite3.Connection, drill_id: str, local: str, *, exact: bool, ms: int
) -> None:
    """Count one new answer into the quarter of its local time, of its drill set and of all
    answers."""
    _add(conn, _scope(drill_id), local, int(exact), ms)
    _add(conn, _scope(None), local, int(exact), ms)


def rebuild_quarters(conn: sqlite3.Connection) -> None:
    """Recount every quarter and its running totals from the attempts."""
    conn.execute("DELETE FROM quarters")
    conn.execute("DELETE FROM all_quarters")
    conn.execute(
        "INSERT INTO quarters (drill_id, quarter, attempts, exact, ms, to_attempts, to_exact, "
        "to_ms) SELECT drill_id, q, n, e, m, sum(n) OVER w, sum(e) OVER w, sum(m) OVER w FROM ("
        f"  SELECT drill_id, {_QUARTER_SQL} AS q, count(*) AS n, sum(outcome = 'exact') AS e, "
        "  sum(ms) AS m FROM attempts GROUP BY drill_id, q"
        ") WINDOW w AS (PARTITION BY drill_id ORDER BY q ROWS UNBOUNDED PRECEDING)"
    )
    conn.execute(
        "INSERT INTO all_quarters (quarter, attempts, exact, ms, to_attempts, to_exact, to_ms) "
        "SELECT quarter, n, e, m, sum(n) OVER w, sum(e) OVER w, sum(m) OVER w FROM ("
        "  SELECT quarter, sum(attempts) AS n, sum(exact) AS e, sum(ms) AS m FROM quarters "
        "  GROUP BY quarter"
        ") WINDOW w AS (ORDER BY quarter ROWS UNBOUNDED PRECEDING)"
    )


class Day(NamedTuple):
    """One day's answers: its date, its first quarter with answers, answers, exact, ms."""

    day: str
    start: str
    attempts: int
    exact: int
    ms: int


def days(conn: sqlite3.Connection, drill: str | None) -> list[Day]:
    """Every day with answers (of a drill set, or all), each answer on its own local date."""
    table, only, key = _scope(drill)
    last = conn.execute(
        f"SELECT to_attempts, to_exact, to_ms FROM {table}"
        f"{' WHERE drill_id = ?' if key else ''} ORDER BY quarter DESC LIMIT 1",
        key,
    ).fetchone()
    if last is None:
        return []
    # The first quarter from a time on: with the totals before it, its day, and when the
    # next day begins.
    first_from = (
        "SELECT quarter, to_attempts - attempts, to_exact - exact, to_ms - ms, "
        "date(quarter), strftime('%Y-%m-%dT%H:%M', date(quarter), '+1 day') "
        f"FROM {table} WHERE {only}quarter >= ? ORDER BY quarter LIMIT 1"
    )
    found = []
    row = conn.execute(first_from, (*key, "")).fetchone()
    while row is not None:
        start, attempts, exact, ms, day, following = row
        row = None
        if following is not None and following > start:
            row = conn.execute(first_from, (*key, following)).fetchone()
        to = last if row is None else row[1:4]
        found.append(Day(day, start, to[0] - attempts, to[1] - exact, to[2] - ms))
    return found
