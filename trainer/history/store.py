"""StatsStore: every judged answer in one SQLite file, and what it takes to keep it safe.

The file is ``muggins.sqlite3`` in the data folder (`trainer.locations.data_dir`:
``--data-dir``, ``$MUGGINS_HOME`` or the system's user data folder), created on
first use. It runs in WAL mode with a busy timeout, so two trainers can record
into it at once; each answer is written in one transaction and committed at
once, so a killed process loses at most the hand it had not yet judged. The WAL
is copied back into the file in the background (`trainer.history.wal`), so no
commit waits for that.

What one answer writes (the attempt, its combinations, the summaries and the
review schedule, all in the answer's transaction) is `trainer.history.rows`; the
tables are `trainer.history.schema`.

The schema is versioned with ``PRAGMA user_version`` (now 5; older files are
upgraded in place, in one transaction, keeping every row). A file the store
cannot use (not a database, damaged, from a newer Muggins, read-only) is never
written, moved or deleted: opening it raises `StoreError` naming the file, what
is wrong and what to do.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import Final

from trainer.drills.model import DrillSet
from trainer.history import game_stats, reports, review, schedule, sessions
from trainer.history.migrations import upgrade
from trainer.history.progress import Progress, read_best, read_progress
from trainer.history.rows import attempt_rows, insert_rows
from trainer.history.schema import SCHEMA, SCHEMA_VERSION, run_script
from trainer.history.times import iso
from trainer.history.wal import PRAGMAS, Checkpointer
from trainer.locations import data_dir
from trainer.quiz.attempt import Attempt

DB_NAME: Final = "muggins.sqlite3"
BUSY_TIMEOUT_SECONDS: Final = 5.0
APPLICATION_ID: Final = 0x4D554747
"""``PRAGMA application_id`` of a Muggins store ("MUGG")."""

_MAGIC: Final = b"SQLite format 3\x00"
_FRESH_START: Final = (
    "move it aside (or choose another folder with --data-dir or MUGGINS_HOME) "
    "and run again to start a new history"
)


class StoreError(ValueError):
    """A stats file that cannot be used; the message names the file, the problem and the fix."""


def store_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the stats file lives (nothing is created)."""
    return data_dir(override) / DB_NAME


# ---------------------------------------------------------------- opening safely


def _writable(path: Path) -> bool:
    """Whether we may write ``path``: permitted, and not marked read-only (even for root)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return os.access(path, os.W_OK) and bool(mode & 0o222)


def _newer(path: Path, version: int) -> StoreError:
    return StoreError(
        f"{path} was written by a newer Muggins (stats schema version {version}; this one knows "
        f"up to {SCHEMA_VERSION}); it has been left untouched: upgrade Muggins to use it, or "
        "choose another folder with --data-dir or MUGGINS_HOME"
    )


def _inspect(path: Path) -> bool:
    """Check an existing file before SQLite touches it; True if it exists (and may be ours)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return False
    except OSError as err:
        raise StoreError(f"{path} cannot be read ({err.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(f"{path} is not a file; {_FRESH_START}")
    if info.st_size == 0:
        return True  # an empty file: nothing to lose, SQLite makes it a database
    try:
        with path.open("rb") as f:
            header = f.read(100)
    except OSError as err:
        raise StoreError(
            f"{path} cannot be read ({err.strerror}); check its permissions, or choose another "
            "folder with --data-dir or MUGGINS_HOME"
        ) from None
    if len(header) < 100 or not header.startswith(_MAGIC):
        raise StoreError(
            f"{path} is not a Muggins stats database (it is not an SQLite file); it has been "
            f"left untouched: {_FRESH_START}"
        )
    version = int.from_bytes(header[60:64], "big")
    if version > SCHEMA_VERSION:
        raise _newer(path, version)
    return True


def _connect(path: Path, *, create: bool) -> sqlite3.Connection:
    """Open the file after every check that can be made without writing to it."""
    exists = _inspect(path)
    folder = path.parent
    if not exists:
        if not create:
            raise StoreError(f"{path} does not exist (no answers recorded yet)")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                f"cannot create {path}: the folder {folder} cannot be made ({err.strerror}); "
                "choose another folder with --data-dir or MUGGINS_HOME"
            ) from None
    if not _writable(folder):
        what = "cannot create" if not exists else "cannot use"
        raise StoreError(
            f"{what} {path}: its folder {folder} is read-only (the store needs to write its "
            "journal beside it); make the folder writable, or choose another folder with "
            "--data-dir or MUGGINS_HOME"
        )
    if exists and not _writable(path):
        raise StoreError(
            f"{path} is read-only; it has been left untouched: make it writable "
            "(chmod u+w), or choose another folder with --data-dir or MUGGINS_HOME"
        )
    uri = path.absolute().as_uri() + ("?mode=rw" if exists else "?mode=rwc")
    try:
        return sqlite3.connect(
            uri,
            uri=True,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
        )
    except sqlite3.Error as err:
        raise _explain(path, err, "opening") from None


