"""How an answer rates a show in the re-drill schedule, and the FSRS scheduler that spaces it.

- wrong (or timed out) → Again: due again in a minute, and it counts as a lapse;
- exact but slow (more than `SLOW_SECONDS`) → Hard;
- exact → Good;
- exact and fast (`FAST_SECONDS` or less) → Easy.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from fsrs import Rating, Scheduler

FAST_SECONDS: Final = 8.0
"""An exact answer this quick (or quicker) is rated Easy."""

SLOW_SECONDS: Final = 20.0
"""An exact answer slower than this is rated Hard."""


@cache
def scheduler() -> Scheduler:
    """The FSRS scheduler, with fuzzing off so due times are reproducible."""
    return Scheduler(enable_fuzzing=False)


def rating(exact: bool, seconds: float, timed_out: bool) -> Rating:
    """How an answer rates a scheduled show: wrong → Again, slow → Hard, fast → Easy."""
    if not exact or timed_out:
        return Rating.Again
    if seconds <= FAST_SECONDS:
        return Rating.Easy
    if seconds > SLOW_SECONDS:
        return Rating.Hard
    return Rating.Good
