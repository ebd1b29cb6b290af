"""Telling the player about answers waiting to be saved, from the recorder's thread.

The recorder (`trainer.history.writing.recorder`) says when answers start to wait (the history
is busy, or cannot be written) and when they are all saved; it calls from a thread of
its own, so its notices are posted to the app as a `Saving` message and shown there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from textual.app import App
from textual.message import Message

if TYPE_CHECKING:
    from trainer.history.writing import Notice

SHOWN_FOR: Final = 10.0
"""Seconds a notice about answers waiting stays on the screen."""


class Saving(Message):
    """A notice from the recorder: answers waiting to be saved, or saved now."""

    def __init__(self, notice: Notice) -> None:
        super().__init__()
        self.notice = notice


def poster(app: App[Any]) -> Callable[[Notice], None]:
    """What the recorder calls, from its thread: post the notice to ``app`` (dropped once
    the app has closed: quitting says what was not saved)."""

    def post(notice: Notice) -> None:
        with contextlib.suppress(RuntimeError):  # the app's event loop is closed
            app.post_message(Saving(notice))

    return post


def show(app: App[Any], notice: Notice) -> None:
    """Show a notice: a warning while answers wait, information once they are saved."""
    app.notify(
        notice.text, severity="warning" if notice.trouble else "information", timeout=SHOWN_FOR
    )
