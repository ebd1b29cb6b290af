"""The work the trainer does after home is drawn, off the UI thread, and its GC tuning."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import Final

from textual.message import Message

from trainer.drills.loader import DrillEntry, deep_check
from trainer.drills.model import CRIB_SIZE
from trainer.ui import messages as m
from trainer.ui.flow.history import History
from trainer.ui.flow.options import Options
from trainer.ui.steps import preload

WARM_AFTER_SECONDS: Final = 0.2
"""How long after the history is open the deal tables start to be built."""


def open_and_warm(
    post: Callable[[Message], object],
    open_history: Callable[[], History] | None,
    entries: Sequence[DrillEntry],
    options: Options,
    cancelled: Callable[[], bool],
) -> None:
    """What the trainer does in the background once home is drawn: open the history and read
    your figures, then check the drills and build the tables. Each result is posted."""
    if open_history is not None:
        try:
            history = open_history()
            post(m.HistoryOpened(history, history.progress(options.now())))
        except ValueError as err:  # the store's own message names the file
            post(m.HistoryFailed(str(err)))
            return
    if options.warm_tables:
        # Let home redraw with your figures before this CPU-bound work competes with it
        # for the interpreter; nobody starts a drill in the first moments.
        time.sleep(WARM_AFTER_SECONDS)
        preload()
        checked = warm(entries, cancelled)
        if checked != list(entries) and not cancelled():
            post(m.DrillsChecked(checked))


def warm(entries: Sequence[DrillEntry], cancelled: Callable[[], bool]) -> list[DrillEntry]:
    """Check each drill against the exact deal tables (a drill no deal satisfies becomes an
    error entry) and build the odds the reveal quotes, commonest hand size first.

    ``cancelled`` is asked between the steps, each short, so quitting never waits long.
    """
    from trainer.rules import odds

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
