"""The table's lines and card rows, drawn from the runner's state.

`TableScreen` lays these widgets out and says when to draw; what each shows (the title,
the board, the seats, the pile, the cards in the middle and in your hand, the prompt) is
worked out here from `TableRunner`, every line one row high whatever it says.
"""

from __future__ import annotations

from textual.widgets import Static

from trainer.game.variants import GameVariant
from trainer.ui.flow.game_start import side_names
from trainer.ui.table.board import CribbageBoard
from trainer.ui.table.flow.effects import PILE_SHOWN, Row, hand_row, match_text, middle_row
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.view import pile_line, prompt_line, seats_line, title_line
from trainer.ui.widgets.card_table import CardTable

__all__ = ["TableDrawing"]


class TableDrawing:
    """The widgets the table draws its state in, made once and kept (the screen never
    queries for one, so nothing depends on when nested children finish mounting)."""

    def __init__(self, rules: GameVariant, *, plain: bool) -> None:
        self.plain = plain
        self.title = Static("", id="table-title", classes="title")
        self.board = CribbageBoard.for_variant(
            rules, side_names(rules.players, bool(rules.teams)), plain=plain, id="board"
        )
        self.seats = Static("", id="seats")
        self.pile = Static("", id="pile")
        self.middle = CardTable(
            (), slots=max(rules.kept, PILE_SHOWN), plain=plain, id="middle-cards"
        )
        self.hand = CardTable((), slots=rules.dealt, plain=plain, id="hand-cards")
        self.prompt = Static("", id="table-prompt")
        self._widths = (0, 0)
        """The title's and the seats' widths when last laid out (0: not yet)."""

    def draw(self, r: TableRunner) -> None:
        """Draw the state as it is now: title, seats, the play, your cards, the prompt."""
        state, asked = r.state, r.asked
        match = match_text(r.session.setup.match)
        title_width, seats_width = self._line_widths()
        self.title.update(title_line(state, r.names, match, title_width), layout=False)
        seats = seats_line(state, r.names, r.human, plain=self.plain, width=seats_width)
        self.seats.update(seats, layout=False)
        laying = r.laying
        self.pile.update(pile_line(state, plain=self.plain, laying=laying), layout=False)
        prompt = prompt_line(
            asked, state, r.names, r.human, announce=r.announce, laying=laying, plain=self.plain
        )
        self.prompt.update(prompt if r.prompting else "", layout=False)
        self._show_row(self.middle, middle_row(state, r.draft, laying))
        self._show_row(self.hand, hand_row(state, asked, r.human, r.picked, laying))

    def _line_widths(self) -> tuple[int, int]:
        """The title's and the seats' widths as last laid out: a table shown again after a
        reveal is drawn before its layout, when the lines measure 0 (and a line drawn for
        any width would be cut)."""
        measured = (self.title.content_size.width, self.seats.content_size.width)
        if all(measured):
            self._widths = measured
        return self._widths

    @staticmethod
    def _show_row(table: CardTable, row: Row) -> None:
        if (row.cards, row.starter, row.numbered) != (table.cards, table.starter, table.numbered):
            table.show(row.cards, row.starter, numbered=row.numbered)
        for widget in table.card_widgets():
            widget.set_class(widget.card in row.dim, "-dim")
        table.show_selected(row.selected)
