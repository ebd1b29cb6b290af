"""An export's records checked, then added to the store in one transaction: all or nothing.

Every attempt is held to what the trainer writes (`trainer.history.exchange.record_checks`)
and every game too (`trainer.history.exchange.game_import`), then played through by the
game layer's check before anything is written; attempts and games already in the store
(by their ``uid``) are skipped. A wrong total's row is made again from the attempt's own
fields, so an export of version 2 (which had none) imports with them too. The summaries
and the review schedule are rebuilt from the merged history; an answer already in the
store that they cannot be rebuilt from (damaged: written by another program, or let in by an
import before imports were checked) stops the import, named, with nothing added.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from trainer.history.exchange.export import iter_records
from trainer.history.exchange.field_checks import RecordError
from trainer.history.exchange.game_import import GameCheck, GameRows, game_rows, insert_games
from trainer.history.exchange.read import ImportFormatError
from trainer.history.exchange.record_checks import check_record
from trainer.history.file.rows import Rows, insert_rows
from trainer.history.file.schema import rebuild_derived
from trainer.history.reading.damage import DAMAGED, Damaged, answer_row
from trainer.history.store import StatsStore
from trainer.textguard import excerpt


def import_records(store: StatsStore, records: Sequence[Any]) -> tuple[int, int]:
    """Add exported attempts in one transaction, skipping those already stored.

    Returns (added, skipped). A malformed record raises `ImportFormatError`
    naming it, and nothing is added. The review schedule is then rebuilt from
    the whole history, in time order.
    """
    return insert_all(store, rows_from_records(records))


Progress = Callable[[int, int], None]
"""Told (done, total) after each record or game checked, for a long import's progress line."""


def rows_from_records(records: Sequence[Any], progress: Progress | None = None) -> list[Rows]:
    """Every record checked and turned into rows; `ImportFormatError` names the first bad
    one and its field. No uid comes twice, and each session belongs to one drill set."""
    rows: list[Rows] = []
    uids: dict[str, int] = {}
    sessions: dict[str, tuple[str, int]] = {}
    for number, record in enumerate(records, start=1):
        try:
            row = check_record(record)
        except RecordError as err:
            raise ImportFormatError(f"record {number}: {err}") from None
        uid, drill, session = row.attempt[0], row.attempt[2], row.attempt[4]
        if uids.setdefault(uid, number) != number:
            raise ImportFormatError(
                f"record {number}: uid: {excerpt(uid)} is record {uids[uid]}'s uid too"
            )
        first, where = sessions.setdefault(session, (drill, number))
        if first != drill:
            raise ImportFormatError(
                f"record {number}: session_id: {excerpt(session)} is a session of "
                f"{excerpt(first)} (record {where}), not of {excerpt(drill)}"
            )
        rows.append(row)
        if progress is not None:
            progress(number, len(records))
    return rows


def games_from_records(
    games: Sequence[Any], check: GameCheck, progress: Progress | None = None
) -> list[GameRows]:
    """Every exported game checked and turned into rows, then played through by ``check``
    (the game layer's replay, which this layer cannot import); `ImportFormatError` names
    the first bad one by its number and field, or its first illegal action."""
    out = []
    uids: dict[str, int] = {}
    for number, game in enumerate(games, start=1):
        try:
            rows = game_rows(game)
        except ValueError as err:
            raise ImportFormatError(f"game {number}: {err}") from None
        if uids.setdefault(rows.uid, number) != number:
            raise ImportFormatError(
                f"game {number}: uid: {excerpt(rows.uid)} is game {uids[rows.uid]}'s uid too"
            )
        problem = check(rows.saved())
        if problem is not None:
            raise ImportFormatError(f"game {number}: {problem}")
        out.append(rows)
        if progress is not None:
            progress(number, len(games))
    return out


class Imported(NamedTuple):
    """What an import added, and skipped as already stored (by uid)."""

    added: int
    skipped: int
    games_added: int = 0
    games_skipped: int = 0


def insert_all(store: StatsStore, rows: Sequence[Rows]) -> tuple[int, int]:
    """Add checked rows in one transaction; returns (added, skipped as already stored)."""
    done = insert_export(store, rows, ())
    return done.added, done.skipped


def insert_export(store: StatsStore, rows: Sequence[Rows], games: Sequence[GameRows]) -> Imported:
    """Add checked attempts and games in one transaction, skipping those already stored;
    `ImportFormatError` (and nothing added) if a record's session is another drill set's
    in the store."""
    added = 0
    with store.transaction("importing") as conn:
        _check_sessions(conn, rows)
        for row in rows:
            before = conn.total_changes
            insert_rows(conn, row, schedule=False, summaries=False)
            added += conn.total_changes > before
        if added:
            try:
                rebuild_derived(conn)
            except Exception as err:  # a stored row the summaries cannot be made from
                note = damaged_answer(conn)
                if note is None:
                    raise
                raise Damaged(
                    f"nothing was imported: {note} (the reports leave it out; the summaries "
                    "are rebuilt from every answer when answers are imported)"
                ) from err
        games_added = insert_games(conn, games)
    return Imported(added, len(rows) - added, games_added, len(games) - games_added)


def damaged_answer(conn: sqlite3.Connection) -> str | None:
    """The first stored answer an import would refuse, named with its field and value
    (None: every one reads as the trainer writes it)."""
    ids = (attempt_id for (attempt_id,) in conn.execute("SELECT id FROM attempts ORDER BY at, id"))
    try:
        for attempt_id, record in zip(ids, iter_records(conn), strict=True):
            try:
                check_record(record)
            except RecordError as err:
                return f"{answer_row(attempt_id)}: {err}: {DAMAGED}"
    except Damaged as err:
        return str(err)
    return None


def _check_sessions(conn: sqlite3.Connection, rows: Sequence[Rows]) -> None:
    """Each session of the rows belongs to the same drill set in the store, if it is there
    (the reports count a session under one drill set)."""
    first: dict[str, tuple[str, int]] = {}
    for number, row in enumerate(rows, start=1):
        first.setdefault(row.attempt[4], (row.attempt[2], number))
    for session, (drill, number) in first.items():
        found = conn.execute(
            "SELECT drill_id FROM attempts WHERE session_id = ? AND drill_id != ? LIMIT 1",
            (session, drill),
        ).fetchone()
        if found is not None:
            raise ImportFormatError(
                f"record {number}: session_id: {excerpt(session)} is a session of "
                f"{excerpt(found[0])} in the history, not of {excerpt(drill)}"
            )