def _explain(path: Path, err: sqlite3.Error, action: str) -> StoreError:
    """A `StoreError` for an SQLite failure: which file, what is wrong, what to do."""
    text = str(err)
    low = text.lower()
    if "readonly" in low or "read-only" in low:
        return StoreError(
            f"{path} cannot be written ({text}); make it and its folder writable, or choose "
            "another folder with --data-dir or MUGGINS_HOME"
        )
    if "locked" in low or "busy" in low:
        return StoreError(
            f"{path} is busy: another program has kept it locked for over "
            f"{BUSY_TIMEOUT_SECONDS:g} s ({text}); close it and try again"
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreError(f"{path} is damaged ({text}); it has been left untouched: {_FRESH_START}")
    if "unable to open" in low:
        return StoreError(
            f"{path} cannot be opened ({text}); check the file and its folder, or choose "
            "another folder with --data-dir or MUGGINS_HOME"
        )
    return StoreError(f"{path}: {action} failed: {text}")


# ---------------------------------------------------------------- the store


class StatsStore:
    """The history of answers in one SQLite file. Use as a context manager, or call `close`.

    ``StatsStore(path)`` opens the file at ``path`` (creating it, and its folder,
    if ``create`` and it does not exist); `StatsStore.open` finds it in the data
    folder. ``StatsStore(":memory:")`` is an empty store in memory. One store
    object may be used from one thread at a time (calls are serialised by a lock).
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        memory = str(path) == ":memory:"
        self.checkpointer = None if memory else Checkpointer(self.path)
        """What keeps the WAL short, off the recording path (`trainer.history.wal`)."""
        if memory:
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        else:
            conn = _connect(self.path, create=create)
        self._conn = conn
        try:
            version = 0 if memory else self._check_identity(conn)
            self._setup(conn, version, memory=memory)
        except BaseException:
            self.close()
            raise

    @classmethod
    def open(
        cls, override: str | os.PathLike[str] | None = None, *, create: bool = True
    ) -> StatsStore:
        """The store in the data folder (``--data-dir``, ``$MUGGINS_HOME`` or the user folder)."""
        return cls(store_path(override), create=create)

    # ------------------------------------------------------------ lifetime

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            if self.checkpointer is not None:
                self.checkpointer.close()
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @contextlib.contextmanager
    def guard(self, action: str) -> Iterator[sqlite3.Connection]:
        """The connection, with any SQLite failure turned into a `StoreError` naming the file."""
        with self._lock:
            if self._conn is None:
                raise StoreError(f"{self.path}: the stats store is closed")
            try:
                yield self._conn
            except sqlite3.Error as err:
                raise _explain(self.path, err, action) from None

    @contextlib.contextmanager
    def transaction(self, action: str) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), rolled back on error."""
        with self.guard(action) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            if self.checkpointer is not None:
                self.checkpointer.written(conn.total_changes)

    # ------------------------------------------------------------ opening

    def _check_identity(self, conn: sqlite3.Connection) -> int:
        """The file's schema version, after checking it is a Muggins store this code can use."""
        path = self.path
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
        except sqlite3.Error as err:
            raise _explain(path, err, "opening") from None
        if version > SCHEMA_VERSION:
            raise _newer(path, version)
        if version == 0 and tables:
            raise StoreError(
                f"{path} is an SQLite database but not a Muggins stats store (it holds "
                f"{', '.join(sorted(tables))}); it has been left untouched: {_FRESH_START}"
            )
        if version > 0 and "attempts" not in tables:
            raise StoreError(
                f"{path} is damaged (stats schema version {version} but no attempts table); "
                f"it has been left untouched: {_FRESH_START}"
            )
        return version

    def _setup(self, conn: sqlite3.Connection, version: int, *, memory: bool) -> None:
        with self.guard("opening"):
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            if not memory:
                conn.execute("PRAGMA journal_mode = WAL")
                for pragma in PRAGMAS:
                    conn.execute(pragma)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
        if version == SCHEMA_VERSION:
            return
        with self.transaction("setting up the stats store") as conn:
            # Another trainer may have done it while this one waited for the lock.
            current = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if current > SCHEMA_VERSION:
                raise _newer(self.path, current)
            if current == 0:
                run_script(conn, SCHEMA)
            else:
                try:
                    upgrade(conn, current)
                except (ValueError, KeyError, TypeError) as err:
                    raise StoreError(
                        f"{self.path} cannot be upgraded from stats schema version {current} "
                        f"({err}); it has been left as it was"
                    ) from None
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # ------------------------------------------------------------ recording

    def record(self, attempt: Attempt) -> int:
        """Store one judged answer and its combinations, committed at once; returns its row id.

        The same attempt recorded twice is stored once. A show answered wrong enters
        the review schedule; a show already in it is rescheduled by this answer.
        """
        rows = attempt_rows(attempt)
        with self.transaction("recording an answer") as conn:
            return insert_rows(conn, rows)

    # ------------------------------------------------------------ queries

    def attempt_count(self) -> int:
        with self.guard("counting answers") as conn:
            return int(conn.execute("SELECT count(*) FROM attempts").fetchone()[0])

    def report(
        self, drill: str | None = None, *, utc_offset: timedelta = timedelta(0)
    ) -> reports.Report:
        """Every statistic, for one drill set (by id) or all of them; days at ``utc_offset``."""
        with self.guard("reading statistics") as conn:
            return reports.report(conn, drill, utc_offset=utc_offset)

    def game_report(self) -> game_stats.GameReport:
        """Your finished games (won, lost, skunks) and your counting in games beside drills."""
        with self.guard("reading your games") as conn:
            return game_stats.game_report(conn)

    def progress(self, now: datetime) -> Progress:
        """What home shows: accuracy and last practised per drill set, and the hands due."""
        with self.guard("reading your progress") as conn:
            return read_progress(conn, iso(now))

    def best(self, drill: DrillSet) -> int | None:
        """The best to beat on this drill: its best blitz score, or its longest exact streak."""
        with self.guard("reading your best") as conn:
            return read_best(conn, drill.id, blitz=drill.blitz)

    def review_items(
        self, *, kind: str | None = None, drill: str | None = None, limit: int | None = 50
    ) -> list[reports.ReviewItem]:
        """Missed and wrongly claimed combinations and wrong totals, newest first (``limit``
        None: all)."""
        with self.guard("reading the review list") as conn:
            return review.review_items(conn, kind=kind, drill=drill, limit=limit)

    def review_total(self, *, kind: str | None = None, drill: str | None = None) -> int:
        """How many rows the review list holds with these filters."""
        with self.guard("reading the review list") as conn:
            return review.review_total(conn, kind=kind, drill=drill)

    def review_counts(self) -> reports.ReviewCounts:
        """How many rows the review list holds, in all, by kind and by drill set."""
        with self.guard("reading the review list") as conn:
            return review.review_counts(conn)

    def attempt_combos(self, attempt_id: int) -> list[reports.StoredCombo]:
        """The missed and wrongly claimed combinations (or the wrong total) of one answer."""
        with self.guard("reading the review list") as conn:
            return review.attempt_combos(conn, attempt_id)

    def drills(self) -> dict[str, str]:
        """Drill ids with answers recorded, and the name each was last recorded under."""
        with self.guard("reading drill sets") as conn:
            return sessions.recorded_drills(conn)

    def due(self, now: datetime, *, limit: int | None = None) -> list[schedule.DueHand]:
        """Shows due for re-drilling at ``now``, the longest overdue first."""
        with self.guard("reading the review schedule") as conn:
            return schedule.due(conn, iso(now), limit=limit)

    def due_count(self, now: datetime) -> int:
        """How many shows are due for re-drilling at ``now``."""
        with self.guard("reading the review schedule") as conn:
            return schedule.due_count(conn, iso(now))

    def scheduled(self) -> list[schedule.DueHand]:
        """Every show in the review schedule, soonest due first."""
        with self.guard("reading the review schedule") as conn:
            return schedule.due(conn, None)
