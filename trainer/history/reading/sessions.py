"""The sessions table: each quiz session's sums, and its drill set's running figures through it.

A session's row sums its answers and keeps, for streaks, the exact answers it
opens with (lead), ends with (tail) and its longest run (best). Its ``to_``
columns are the drill set's figures through that session, its sessions taken in
(start, session_id) order: the sums, the best blitz score, the name it was last
practised under and when, the run of exact answers going at the end and the
longest (a run goes on across sessions); ``all_run`` and ``all_streak`` are that
run over every drill set's sessions. So a report reads one row per drill set,
however long the history.

A session's answers are taken in the order they were asked (their question
``number``, then as recorded), not by the clock: a wall clock set back during a
session changes no order. So an answer is always added to its session's row as
it stands, however long the session (a recount, reading every answer of the
session, is left for an answer numbered before others already recorded, which
only an import could bring, and an import rebuilds the summaries anyway). The
session starts at its earliest answer time and was last answered at its latest.
The running figures are then carried from the session before it to it and to any
later session of the same drill set (usually none: sessions start in time order).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from trainer.judge.outcome import error

ANSWER_FIELDS: Final = (
    "drill_id",
    "drill_name",
    "at",
    "outcome",
    "missed_points",
    "excess_points",
    "opponent",
    "ms",
    "itemised",
    "total_seconds",
)
"""What a session's row is made from: these attempt columns, in (number, id) order."""
_ANSWER: Final = ", ".join(ANSWER_FIELDS)


class Session(NamedTuple):
    """A session's own row: its drill set, its first and last answer times, and its sums."""

    drill_id: str
    drill_name: str
    start: str
    last: str
    attempts: int
    exact: int
    error: int
    opponent: int
    ms: int
    itemised: int
    total_seconds: float | None
    lead: int
    tail: int
    best: int


class Running(NamedTuple):
    """A drill set's figures through one of its sessions (the ``to_`` columns)."""

    name: str
    last: str
    attempts: int
    exact: int
    error: int
    opponent: int
    ms: int
    itemised: int
    blitz: int | None
    run: int
    streak: int


_SESSION: Final = ", ".join(Session._fields)
_RUNNING: Final = ", ".join(f"to_{f}" for f in Running._fields)
_INSERT: Final = (
    f"INSERT INTO sessions (session_id, {_SESSION}) VALUES (?{', ?' * len(Session._fields)})"
)
_SET_RUNNING: Final = (
    f"UPDATE sessions SET {', '.join(f'to_{f} = ?' for f in Running._fields)} WHERE session_id = ?"
)
_BEFORE: Final = "(start, session_id) < (?, ?) ORDER BY start DESC, session_id DESC LIMIT 1"
_FROM: Final = "(start, session_id) >= (?, ?) ORDER BY start, session_id"


def added(session: Session | None, answer: Sequence[Any]) -> Session:
    """A session's row with one more answer (``ANSWER_FIELDS``), asked after all the others."""
    drill_id, name, at, outcome, missed, excess, mugged, millis, listed, limit = answer
    right = outcome == "exact"
    if session is None:
        session = Session(drill_id, name, at, at, 0, 0, 0, 0, 0, 0, None, 0, 0, 0)
    s = session
    if s.total_seconds is not None and (limit is None or s.total_seconds > limit):
        limit = s.total_seconds
    tail = s.tail + 1 if right else 0
    return Session(
        drill_id=drill_id,
        drill_name=name,
        start=min(s.start, at),
        last=max(s.last, at),
        attempts=s.attempts + 1,
        exact=s.exact + int(right),
        error=s.error + error(missed, excess, exact=right),
        opponent=s.opponent + mugged,
        ms=s.ms + millis,
        itemised=s.itemised + listed,
        total_seconds=limit,
        lead=s.lead + 1 if right and s.lead == s.attempts else s.lead,
        tail=tail,
        best=max(s.best, tail),
    )


