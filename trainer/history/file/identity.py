"""Whose file is it: a stats file, and the write-ahead log beside it, known to be ours first.

Nothing writes to a file before it is known to be a Muggins store (``PRAGMA
application_id``, or an older schema known by its exact tables), and no write-ahead
log is replayed before it is known to be this file's. Both are found out on
connections that cannot write, and by reading the files as bytes
(`trainer.history.file.rawfile`):

- the file alone, with ``immutable=1``: SQLite then reads the main file only, takes no
  lock and creates nothing (on SQLite 3.40 it neither reads nor creates ``-wal`` or
  ``-shm``). It is used when no WAL holds a commit: while another trainer copies its
  WAL into the file, the file alone is half-copied;
- the store as its WAL makes it, with ``mode=ro``: SQLite replays the WAL into what
  that connection sees, writes neither the file nor the WAL, and (re)builds the WAL's
  index in ``-shm`` (SQLite's own scratch file, rebuilt by whoever opens next).

A copied WAL is self-consistent, so SQLite cannot tell it is another database's. A
store of schema 6 or later keeps a random token in ``store_token`` and every write
transaction moves its ``writes`` count, so each commit written to the WAL holds that
row's page. The WAL is this file's if every commit in it writes that page (its frame
headers say which pages each writes); read through it, the store is a Muggins store
whose token is the one the file alone holds; and its count is the file's, or ahead of
it by at most the commits the WAL holds (a stale copy of this store's own WAL is
refused too). A store whose first checkpoint stopped part way (a full disk) has its
token in the WAL only: its file is taken as the WAL's if every page it holds is one the
WAL's commits write, byte for byte, so it holds nothing of its own to lose. All of it
is read under one read transaction of the view: while it lasts, SQLite copies into the
file only commits up to what the view sees and starts no new WAL over them. Anything
else, or an error reading through the WAL, and the store is refused with both files
left as they were (an I/O error, such as no room for the WAL's index, is said as one).
A file from before the token (schema 5 or older, about to be upgraded) is checked by
what it holds: read through the WAL it must hold the file's newest answer and game as
the file alone does. A WAL from a copy of this very file, since diverged, shares its
token: its count is all that can tell them apart.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any, BinaryIO, Final, NamedTuple

from trainer.history.file import rawfile
from trainer.history.file.opening import (
    BUSY_SECONDS,
    FRESH_START,
    StoreBusy,
    StoreError,
    explain,
    wal_path,
)
from trainer.history.file.schema import SCHEMA_VERSION
from trainer.textguard import printable

APPLICATION_ID: Final = 0x4D554747
"""``PRAGMA application_id`` of a Muggins store ("MUGG"), set since schema version 2."""
TOKEN_VERSION: Final = 6
"""The first schema version with ``store_token``."""

_V2: Final = frozenset(
    {"attempts", "combos", "present", "schedule", "sessions", "quarters", "kind_totals"}
)
_V3: Final = _V2 | {"all_quarters", "medians", "all_median"}
LEGACY_TABLES: Final = {
    1: frozenset({"attempts", "misses"}),
    2: _V2,
    3: _V3,
    4: _V3,
    5: _V3 | {"games", "game_actions"},
}
"""The exact tables of each older schema the upgrade reads, by version: a file from before
the application id was set is known by them."""

_NAMES_SHOWN: Final = 6


class Identity(NamedTuple):
    """What a file says of itself (read alone, or through its WAL)."""

    version: int
    page_size: int
    token: bytes | None
    """The store's token (None before schema 6, or in a file not set up yet)."""
    writes: int
    token_page: int
    """The page holding the token's row (0 without one)."""


class _Refused(Exception):
    """What is wrong with a file, before it is worded for the file or for its WAL."""

    def __init__(self, what: str, detail: str, version: int = 0) -> None:
        super().__init__(detail)
        self.what, self.detail, self.version = what, detail, version


