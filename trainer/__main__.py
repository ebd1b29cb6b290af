"""The ``muggins`` command: the trainer by default, the plain subcommands otherwise.

``python -m trainer`` runs it too. The plain subcommands never load Textual; the trainer
and ``serve`` (textual-serve is a Textual project's package) live in `trainer.ui`. Ctrl+C
ends any command quietly: one line, exit status 130 (``serve`` stops on it by design, the
trainer's app takes it as a key).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO, cast

from trainer.cli.main import fail, run
from trainer.cli.output import Escaped
from trainer.cli.parser import parse

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl+C, as a shell gives a command ended by SIGINT (128 + 2)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``muggins`` with these arguments; returns the exit status."""
    try:
        return _command(argv)
    except KeyboardInterrupt:
        try:
            sys.stderr.write("muggins: interrupted\n")
            sys.stderr.flush()
        except OSError:
            pass  # nowhere left to say it: the exit status still does
        return EXIT_INTERRUPTED


def _command(argv: Sequence[str] | None) -> int:
    args = parse(argv)
    if args.command not in (None, "serve"):
        return run(args)
    # Textual (textual-serve serves a Textual app): only for the trainer and its server.
    try:
        if args.command == "serve":
            from trainer.ui.serve import serve

            return serve(
                args,
                cast(TextIO, Escaped(sys.stdout)),
                cast(TextIO, Escaped(sys.stderr, "standard error")),
            )
        if args.plain or args.audio:
            from trainer.ui.plain.launch import launch_plain

            return launch_plain(args)
        from trainer.ui.launch import launch

        return launch(args)
    except (ValueError, OSError) as err:
        return fail(err)


if __name__ == "__main__":
    raise SystemExit(main())