def counted(answers: Iterable[Sequence[Any]]) -> Session:
    """A session's row from all its answers (``ANSWER_FIELDS``, in (number, id) order)."""
    session: Session | None = None
    for answer in answers:
        session = added(session, answer)
    assert session is not None, "a session has answers"
    return session


def streak_step(run: int, streak: int, s: Session) -> tuple[int, int]:
    """The exact run going and the longest, carried through one more session."""
    return (run + s.attempts if s.lead == s.attempts else s.tail), max(streak, s.best, run + s.lead)


def running_step(before: Running | None, s: Session) -> Running:
    """A drill set's figures carried through one more of its sessions."""
    if before is None:
        before = Running(s.drill_name, s.last, 0, 0, 0, 0, 0, 0, None, 0, 0)
    name, last = (s.drill_name, s.last) if s.last >= before.last else (before.name, before.last)
    blitz = before.blitz
    if s.total_seconds is not None:
        blitz = s.exact if blitz is None else max(blitz, s.exact)
    run, streak = streak_step(before.run, before.streak, s)
    return Running(
        name,
        last,
        before.attempts + s.attempts,
        before.exact + s.exact,
        before.error + s.error,
        before.opponent + s.opponent,
        before.ms + s.ms,
        before.itemised + s.itemised,
        blitz,
        run,
        streak,
    )


# ---------------------------------------------------------------- keeping it


def _session(conn: sqlite3.Connection, session_id: str) -> Session | None:
    found = conn.execute(
        f"SELECT {_SESSION} FROM sessions WHERE session_id = ?", (session_id,)
    ).fetchone()
    return None if found is None else Session(*found)


def _carry_drill(conn: sqlite3.Connection, drill_id: str, start: str, session_id: str) -> None:
    """Recompute the drill set's running figures from the session at (start, session_id) on."""
    found = conn.execute(
        f"SELECT {_RUNNING} FROM sessions WHERE drill_id = ? AND {_BEFORE}",
        (drill_id, start, session_id),
    ).fetchone()
    running = None if found is None else Running(*found)
    later = conn.execute(
        f"SELECT session_id, {_SESSION} FROM sessions WHERE drill_id = ? AND {_FROM}",
        (drill_id, start, session_id),
    ).fetchall()
    for sid, *values in later:
        running = running_step(running, Session(*values))
        conn.execute(_SET_RUNNING, (*running, sid))


def _carry_all(conn: sqlite3.Connection, start: str, session_id: str) -> None:
    """Recompute the run over every drill set from the session at (start, session_id) on."""
    found = conn.execute(
        f"SELECT all_run, all_streak FROM sessions WHERE {_BEFORE}", (start, session_id)
    ).fetchone()
    run, streak = (0, 0) if found is None else found
    later = conn.execute(
        f"SELECT session_id, {_SESSION} FROM sessions WHERE {_FROM}", (start, session_id)
    ).fetchall()
    for sid, *values in later:
        run, streak = streak_step(run, streak, Session(*values))
        conn.execute(
            "UPDATE sessions SET all_run = ?, all_streak = ? WHERE session_id = ?",
            (run, streak, sid),
        )


def add_answer(conn: sqlite3.Connection, row: Mapping[str, Any]) -> None:
    """Count one new attempt (column → value; already inserted) into its session."""
    session_id = row["session_id"]
    answer = [row[f] for f in ANSWER_FIELDS]
    old = _session(conn, session_id)
    later = conn.execute(
        "SELECT 1 FROM attempts WHERE session_id = ? AND number > ? LIMIT 1",
        (session_id, row["number"]),
    ).fetchone()
    if old is None or later is None:
        new = added(old, answer)
    else:  # numbered before answers already counted: count the session again, in order
        new = counted(
            conn.execute(
                f"SELECT {_ANSWER} FROM attempts WHERE session_id = ? ORDER BY number, id",
                (session_id,),
            )
        )
    if old is None:
        conn.execute(_INSERT, (session_id, *new))
    else:  # only the columns that changed, so indexes on the others are left alone
        changed = [(f, v) for f, was, v in zip(Session._fields, old, new, strict=True) if v != was]
        conn.execute(
            f"UPDATE sessions SET {', '.join(f'{f} = ?' for f, _ in changed)} WHERE session_id = ?",
            (*(v for _, v in changed), session_id),
        )
    start = new.start if old is None else min(old.start, new.start)
    _carry_drill(conn, new.drill_id, start, session_id)
    if old is not None and old.drill_id != new.drill_id:
        _carry_drill(conn, old.drill_id, start, session_id)
    _carry_all(conn, start, session_id)