def read_only(path: Path, how: str) -> sqlite3.Connection:
    """A connection that cannot write: ``immutable=1`` (the file alone) or ``mode=ro``."""
    uri = f"{path.absolute().as_uri()}?{how}"
    return sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_SECONDS)


def alone(path: Path) -> Identity:
    """Read the file alone and check it is a Muggins store this code can use (or an
    SQLite file not set up yet); `StoreError` if not."""
    try:
        with contextlib.closing(read_only(path, "immutable=1")) as conn:
            return _identity(conn)
    except sqlite3.Error as err:
        raise explain(path, err, "opening") from None
    except _Refused as refused:
        if refused.what == "newer":
            raise newer(path, refused.version) from None
        if refused.what == "damaged":
            raise StoreError(
                f"{path} is damaged ({refused.detail}); it has been left untouched: {FRESH_START}"
            ) from None
        raise StoreError(
            f"{path} is an SQLite database but not a Muggins stats store (it {refused.detail}); "
            f"it has been left untouched: {FRESH_START}"
        ) from None


def _identity(conn: sqlite3.Connection) -> Identity:
    """Judge what ``conn`` sees (`_Refused` if it is no store of ours), then read what the
    WAL check compares."""

    def one(sql: str) -> Any:
        return conn.execute(sql).fetchone()[0]

    app, version, page_size = (
        one(f"PRAGMA {p}") for p in ("application_id", "user_version", "page_size")
    )
    tables = dict(
        conn.execute(
            "SELECT name, rootpage FROM sqlite_master "
            "WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ).fetchall()
    )
    names = frozenset(tables)
    if app == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            raise _Refused("newer", "", version)
        if "attempts" not in names or (version >= TOKEN_VERSION and "store_token" not in names):
            raise _Refused("damaged", f"stats schema version {version} without its tables")
    elif not (version == 0 and not names) and not (
        app == 0 and LEGACY_TABLES.get(version) == names
    ):
        raise _Refused("foreign", f"holds {_holds(names)}")
    token, writes = None, 0
    if "store_token" in names:
        row = conn.execute("SELECT token, writes FROM store_token WHERE one = 1").fetchone()
        if row is not None and isinstance(row[0], bytes) and isinstance(row[1], int):
            token, writes = row
    return Identity(version, page_size, token, writes, tables.get("store_token", 0))


_NEWEST: Final = (("attempts", "at, session_id, number, hand"), ("games", "uid"))
"""The rows a file from before the token must still hold read through its WAL, as they are
in the file: its newest answer (its time, session, number and cards) and game (its uid)."""


def _newest(conn: sqlite3.Connection) -> list[tuple[str, str, int, tuple[Any, ...]]]:
    """The file's newest answer and game as (table, columns, id, values), those it has."""
    found = []
    for table, columns in _NEWEST:
        try:
            row = conn.execute(f"SELECT id, {columns} FROM {table} ORDER BY id DESC LIMIT 1")
            newest = row.fetchone()
        except sqlite3.OperationalError:  # no such table (yet): nothing to look for
            continue
        if newest is not None:
            found.append((table, columns, newest[0], tuple(newest[1:])))
    return found


def _holds(names: frozenset[str]) -> str:
    if not names:
        return "no tables"
    shown = [printable(n)[:40] for n in sorted(names)[:_NAMES_SHOWN]]
    return ", ".join(shown) + (", …" if len(names) > _NAMES_SHOWN else "")


def newer(path: Path, version: int) -> StoreError:
    return StoreError(
        f"{path} was written by a newer Muggins (stats schema version {version}; this one knows "
        f"up to {SCHEMA_VERSION}); it has been left untouched: upgrade Muggins to use it, or "
        "choose another folder with --data-dir or MUGGINS_HOME"
    )


# ---------------------------------------------------------------- the WAL


def identify(path: Path) -> None:
    """Check the file at ``path``, and any WAL beside it, are this store's before anything
    may write to either or replay the WAL; `StoreError` (both left as they were) if not."""
    wal = wal_path(path)
    try:
        with path.open("rb") as f:
            first = f.read(100)
    except OSError as err:
        raise StoreError(f"{path} cannot be read ({err.strerror})") from None
    pages, version = rawfile.page_size(first), int.from_bytes(first[60:64], "big")
    try:
        with wal.open("rb") as log:
            header = log.read(rawfile.WAL_HEADER)
            if header:
                problem = rawfile.wal_problem(header, pages)
                if problem is not None:
                    raise _foreign(path, wal, problem)
            if not header or rawfile.commits(log).whole == 0:
                alone(path)  # no commit SQLite could replay: the file alone is the store
                return
            with contextlib.closing(read_only(path, "mode=ro")) as view:
                view.execute("BEGIN")
                why = _why_not(path, view, log, tokened=version >= TOKEN_VERSION)
    except FileNotFoundError:
        alone(path)
        return
    except OSError as err:
        raise StoreError(f"{wal} cannot be read ({err.strerror})") from None
    except sqlite3.Error as err:
        failure = explain(path, err, "reading through the write-ahead log")
        if isinstance(failure, StoreBusy):
            raise failure from None
        if err.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL):
            raise StoreError(
                f"{path} cannot be read through its write-ahead log {wal.name} ({err}: is the "
                "disk full?); both have been left untouched: make room and run again"
            ) from None
        why = f"reading through it fails ({err})"
    if why is not None:
        raise _foreign(path, wal, why)


