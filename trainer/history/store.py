"""StatsStore: every judged answer in one SQLite file, and what it takes to keep it safe.

The file is ``muggins.sqlite3`` in the data folder (`trainer.locations.data_dir`:
``--data-dir``, ``$MUGGINS_HOME`` or the system's user data folder), created on
first use. It runs in WAL mode, so two trainers can record into it at once: a
write waits up to `BUSY_SECONDS` for another's lock, trying again with growing
pauses, then raises `StoreBusy` (the trainer's answers wait in a queue that keeps
trying, `trainer.history.writing.recorder`). Each answer is written in one transaction and
committed at once, so a killed process loses at most the hand it had not yet
judged. The WAL is copied back into the file in the background
(`trainer.history.file.wal`), so no commit waits for that.

What one answer writes (the attempt, its combinations, the summaries and the
review schedule, all in the answer's transaction) is `trainer.history.file.rows`; the
tables are `trainer.history.file.schema`.

The schema is versioned with ``PRAGMA user_version`` (now 7; older files are
upgraded in place, in one transaction, keeping every row). A file the store
cannot use (not a database, damaged, another program's, from a newer Muggins,
read-only, with a write-ahead log that is not its own) is never written, moved or
deleted: opening it raises `StoreError` naming the file, what is wrong and what to
do. Whether a file and its WAL are ours is found out before anything writes to it
or replays the WAL (`trainer.history.file.identity`).
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Final, TypeVar

from trainer.drills.model import DrillSet
from trainer.history.file.identity import APPLICATION_ID, identify, newer
from trainer.history.file.migrations import upgrade
from trainer.history.file.opening import (
    BUSY_SECONDS,
    FIRST_PAUSE,
    LAST_PAUSE,
    WAIT_MS,
    StoreBusy,
    StoreError,
    connect,
    explain,
    inspect,
    is_busy,
)
from trainer.history.file.rows import attempt_rows, insert_rows
from trainer.history.file.schema import SCHEMA, SCHEMA_VERSION, TOUCH, run_script
from trainer.history.file.wal import PRAGMAS, Checkpointer
from trainer.history.reading import discards, game_stats, reports, review, schedule, sessions
from trainer.history.reading.progress import Progress, read_best, read_progress
from trainer.history.reading.spoken import SpokenSpeed, spoken_speed
from trainer.history.times import iso
from trainer.locations import STATS_NAME, stats_path
from trainer.quiz.attempt import Attempt

__all__ = [
    "APPLICATION_ID",
    "BUSY_SECONDS",
    "DB_NAME",
    "StatsStore",
    "StoreBusy",
    "StoreError",
    "store_path",
]

DB_NAME: Final = STATS_NAME
IDENTIFY_TRIES: Final = 3
"""How many times the file and its WAL are read before they are refused: a checkpoint by
another trainer at that moment can make one reading of the file alone inconsistent."""

T = TypeVar("T")


def store_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the stats file lives (nothing is created)."""
    return stats_path(override)


def _identified(path: Path) -> None:
    """Check the file, and any WAL beside it, are this store's before anything writes."""
    for tries in range(1, IDENTIFY_TRIES + 1):
        try:
            identify(path)
            return
        except StoreBusy:
            raise
        except StoreError:
            if tries == IDENTIFY_TRIES:
                raise
        time.sleep(0.05 * tries)


def _pauses() -> Iterator[float]:
    """The pauses between tries while another connection holds a lock: growing from
    `FIRST_PAUSE` to `LAST_PAUSE`, a little random (so waiting writers spread out), until
    `BUSY_SECONDS` have passed."""
    deadline = time.monotonic() + BUSY_SECONDS
    pause = FIRST_PAUSE
    while (left := deadline - time.monotonic()) > 0:
        yield min(left, pause * random.uniform(0.5, 1.5))
        pause = min(pause * 2, LAST_PAUSE)


