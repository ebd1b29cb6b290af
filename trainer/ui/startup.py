"""The work the trainer does after home is drawn, off the UI thread, and its GC tuning."""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence

from trainer.drills.loader import DrillEntry, deep_check
from trainer.drills.model import CRIB_SIZE
from trainer.rules import odds


def warm(entries: Sequence[DrillEntry], cancelled: Callable[[], bool]) -> list[DrillEntry]:
    """Check each drill against the exact deal tables (a drill no deal satisfies becomes an
    error entry) and build the odds the reveal quotes, commonest hand size first.

    ``cancelled`` is asked between the steps, each short, so quitting never waits long.
    """
    checked = deep_check(entries, stop=cancelled)
    sizes = {e.drill.hand_size for e in checked if e.drill is not None} | {CRIB_SIZE}
    for size in sorted(sizes, key=lambda n: (n != CRIB_SIZE, n)):
        for crib in (False, True):
            if cancelled():
                return checked
            odds.distribution(size, crib=crib)
    # The tables live as long as the app: keep full collections from rescanning them.
    gc.freeze()
    return checked


def tune_gc() -> None:
    """Collect young objects less often: Textual allocates many per frame, and a collection
    in the middle of drawing the reveal is a visible hitch."""
    gc.set_threshold(5000, 20, 20)
