"""A whole history as a file: the export format, written and read back.

The export (JSON or CSV) holds every attempt with every stored field, its
missed and wrongly claimed combinations (or its wrong total), and the stat kinds
present, so an import rebuilds the same history; attempts already in the store
(by their ``uid``) are skipped. A wrong total's row is made again from the
attempt's own fields, so an export of version 2 (which had none) imports with
them too. The JSON export also holds the games played at the table (their setup,
actions, status and record, `trainer.history.writing.games`), imported by ``uid`` in the
same way; CSV holds the answers only. The ``muggins export`` and ``import``
commands (`trainer.cli.history`) read and write files through here.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NamedTuple, TextIO

from trainer.history.exchange.field_checks import CsvCell, RecordError
from trainer.history.exchange.game_import import GameCheck, GameRows, game_rows, insert_games
from trainer.history.exchange.record_checks import LATER_COLUMNS, check_record
from trainer.history.file.rows import ATTEMPT_COLUMNS, Rows, insert_rows
from trainer.history.file.schema import rebuild_derived
from trainer.history.store import StatsStore
from trainer.history.times import iso
from trainer.history.writing.games import export_games
from trainer.textguard import excerpt, printable
from trainer.userfiles import FileRefused, read_bytes

EXPORT_FORMAT: Final = "muggins-history"
EXPORT_VERSION: Final = 4
"""Version 3 adds the wrong totals' combination rows (role ``total``), version 4 the games."""


IMPORT_BYTES: Final = 2_000_000_000
"""The largest export imported (2 GB). A JSON export takes about 750 bytes an answer given
as a total and up to 3 kB for an announced count with its misses, so a real history of a
million answers is about 1 GB: twice that leaves room for one counted mostly aloud, and
anything larger is no export of ours."""
MAX_DEPTH: Final = 9
"""How deep a JSON export nests, at its deepest: a game's record (its hands, a hand's
events) and an announced count among a game's actions are nine levels down."""


class ImportFormatError(ValueError):
    """An export that cannot be imported; the message names the file, record and field."""


# ---------------------------------------------------------------- export


_JSON_COLUMNS: Final = frozenset({"answer", "categories"})
_BOOL_COLUMNS: Final = frozenset({"crib", "timed_out", "itemised"})
CSV_COLUMNS: Final = (*ATTEMPT_COLUMNS, "combos", "present")


def export_records(store: StatsStore) -> list[dict[str, Any]]:
    """Every attempt as a plain dict (the export format), oldest first."""
    with store.guard("exporting") as conn:
        combos: dict[int, list[dict[str, Any]]] = {}
        for attempt_id, role, kind_s, kind, cards, points, reason in conn.execute(
            "SELECT attempt_id, role, stat_kind, kind, cards, points, reason FROM combos "
            "ORDER BY rowid"
        ):
            combo = {"role": role, "stat_kind": kind_s, "kind": kind, "cards": cards}
            combo |= {"points": points, "reason": reason}
            combos.setdefault(attempt_id, []).append(combo)
        present: dict[int, dict[str, int]] = {}
        for attempt_id, kind, n in conn.execute(
            "SELECT attempt_id, stat_kind, n FROM present ORDER BY attempt_id, stat_kind"
        ):
            present.setdefault(attempt_id, {})[kind] = n
        records = []
        cursor = conn.execute(
            f"SELECT id, {', '.join(ATTEMPT_COLUMNS)} FROM attempts ORDER BY at, id"
        )
        for attempt_id, *values in cursor:
            record: dict[str, Any] = dict(zip(ATTEMPT_COLUMNS, values, strict=True))
            for column in _JSON_COLUMNS:
                if record[column] is not None:
                    record[column] = json.loads(record[column])
            for column in _BOOL_COLUMNS:
                record[column] = bool(record[column])
            record["combos"] = combos.get(attempt_id, [])
            record["present"] = present.get(attempt_id, {})
            records.append(record)
    return records


def export_game_records(store: StatsStore) -> list[dict[str, Any]]:
    """Every game as a plain dict (setup, actions, status, record), oldest first."""
    with store.guard("exporting games") as conn:
        return export_games(conn)


def write_json(
    records: Sequence[Mapping[str, Any]],
    out: TextIO,
    games: Sequence[Mapping[str, Any]] = (),
) -> None:
    """The records (and games) as one JSON document, with the format's name and version."""
    data = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported": iso(datetime.now(UTC)),
        "attempts": list(records),
        "games": list(games),
    }
    json.dump(data, out, ensure_ascii=False, indent=1)
    out.write("\n")


