"""Recording the trainer's answers off its UI thread: in order, each tried until it is written.

The trainer hands every judged answer to a `Recorder` and goes on at once. A thread of
the recorder's own writes them to the history one at a time, in the order given.
When the history cannot take one (another program holds its lock past the store's
wait, `StoreBusy`; or a full disk, a file made read-only), the answer stays at the
head of the queue and is tried again after a pause that grows to `LONGEST_PAUSE`
(`trainer.history.writing.patience`), the answers after it waiting behind it. Nothing
handed over is dropped: the player is told once that answers are waiting and why, and
again once they are all written (`Notice`). `close` waits a few seconds for the queue
to empty; what is still waiting is kept in a file beside the store
(`trainer.history.writing.pending`), which the next start brings back before anything
else is written. Answers judged before the history was open, which the trainer kept in
such a file as they came (``early``), are not brought back as an earlier session's: they
are handed over, first in the queue, and their file is deleted once they are written.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

from trainer.history.exchange import ImportFormatError
from trainer.history.file.opening import StoreBusy
from trainer.history.store import StatsStore
from trainer.history.writing.deferred import DeferredStore
from trainer.history.writing.patience import FIRST_PAUSE, LONGEST_PAUSE
from trainer.history.writing.pending import keep, pending_files
from trainer.quiz.attempt import Attempt

QUIT_WAIT: Final = 5.0
"""How long quitting waits for answers still waiting to be written."""


class Writer(Protocol):
    """Where answers are written: the trainer's history."""

    def record(self, attempt: Attempt) -> object: ...


def answers(count: int) -> str:
    return f"{count} answer{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class Notice:
    """What the player is told of the answers waiting: ``trouble`` when answers start to
    wait (or a file of kept answers cannot be read back), not when they are written."""

    text: str
    trouble: bool


def waiting_notice(count: int, err: Exception, *, earlier: bool = False) -> Notice:
    """Answers started waiting: how many (or those kept from an earlier session), and why."""
    why = "the history is busy (another program holds it)" if isinstance(err, StoreBusy) else err
    if earlier:
        return Notice(
            f"Answers kept from an earlier session are waiting to be saved: {why}; they are "
            "kept until they can be written.",
            trouble=True,
        )
    one = count == 1
    return Notice(
        f"{answers(count)} {'is' if one else 'are'} waiting to be saved: {why}; "
        f"{'it is' if one else 'they are'} kept until {'it' if one else 'they'} can be written.",
        trouble=True,
    )


def saved_notice(count: int) -> Notice:
    """Every answer that waited is written now."""
    one = count == 1
    return Notice(
        f"{answers(count)} that waited {'is' if one else 'are'} saved in the history now.",
        trouble=False,
    )


def brought_back_notice(count: int) -> Notice:
    one = count == 1
    return Notice(
        f"{answers(count)} kept from an earlier session {'is' if one else 'are'} saved in the "
        "history now.",
        trouble=False,
    )


@dataclass(frozen=True)
class Unsaved:
    """The answers still waiting when the recorder closed, and where they were kept."""

    count: int
    reason: str
    kept: Path | None = None
    """The file beside the store now holding them (None: none could be written)."""
    failure: str | None = None
    """Why they could not be kept in a file, if they were not."""

    @property
    def text(self) -> str:
        head = f"{answers(self.count)} could not be saved in the history ({self.reason})"
        if self.kept is not None:
            return (
                f"{head}; {'it is' if self.count == 1 else 'they are'} kept in {self.kept}, and "
                f"the next start saves {'it' if self.count == 1 else 'them'} "
                f"(or run: muggins import {self.kept})."
            )
        them = "it" if self.count == 1 else "them"
        return f"{head}, and {them} could not be kept in a file: {self.failure}."


