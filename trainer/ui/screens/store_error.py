"""Shown instead of home when the stats store cannot be opened: which file, what is wrong."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from trainer.ui.user_text import as_text
from trainer.ui.widgets.footer import KeysFooter


class StoreErrorScreen(Screen[None]):
    """The store's own message names the file and what to do; nothing has been changed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        yield Static("[b]Your stats cannot be opened[/b]", classes="title")
        yield Static(as_text(self.message), id="store-error")  # it quotes the path
        yield Static(
            "Muggins has not changed, moved or deleted anything. Fix or move the file as "
            "the message says and start Muggins again, or start with --data-dir DIR to "
            "keep a separate history in another folder.",
            classes="hint",
        )
        yield KeysFooter()