def write_csv(records: Sequence[Mapping[str, Any]], out: TextIO) -> None:
    """The records as CSV, one row each; combinations and kinds present as JSON cells, and
    text a spreadsheet would run as a formula quoted (`csv_text`)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        writer.writerow([csv_text(_csv_cell(record[c])) for c in CSV_COLUMNS])


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return str(value)


_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
_NUMBER: Final = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def csv_text(cell: str) -> str:
    """A CSV cell as written: a quote before text that starts like a formula (``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return; a number is left alone), so a
    spreadsheet shows it instead of running it, and one more before text that starts with
    a quote, so reading takes exactly one off (`csv_value`)."""
    if cell.startswith("'") or (cell.startswith(_FORMULA_STARTS) and not _NUMBER.fullmatch(cell)):
        return "'" + cell
    return cell


def csv_value(cell: str) -> str:
    """A CSV cell as read: the quote `csv_text` put before it taken off."""
    return cell[1:] if cell.startswith("'") else cell


# ---------------------------------------------------------------- import


class ExportFile(NamedTuple):
    """What an export file holds: its attempts and its games (none in CSV or before
    version 4), both still to be checked."""

    attempts: list[Any]
    games: list[Any]


def read_export(path: Path) -> ExportFile:
    """The attempts and games of an export file, JSON or CSV (told apart by the first
    character): a regular file of at most `IMPORT_BYTES`, UTF-8 (a BOM allowed), JSON no
    deeper than `MAX_DEPTH`; `ImportFormatError` naming the file otherwise."""
    name = printable(str(path))
    try:
        data = read_bytes(path, limit=IMPORT_BYTES)
        text = data.decode("utf-8-sig")
    except FileRefused as err:
        raise ImportFormatError(f"{name}: {err}") from None
    except UnicodeDecodeError as err:
        reason = f"is not UTF-8 text (byte {err.start + 1} cannot be read)"
        raise ImportFormatError(f"{name}: {reason}") from None
    try:
        if text.lstrip().startswith("{"):
            return _read_json(text, data)
        return _read_csv(text)
    except ImportFormatError as err:
        raise ImportFormatError(f"{name}: {err}") from None


def _read_json(text: str, data: bytes) -> ExportFile:
    if too_deep(data):
        raise ImportFormatError(f"nested deeper than an export is ({MAX_DEPTH} levels)")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ImportFormatError(f"nested deeper than an export is ({MAX_DEPTH} levels)") from None
    except ValueError as err:
        raise ImportFormatError(f"not valid JSON ({excerpt(str(err))[1:-1]})") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ImportFormatError(f"not a Muggins export (no format: {EXPORT_FORMAT})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version > EXPORT_VERSION:
        raise ImportFormatError(
            f"export version {excerpt(version)} is newer than this Muggins reads "
            f"({EXPORT_VERSION}); upgrade Muggins to import it"
        )
    attempts, games = data.get("attempts"), data.get("games", [])
    if not isinstance(attempts, list):
        raise ImportFormatError("'attempts' must be a list")
    if not isinstance(games, list):
        raise ImportFormatError("'games' must be a list")
    return ExportFile(attempts, games)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


_ESCAPE: Final = re.compile(rb"\\.", re.DOTALL)
_STRUCTURE: Final = b'"[]{}'
_NOT_STRUCTURE: Final = bytes(b for b in range(256) if b not in _STRUCTURE)
_STRING: Final = re.compile(rb'"[^"]*"')
_INNERMOST: Final = re.compile(rb"\[\]|\{\}")


def too_deep(data: bytes) -> bool:
    """Whether JSON (as UTF-8 bytes) nests deeper than `MAX_DEPTH`, found without parsing
    it: with escapes, values and strings taken out only brackets are left, and each pass
    takes out the innermost, so what is left after `MAX_DEPTH` passes is deeper (or not
    JSON, which parsing then says). A gigabyte takes seconds, not a parse."""
    quotes_and_brackets = _ESCAPE.sub(b"", data).translate(None, _NOT_STRUCTURE)
    # Two quotes side by side close one string and open the next, or open and close one,
    # with no bracket between: taking them out leaves the brackets outside strings as
    # they were, and few strings (those holding a bracket) for the slower pattern.
    brackets = _STRING.sub(b"", quotes_and_brackets.replace(b'""', b""))
    for _ in range(MAX_DEPTH):
        brackets = _INNERMOST.sub(b"", brackets)
    return brackets != _INNERMOST.sub(b"", brackets)


def _read_csv(text: str) -> ExportFile:
    rows = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(rows, [])
        missing = [c for c in ATTEMPT_COLUMNS if c not in header and c not in LATER_COLUMNS]
        if missing:
            raise ImportFormatError(
                f"not a Muggins export (neither JSON nor CSV with the columns "
                f"{', '.join(missing[:4])}{', …' if len(missing) > 4 else ''})"
            )
        records: list[Any] = []
        for cells in rows:
            if not cells:
                continue  # a blank line
            if len(cells) != len(header):
                raise ImportFormatError(
                    f"record {len(records) + 1}: {len(cells)} cells, but the header names "
                    f"{len(header)}"
                )
            records.append({c: CsvCell(csv_value(v)) for c, v in zip(header, cells, strict=True)})
    except csv.Error as err:
        raise ImportFormatError(f"line {rows.line_num}: not CSV ({err})") from None
    return ExportFile(records, [])


def import_records(store: StatsStore, records: Sequence[Any]) -> tuple[int, int]:
    """Add exported attempts in one transaction, skipping those already stored.

    Returns (added, skipped). A malformed record raises `ImportFormatError`
    naming it, and nothing is added. The review schedule is then rebuilt from
    the whole history, in time order.
    """
    return insert_all(store, rows_from_records(records))


def rows_from_records(records: Sequence[Any]) -> list[Rows]:
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
    return rows


def games_from_records(games: Sequence[Any], check: GameCheck) -> list[GameRows]:
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
            rebuild_derived(conn)
        games_added = insert_games(conn, games)
    return Imported(added, len(rows) - added, games_added, len(games) - games_added)


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
