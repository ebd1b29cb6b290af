"""Opening the stats file safely: what is checked before SQLite touches it, and the errors.

A file the store cannot use (not a database, damaged, another program's, from a
newer Muggins, read-only, with a write-ahead log that is not its own) is never
written, moved or deleted: it is refused with a `StoreError` naming the file, what
is wrong and what to do. Whether the file and its WAL are Muggins' own is
`trainer.history.file.identity`; this module checks what can be seen without SQLite,
opens the connection the store writes with, and words SQLite's failures.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from typing import Final

BUSY_SECONDS: Final = 2.0
"""How long one write waits for another program's lock before giving up with `StoreBusy`
(retrying with pauses that grow from `FIRST_PAUSE` to `LAST_PAUSE`)."""
WAIT_MS: Final = 100
"""SQLite's own wait for a lock within each try (``PRAGMA busy_timeout``): short, so the
store's lock is let go between tries and the trainer's other calls get their turn."""
FIRST_PAUSE: Final = 0.01
LAST_PAUSE: Final = 0.2

MAGIC: Final = b"SQLite format 3\x00"
FRESH_START: Final = (
    "move it aside (or choose another folder with --data-dir or MUGGINS_HOME) "
    "and run again to start a new history"
)
OTHER_FOLDER: Final = "choose another folder with --data-dir or MUGGINS_HOME"


class StoreError(ValueError):
    """A stats file that cannot be used; the message names the file, the problem and the fix."""


class StoreBusy(StoreError):
    """Another program held the stats file's lock for longer than `BUSY_SECONDS`: nothing was
    written, and trying again later may succeed."""


def wal_path(path: Path) -> Path:
    """The write-ahead log SQLite keeps beside the database ``path``."""
    return path.with_name(path.name + "-wal")


def writable(path: Path) -> bool:
    """Whether we may write ``path``: permitted, and not marked read-only (even for root)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return os.access(path, os.W_OK) and bool(mode & 0o222)


def inspect(path: Path) -> int | None:
    """Check a file before SQLite touches it: its size, or None if there is none yet.

    A WAL beside no database, or beside an empty file, is refused: SQLite would delete it
    (it deletes a WAL it finds beside an empty database), and it cannot be this store's.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
        _dangling(path)
    except OSError as err:
        raise StoreError(f"{path} cannot be read ({err.strerror})") from None
    if info is None or info.st_size == 0:
        wal = wal_path(path)
        if wal.is_file() and wal.stat().st_size > 0:
            what = "no" if info is None else "an empty"
            raise StoreError(
                f"{wal} is a write-ahead log beside {what} {path}, so it is not this history's; "
                f"both have been left untouched: move {wal.name} aside and run again"
            )
    if info is None:
        return None
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(f"{path} is not a file; {FRESH_START}")
    if info.st_size == 0:
        return 0  # an empty file: nothing to lose, SQLite makes it a database
    try:
        with path.open("rb") as f:
            header = f.read(100)
    except OSError as err:
        raise StoreError(
            f"{path} cannot be read ({err.strerror}); check its permissions, or {OTHER_FOLDER}"
        ) from None
    if len(header) < 100 or not header.startswith(MAGIC):
        raise StoreError(
            f"{path} is not a Muggins stats database (it is not an SQLite file); it has been "
            f"left untouched: {FRESH_START}"
        )
    return info.st_size


def _dangling(path: Path) -> None:
    """A link to a file that is not there is refused, as SQLite refuses to open it, when no
    file can be made where it points (its folder is missing): read as no history, it
    would show an empty one. A link whose folder is there is a store not made yet."""
    if path.is_symlink() and not Path(os.path.realpath(path)).parent.is_dir():
        raise StoreError(
            f"{path} cannot be opened (unable to open database file); check the file and its "
            f"folder, or {OTHER_FOLDER}"
        )


def connect(path: Path, *, exists: bool, create: bool) -> sqlite3.Connection:
    """The connection the store reads and writes with, opened once the file is known to be
    ours (or not there yet, and ``create``)."""
    folder = path.parent
    if not exists:
        if not create:
            raise StoreError(f"{path} does not exist (no answers recorded yet)")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                f"cannot create {path}: the folder {folder} cannot be made ({err.strerror}); "
                f"{OTHER_FOLDER}"
            ) from None
    if not writable(folder):
        what = "cannot create" if not exists else "cannot use"
        raise StoreError(
            f"{what} {path}: its folder {folder} is read-only (the store needs to write its "
            f"journal beside it); make the folder writable, or {OTHER_FOLDER}"
        )
    if exists and not writable(path):
        raise StoreError(
            f"{path} is read-only; it has been left untouched: make it writable "
            f"(chmod u+w), or {OTHER_FOLDER}"
        )
    uri = path.absolute().as_uri() + ("?mode=rw" if exists else "?mode=rwc")
    try:
        return sqlite3.connect(
            uri,
            uri=True,
            timeout=WAIT_MS / 1000,
            isolation_level=None,
            check_same_thread=False,
        )
    except sqlite3.Error as err:
        raise explain(path, err, "opening") from None


def is_busy(err: sqlite3.Error) -> bool:
    """Whether SQLite failed only because another connection holds a lock."""
    text = str(err).lower()
    return "locked" in text or "busy" in text


def explain(path: Path, err: sqlite3.Error, action: str) -> StoreError:
    """A `StoreError` for an SQLite failure: which file, what is wrong, what to do."""
    text = str(err)
    low = text.lower()
    if "readonly" in low or "read-only" in low:
        return StoreError(
            f"{path} cannot be written ({text}); make it and its folder writable, or {OTHER_FOLDER}"
        )
    if is_busy(err):
        return StoreBusy(
            f"the history {path} is busy: another program has kept it locked for over "
            f"{BUSY_SECONDS:g} s ({text}); {action} did not happen: nothing was written"
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreError(f"{path} is damaged ({text}); it has been left untouched: {FRESH_START}")
    if "unable to open" in low:
        return StoreError(
            f"{path} cannot be opened ({text}); check the file and its folder, or {OTHER_FOLDER}"
        )
    return StoreError(f"{path}: {action} failed: {text}")
