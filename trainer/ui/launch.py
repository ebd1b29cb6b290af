"""Starting the trainer from the command line: drills, seed, store, then the app."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from trainer.cli_drills import drill_dirs
from trainer.drill import DrillSet, check_satisfiable, find_drill, load_all
from trainer.ui.app import BestSource, Connect, ProgressSource, Recorder, make_app, tune_gc
from trainer.ui.screens.home import DrillProgress

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
    seed = args.seed if args.seed is not None else time.time_ns()
    opened: list[StatsStore] = []
    app = make_app(
        entries,
        random.Random(seed),
        connect=store_connector(args.data_dir, opened),
        start_drill=start,
        plain_cards=args.plain_cards,
    )
    try:
        app.run()
    finally:
        for store in opened:
            store.close()
    return 2 if app.store_error is not None else 0


def store_connector(data_dir: str | None, opened: list[StatsStore]) -> Connect:
    """Opens the stats store when the app asks (after home is drawn); each store opened is
    appended to ``opened`` so the caller can close it."""

    def connect() -> tuple[Recorder, ProgressSource, BestSource]:
        from trainer.store import StatsStore  # imported here: not needed to draw home

        store = StatsStore.open(data_dir)
        opened.append(store)
        return store, lambda: progress(store), lambda drill: previous_best(store, drill)

    return connect


def progress(store: StatsStore) -> tuple[Mapping[str, DrillProgress], int]:
    """What home shows: attempts, accuracy and last practised per drill, and hands due."""
    report = store.report()
    per_drill = {
        d.drill_id: DrillProgress(d.attempts, d.accuracy or 0.0, d.last_practised)
        for d in report.drills
        if d.drill_id is not None
    }
    return per_drill, store.due_count(datetime.now(UTC))


def previous_best(store: StatsStore, drill: DrillSet) -> int | None:
    """The best to beat on this drill: the blitz score, or the longest exact streak."""
    report = store.report(drill.id)
    if not report.drills or not report.drills[0].attempts:
        return None
    stats = report.drills[0]
    return stats.best_blitz if drill.blitz else stats.best_streak
