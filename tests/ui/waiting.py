"""Waiting in Pilot tests for what the app does in its own time (a timer's tick, a worker, the
palette's search, a thread's notice): by the thing itself, never by a fixed pause, so that a
loaded machine makes a test slower but never makes it fail."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Final

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

PATIENCE: Final = 60.0
"""How long a test waits for something before it fails: far past what anything takes, even
on a 2-core machine at a load of 20 (on an idle one it is a few milliseconds)."""


async def until(
    pilot: Pilot[Any], ready: Callable[[], bool], what: str, seconds: float = PATIENCE
) -> None:
    """Let the app run until ``ready()`` holds, checked after each short pause; fail naming
    ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}")
        await pilot.pause(0.02)


def highlighted_command(app: Any) -> str:
    """The prompt of the command the open palette would run on Enter ("" if none yet)."""
    palette = app.screen
    if not isinstance(palette, CommandPalette):
        return ""
    commands = palette.query_one(CommandList)
    if commands.highlighted is None or not commands.option_count:
        return ""
    return str(commands.get_option_at_index(commands.highlighted).prompt)


async def palette_offers(pilot: Pilot[Any], name: str) -> None:
    """Wait until the open palette's search (a worker of its own) has highlighted a command
    whose prompt holds ``name`` (in any case), so that Enter runs that one."""
    await until(
        pilot,
        lambda: name.lower() in highlighted_command(pilot.app).lower(),
        f"the palette to offer {name!r}",
    )
