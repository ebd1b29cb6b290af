"""Answers judged before the history is open, kept at once in a file beside it, so a crash
in the first seconds loses at most the hand on screen, however slow the start.

The trainer opens its history in the background once home is drawn; on a slow machine
a player can answer hands first. Those answers wait for it in the drill runner, and
`EarlyAnswers` also writes them, as they come, to a file beside the store
(``muggins.pending-….json``, the export's format: `trainer.history.writing.keep`), in a
thread of its own (the screen never waits for the disk). Each write is a new file holding
every early answer so far, written whole and synced before the one before it is deleted,
so one complete file is always there. When the history opens, the answers go to the
recorder and the file is deleted once they are written; a trainer killed first leaves the
file, which the next start brings back (as it brings back answers kept at quitting).
Plain Python; the history's modules are imported in the thread, not with the screen.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trainer.quiz.attempt import Attempt

Keep = Callable[[Path, Sequence["Attempt"]], Path]
"""Writes answers to a new file beside a store, returning its path."""


def keep_beside(store: Path, attempts: Sequence[Attempt]) -> Path:
    """The answers in a new file beside ``store`` (its folder made if need be)."""
    from trainer.history.writing import keep

    store.parent.mkdir(parents=True, exist_ok=True)
    return keep(store, attempts)


class EarlyAnswers:
    """Keeps the answers it is given in one file beside ``store``, rewritten by a thread of
    its own after each (``keep`` writes it)."""

    def __init__(self, store: Path, keep: Keep = keep_beside) -> None:
        self.store = store
        self.keep = keep
        self.answers: list[Attempt] = []
        self.path: Path | None = None
        """The file holding the first `kept` answers (None: none written yet)."""
        self.kept = 0
        self.failure: str | None = None
        """Why the last write failed (None: it did not)."""
        self._tried = 0
        self._state = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False

    def put(self, attempt: Attempt) -> None:
        """One more answer judged: kept with the others as soon as the thread can."""
        with self._state:
            self.answers.append(attempt)
            if self._thread is None and not self._stopping:
                self._thread = threading.Thread(target=self._run, name="muggins-early-answers")
                self._thread.daemon = True  # never keeps Python running; `stop` joins it
                self._thread.start()
            self._state.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every answer given is in the file (or its write failed); False if
        ``timeout`` ran out first."""
        with self._state:
            return self._state.wait_for(lambda: self._tried == len(self.answers), timeout)

    def stop(self) -> Path | None:
        """Stop the thread (after the write in progress): the file, holding the answers kept so
        far (None: none was written)."""
        with self._state:
            self._stopping = True
            self._state.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()
        return self.path

    def close(self) -> Path | None:
        """Stop, and keep every answer given (written here if the thread had not yet): the
        file holding them all, or None if it could not be written (`failure` says why)."""
        self.stop()
        if self.answers and self.kept < len(self.answers):
            self._write(list(self.answers))
        return self.path if self.kept == len(self.answers) else None

    def _run(self) -> None:
        while True:
            with self._state:
                self._state.wait_for(lambda: self._stopping or len(self.answers) > self._tried)
                if self._stopping:
                    return
                answers = list(self.answers)
            self._write(answers)

    def _write(self, answers: list[Attempt]) -> None:
        try:
            path = self.keep(self.store, answers)
        except (OSError, ValueError) as err:
            with self._state:
                self._tried, self.failure = len(answers), str(err)
                self._state.notify_all()
            return
        if self.path is not None:  # (only this thread, or `close` after it, writes the path)
            with contextlib.suppress(OSError):
                self.path.unlink()
        with self._state:
            self.path, self.kept = path, len(answers)
            self._tried, self.failure = len(answers), None
            self._state.notify_all()
