"""The ``muggins`` command: its options and the plain subcommands, one module per group."""

from trainer.cli.main import EXIT_USAGE, fail, run
from trainer.cli.parser import build_parser, parse

__all__ = ["EXIT_USAGE", "build_parser", "fail", "parse", "run"]
