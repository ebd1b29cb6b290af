"""A whole history as a file: the export format, written and read back.

The export (JSON or CSV) holds every attempt with every stored field, its
missed and wrongly claimed combinations (or its wrong total), and the stat kinds
present, so an import rebuilds the same history; attempts already in the store
(by their ``uid``) are skipped. A wrong total's row is made again from the
attempt's own fields, so an export of version 2 (which had none) imports with
them too. The JSON export also holds the games played at the table (their setup,
actions, status and record, `trainer.history.games`), imported by ``uid`` in the
same way; CSV holds the answers only. The ``muggins export`` and ``import``
commands (`trainer.cli.history`) read and write files through here.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NamedTuple, TextIO

from trainer.history.games import GameRows, export_games, game_rows, insert_games
from trainer.history.rows import (
    ATTEMPT_COLUMNS,
    ROLES,
    TOTAL,
    ComboRow,
    Rows,
    attempt_uid,
    insert_rows,
    total_row,
)
from trainer.history.schema import rebuild_derived
from trainer.history.store import StatsStore
from trainer.history.times import MINUTES_A_DAY, iso, parse_iso, zone_offset_minutes
from trainer.rules.cards import format_cards, parse_cards
from trainer.textguard import excerpt

EXPORT_FORMAT: Final = "muggins-history"
EXPORT_VERSION: Final = 4
"""Version 3 adds the wrong totals' combination rows (role ``total``), version 4 the games."""


class ImportFormatError(ValueError):
    """An export that cannot be imported; the message names the file, record and field."""


# ---------------------------------------------------------------- export


_JSON_COLUMNS: Final = frozenset({"answer", "categories"})
_BOOL_COLUMNS: Final = frozenset({"crib", "timed_out", "itemised"})
_INT_COLUMNS: Final = frozenset(
    {"number", "seed", "claimed", "actual", "kept", "opponent", "ms"}
    | {"missed_points", "excess_points", "opponent_claim"}
)
_OPTIONAL: Final = frozenset({"starter", "answer", "total_seconds", "opponent_claim"})
_DEFAULTED: Final = frozenset({"utc_offset"})
"""Columns an older export lacks, filled in on import (`_offset`)."""
CSV_COLUMNS: Final = (*ATTEMPT_COLUMNS, "combos", "present")
_CHOICES: Final = {
    "kind": ("hand", "crib", "play", "catch"),
    "outcome": ("exact", "under", "over", "mixed"),
}


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
    """The records as CSV, one row each; combinations and kinds present as JSON cells."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        writer.writerow([_csv_cell(record[c]) for c in CSV_COLUMNS])


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return str(value)


# ---------------------------------------------------------------- import


class ExportFile(NamedTuple):
    """What an export file holds: its attempts and its games (none in CSV or before
    version 4), both still to be checked."""

    attempts: list[Any]
    games: list[Any]


def read_export(path: Path) -> ExportFile:
    """The attempts and games of an export file, JSON or CSV (told apart by the first
    character)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
        raise ImportFormatError(f"{path}: cannot be read ({reason})") from None
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as err:
            raise ImportFormatError(f"{path}: not valid JSON ({err})") from None
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise ImportFormatError(f"{path}: not a Muggins export (no format: {EXPORT_FORMAT})")
        if not isinstance(data.get("version"), int) or data["version"] > EXPORT_VERSION:
            raise ImportFormatError(
                f"{path}: export version {data.get('version')!r} is newer than this Muggins "
                f"reads ({EXPORT_VERSION}); upgrade Muggins to import it"
            )
        attempts, games = data.get("attempts"), data.get("games", [])
        if not isinstance(attempts, list):
            raise ImportFormatError(f"{path}: 'attempts' must be a list")
        if not isinstance(games, list):
            raise ImportFormatError(f"{path}: 'games' must be a list")
        return ExportFile(attempts, games)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [
        c for c in ATTEMPT_COLUMNS if c not in (reader.fieldnames or []) and c not in _DEFAULTED
    ]
    if missing:
        raise ImportFormatError(
            f"{path}: not a Muggins export (neither JSON nor CSV with the columns "
            f"{', '.join(missing[:4])}{', …' if len(missing) > 4 else ''})"
        )
    return ExportFile([dict(row) for row in reader], [])


def import_records(store: StatsStore, records: Sequence[Any]) -> tuple[int, int]:
    """Add exported attempts in one transaction, skipping those already stored.

    Returns (added, skipped). A malformed record raises `ImportFormatError`
    naming it, and nothing is added. The review schedule is then rebuilt from
    the whole history, in time order.
    """
    return insert_all(store, rows_from_records(records))


def rows_from_records(records: Sequence[Any]) -> list[Rows]:
    """Every record checked and turned into rows; `ImportFormatError` names the first bad one."""
    return [_rows_from_record(n, r) for n, r in enumerate(records, start=1)]