def _why_not(path: Path, view: sqlite3.Connection, log: BinaryIO, *, tokened: bool) -> str | None:
    """Why the WAL is not this file's (None if it is), all read under the view's one read
    transaction. ``tokened``: the file alone is of a schema with the token (its header
    says; a store killed before its first checkpoint holds its token in its WAL only)."""
    try:
        seen = _identity(view)
    except _Refused as refused:
        if refused.what == "newer":
            raise newer(path, refused.version) from None
        alone(path)  # the file itself is not ours: that is what to say
        if refused.what == "damaged":
            return f"read through it, the file is damaged ({refused.detail})"
        return f"read through it, the file {refused.detail}"
    if not tokened:  # a file from before the token, or not set up yet
        with contextlib.closing(read_only(path, "immutable=1")) as conn:
            return _why_not_contents(conn, view)
    if seen.token is None:
        return "read through it, the history has no token"
    row = rawfile.token_row(path, seen.token_page, seen.page_size)
    if row is None:
        if rawfile.copied_from(path, log, seen.page_size):
            return None  # its first checkpoint stopped part way: nothing but the WAL's pages
        return "the file alone holds no token where the history keeps it"
    token, writes = row
    if token != seen.token:
        return "it is another history's"
    commits = rawfile.commits(log, seen.token_page)
    if not commits.each_wrote:
        return "its commits do not write this history's token"
    if not 0 <= seen.writes - writes <= commits.whole:
        return "it is an older copy of this history's"
    return None


def _why_not_contents(alone: sqlite3.Connection, view: sqlite3.Connection) -> str | None:
    """A file from before the token: read through the WAL it must hold the file's newest
    answer and game as they are in the file alone."""
    for table, columns, row_id, values in _newest(alone):
        try:
            found = view.execute(f"SELECT {columns} FROM {table} WHERE id = ?", (row_id,))
            row = found.fetchone()
        except sqlite3.OperationalError:
            row = None
        if row is None or tuple(row) != values:
            return f"read through it, the history's newest {table[:-1]} is not there"
    return None


def _foreign(path: Path, wal: Path, why: str) -> StoreError:
    return StoreError(
        f"{wal} is not the write-ahead log of {path} ({why}); both have been left untouched: "
        f"move {wal.name} aside and run again (without it, the history is {path} as it is)"
    )
