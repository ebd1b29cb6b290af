"""The footer of key bindings, telling its screen when its keys have first been drawn."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import Footer


class ReadyFooter(Footer):
    """A `Footer` that posts `Drawn` once, after the frame that first shows its keys.

    Textual fills a footer a few frames after its screen appears; home waits for
    this before the trainer starts its background work, so that work never delays it.
    """

    class Drawn(Message):
        """The footer's keys are on the screen."""

    _told = False

    async def recompose(self) -> None:
        await super().recompose()
        if self.children and not self._told:
            self._told = True
            self.call_after_refresh(self.post_message, self.Drawn())
