"""Starting the trainer from the command line: drills, seed, store, then the app."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from trainer.cli_drills import drill_dirs
from trainer.drill import check_satisfiable, find_drill, load_all
from trainer.locations import config_dir
from trainer.settings import load_settings, settings_path
from trainer.ui.app import make_app, tune_gc

if TYPE_CHECKING:
    from trainer.store import StatsStore


def launch(args: argparse.Namespace) -> int:
    """Build the app from the command-line options and run it; returns the exit status."""
    tune_gc()
    # The tables that prove each drill can be dealt are built after the first screen
    # is drawn (the app checks them in the background); a drill to start now is checked now.
    entries = load_all(drill_dirs(args), deep=False)
    start = find_drill(entries, args.drill) if args.drill else None
    if start is not None:
        check_satisfiable(start)
    path = settings_path(config_dir(args.data_dir))
    settings, warning = load_settings(path)
    seed = args.seed if args.seed is not None else time.time_ns()
    opened: list[StatsStore] = []
    app = make_app(
        entries,
        random.Random(seed),
        connect=store_connector(args.data_dir, opened),
        start_drill=start,
        plain_cards=args.plain_cards,
        settings=settings,
        settings_path=path,
        settings_warning=warning,
    )
    try:
        app.run()
    finally:
        for store in opened:
            store.close()
    return 2 if app.store_error is not None else 0


def store_connector(data_dir: str | None, opened: list[StatsStore]) -> Callable[[], StatsStore]:
    """Opens the stats store when the app asks (after home is drawn); each store opened is
    appended to ``opened`` so the caller can close it."""

    def connect() -> StatsStore:
        from trainer.store import StatsStore  # imported here: not needed to draw home

        store = StatsStore.open(data_dir)
        opened.append(store)
        return store

    return connect
