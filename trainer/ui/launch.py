"""Starting the trainer from the command line: drills, seed, store, then the app."""

from __future__ import annotations

import argparse
import random
import time

from trainer.cli_drills import drill_dirs
from trainer.drill import find_drill, load_all
from trainer.ui.app import make_app


def launch(args: argparse.Namespace) -> int:
    """Build the app from the command-line options and run it; returns the exit status."""
    entries = load_all(drill_dirs(args))
    start = find_drill(entries, args.drill) if args.drill else None
    seed = args.seed if args.seed is not None else time.time_ns()
    app = make_app(entries, random.Random(seed), start_drill=start, plain_cards=args.plain_cards)
    app.run()
    return 0
