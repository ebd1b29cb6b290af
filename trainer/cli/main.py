"""Running a ``muggins`` subcommand, and how a user error is reported.

User errors (a bad card, a wrong number of cards, a count over 31, a file that cannot
be read or written, output that cannot be written) print one line on stderr and exit
with status 2, never a traceback; what is printed has its control characters escaped
(`trainer.cli.output`). Each group of subcommands is loaded only when one of them runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO, cast

from trainer.cli.output import Escaped, OutputError
from trainer.textguard import printable

EXIT_USAGE = 2


def fail(err: Exception) -> int:
    """Report a user error on one line of stderr (control characters escaped); returns the
    exit status for it."""
    message = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
    if isinstance(err, OSError) and err.filename is not None:
        message = f"{err.filename}: {message}"
    line = " ".join(printable(message).splitlines()) or type(err).__name__
    try:
        sys.stderr.write(f"muggins: error: {line}\n")
        sys.stderr.flush()
    except OSError:
        pass  # nowhere left to say it: the exit status still does
    if isinstance(err, OutputError):
        _silence_stdout()
    return EXIT_USAGE


def _silence_stdout() -> None:
    """Point standard output at the null device, so what Python still holds for it is not
    flushed at exit into the reader that left or the device that failed (a second error)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def run(args: argparse.Namespace) -> int:
    """Run a subcommand; returns the exit status."""
    out = cast(TextIO, Escaped(sys.stdout))
    err = cast(TextIO, Escaped(sys.stderr, "standard error"))
    try:
        status = _dispatch(args, out, err)
        out.flush()
    except BrokenPipeError:
        # The reader (e.g. `head`) went away: stop quietly, as Unix tools do.
        _silence_stdout()
        return 1
    except (ValueError, OSError) as error:
        return fail(error)
    return status


def _dispatch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The subcommand itself, writing to ``out`` (and notes to ``err``).

    Each command's module is imported here, when it runs, and only that one: the others'
    machinery (the store, the drills, the game layer, the deal tables) is never loaded."""
    if args.command in ("score", "peg", "odds"):
        from trainer.cli import show as show_commands

        if args.command == "score":
            return show_commands.score(args, out)
        if args.command == "peg":
            return show_commands.peg(args, out)
        return show_commands.odds_table(args, out)
    if args.command == "hear":
        from trainer.cli import hear as hear_command

        return hear_command.hear(args, out)
    if args.command in ("drills", "deal"):
        from trainer.cli import drills as drill_commands

        if args.command == "drills":
            return drill_commands.list_drills(args, out, err)
        return drill_commands.deal(args, out)
    if args.command == "simulate":
        from trainer.cli import game as game_commands

        return game_commands.simulate(args, out)
    if args.command == "advise":
        from trainer.cli import advise

        return advise.run(args, out)
    from trainer.cli import history as history_commands

    return history_commands.run(args, out, err)
