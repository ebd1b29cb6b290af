"""A progress line for a long command (an import checking its games), on a terminal only
(a script reading a pipe gets its one line of result or error, as before): silent for
the first second, so a short one says nothing, then one line rewritten in place at most
once a second."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final, TextIO

QUIET_SECONDS: Final = 1.0
"""How long a command runs before it says how far it has got."""
EVERY_SECONDS: Final = 1.0
"""The least time between two progress lines."""


def now() -> float:
    """The clock a `Progress` reads unless it is given one."""
    return time.monotonic()


class Progress:
    """Says how far a command has got on ``err`` (``what``: "checking games") if it is a
    terminal, once it has run `QUIET_SECONDS`; ``clock`` is injected so that tests need not
    wait."""

    def __init__(self, err: TextIO, clock: Callable[[], float] | None = None) -> None:
        self._err = err
        self._clock = now if clock is None else clock
        self._start = self._clock()
        self._last: float | None = None
        self._shown = ""
        try:
            self._terminal = err.isatty()
        except (AttributeError, ValueError):
            self._terminal = False

    def step(self, what: str, done: int, total: int) -> None:
        """``done`` of ``total`` steps of ``what`` are done."""
        self._show(f"muggins: {what}: {done:,} of {total:,}", final=done >= total)

    def say(self, what: str) -> None:
        """The command goes on to ``what`` (writing the history, say)."""
        self._show(f"muggins: {what}…", final=True)

    def _show(self, line: str, *, final: bool) -> None:
        if not self._terminal:
            return
        now = self._clock()
        if now - self._start < QUIET_SECONDS:
            return
        if self._last is not None and now - self._last < EVERY_SECONDS and not final:
            return
        self._last = now
        self._err.write("\r" + line.ljust(len(self._shown)))
        self._shown = line
        self._err.flush()

    def done(self) -> None:
        """End the line rewritten in place, if there is one, so what follows starts clean."""
        if self._shown:
            self._err.write("\n")
            self._err.flush()
            self._shown = ""
