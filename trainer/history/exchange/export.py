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
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Final, TextIO

from trainer.history.file.game_rows import export_games
from trainer.history.file.rows import ATTEMPT_COLUMNS
from trainer.history.store import StatsStore
from trainer.history.times import iso

EXPORT_FORMAT: Final = "muggins-history"
EXPORT_VERSION: Final = 6
"""Version 3 adds the wrong totals' combination rows (role ``total``), version 4 the games,
version 5 each game's ledger, version 6 each discard drill's throw's loss."""


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