def _patiently(action: str, path: Path, call: Callable[[], T]) -> T:
    """``call()``, tried again while another connection holds a lock (`_pauses`), then
    `StoreBusy`."""
    pauses = _pauses()
    while True:
        try:
            return call()
        except sqlite3.OperationalError as err:
            pause = next(pauses, None) if is_busy(err) else None
            if pause is None:
                raise explain(path, err, action) from None
        time.sleep(pause)


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
        self._token = False
        """Whether the file has its token (`trainer.history.file.identity`), which every write
        transaction then touches."""
        memory = str(path) == ":memory:"
        self.checkpointer = None if memory else Checkpointer(self.path)
        """What keeps the WAL short, off the recording path (`trainer.history.file.wal`)."""
        if memory:
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        else:
            size = inspect(self.path)
            if size:  # nothing may write to it, nor replay a WAL beside it, until it is ours
                _identified(self.path)
            conn = connect(self.path, exists=size is not None, create=create)
        self._conn = conn
        try:
            self._setup(conn, memory=memory)
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
                raise explain(self.path, err, action) from None

    @contextlib.contextmanager
    def transaction(self, action: str, *, patient: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), rolled back on error
        (a commit that fails too: nothing is left half done on the connection).

        While another connection holds the write lock, beginning is tried again with
        growing pauses for up to `BUSY_SECONDS` (the store's lock let go in between, so
        the trainer's other calls are not held up), then `StoreBusy` is raised and nothing
        is written; not ``patient``, it is tried once (SQLite's own `WAIT_MS`), for a caller
        that tries again elsewhere (off the screen's thread). Every transaction moves the
        store's token count, so that each commit in the WAL is known to be this file's.
        """
        pauses = _pauses() if patient else iter(())
        while True:
            with self.guard(action) as conn:
                try:
                    conn.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as err:
                    pause = next(pauses, None) if is_busy(err) else None
                    if pause is None:
                        raise
                else:
                    try:
                        yield conn
                        if self._token:
                            conn.execute(TOUCH)
                        conn.execute("COMMIT")
                    except BaseException:
                        if conn.in_transaction:
                            conn.execute("ROLLBACK")
                        raise
                    if self.checkpointer is not None:
                        self.checkpointer.written(conn.total_changes)
                    return
            time.sleep(pause)

    # ------------------------------------------------------------ opening

    def _setup(self, conn: sqlite3.Connection, *, memory: bool) -> None:
        """Set the connection up, and the file if it is new or older (in one transaction)."""

        def prepare() -> int:
            conn.execute(f"PRAGMA busy_timeout = {WAIT_MS}")
            if not memory:
                conn.execute("PRAGMA journal_mode = WAL")
                for pragma in PRAGMAS:
                    conn.execute(pragma)
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

        with self._lock:
            version = _patiently("opening", self.path, prepare)
        if version > SCHEMA_VERSION:
            raise newer(self.path, version)
        if version < SCHEMA_VERSION:
            with self.transaction("setting up the stats store") as conn:
                self._set_up(conn)
        self._token = True

    def _set_up(self, conn: sqlite3.Connection) -> None:
        """Make the schema, or upgrade an older one, inside the transaction."""
        # Another trainer may have done it while this one waited for the lock.
        current = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if current > SCHEMA_VERSION:
            raise newer(self.path, current)
        if current == SCHEMA_VERSION:
            return
        if current == 0:
            run_script(conn, SCHEMA)
        else:
            try:
                upgrade(conn, current)
            except (ValueError, KeyError, TypeError, sqlite3.Error) as err:
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

    def report(self, drill: str | None = None) -> reports.Report:
        """Every statistic, for one drill set (by id) or all of them (days by each answer's
        own local date)."""
        with self.guard("reading statistics") as conn:
            return reports.report(conn, drill)

    def spoken_speed(self, drill: str | None = None) -> SpokenSpeed:
        """The counts said aloud (of one drill set, by id): how many, how right, how fast."""
        with self.guard("reading the counts said aloud") as conn:
            return spoken_speed(conn, drill)

    def game_report(self) -> game_stats.GameReport:
        """Your finished games (won, lost, skunks) and your counting in games beside drills."""
        with self.guard("reading your games") as conn:
            return game_stats.game_report(conn)

    def discard_report(self, drill: str | None = None) -> discards.DiscardReport:
        """Your throws in discard drills (one drill set's, or all), by whose crib it was."""
        with self.guard("reading your throws") as conn:
            return discards.discard_report(conn, drill)

    def progress(self, now: datetime) -> Progress:
        """What home shows: accuracy and last practised per drill set, and the hands due."""
        with self.guard("reading your progress") as conn:
            return read_progress(conn, iso(now))

    def best(self, drill: DrillSet) -> int | None:
        """The best to beat on this drill: its best blitz score, or its longest exact streak."""
        with self.guard("reading your best") as conn:
            return read_best(conn, drill.id, blitz=drill.blitz)

    def review_items(
        self,
        *,
        kind: str | None = None,
        drill: str | None = None,
        limit: int | None = 50,
        damaged: list[str] | None = None,
    ) -> list[reports.ReviewItem]:
        """Missed and wrongly claimed combinations and wrong totals, newest first (``limit``
        None: all); a damaged row left out, and named in ``damaged`` if given."""
        with self.guard("reading the review list") as conn:
            return review.review_items(conn, kind=kind, drill=drill, limit=limit, damaged=damaged)

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
