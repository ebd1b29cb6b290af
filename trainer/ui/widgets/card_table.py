"""The table: the hand (or crib, or the cards of the play) with the starter set apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label

from trainer.rules.cards import Card
from trainer.ui.widgets.playing_card import PlayingCard

FILLER = Card(1, "S")
"""What an empty slot holds until a card is put in it (it is hidden)."""


class CardTable(Horizontal):
    """Cards in a row, numbered 1, 2, ... for picking, and an optional starter to the right.

    With ``slots``, the row holds that many cards and a starter, and `show` puts other
    cards in place (the game's table, whose rows change at every step) without mounting
    widgets again."""

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
        slots: int = 0,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.cards = tuple(cards)
        self.starter = starter
        self.numbered = numbered
        self.plain = plain
        self.starter_caption = starter_caption
        self.slots = slots

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Hand cards then the starter, in the numbering order."""
        return self.cards + ((self.starter,) if self.starter is not None else ())

    def compose(self) -> ComposeResult:
        if self.slots:
            if len(self.cards) > self.slots:
                raise ValueError(f"{len(self.cards)} cards for a row of {self.slots}")
            filler = self.cards[0] if self.cards else self.starter or FILLER
            for _ in range(self.slots):
                yield PlayingCard(filler, plain=self.plain)
            yield Label(self.starter_caption, classes="gap")
            yield PlayingCard(filler, plain=self.plain, classes="starter")
            return
        for i, card in enumerate(self.cards, 1):
            yield PlayingCard(card, label=str(i) if self.numbered else "", plain=self.plain)
        if self.starter is not None:
            yield Label(self.starter_caption, classes="gap")
            number = str(len(self.cards) + 1) if self.numbered else ""
            yield PlayingCard(self.starter, label=number, plain=self.plain, classes="starter")

    def on_mount(self) -> None:
        if self.slots:
            self.show(self.cards, self.starter, numbered=self.numbered)

    def show(self, cards: Sequence[Card], starter: Card | None = None, *, numbered: bool) -> None:
        """Put these cards (and starter) in the row's slots: the rest are hidden."""
        if len(cards) > self.slots:
            raise ValueError(f"{len(cards)} cards for a row of {self.slots}")
        self.cards, self.starter, self.numbered = tuple(cards), starter, numbered
        widgets = list(self.query(PlayingCard))
        for n, widget in enumerate(widgets[:-1]):
            _show(widget, n < len(cards))  # a display set asks for a layout: only if it moves
            if n < len(cards):
                widget.put(cards[n], label=str(n + 1) if numbered else "")
        last = widgets[-1]
        _show(self.query_one(".gap", Label), starter is not None)
        _show(last, starter is not None)
        if starter is not None:
            last.put(starter, label=str(len(cards) + 1) if numbered else "")
        for widget in widgets:
            widget.highlight = widget.selected = False

    def card_widgets(self) -> list[PlayingCard]:
        return [w for w in self.query(PlayingCard) if w.display]

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


def _show(widget: Widget, shown: bool) -> None:
    """Show or hide ``widget``, touching its display only if it changes."""
    if widget.display != shown:
        widget.display = shown
