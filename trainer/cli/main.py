"""Running a ``muggins`` subcommand, and how a user error is reported.

User errors (a bad card, a wrong number of cards, a count over 31) print one
line on stderr and exit with status 2, never a traceback. Each group of
subcommands is loaded only when one of them runs.
"""

from __future__ import annotations

import argparse
import os
import sys

EXIT_USAGE = 2


def fail(err: Exception) -> int:
    """Report a user error on one line of stderr; returns the exit status for it."""
    print(f"muggins: error: {err}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    """Run a subcommand; returns the exit status."""
    # The commands' machinery (the store, the deal tables), loaded only to run one.
    from trainer.cli import drills as drill_commands
    from trainer.cli import history as history_commands
    from trainer.cli import show as show_commands

    out = sys.stdout
    try:
        if args.command == "score":
            return show_commands.score(args, out)
        if args.command == "peg":
            return show_commands.peg(args, out)
        if args.command == "odds":
            return show_commands.odds_table(args, out)
        if args.command == "drills":
            return drill_commands.list_drills(args, out, sys.stderr)
        if args.command == "deal":
            return drill_commands.deal(args, out)
        if args.command == "simulate":
            from trainer.cli import game as game_commands

            return game_commands.simulate(args, out)
        return history_commands.run(args, out)
    except ValueError as err:
        return fail(err)
    except BrokenPipeError:
        # The reader (e.g. `head`) went away: stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
