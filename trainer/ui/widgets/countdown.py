"""A countdown shown while a drill is timed: seconds left for the hand and for the drill."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static


class Countdown(Static):
    """Shows the time left; turns to a warning colour in the last five seconds."""

    DEFAULT_CSS = """
    Countdown { width: auto; height: 1; color: $text-muted; }
    Countdown.-urgent { color: $text-warning; text-style: bold; }
    """

    hand_left: reactive[float | None] = reactive(None)
    drill_left: reactive[float | None] = reactive(None)

    def render(self) -> str:
        parts = []
        if self.hand_left is not None:
            parts.append(f"{self.hand_left:4.0f} s for this hand")
        if self.drill_left is not None:
            parts.append(f"{self.drill_left:4.0f} s left in the drill")
        return "   ".join(parts)

    def watch_hand_left(self) -> None:
        self._urgent()

    def watch_drill_left(self) -> None:
        self._urgent()

    def _urgent(self) -> None:
        lefts = [t for t in (self.hand_left, self.drill_left) if t is not None]
        self.set_class(bool(lefts) and min(lefts) <= 5, "-urgent")
