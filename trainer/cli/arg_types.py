"""The command line's parser and its argument types: a usage error said on one line, whole
numbers and paths checked as they are read."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from trainer.ports import port_problem
from trainer.textguard import excerpt, printable


class MugginsParser(argparse.ArgumentParser):
    """argparse, with a usage error said on one line (and the way to the help), exit 2."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(printable(message).splitlines())
        self.exit(2, f"{self.prog}: error: {line} (see {self.prog} --help)\n")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            try:
                sys.stderr.write(message)
                sys.stderr.flush()
            except OSError:
                pass
        raise SystemExit(status)


def integer(text: str) -> int:
    """An argparse ``type``: a whole number, of at most 40 digits (a longer one is no count,
    seed or port, and Python will not read past 4,300)."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 40:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a whole number")
    return int(text)


def port(text: str) -> int:
    """An argparse ``type`` for a port to serve on: a whole number, 0 to 65535, and not
    one of the ports browsers refuse to open (`trainer.ports`)."""
    number = integer(text)
    problem = port_problem(number)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return number


def path(what: str) -> Callable[[str], str]:
    """An argparse ``type`` for the path given as ``what``: ``~`` expanded, and one that
    cannot name a place (``~nouser/x``, too long) a one-line usage error, not a traceback
    when it is first used."""

    def read(text: str) -> str:
        # Imported here: the locations (pathlib, platformdirs) only for a path given.
        from trainer.locations import LocationError, user_path

        try:
            return str(user_path(text, what))
        except LocationError as err:
            raise argparse.ArgumentTypeError(str(err).removeprefix(f"{what}: ")) from None

    read.__name__ = "path"
    return read
