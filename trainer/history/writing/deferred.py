"""The trainer's history: a stats file made with the first answer recorded, not at start.

Starting the trainer and quitting writes nothing; a game saved from its first step
makes the file as an answer does (`DeferredStore.writer`). A file already there is opened at
once, so one that cannot be used is reported when the trainer starts; with no file
yet, every read sees an empty history (as ``muggins stats`` does) until the first
`DeferredStore.record` creates it, or another trainer does.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from trainer.drills.model import DrillSet
from trainer.history.file.game_rows import SavedGame
from trainer.history.file.opening import inspect
from trainer.history.reading import discards, game_stats, reports, schedule
from trainer.history.reading.progress import Progress
from trainer.history.reading.spoken import SpokenSpeed
from trainer.history.store import StatsStore, StoreError, store_path
from trainer.history.writing import pending
from trainer.history.writing.games import latest_playing
from trainer.quiz.attempt import Attempt


def _check_creatable(path: Path) -> None:
    """Refuse at once a store that could never be made: its folder (or the nearest folder
    above it that exists) is not a folder, or cannot be written (even by root)."""
    folder = path.parent
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir():
        raise StoreError(
            f"cannot create {path}: {folder} is not a folder; choose another folder with "
            "--data-dir or MUGGINS_HOME"
        )
    if not (os.access(folder, os.W_OK | os.X_OK) and folder.stat().st_mode & 0o222):
        raise StoreError(
            f"cannot create {path}: the folder {folder} is read-only; make it writable, or "
            "choose another folder with --data-dir or MUGGINS_HOME"
        )


class DeferredStore:
    """The player's stats store, opened now if its file exists, else made with the first
    answer; reads before that see an empty history. A context manager, or call `close`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._store: StatsStore | None = None
        self._empty: StatsStore | None = None
        if os.path.lexists(path):
            self._store = StatsStore(path, create=False)
        else:
            _check_creatable(path)
            inspect(path)  # a WAL beside no file is refused now, not when the first answer comes

    @classmethod
    def open(cls, override: str | os.PathLike[str] | None = None) -> DeferredStore:
        """The store in the data folder (``--data-dir``, ``$MUGGINS_HOME`` or the user folder)."""
        return cls(store_path(override))

    @property
    def created(self) -> bool:
        """Whether the file is open (it existed, or an answer has been recorded)."""
        return self._store is not None

    def _reader(self) -> StatsStore:
        """The file's store once there is one (made since by another trainer, too), else an
        empty history in memory."""
        with self._lock:
            if self._store is None and os.path.lexists(self.path):
                self._store = StatsStore(self.path, create=False)
            if self._store is not None:
                return self._store
            if self._empty is None:
                self._empty = StatsStore(":memory:")
            return self._empty

    def writer(self) -> StatsStore:
        """The file's store, made (with its folder) if it is not there yet: what records an
        answer, or saves a game from its first step."""
        with self._lock:
            if self._store is None:
                self._store = StatsStore(self.path)
            return self._store

    def record(self, attempt: Attempt) -> int:
        """Record one judged answer, creating the file (and its folder) the first time."""
        return self.writer().record(attempt)

    def bring_back(self, files: Sequence[Path]) -> int:
        """Record the answers kept in files beside the store when it could not take them
        (`trainer.history.writing.pending`), then delete the files; returns how many were added."""
        return pending.bring_back(self.writer(), files)

    def playing_game(self) -> SavedGame | None:
        """The latest game still playing (None with no file yet: nothing to resume)."""
        return latest_playing(self._reader())

    def close(self) -> None:
        """Close the file's store and the empty one (idempotent)."""
        with self._lock:
            for store in (self._store, self._empty):
                if store is not None:
                    store.close()

    def __enter__(self) -> DeferredStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ reads

    def progress(self, now: datetime) -> Progress:
        return self._reader().progress(now)

    def best(self, drill: DrillSet) -> int | None:
        return self._reader().best(drill)

    def report(self, drill: str | None = None) -> reports.Report:
        return self._reader().report(drill)

    def game_report(self) -> game_stats.GameReport:
        return self._reader().game_report()

    def spoken_speed(self, drill: str | None = None) -> SpokenSpeed:
        return self._reader().spoken_speed(drill)

    def discard_report(self, drill: str | None = None) -> discards.DiscardReport:
        return self._reader().discard_report(drill)

    def review_items(
        self, *, kind: str | None = None, drill: str | None = None, limit: int | None = 50
    ) -> list[reports.ReviewItem]:
        return self._reader().review_items(kind=kind, drill=drill, limit=limit)

    def review_total(self, *, kind: str | None = None, drill: str | None = None) -> int:
        return self._reader().review_total(kind=kind, drill=drill)

    def review_counts(self) -> reports.ReviewCounts:
        return self._reader().review_counts()

    def attempt_combos(self, attempt_id: int) -> list[reports.StoredCombo]:
        return self._reader().attempt_combos(attempt_id)

    def drills(self) -> dict[str, str]:
        return self._reader().drills()

    def due(self, now: datetime, *, limit: int | None = None) -> list[schedule.DueHand]:
        return self._reader().due(now, limit=limit)

    def due_count(self, now: datetime) -> int:
        return self._reader().due_count(now)
