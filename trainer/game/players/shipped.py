"""The bots' tables shipped in ``trainer/game/players/data/``: one read, or a message that
names the table and the script that makes it."""

from __future__ import annotations

from importlib import resources


def shipped_text(name: str, what: str, script: str, error: type[ValueError]) -> str:
    """The text of the data file ``name`` (``what`` it holds, made by ``scripts/<script>``),
    or ``error`` saying it cannot be read and how to make it."""
    source = resources.files("trainer.game.players").joinpath("data").joinpath(name)
    try:
        return source.read_text(encoding="utf-8")
    except OSError as cause:
        raise error(
            f"the {what} {name} cannot be read ({cause}); run scripts/{script} to make it"
        ) from cause
