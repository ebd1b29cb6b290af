"""An export file read back: JSON or CSV, told apart by the first character, every limit
held before anything is parsed.

A regular file of at most `IMPORT_BYTES`, UTF-8 (a byte order mark allowed); JSON no
deeper than `MAX_DEPTH` (found without parsing it), with no ``NaN`` or ``Infinity``;
CSV read as written. What the file holds is checked record by record next
(`trainer.history.exchange.merge`).
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any, Final, NamedTuple

from trainer.history.exchange.export import EXPORT_FORMAT, EXPORT_VERSION, csv_value
from trainer.history.exchange.field_checks import CsvCell
from trainer.history.exchange.record_checks import LATER_COLUMNS
from trainer.history.file.rows import ATTEMPT_COLUMNS
from trainer.textguard import excerpt, printable
from trainer.userfiles import FileRefused, read_bytes

IMPORT_BYTES: Final = 2_000_000_000
"""The largest export imported (2 GB). A JSON export takes about 750 bytes an answer given
as a total and up to 3 kB for an announced count with its misses, so a real history of a
million answers is about 1 GB: twice that leaves room for one counted mostly aloud, and
anything larger is no export of ours."""
MAX_DEPTH: Final = 12
"""How deep a JSON export nests, at its deepest: a game's record (its hands, a hand's
events, a show's claim and verdict, each combination's cards) is twelve levels down."""


class ImportFormatError(ValueError):
    """An export that cannot be imported; the message names the file, record and field."""


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
