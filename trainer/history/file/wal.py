"""Keeping the write-ahead log short without making a recorded answer wait for it.

By default SQLite copies the WAL back into the database (a checkpoint) inside
whichever commit takes it past 1,000 pages: on a heavy history that commit takes
15-20 ms (the pages land all over the file, and the copy is synced) where a
commit alone takes about one. So the store turns automatic checkpoints off on its
connection and counts the rows its commits change: past `CHECKPOINT_CHANGES`
(about 1,000 pages of WAL) it wakes a `Checkpointer`, a thread with a connection
of its own that runs a PASSIVE checkpoint, which never waits for, or blocks, a
writer or a reader. The next commit then writes the WAL from its start again.
The WAL file keeps its size (cutting it back costs the commit that starts it
again several milliseconds), except after a large import (``journal_size_limit``).
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Final

CHECKPOINT_CHANGES: Final = 500
"""Checkpoint once commits have changed this many rows (a recorded answer changes about 9,
writing about 16 pages of WAL)."""

PRAGMAS: Final = ("PRAGMA wal_autocheckpoint = 0", f"PRAGMA journal_size_limit = {16 * 2**20}")
"""What the store's own connection runs: no checkpoint in its commits, and a WAL file cut
back to 16 MiB when it starts again (only ever larger after an import)."""


class Checkpointer:
    """Checkpoints one database's WAL in a thread of its own, when told it has grown."""

    def __init__(
        self, path: Path, *, limit: int = CHECKPOINT_CHANGES, timeout: float = 5.0
    ) -> None:
        self.path = path
        self.limit = limit
        self.timeout = timeout
        self._counted = 0
        self.done = 0
        """Checkpoints run so far (for tests and benchmarks)."""
        self._state = threading.Condition()
        self._asked = self._busy = self._stopping = False
        self._thread: threading.Thread | None = None

    def written(self, changes: int) -> None:
        """After a commit, with the connection's ``total_changes``: start a checkpoint in the
        background once the commits since the last have changed ``limit`` rows."""
        if changes - self._counted < self.limit:
            return
        self._counted = changes
        with self._state:
            if self._stopping:
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="muggins-checkpoint")
                self._thread.daemon = True  # a store never closed must not keep Python running
                self._thread.start()
            self._asked = True
            self._state.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no checkpoint is asked for or running; False if ``timeout`` ran out."""
        with self._state:
            return self._state.wait_for(lambda: not (self._asked or self._busy), timeout)

    def close(self) -> None:
        """Stop the thread (after the checkpoint it is running, if any); it closes its
        connection."""
        with self._state:
            self._stopping = True
            self._state.notify_all()
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        try:
            conn = sqlite3.connect(
                self.path.absolute().as_uri() + "?mode=rw",
                uri=True,
                timeout=self.timeout,
                isolation_level=None,
            )
        except sqlite3.Error:
            self._finish()  # nothing to checkpoint with: closing the store still copies it all
            return
        try:
            while self._take():
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    self.done += 1
                except sqlite3.Error:
                    pass  # housekeeping: the next writes ask again, and closing copies it all
                with self._state:
                    self._busy = False
                    self._state.notify_all()
        finally:
            conn.close()
            self._finish()

    def _take(self) -> bool:
        """Wait for a checkpoint to be asked for and take it on; False when stopping."""
        with self._state:
            self._state.wait_for(lambda: self._asked or self._stopping)
            if self._stopping:
                return False
            self._asked, self._busy = False, True
            return True

    def _finish(self) -> None:
        with self._state:
            self._stopping = True
            self._asked = self._busy = False
            self._state.notify_all()