class Recorder:
    """Writes answers to a history in a thread of its own, in order, retrying each until
    it is written. ``notify`` is called (from that thread) with each `Notice`."""

    def __init__(
        self,
        notify: Callable[[Notice], object] | None = None,
        *,
        first_pause: float = FIRST_PAUSE,
        longest_pause: float = LONGEST_PAUSE,
    ) -> None:
        self.notify = notify
        self.first_pause, self.longest_pause = first_pause, longest_pause
        self._queue: deque[Attempt] = deque()
        self._state = threading.Condition()
        self._history: Writer | None = None
        self._store: Path | None = None
        self._bring_back: list[Path] = []
        self._early: Path | None = None
        self._early_source: Callable[[], Path | None] | None = None
        self._early_left = 0
        self._thread: threading.Thread | None = None
        self._stopping = self._hurry = False
        self._reason: str | None = None
        self._saved = 0
        self._telling = 0
        """Notices about answers written that are being told (outside the lock): `flush`
        waits for them too, so that what it returns to has been said."""

    # ------------------------------------------------------------ the trainer's side

    def attach(self, history: Writer, *, early: Callable[[], Path | None] | None = None) -> None:
        """Write to ``history`` from now on (answers given before wait for this); a store
        in a file first brings back answers kept beside it when it last could not.
        ``early`` gives the file beside it that this trainer kept the answers handed over so
        far in (judged before the history was open), once its last write is done (called
        from the recorder's thread: it may wait): that file is not brought back, and is
        deleted once they are written."""
        store = None
        if isinstance(history, DeferredStore | StatsStore) and str(history.path) != ":memory:":
            store = history.path
        with self._state:
            self._history, self._store = history, store
            if early is not None:
                self._early_source, self._early_left = early, len(self._queue)
            if isinstance(history, DeferredStore):
                self._bring_back = pending_files(history.path)  # again once ``early`` is known
            self._work()

    def put(self, attempt: Attempt) -> None:
        """Hand over one judged answer; it is written after those handed over before."""
        with self._state:
            self._queue.append(attempt)
            self._work()

    def _work(self) -> None:
        """With the state held: wake the thread (started with the first thing to write)."""
        busy = self._queue or self._bring_back
        if busy and self._history is not None and self._thread is None and not self._stopping:
            self._thread = threading.Thread(target=self._run, name="muggins-recorder")
            self._thread.daemon = True  # never keeps Python running; `close` joins it
            self._thread.start()
        self._state.notify_all()

    @property
    def waiting(self) -> int:
        """How many answers are not written yet (the one being written among them)."""
        with self._state:
            return len(self._queue)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every answer handed over is written, and what the writing had to say
        (the answers that waited saved now, those brought back) is told; False if
        ``timeout`` ran out."""
        with self._state:
            return self._state.wait_for(
                lambda: not self._queue and not self._bring_back and not self._telling, timeout
            )

    def close(self, timeout: float = QUIT_WAIT) -> Unsaved | None:
        """Wait up to ``timeout`` for the queue to empty (the next try made at once), stop
        the thread, and keep whatever still waits in a file beside the store: what was not
        saved, or None if everything was."""
        with self._state:
            self._hurry = True
            self._state.notify_all()
        if self._history is not None:
            self.flush(timeout)
        with self._state:
            self._stopping = True
            self._state.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()  # at most the write in progress: the store's own bounded wait
        self._find_early()  # (if the thread never did)
        with self._state:
            left = list(self._queue)
            self._queue.clear()
            reason = self._reason or "the history was not open"
            early, self._early = self._early, None
        if not left:
            return None
        if self._store is None:
            return Unsaved(
                len(left), reason, failure="there is no history file to keep them beside"
            )
        try:
            kept = keep(self._store, left)
        except (OSError, ValueError) as err:  # the early ones (if any) stay in their file
            return Unsaved(len(left), reason, failure=str(err))
        _delete(early)  # its answers not written are in the new file
        return Unsaved(len(left), reason, kept=kept)

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        self._find_early()
        pause = self.first_pause
        while True:
            with self._state:
                self._state.wait_for(lambda: self._stopping or self._bring_back or self._queue)
                if self._stopping:
                    return
                history, files = self._history, list(self._bring_back)
                attempt = self._queue[0] if not files else None
            assert history is not None
            try:
                if attempt is None:
                    self._brought_back(history, files)
                else:
                    history.record(attempt)
            except (OSError, ValueError) as err:
                self._failed(err, earlier=attempt is None)
                with self._state:
                    self._state.wait_for(lambda: self._stopping or self._hurry, pause)
                    if self._hurry:  # closing woke it: try again now, then pause from the start
                        self._hurry, pause = False, self.first_pause
                    else:
                        pause = min(pause * 2, self.longest_pause)
                continue
            pause = self.first_pause
            if attempt is not None:
                self._written()

    def _find_early(self) -> None:
        """Learn the file this trainer kept its early answers in (waiting for its last write:
        this thread's wait, not the screen's), and look for files to bring back again
        without it (those it replaced meanwhile are gone)."""
        with self._state:
            source, self._early_source = self._early_source, None
        if source is None:
            return
        early = source()
        with self._state:
            self._early = early
            if isinstance(self._history, DeferredStore):
                self._bring_back = [f for f in pending_files(self._history.path) if f != early]
            self._state.notify_all()

    def _brought_back(self, history: Writer, files: Sequence[Path]) -> None:
        assert isinstance(history, DeferredStore)
        try:
            added = history.bring_back(files)
        except ImportFormatError as err:  # a damaged file: left where it is, told once
            notice: Notice | None = Notice(f"Answers kept from an earlier session: {err}", True)
        else:
            notice = brought_back_notice(added) if added else None
        with self._state:
            self._bring_back = []
            if self._reason is not None and not self._queue:
                self._reason = None
            if notice is not None:
                self._telling += 1
            self._state.notify_all()
        if notice is not None:
            self._told(notice)

    def _failed(self, err: Exception, *, earlier: bool) -> None:
        with self._state:
            first = self._reason is None
            self._reason = str(err)
            waiting = len(self._queue)
        if first:
            self._tell(waiting_notice(waiting, err, earlier=earlier))

    def _written(self) -> None:
        with self._state:
            self._queue.popleft()
            early = None
            if self._early_left:
                self._early_left -= 1
                if not self._early_left:
                    early, self._early = self._early, None
            done = None
            if self._reason is not None:
                self._saved += 1
                if not self._queue:
                    done = saved_notice(self._saved)
                    self._reason, self._saved = None, 0
                    self._telling += 1
            self._state.notify_all()
        _delete(early)
        if done is not None:
            self._told(done)

    def _told(self, notice: Notice) -> None:
        """Tell a notice counted in `_telling`, then let `flush` know it is said."""
        try:
            self._tell(notice)
        finally:
            with self._state:
                self._telling -= 1
                self._state.notify_all()

    def _tell(self, notice: Notice) -> None:
        if self.notify is not None:
            self.notify(notice)


def _delete(path: Path | None) -> None:
    """Delete a file of answers all written (or kept again elsewhere)."""
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink()
