"""Writing through a busy history: a write the store gave up on (`StoreBusy`: another program
held its lock past `BUSY_SECONDS`) is tried again, after pauses that grow, until it is done.

The recorder's answers wait this way in their queue, and a game's steps in `patiently`: a
busy store delays them, never refuses them. Only `StoreBusy` is tried again (nothing was
written); any other failure is the caller's. A write tried again must be one that may be
(`trainer.history.writing.games.save_step` with ``again``: a step already saved is not
saved twice).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final, Protocol, TypeVar

from trainer.history.file.opening import StoreBusy

FIRST_PAUSE: Final = 0.1
LONGEST_PAUSE: Final = 2.0
"""The pause before a write the store gave up on is tried again grows from `FIRST_PAUSE`
to this (each try itself waits up to the store's `BUSY_SECONDS` for the lock)."""

T = TypeVar("T")


class Stop(Protocol):
    """What says to give up waiting (a `threading.Event`; a Textual thread worker's
    ``cancelled_event``)."""

    def is_set(self) -> bool: ...

    def wait(self, timeout: float | None = None) -> bool: ...


def patiently(
    write: Callable[[bool], T],
    *,
    stop: Stop | None = None,
    waiting: Callable[[StoreBusy], object] | None = None,
    first_pause: float = FIRST_PAUSE,
    longest_pause: float = LONGEST_PAUSE,
) -> T:
    """``write(again)`` until it returns, tried again while the store is busy (``again``:
    an earlier try was made). ``waiting`` is told once, when the store is first found busy;
    once ``stop`` is set, the `StoreBusy` of the try in progress is raised (nothing was
    written by it)."""
    pause, again = first_pause, False
    while True:
        try:
            return write(again)
        except StoreBusy as busy:
            if not again and waiting is not None:
                waiting(busy)
            again = True
            if stop is None:
                time.sleep(pause)
            elif stop.is_set() or stop.wait(pause):
                raise
        pause = min(pause * 2, longest_pause)
