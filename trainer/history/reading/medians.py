"""The median answer time of each drill set and of them all, kept as a marker in the ms indexes.

Walking an index to its middle (``ORDER BY ms LIMIT 2 OFFSET n/2``) reads half
the history. Instead ``medians`` (per drill set) and ``all_median`` (every
answer) keep the lower middle answer time (``ms``: the time at 0-based place
(n - 1) // 2 in time order) with how many answers are faster (``below``) and
how many are at most as slow (``through``). Each new answer moves the marker by
at most one distinct time: one step along ``attempts_drill_ms`` or
``attempts_ms``. The median is that time, or with an even count its mean with
the next time up, exactly what the walk gives.
"""

from __future__ import annotations

import sqlite3
from typing import Any, NamedTuple


class Marker(NamedTuple):
    """The lower middle answer time of a set of answers, and its place among them."""

    attempts: int
    ms: int
    below: int
    through: int


class _Scope(NamedTuple):
    """Where one set's marker is kept (table and key) and which attempts it counts."""

    table: str
    key: str
    value: Any
    only: tuple[str, ...]
    params: tuple[Any, ...]

    def where(self, *more: str) -> str:
        """The WHERE clause picking the set's attempts (and ``more`` conditions)."""
        clauses = [*self.only, *more]
        return f" WHERE {' AND '.join(clauses)}" if clauses else ""


def _scope(drill: str | None) -> _Scope:
    if drill is None:
        return _Scope("all_median", "one", 1, (), ())
    return _Scope("medians", "drill_id", drill, ("drill_id = ?",), (drill,))


def _count(conn: sqlite3.Connection, scope: _Scope, *more: str, ms: int | None = None) -> int:
    """How many of the set's answers meet ``more`` (with ``ms`` for its one parameter)."""
    params = scope.params if ms is None else (*scope.params, ms)
    return int(
        conn.execute(f"SELECT count(*) FROM attempts{scope.where(*more)}", params).fetchone()[0]
    )


def _next(conn: sqlite3.Connection, scope: _Scope, ms: int, *, up: bool) -> int | None:
    """The next answer time above (or below) ``ms`` in the set."""
    pick, compare = ("min", ">") if up else ("max", "<")
    found = conn.execute(
        f"SELECT {pick}(ms) FROM attempts{scope.where(f'ms {compare} ?')}", (*scope.params, ms)
    ).fetchone()[0]
    return None if found is None else int(found)


def _marker(conn: sqlite3.Connection, scope: _Scope) -> Marker | None:
    found = conn.execute(
        f"SELECT attempts, ms, below, through FROM {scope.table} WHERE {scope.key} = ?",
        (scope.value,),
    ).fetchone()
    return None if found is None else Marker(*found)


def _store(conn: sqlite3.Connection, scope: _Scope, marker: Marker) -> None:
    conn.execute(
        f"INSERT OR REPLACE INTO {scope.table} ({scope.key}, attempts, ms, below, through) "
        "VALUES (?, ?, ?, ?, ?)",
        (scope.value, *marker),
    )


def _add(conn: sqlite3.Connection, scope: _Scope, ms: int) -> None:
    old = _marker(conn, scope)
    if old is None:
        _store(conn, scope, Marker(1, ms, 0, _count(conn, scope, "ms = ?", ms=ms)))
        return
    n, at, below, through = old
    n += 1
    if ms < at:
        below, through = below + 1, through + 1
    elif ms == at:
        through += 1
    place = (n - 1) // 2
    if place < below:  # the middle moved down to the next time below
        found = _next(conn, scope, at, up=False)
        assert found is not None
        at, through = found, below
        below = through - _count(conn, scope, "ms = ?", ms=at)
    elif place >= through:  # up to the next time above
        found = _next(conn, scope, at, up=True)
        assert found is not None
        at, below = found, through
        through = below + _count(conn, scope, "ms = ?", ms=at)
    _store(conn, scope, Marker(n, at, below, through))


def add_answer(conn: sqlite3.Connection, drill_id: str, ms: int) -> None:
    """Move the markers of the drill set and of all answers for one new answer (already in
    the attempts)."""
    _add(conn, _scope(drill_id), ms)
    _add(conn, _scope(None), ms)


def _walked(conn: sqlite3.Connection, scope: _Scope) -> Marker | None:
    """The marker found the slow way: walking the index to the middle."""
    n = _count(conn, scope)
    if not n:
        return None
    found = conn.execute(
        f"SELECT ms FROM attempts{scope.where()} ORDER BY ms LIMIT 1 OFFSET ?",
        (*scope.params, (n - 1) // 2),
    ).fetchone()
    ms = int(found[0])
    below = _count(conn, scope, "ms < ?", ms=ms)
    return Marker(n, ms, below, below + _count(conn, scope, "ms = ?", ms=ms))


def rebuild_medians(conn: sqlite3.Connection) -> None:
    """Find every marker again from the attempts."""
    conn.execute("DELETE FROM medians")
    conn.execute("DELETE FROM all_median")
    drills = [r[0] for r in conn.execute("SELECT DISTINCT drill_id FROM attempts")]
    for scope in [_scope(d) for d in drills] + [_scope(None)]:
        marker = _walked(conn, scope)
        if marker is not None:
            _store(conn, scope, marker)


def median_ms(conn: sqlite3.Connection, drill: str | None) -> float | None:
    """The median answer time in ms of a drill set (or of all answers); None with none."""
    scope = _scope(drill)
    marker = _marker(conn, scope)
    if marker is None:
        return None
    n, ms, _, through = marker
    if n % 2 or n // 2 < through:
        return float(ms + ms) / 2
    upper = _next(conn, scope, ms, up=True)
    assert upper is not None
    return float(ms + upper) / 2
