"""A whole history written as a file: the export, JSON or CSV, every stored field.

The export holds every attempt with every stored field, its missed and wrongly
claimed combinations (or its wrong total), and the stat kinds present, so an import
rebuilds the same history. The JSON export also holds the games played at the table
(their setup, actions, status and record, `trainer.history.file.game_rows`); CSV
holds the answers only, with text a spreadsheet would run as a formula quoted.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any, Final, NamedTuple, TextIO

from trainer.history.file.game_rows import iter_games
from trainer.history.file.rows import ATTEMPT_COLUMNS
from trainer.history.reading.damage import Damaged, answer_row, damaged, stored_json
from trainer.history.store import StatsStore
from trainer.history.times import iso

EXPORT_FORMAT: Final = "muggins-history"
EXPORT_VERSION: Final = 6
"""Version 3 adds the wrong totals' combination rows (role ``total``), version 4 the games,
version 5 each game's ledger, version 6 each discard drill's throw's loss."""


_JSON_COLUMNS: Final = frozenset({"answer", "categories"})
_BOOL_COLUMNS: Final = frozenset({"crib", "timed_out", "itemised"})
CSV_COLUMNS: Final = (*ATTEMPT_COLUMNS, "combos", "present")


_BATCH: Final = 500
"""Attempts read at a time, with their combinations and kinds present: the export's memory
is this many records, however long the history."""


class Exported(NamedTuple):
    """What an export wrote: its answers and its games."""

    answers: int
    games: int


def export_records(store: StatsStore) -> list[dict[str, Any]]:
    """Every attempt as a plain dict (the export format), oldest first."""
    with store.guard("exporting") as conn:
        return list(iter_records(conn))


def export_game_records(store: StatsStore) -> list[dict[str, Any]]:
    """Every game as a plain dict (setup, actions, status, record), oldest first."""
    with store.guard("exporting games") as conn:
        return list(iter_games(conn))


def write_export(store: StatsStore, out: TextIO, *, csv_format: bool = False) -> Exported:
    """The whole history written to ``out`` as it is read, a few hundred records at a time,
    so memory stays flat however long it is: JSON with the games, or CSV of the answers
    alone (the games counted, not written). One read transaction, so the file is the
    history at one moment even while a trainer records answers."""
    with store.guard("exporting") as conn:
        conn.execute("BEGIN")
        try:
            records = _Counted(iter_records(conn))
            if csv_format:
                write_csv(records, out)
                (games,) = conn.execute("SELECT count(*) FROM games").fetchone()
            else:
                counted = _Counted(iter_games(conn))
                write_json(records, out, counted)
                games = counted.n
        finally:
            conn.execute("ROLLBACK")
    return Exported(records.n, games)


class _Counted(Iterator[dict[str, Any]]):
    """Records passed through, counted."""

    def __init__(self, records: Iterator[dict[str, Any]]) -> None:
        self._records = records
        self.n = 0

    def __next__(self) -> dict[str, Any]:
        record = next(self._records)
        self.n += 1
        return record


def iter_records(conn: sqlite3.Connection) -> Iterator[dict[str, Any]]:
    """Every attempt as a plain dict (the export format), oldest first, read `_BATCH` at a
    time with their combinations and the stat kinds present."""
    cursor = conn.execute(f"SELECT id, {', '.join(ATTEMPT_COLUMNS)} FROM attempts ORDER BY at, id")
    while batch := cursor.fetchmany(_BATCH):
        ids = [row[0] for row in batch]
        marks = ", ".join("?" * len(ids))
        combos: dict[int, list[dict[str, Any]]] = {}
        for attempt_id, role, kind_s, kind, cards, points, reason in conn.execute(
            "SELECT attempt_id, role, stat_kind, kind, cards, points, reason FROM combos "
            f"WHERE attempt_id IN ({marks}) ORDER BY rowid",
            ids,
        ):
            combo = {"role": role, "stat_kind": kind_s, "kind": kind, "cards": cards}
            combo |= {"points": points, "reason": reason}
            combos.setdefault(attempt_id, []).append(combo)
        present: dict[int, dict[str, int]] = {}
        for attempt_id, kind, n in conn.execute(
            f"SELECT attempt_id, stat_kind, n FROM present WHERE attempt_id IN ({marks}) "
            "ORDER BY attempt_id, stat_kind",
            ids,
        ):
            present.setdefault(attempt_id, {})[kind] = n
        for attempt_id, *values in batch:
            record: dict[str, Any] = dict(zip(ATTEMPT_COLUMNS, values, strict=True))
            _check_numbers(attempt_id, record)
            for column in _JSON_COLUMNS:
                if record[column] is not None:
                    record[column] = stored_json(answer_row(attempt_id), column, record[column])
            for column in _BOOL_COLUMNS:
                record[column] = _flag(attempt_id, column, record[column])
            record["combos"] = combos.get(attempt_id, [])
            record["present"] = present.get(attempt_id, {})
            yield record


def _flag(attempt_id: int, column: str, value: object) -> bool:
    """A yes-or-no column as the trainer writes it (0 or 1), or `Damaged` naming the answer
    and the field (``'x'`` written by another program is neither, not true)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value in (0, 1):
        return bool(value)
    raise Damaged(damaged(answer_row(attempt_id), column, value, "is not 0 or 1"))


def _check_numbers(attempt_id: int, record: Mapping[str, Any]) -> None:
    """`Damaged` naming the answer and the field if a number in it is not one JSON can hold
    (an infinity or NaN written into the file by another program; a blob): an export must be
    a file an import reads back."""
    for column, value in record.items():
        if isinstance(value, bytes) or (isinstance(value, float) and not math.isfinite(value)):
            raise Damaged(damaged(answer_row(attempt_id), column, value, "is not a number or text"))


def write_json(
    records: Iterable[Mapping[str, Any]],
    out: TextIO,
    games: Iterable[Mapping[str, Any]] = (),
) -> None:
    """The records (and games) as one JSON document, with the format's name and version,
    written one record at a time (the layout of ``json.dump`` with ``indent=1``)."""
    head = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported": iso(datetime.now(UTC))}
    out.write("{\n")
    for key, value in head.items():
        out.write(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n")
    _write_list(out, "attempts", records)
    out.write(",\n")
    _write_list(out, "games", games)
    out.write("\n}\n")


def _write_list(out: TextIO, key: str, items: Iterable[Mapping[str, Any]]) -> None:
    """``"key": [...]`` at the document's first level, each item indented as ``json.dump``
    with ``indent=1`` would indent it there."""
    out.write(f" {json.dumps(key)}: [")
    first = True
    for item in items:
        text = json.dumps(item, ensure_ascii=False, indent=1)
        out.write("\n  " if first else ",\n  ")
        out.write(text.replace("\n", "\n  "))
        first = False
    out.write("]" if first else "\n ]")


def write_csv(records: Iterable[Mapping[str, Any]], out: TextIO) -> None:
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
