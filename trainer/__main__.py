"""The ``muggins`` command: the trainer by default, the plain subcommands otherwise.

``python -m trainer`` runs it too. The subcommands never load Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.cli import fail, parse, run


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``muggins`` with these arguments; returns the exit status."""
    args = parse(argv)
    if args.command is not None:
        return run(args)
    from trainer.ui.launch import launch  # Textual, only for the trainer itself

    try:
        return launch(args)
    except ValueError as err:
        return fail(err)


if __name__ == "__main__":
    raise SystemExit(main())
