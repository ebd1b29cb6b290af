"""Starting plain mode from the command line (``muggins --plain``): the drills, the seed, the
settings and the history as the app has them, then the lines; the answers still waiting
are saved (or kept beside the history) before it returns, as the app's are."""

from __future__ import annotations

import argparse
import random
import sys
import time

from trainer.drills.loader import deep_check, drill_dirs, find_drill, load_all
from trainer.drills.model import SEED_LIMIT, DrillError, seed_problem
from trainer.game.session import GameSession
from trainer.locations import config_dir, stats_path
from trainer.settings import load_settings, settings_path
from trainer.textguard import printable
from trainer.ui.flow.drill_runner import DrillRunner
from trainer.ui.plain.drills import PlainDrills


def launch_plain(args: argparse.Namespace) -> int:
    """Run the drills in plain text until q or the end of input; 0, or 130 after Ctrl+C
    (the answers given are kept either way)."""
    from trainer.history.writing import DeferredStore

    seed = args.seed if args.seed is not None else time.time_ns() % SEED_LIMIT
    problem = seed_problem(seed)
    if problem is not None:
        raise DrillError(f"--seed {problem}")
    folders = drill_dirs(args.data_dir, args.drills or [])
    entries = deep_check(load_all(folders, deep=False))
    start = find_drill(entries, args.drill) if args.drill else None
    settings, warning = load_settings(settings_path(config_dir(args.data_dir)))
    if warning:
        print(printable(warning), file=sys.stderr)
    store = DeferredStore.open(args.data_dir)
    runner = DrillRunner(random.Random(seed), settings=settings, beside=stats_path(args.data_dir))
    runner.connect(store)
    broken = [e for e in entries if e.drill is None]
    for entry in broken:
        print(printable(f"Not listed: {entry.error}"), file=sys.stderr)
    rng = random.Random(seed ^ 0x9A3E)

    def game(resume: bool) -> GameSession | None:
        from trainer.ui.flow.game_start import new_session, writer

        if resume:
            return GameSession.resume(writer(store))
        return new_session(writer(store), settings.game, rng, nineteen=settings.nineteen)

    status = 0
    try:
        PlainDrills(entries, runner, _read_line, sys.stdout, game).run(start)
    except KeyboardInterrupt:
        status = 130
    finally:
        unsaved = runner.close(history=store)
        if unsaved is not None:
            print(printable(unsaved.text), file=sys.stderr)
        store.close()
    return status


def _read_line() -> str | None:
    """The player's next line; None at the end of input."""
    line = sys.stdin.readline()
    return line if line else None
