"""Waiting in Pilot tests for what the app does in its own time (a timer's tick, a worker, the
palette's search, a thread's notice, a screen pushed): by the thing itself, never by a fixed
pause, so that a loaded machine makes a test slower but never makes it fail.

The rule: wait for the thing the test then touches. A screen is on top (``app.screen``) as
soon as it is pushed, before it has composed and mounted its children, so waiting for the
screen's type and then querying its widgets races the mount on a busy machine (`NoMatches`).
`until` therefore ends only once the screen on top is mounted (which, in Textual, means its
composed children are too) and its pending messages are handled; `until_screen` and
`until_node` wait for a screen or a widget and hand it back, mounted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

PATIENCE: Final = 60.0
"""How long a test waits for something before it fails: far past what anything takes, even
on a 2-core machine at a load of 20 (on an idle one it is a few milliseconds)."""

S = TypeVar("S", bound=Screen[Any])
W = TypeVar("W", bound=Widget)


async def until(
    pilot: Pilot[Any], ready: Callable[[], bool], what: str, seconds: float = PATIENCE
) -> None:
    """Let the app run until ``ready()`` holds, checked after each short pause, and then
    until the screen on top is mounted and has handled what was pending (so the test may
    query it); fail naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}")
        await pilot.pause(0.02)
    while not pilot.app.screen.is_mounted:
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for the screen of {what} to mount")
        await pilot.pause(0.02)
    await pilot.pause()


async def until_screen(
    pilot: Pilot[Any], kind: type[S], what: str | None = None, seconds: float = PATIENCE
) -> S:
    """Wait until a screen of ``kind`` is on top and mounted, and return it."""
    await until(
        pilot, lambda: isinstance(pilot.app.screen, kind), what or f"a {kind.__name__}", seconds
    )
    screen = pilot.app.screen
    assert isinstance(screen, kind), f"{kind.__name__} left the top: {screen!r}"
    return screen


def _mounted(pilot: Pilot[Any], selector: str, kind: type[W]) -> W | None:
    try:
        node = pilot.app.screen.query_one(selector, kind)
    except NoMatches:
        return None
    return node if node.is_mounted else None


async def until_node(
    pilot: Pilot[Any],
    selector: str,
    kind: type[W] = Widget,  # type: ignore[assignment]
    what: str | None = None,
    seconds: float = PATIENCE,
) -> W:
    """Wait until the screen on top holds a mounted widget matching ``selector`` (of
    ``kind``), and return it."""
    await until(
        pilot, lambda: _mounted(pilot, selector, kind) is not None, what or selector, seconds
    )
    node = _mounted(pilot, selector, kind)
    assert node is not None, f"{selector} went away"
    return node


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