def games_from_records(games: Sequence[Any]) -> list[GameRows]:
    """Every exported game checked and turned into rows; `ImportFormatError` names the first
    bad one by its number and field."""
    out = []
    for number, game in enumerate(games, start=1):
        try:
            out.append(game_rows(game))
        except (ValueError, TypeError) as err:
            raise ImportFormatError(f"game {number}: {err}") from None
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
    """Add checked attempts and games in one transaction, skipping those already stored."""
    added = 0
    with store.transaction("importing") as conn:
        for row in rows:
            before = conn.total_changes
            insert_rows(conn, row, schedule=False, summaries=False)
            added += conn.total_changes > before
        if added:
            rebuild_derived(conn)
        games_added = insert_games(conn, games)
    return Imported(added, len(rows) - added, games_added, len(games) - games_added)


def _field(record: Mapping[str, Any], column: str, where: str) -> Any:
    """One attempt field from an export record (JSON values, or CSV text), checked."""
    if column not in record:
        raise ImportFormatError(f"{where}: missing field {column!r}")
    value = record[column]
    if value == "" and column in _OPTIONAL:
        value = None
    if value is None:
        if column in _OPTIONAL:
            return None
        raise ImportFormatError(f"{where}: {column} is empty")
    try:
        if column in _JSON_COLUMNS:
            decoded = json.loads(value) if isinstance(value, str) else value
            return json.dumps(decoded, separators=(",", ":"))
        if column in _BOOL_COLUMNS:
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "1", "0"):
                    raise ValueError("expected true or false")
                return int(value.lower() in ("true", "1"))
            if not isinstance(value, bool | int):
                raise ValueError("expected true or false")
            return int(bool(value))
        if column in _INT_COLUMNS:
            if isinstance(value, bool | float):
                raise ValueError("expected a whole number")
            return int(value)
        if column == "total_seconds":
            return float(value)
        if column == "at":
            return iso(parse_iso(str(value)))
        if column in ("hand", "starter"):
            return format_cards(parse_cards(str(value)))
    except (ValueError, TypeError) as err:
        raise ImportFormatError(f"{where}: {column} {value!r}: {err}") from None
    if not isinstance(value, str):
        raise ImportFormatError(f"{where}: {column} must be text, got {value!r}")
    return value


def _rows_from_record(number: int, record: Any) -> Rows:
    where = f"record {number}"
    if not isinstance(record, Mapping):
        raise ImportFormatError(f"{where}: an attempt is an object of fields, got {record!r}")
    values = {
        c: _field(record, c, where) for c in ATTEMPT_COLUMNS if c != "uid" and c not in _DEFAULTED
    }
    values["utc_offset"] = _offset(record, values["at"], where)
    for column, allowed in _CHOICES.items():
        if values[column] not in allowed:
            raise ImportFormatError(
                f"{where}: {column} must be one of {', '.join(allowed)}, got {values[column]!r}"
            )
    uid = record.get("uid") or attempt_uid(
        values["session_id"], values["number"], values["at"], values["hand"], values["starter"]
    )
    combos: list[ComboRow] = []
    try:
        for c in _decoded(record, "combos", [], where):
            role, points = c["role"], c["points"]
            if role not in ROLES:
                raise ValueError(f"role {role!r}")
            if isinstance(points, bool) or not isinstance(points, int):
                raise ValueError(f"points {points!r}")
            cards = format_cards(parse_cards(str(c["cards"])))
            reason = c.get("reason")
            if reason is not None and not isinstance(reason, str):
                raise ValueError(f"reason {reason!r}")
            if role != TOTAL:  # a wrong total's row is made from the attempt, below
                combos.append(
                    ComboRow(role, str(c["stat_kind"]), str(c["kind"]), cards, points, reason)
                )
        present = {str(k): int(n) for k, n in dict(_decoded(record, "present", {}, where)).items()}
    except (ValueError, TypeError, KeyError) as err:
        raise ImportFormatError(f"{where}: bad combinations ({err})") from None
    row = (str(uid), *(values[c] for c in ATTEMPT_COLUMNS[1:]))
    total = total_row(dict(zip(ATTEMPT_COLUMNS, row, strict=True)))
    if total is not None:
        combos.append(total)
    return Rows(row, combos, present)


def _offset(record: Mapping[str, Any], at: str, where: str) -> int:
    """An answer's UTC offset in minutes east; one exported before offsets were kept gets
    the local zone's for its moment, as the store's upgrade gives it."""
    value = record.get("utc_offset")
    if value is None or value == "":
        return zone_offset_minutes(parse_iso(at))
    try:
        if isinstance(value, bool | float):
            raise ValueError
        minutes = int(value)
    except (ValueError, TypeError):
        raise ImportFormatError(
            f"{where}: utc_offset {excerpt(value)}: expected whole minutes east of UTC"
        ) from None
    if not -MINUTES_A_DAY < minutes < MINUTES_A_DAY:
        raise ImportFormatError(f"{where}: utc_offset {excerpt(minutes)}: must be under a day")
    return minutes


def _decoded(record: Mapping[str, Any], key: str, default: Any, where: str) -> Any:
    value = record.get(key, default)
    if isinstance(value, str):
        try:
            return json.loads(value) if value else default
        except ValueError:
            raise ImportFormatError(f"{where}: {key} is not valid JSON") from None
    return value
