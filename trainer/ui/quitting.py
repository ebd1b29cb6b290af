"""Quitting, or losing the focus, only once the keys already typed are handled, so an
answer typed just before a quit or a blur is judged and kept.

A quit from outside the app (a browser tab closing, ``muggins serve`` stopping, SIGTERM)
reaches Textual as an `ExitApp` message behind the keys typed before it. Textual hands a key
to the focused widget's own queue and then, at once, exits: the widgets close with the key,
or the answer it submits, still waiting in their queues, and the answer is lost. `settle`
lets those queues empty first, level by level (a key goes app → input → its containers →
screen → app), a bounded number of times.

A blur (the browser tab left or closing, which a page sends just before its quit; another
window) takes the focus from the focused widget, and Textual looks up a key's bindings
(the answer box's Enter) along the focus when the key comes back to the app from that
widget: an Enter still on its way lost its binding and submitted nothing. `blur_when_settled`
takes the focus away only after the keys before it are handled.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Final

from textual.app import App, ScreenStackError

SETTLE_ROUNDS: Final = 12
"""How many hand-overs deep the messages already posted are followed (an answer's Enter
needs one or two here; the rest is room for deeper widgets, each round a moment when idle)."""
ROUND_SECONDS: Final = 5.0
"""The longest one round waits: a widget that has not handled what it held by then is
stuck, and the app quits anyway. A slow app (a busy machine) is waited for round after
round, never cut off by a total, which could drop an answer typed right before a quit on
a loaded machine (the server waits for a trainer still at work,
`trainer.ui.serve_tabs.QUIT_LIMIT`)."""


async def settle(
    app: App[Any], *, rounds: int = SETTLE_ROUNDS, timeout: float = ROUND_SECONDS
) -> None:
    """Wait until the app and every widget of its screen have handled the messages posted to
    them before this call, and those these post in turn, ``rounds`` deep; a round that
    takes over ``timeout`` seconds ends the wait (a widget stuck)."""
    for _ in range(rounds):
        try:
            async with asyncio.timeout(timeout):
                if not await _one_round(app):
                    return
        except TimeoutError:
            return  # a widget stuck: quit anyway


async def _one_round(app: App[Any]) -> bool:
    """Wait until the app and each widget of its screen have handled what they hold now;
    False if there was nothing to wait for (no screen yet, or everything closing)."""
    try:
        pumps = [app, *app.screen.walk_children(with_self=True)]
    except ScreenStackError:  # quitting before the first screen: nothing typed to wait for
        return False
    handled = asyncio.Event()
    waiting = 0

    def one_handled() -> None:
        nonlocal waiting
        waiting -= 1
        if waiting == 0:
            handled.set()

    for pump in pumps:
        if pump.call_later(one_handled):  # runs after what that widget already holds
            waiting += 1
    if waiting == 0:
        return False
    await handled.wait()
    return True


async def blur_when_settled(app: App[Any], still_blurred: Callable[[], bool]) -> None:
    """Do what Textual does when the app loses the focus (the focused widget loses it, to
    get it back on `AppFocus`), once the keys before the blur are handled; nothing if
    ``still_blurred`` says the app has got the focus back meanwhile."""
    await settle(app)
    if still_blurred():
        app.app_focus = False
        with suppress(ScreenStackError):
            app.screen.refresh_bindings()
