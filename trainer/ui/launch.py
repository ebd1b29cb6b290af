"""Starting the trainer from the command line: drills, seed, store, then the app."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from datetime import UTC, datetime

from trainer.cli_drills import drill_dirs
from trainer.drill import DrillSet, check_satisfiable, find_drill, load_all
from trainer.store import StatsStore, StoreError
from trainer.ui.app import make_app, tune_gc
from trainer.ui.screens.home import DrillProgress


def launch(args: argparse.Namespace) -> int:
    """Build the app from the command-line options and run it; returns the exit status."""
    # The tables that prove each drill can be dealt are built after the first screen
    # is drawn (the app checks them in the background); a drill to start now is checked now.
    entries = load_all(drill_dirs(args), deep=False)
    start = find_drill(entries, args.drill) if args.drill else None
    if start is not None:
        check_satisfiable(start)
    tune_gc()
    seed = args.seed if args.seed is not None else time.time_ns()
    rng = random.Random(seed)
    try:
        store = StatsStore.open(args.data_dir)
    except StoreError as err:
        app = make_app(entries, rng, store_error=str(err))
        app.run()
        return 2
    with store:
        app = make_app(
            entries,
            rng,
            recorder=store,
            progress=lambda: progress(store),
            previous_best=lambda drill: previous_best(store, drill),
            start_drill=start,
            plain_cards=args.plain_cards,
        )
        app.run()
    return 0


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
