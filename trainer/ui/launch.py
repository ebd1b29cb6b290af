"""Starting the trainer from the command line: drills, seed, settings, history, then the app."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from typing import TYPE_CHECKING

from trainer.drills.loader import deep_check, drill_dirs, find_drill, load_all
from trainer.drills.model import SEED_LIMIT, DrillError, seed_problem
from trainer.locations import VOICE_NAME, config_dir, stats_path
from trainer.saved_peek import peek_saved_game
from trainer.settings import load_settings, settings_path
from trainer.textguard import printable
from trainer.ui.app import MugginsApp, make_app
from trainer.ui.flow.game_start import peeked_line
from trainer.ui.flow.options import Options, local_now
from trainer.ui.startup import tune_gc

if TYPE_CHECKING:
    from trainer.history.writing import DeferredStore


def launch(args: argparse.Namespace) -> int:
    """Build the app from the command-line options and run it; returns the exit status:
    0, 2 when the history could not be used, and the app's own (1) when it crashed, so a
    script or a shell sees that it did."""
    app, opened = build(args)
    try:
        app.run()
    finally:
        wind_up(app, opened)
    crashed = app.return_code or 0
    if crashed:
        return crashed
    return 2 if app.store_error is not None else 0


def wind_up(app: MugginsApp, opened: list[DeferredStore]) -> None:
    """After the app: the answers still waiting get a few seconds; those the history still
    cannot take are kept in a file beside it (the next start brings them back), and the
    player is told; then the history is closed. A history opened as the app stopped (the
    app waits for its background work to end before it returns) still takes the answers
    judged before it was open."""
    if app.runner.unwritten:
        _say("Saving the answers still waiting…")
    unsaved = app.runner.close(history=opened[0] if opened else None)
    if unsaved is not None:
        _say(printable(unsaved.text))
    for store in opened:
        store.close()


def _say(line: str) -> None:
    """Tell the player, on standard error, if it is still there (a browser tab's server may
    be gone): the answers are saved either way."""
    with contextlib.suppress(OSError):
        print(line, file=sys.stderr, flush=True)


def build(args: argparse.Namespace) -> tuple[MugginsApp, list[DeferredStore]]:
    """The app as the command line asks for it, and the list that will hold the stats store
    once the app has opened it (in the background, after home is drawn), to be closed.

    The stats file is opened then if it exists, and otherwise made with the first answer;
    only the row of a game still playing is read now, for home to offer it at once.
    """
    seed = args.seed if args.seed is not None else time.time_ns() % SEED_LIMIT
    problem = seed_problem(seed)
    if problem is not None:  # the range `deal --seed` and a drill's seed take
        raise DrillError(f"--seed {problem}")
    tune_gc()
    # The tables that prove each drill can be dealt are built after the first screen
    # is drawn (the app checks them in the background); a drill to start now is checked now.
    folders = drill_dirs(args.data_dir, args.drills or [])
    entries = load_all(folders, deep=False)
    start = None
    if args.drill:
        found = find_drill(entries, args.drill)
        # Checked as the background check does: any failure is the drill's error, one line.
        start = find_drill(deep_check([e for e in entries if e.drill is found]), args.drill)
    path = settings_path(config_dir(args.data_dir))
    settings, warning = load_settings(path)
    opened: list[DeferredStore] = []
    # The saved game is one small row: read now, home's first frame offers it (c resumes).
    history_path = stats_path(args.data_dir)
    peeked = peek_saved_game(history_path)
    saved = None
    if peeked is not None:
        saved = peeked_line(peeked.variant, peeked.steps, peeked.updated, local_now())

    def open_history() -> DeferredStore:
        from trainer.history.writing import DeferredStore  # in the background, after home

        store = DeferredStore.open(args.data_dir)
        opened.append(store)
        return store

    options = Options(
        settings=settings,
        settings_path=path,
        settings_warning=warning,
        start_drill=start,
        plain_cards=args.plain_cards,
        saved_game=saved,
        history_path=history_path,
        voice_profile=history_path.with_name(VOICE_NAME),
        drill_dirs=tuple(folders),
    )
    return make_app(entries, random.Random(seed), history=open_history, options=options), opened
