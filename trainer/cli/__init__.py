"""The ``muggins`` command: its options and the plain subcommands, one module per group."""

from trainer.cli.main import build_parser, fail, parse, run

__all__ = ["build_parser", "fail", "parse", "run"]
