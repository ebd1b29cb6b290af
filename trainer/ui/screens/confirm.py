"""A yes/no question over the current screen, answered with y or n."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from trainer.ui.user_text import as_text


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True for y (or Enter), False for n or Escape: Escape closes only this."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", priority=True),
        Binding("n,escape", "answer(False)", "No", priority=True),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(as_text(self.question, "bold"), id="confirm-question")
            if self.detail:
                yield Static(as_text(self.detail), id="confirm-detail")
            yield Static("[b]y[/b] yes   ·   [b]n[/b] no", classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
