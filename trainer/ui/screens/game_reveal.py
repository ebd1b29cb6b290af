"""A show's reveal in the game: the count against the truth, every combination, what muggins
moved, over the table. Opened for your own count and for a count you answered; everything it
says is in the `Shown` event (the engine's verdict, the count said, every answer)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from trainer.game.events import Answered, Shown
from trainer.game.setup import GameSetup
from trainer.judge.verdict import Verdict
from trainer.rules.cards import Card
from trainer.rules.speech import announce
from trainer.ui.count_rows import count_rows
from trainer.ui.table_view import possessive
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable


class GameRevealScreen(Screen[None]):
    """One settled show. Up and Down move through the combinations; Enter (or Escape) goes
    back to the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Back to the table", priority=True),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, shown: Shown, setup: GameSetup, *, human: int, plain: bool = False) -> None:
        super().__init__()
        self.shown = shown
        self.setup = setup
        self.plain = plain
        self.breakdown = shown.verdict.breakdown
        mine = shown.seat == human
        self.verdict: Verdict | None = shown.verdict if mine else None
        """Your own count's verdict, combination by combination for an announcement."""
        self.answered: Answered | None = None
        """Your answer to another's count."""
        if not mine:
            self.answered = next((a for a in shown.answers if a.seat == human), None)
        self.rows: list[tuple[Card, ...]] = []

    def help_keys(self) -> list[tuple[str, str]]:
        return [("up / down", "show each combination's cards"), ("enter", "back to the table")]

    def compose(self) -> ComposeResult:
        s, names = self.shown, self.setup.names
        whose = f"{possessive(names[s.seat]).capitalize()} {s.box}"
        with Vertical(id="game-reveal"):
            yield Static(
                as_text(f"{whose}: {s.points}", "bold"), id="reveal-title", classes="title"
            )
            yield CardTable(s.cards, s.starter, numbered=False, plain=self.plain, id="table")
            for n, line in enumerate(self._lines()):
                yield Static(as_text(line), id=f"reveal-line-{n}", classes="reveal-line")
            yield OptionList(*self._options(), id="items")
            yield Static(as_text(self.breakdown.announce()), id="spoken")
        yield Footer()

    def on_mount(self) -> None:
        items = self.query_one("#items", OptionList)
        items.focus()
        if self.breakdown.items:
            items.highlighted = 0

    def _lines(self) -> list[str]:
        """The claim against the truth, then what muggins moved, in words."""
        s, names = self.shown, self.setup.names
        owner = names[s.seat]
        lines: list[str] = []
        if self.verdict is not None:
            lines.append(self.verdict.claim_line())
        elif self.answered is not None:
            said = announce((i.kind, i.cards, i.points) for i in s.said) if s.said else None
            said = said or f"{s.claimed}."
            lines.append(f'{owner} said "{said}" ({s.claimed}); it is {s.points}.')
            answer = self.answered
            lines.append(f"You answered: {answer.answer}.{self._call_note(answer)}")
        if s.mugged and s.mugged_by is not None:
            taker = names[s.mugged_by]
            verb = "take" if taker == "You" else "takes"
            lines.append(f"Muggins: {taker} {verb} {s.mugged}.")
        elif self.verdict is not None and self.verdict.missed_points:
            missed = self.verdict.missed_points
            lines.append(f"Nobody called muggins, but the {missed} you missed are lost.")
        kept = f"{owner} {'peg' if owner == 'You' else 'pegs'} {s.pegged}"
        lines.append(f"{kept} for the {s.box}.")
        return lines

    def _call_note(self, answer: Answered) -> str:
        """Why a call moved what it moved (``calls.settle``: a wrong call, a "too many"
        that was not)."""
        s, owner = self.shown, self.setup.names[self.shown.seat]
        if answer.answer.call is not None and not s.verdict.missed_points:
            return f" Nothing was missed: a wrong call, and {owner} takes {answer.owner}."
        if answer.answer.too_many and not s.verdict.excess_points:
            return " It was not too many: nothing moves."
        return ""

    def _options(self) -> list[Option]:
        verdict = self.verdict
        shown = verdict if verdict is not None and verdict.itemised else None
        missed = set(shown.missed) if shown is not None else set()
        options = []
        marks = None if shown is None else missed.__contains__
        for line, cards in count_rows(self.breakdown, marks, plain=self.plain):
            options.append(Option(line))
            self.rows.append(cards)
        return options or [Option("nothing scores: nineteen", disabled=True)]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = event.option_index
        cards = self.rows[index] if 0 <= index < len(self.rows) else ()
        self.query_one("#table", CardTable).show_highlight(cards)

    def action_close(self) -> None:
        self.dismiss(None)
