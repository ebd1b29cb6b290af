"""SQLite's files read as bytes, without SQLite: the page size, a WAL's commits, one row.

What `trainer.history.file.identity` needs to know before SQLite may replay a write-ahead
log: which commits the WAL holds and which pages each writes (its frame headers),
whether the main file holds nothing but pages of those commits, and the store's token
row as the main file alone holds it (one page, read at once: a
checkpoint copying pages into the file writes that page in one piece, so the file as
a whole may be half-copied while this one page is whole). Formats as documented at
https://www.sqlite.org/fileformat2.html.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, Final, NamedTuple

WAL_MAGIC: Final = (0x377F0682, 0x377F0683)
WAL_VERSION: Final = 3007000
WAL_HEADER: Final = 32
FRAME_HEADER: Final = 24
_LEAF_TABLE: Final = 0x0D
_TOKEN_TYPE: Final = 16 * 2 + 12
"""The record type of a 16-byte blob."""
_INT_SIZES: Final = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def page_size(header: bytes) -> int:
    """The page size a database file's 100-byte header gives."""
    size = int.from_bytes(header[16:18], "big")
    return 65536 if size == 1 else size


class Commits(NamedTuple):
    """The whole commits at the start of a WAL, and whether each wrote a given page."""

    whole: int
    each_wrote: bool


def wal_problem(header: bytes, pages: int) -> str | None:
    """What is wrong with a WAL's header for a database of ``pages``-byte pages (None:
    nothing)."""
    if len(header) < WAL_HEADER:
        return "it is not a write-ahead log SQLite can read"
    magic, version, size = struct.unpack(">III", header[:12])
    if magic not in WAL_MAGIC or version != WAL_VERSION or size < 512 or size & (size - 1):
        return "it is not a write-ahead log SQLite can read"
    if size != pages:
        return f"its pages are {size} bytes, the history's {pages}"
    return None


def _frames(f: BinaryIO) -> Iterator[tuple[int, int, bool]]:
    """The frames at the start of the WAL open in ``f`` that carry its header's salts: each
    frame's offset, the page it writes, and whether it ends a commit (it gives the
    database's size)."""
    size = f.seek(0, 2)
    f.seek(0)
    header = f.read(WAL_HEADER)
    if len(header) < WAL_HEADER:
        return
    frame = FRAME_HEADER + struct.unpack(">I", header[8:12])[0]
    salt = header[16:24]
    offset = WAL_HEADER
    while offset + frame <= size:
        f.seek(offset)
        head = f.read(FRAME_HEADER)
        if len(head) < FRAME_HEADER or head[8:16] != salt:
            return
        number, ends = struct.unpack(">II", head[:8])
        yield offset, number, bool(ends)
        offset += frame


def commits(f: BinaryIO, page: int = 0) -> Commits:
    """The whole commits at the start of the WAL open in ``f``: frames carrying its
    header's salts, each commit ended by a frame that gives the database's size; and
    whether every one of them writes ``page``. SQLite replays at most these (it also checks
    each frame's checksum)."""
    count, each, wrote = 0, True, False
    for _, number, ends in _frames(f):
        wrote = wrote or number == page
        if ends:
            count += 1
            each = each and wrote
            wrote = False
    return Commits(count, each)


def copied_from(path: Path, f: BinaryIO, pages: int) -> bool:
    """Whether every page of the database file at ``path`` is, byte for byte, a page that a
    whole commit of the WAL open in ``f`` writes (a last page cut short compared as far as
    it goes). The file is then an unfinished copy of the WAL, a first checkpoint stopped
    part way (by a full disk): it holds nothing that the WAL does not."""
    found: dict[int, list[int]] = {}
    pending: list[tuple[int, int]] = []
    for offset, number, ends in _frames(f):
        pending.append((number, offset + FRAME_HEADER))
        if ends:
            for page, at in pending:
                found.setdefault(page, []).append(at)
            pending.clear()
    with path.open("rb") as db:
        number = 0
        while data := db.read(pages):
            number += 1
            if not any(_frame_is(f, at, data) for at in reversed(found.get(number, []))):
                return False
    return number > 0


def _frame_is(f: BinaryIO, at: int, data: bytes) -> bool:
    """Whether the page the frame at ``at`` holds starts with ``data``."""
    f.seek(at)
    return f.read(len(data)) == data


def token_row(path: Path, page: int, pages: int) -> tuple[bytes, int] | None:
    """The store's token and write count as the file alone holds them on ``page`` (a table
    leaf holding the one row ``(1, token, writes)``); None if that page holds no such row."""
    if page < 2:
        return None
    with path.open("rb") as f:
        f.seek((page - 1) * pages)
        data = f.read(pages)
    if len(data) < pages or data[0] != _LEAF_TABLE or data[3:5] != b"\x00\x01":
        return None
    try:
        at = int.from_bytes(data[8:10], "big")
        _, at = _varint(data, at)  # the payload's size
        rowid, at = _varint(data, at)
        header, types_at = _varint(data, at)
        types = []
        while types_at < at + header:
            kind, types_at = _varint(data, types_at)
            types.append(kind)
        body = at + header
        if rowid != 1 or len(types) != 3 or types[:2] != [0, _TOKEN_TYPE]:
            return None
        token = data[body : body + 16]
        writes = _integer(data, body + 16, types[2])
    except IndexError:
        return None
    return (token, writes) if writes is not None and len(token) == 16 else None


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and where the next begins."""
    value = 0
    for i in range(9):
        byte = data[at + i]
        if i == 8:
            return (value << 8) | byte, at + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    raise AssertionError("unreachable")


def _integer(data: bytes, at: int, kind: int) -> int | None:
    """An integer of record type ``kind`` at ``at`` (None if ``kind`` is not an integer's)."""
    if kind in (8, 9):
        return kind - 8
    size = _INT_SIZES.get(kind)
    if size is None or at + size > len(data):
        return None
    return int.from_bytes(data[at : at + size], "big", signed=True)
