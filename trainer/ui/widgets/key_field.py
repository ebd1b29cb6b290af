"""A field that holds one key, chosen by pressing it (the reveal's spoken-count key)."""

from __future__ import annotations

from collections.abc import Mapping
from string import ascii_lowercase, digits
from typing import Final

from textual.events import Key
from textual.reactive import reactive
from textual.widgets import Static

CHOOSABLE: Final = frozenset(ascii_lowercase + digits)
"""The keys a player may choose: a lower-case letter or a digit."""

FORM_KEYS: Final = frozenset(("tab", "shift+tab", "escape", "ctrl+s", "f1", "ctrl+p", "ctrl+q"))
"""Keys that keep doing their usual thing in a form (move on, cancel, save, help, quit)."""


class KeyField(Static, can_focus=True):
    """Shows the chosen key; pressing a letter or digit chooses it, unless ``taken`` holds it
    (key: what it already does where the key is used). Other keys are refused, saying why."""

    DEFAULT_CSS = """
    KeyField {
        width: 1fr;
        height: 3;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;
    }
    KeyField:focus { border: tall $border; }
    """

    value: reactive[str] = reactive("")

    def __init__(
        self, value: str, *, taken: Mapping[str, str], where: str, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.taken = dict(taken)
        self.where = where
        self.value = value

    def render(self) -> str:
        hint = "   [dim]press a letter or digit to change it[/dim]" if self.has_focus else ""
        return f"[b]{self.value}[/b]{hint}"

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_key(self, event: Key) -> None:
        if event.key in FORM_KEYS:
            return
        event.stop()
        event.prevent_default()
        if refusal := self.refusal(event.key):
            self.notify(refusal, severity="warning", timeout=6)
        else:
            self.value = event.key

    def refusal(self, key: str) -> str | None:
        """Why ``key`` cannot be chosen, or None if it can."""
        if key in self.taken:
            return f"{key} is taken on {self.where} ({self.taken[key]}): choose another key."
        if key not in CHOOSABLE:
            return f"{key} cannot be chosen: choose a lower-case letter or a digit."
        return None
