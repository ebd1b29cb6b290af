"""A show's reveal in the game, in the table's place: the count against the truth, every
combination, what muggins moved. Opened for your own count and for a count you answered.

Mounted once with the table and filled for each show (`show`), so that a reveal costs a few
updates and one swap, never a screen mounted and laid out from nothing.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.rules.cards import Card
from trainer.ui.count_rows import count_rows
from trainer.ui.table.flow.reveal import GameReveal
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable


class GameRevealPanel(Vertical):
    """One settled show; Up and Down move through the combinations, highlighting their
    cards. The table's keys close it."""

    def __init__(self, *, slots: int, plain: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.slots = slots
        """The most cards a box holds (the starter apart)."""
        self.plain = plain
        self.reveal: GameReveal | None = None
        self.rows: list[tuple[Card, ...]] = []
        self._title = Static("", id="reveal-title", classes="title")
        self._cards = CardTable((), slots=slots, numbered=False, plain=plain, id="table")
        self._lines = Static("", id="reveal-lines", classes="reveal-line")
        self._items = OptionList(id="items")
        self._spoken = Static("", id="spoken")

    def compose(self) -> ComposeResult:
        yield self._title
        yield self._cards
        yield self._lines
        yield self._items
        yield self._spoken

    def show(self, reveal: GameReveal) -> None:
        """Fill the panel with this reveal and give its list the focus."""
        self.reveal = reveal
        shown = reveal.shown
        self._title.update(as_text(reveal.title, "bold"), layout=False)
        self._cards.show(shown.cards, shown.starter, numbered=False)
        self._lines.update(Content("\n").join(as_text(line) for line in reveal.lines))
        missed = reveal.missed
        rows = count_rows(
            reveal.breakdown, None if missed is None else missed.__contains__, plain=self.plain
        )
        self.rows = [cards for _, cards in rows]
        items = self._items
        items.clear_options()
        items.add_options(
            [Option(line) for line, _ in rows]
            or [Option("nothing scores: nineteen", disabled=True)]
        )
        self._spoken.update(as_text(reveal.breakdown.announce()))
        items.focus()
        if reveal.breakdown.items:
            items.highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        self._cards.show_highlight(self.rows[index] if 0 <= index < len(self.rows) else ())
