"""A playing card drawn as a card: rank and suit symbol, red hearts and diamonds."""

from __future__ import annotations

from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from trainer.rules.cards import RANK_NAMES, Card


class PlayingCard(Static):
    """One card. ``highlight`` marks it as part of the item being shown; ``selected`` as
    picked for a claim. ``plain`` draws the suit as a letter for terminals without symbols."""

    DEFAULT_CSS = """
    PlayingCard {
        width: 7;
        height: 4;
        padding: 0 1;
        border: round $foreground 60%;
        border-title-align: left;
        border-subtitle-align: center;
        text-style: bold;
        background: $surface;
    }
    PlayingCard.-red { color: red; }
    PlayingCard.-highlight { border: heavy $accent; background: $accent 25%; }
    PlayingCard.-selected { border: double $warning; background: $warning 20%; }
    PlayingCard.-dim { opacity: 60%; }
    """

    highlight: reactive[bool] = reactive(False)
    selected: reactive[bool] = reactive(False)

    class Clicked(Message):
        """The player clicked this card (the screen decides what that means)."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(
        self,
        card: Card,
        *,
        label: str = "",
        caption: str = "",
        plain: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.card = card
        self.plain = plain
        self.border_title = label
        self.border_subtitle = caption
        if card.is_red:
            self.add_class("-red")

    def put(self, card: Card, *, label: str = "") -> None:
        """Show another card in this place (a row of the game's table that changes)."""
        if (card, label) == (self.card, self.border_title):
            return
        self.card = card
        self.border_title = label
        self.set_class(card.is_red, "-red")
        self.refresh()

    def render(self) -> str:
        suit = self.card.suit if self.plain else self.card.symbol[-1]
        face = RANK_NAMES[self.card.rank] + suit
        # Index corners, as printed cards have: top left, and bottom right.
        return f"{face:<3}\n{face:>3}"

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.card))

    def watch_highlight(self, value: bool) -> None:
        self.set_class(value, "-highlight")

    def watch_selected(self, value: bool) -> None:
        self.set_class(value, "-selected")
