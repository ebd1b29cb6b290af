"""An on/off switch with words beside it: whether it is on, and what that means."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Switch


class SwitchWords(Horizontal):
    """``switch`` and a line that follows it: "on: <what on means>", "off: <what off
    means>" (a bare switch says neither in words, nor in a terminal without colour)."""

    DEFAULT_CSS = """
    SwitchWords { height: 3; }
    SwitchWords > Label { height: 3; content-align: left middle; padding-left: 1; }
    """

    def __init__(self, switch: Switch, *, on: str, off: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.switch = switch
        self.meanings = {True: f"on: {on}", False: f"off: {off}"}
        self._words = Label(self.meanings[switch.value], classes="switch-words")

    def compose(self) -> ComposeResult:
        yield self.switch
        yield self._words

    @property
    def words(self) -> str:
        """What the line says now."""
        return self.meanings[self.switch.value]

    @on(Switch.Changed)
    def _changed(self, event: Switch.Changed) -> None:
        self._words.update(self.words)