def rebuild_sessions(conn: sqlite3.Connection) -> None:
    """Recompute every session's row and the running figures from the attempts."""
    conn.execute("DELETE FROM sessions")
    sessions: dict[str, Session] = {}
    for session_id, *answer in conn.execute(
        f"SELECT session_id, {_ANSWER} FROM attempts ORDER BY session_id, number, id"
    ):
        sessions[session_id] = added(sessions.get(session_id), answer)
    running: dict[str, Running] = {}
    run = streak = 0
    rows = []
    for session_id, s in sorted(sessions.items(), key=lambda item: (item[1].start, item[0])):
        running[s.drill_id] = r = running_step(running.get(s.drill_id), s)
        run, streak = streak_step(run, streak, s)
        rows.append((session_id, *s, *r, run, streak))
    conn.executemany(
        f"INSERT INTO sessions (session_id, {_SESSION}, {_RUNNING}, all_run, all_streak) "
        f"VALUES (?{', ?' * (len(Session._fields) + len(Running._fields) + 2)})",
        rows,
    )


# ---------------------------------------------------------------- reading it


_DRILLS: Final = """
WITH RECURSIVE drills(drill_id) AS (
    SELECT min(drill_id) FROM sessions
    UNION ALL
    SELECT (SELECT min(drill_id) FROM sessions AS s WHERE s.drill_id > d.drill_id)
    FROM drills AS d WHERE d.drill_id IS NOT NULL
)
"""
"""Every drill set with sessions, in id order, found by skipping along sessions_drill."""

_LATEST: Final = f"""{_DRILLS}
SELECT d.drill_id, {_RUNNING} FROM drills AS d JOIN sessions ON sessions.session_id = (
    SELECT session_id FROM sessions AS s WHERE s.drill_id = d.drill_id
    ORDER BY s.start DESC, s.session_id DESC LIMIT 1
)
"""
"""Each drill set's figures through its latest session."""


def latest_running(conn: sqlite3.Connection, drill: str | None = None) -> dict[str, Running]:
    """Each drill set's figures through its latest session (one drill set's, with ``drill``)."""
    if drill is None:
        rows = conn.execute(_LATEST).fetchall()
    else:
        rows = conn.execute(
            f"SELECT drill_id, {_RUNNING} FROM sessions WHERE drill_id = ? "
            "ORDER BY start DESC, session_id DESC LIMIT 1",
            (drill,),
        ).fetchall()
    return {drill_id: Running(*values) for drill_id, *values in rows}


def longest_run(conn: sqlite3.Connection) -> int:
    """The longest run of exact answers over every drill set's sessions."""
    row = conn.execute(
        "SELECT all_streak FROM sessions ORDER BY start DESC, session_id DESC LIMIT 1"
    ).fetchone()
    return 0 if row is None else int(row[0])


def recorded_drills(conn: sqlite3.Connection) -> dict[str, str]:
    """Every drill id with answers, and the name it was last recorded under (of sessions
    last answered at the same moment, the first to start)."""
    rows = conn.execute(
        f"""{_DRILLS}
        SELECT drill_id, (
            SELECT drill_name FROM sessions AS s WHERE s.drill_id = d.drill_id
            ORDER BY s.last DESC, s.start, s.session_id LIMIT 1
        ) FROM drills AS d WHERE drill_id IS NOT NULL"""
    )
    return dict(rows.fetchall())
