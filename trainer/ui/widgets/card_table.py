"""The table: the hand (or crib, or the cards of the play) with the starter set apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label

from trainer.rules.cards import Card
from trainer.ui.widgets.playing_card import PlayingCard


class CardTable(Horizontal):
    """Cards in a row, numbered 1, 2, ... for picking, and an optional starter to the right."""

    DEFAULT_CSS = """
    CardTable { height: 4; width: auto; }
    CardTable > PlayingCard { margin-right: 1; }
    CardTable > .gap { width: 5; height: 4; content-align: center middle; color: $text-muted; }
    """

    def __init__(
        self,
        cards: Sequence[Card],
        starter: Card | None = None,
        *,
        numbered: bool = True,
        plain: bool = False,
        starter_caption: str = "cut",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.cards = tuple(cards)
        self.starter = starter
        self.numbered = numbered
        self.plain = plain
        self.starter_caption = starter_caption

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Hand cards then the starter, in the numbering order."""
        return self.cards + ((self.starter,) if self.starter is not None else ())

    def compose(self) -> ComposeResult:
        for i, card in enumerate(self.cards, 1):
            yield PlayingCard(card, label=str(i) if self.numbered else "", plain=self.plain)
        if self.starter is not None:
            yield Label(self.starter_caption, classes="gap")
            number = str(len(self.cards) + 1) if self.numbered else ""
            yield PlayingCard(self.starter, label=number, plain=self.plain, classes="starter")

    def card_widgets(self) -> list[PlayingCard]:
        return list(self.query(PlayingCard))

    def show_highlight(self, cards: Iterable[Card]) -> None:
        """Highlight exactly these cards (the item under the cursor on the reveal)."""
        chosen = set(cards)
        for widget in self.card_widgets():
            widget.highlight = widget.card in chosen

    def show_selected(self, cards: Iterable[Card]) -> None:
        """Mark exactly these cards as picked for the combination being claimed."""
        chosen = set(cards)
        for widget in self.card_widgets():
            widget.selected = widget.card in chosen
