"""A discard drill's reveal, in the question's place: your throw against the best, and every
throw with its hand, crib and net, best first, yours marked.

Mounted with the question and filled when the throw is judged (`show`), as the count's
reveal is (`trainer.ui.widgets.drill_reveal_panel`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.judge.discard import DiscardVerdict, ValuedThrow
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import DiscardQuestion
from trainer.rules.cards import Card
from trainer.ui.text import cards_markup
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable


class DiscardRevealPanel(Vertical):
    """One judged throw. Up/Down move through the throws, highlighting the cards each
    throws; the list opens on yours."""

    def __init__(
        self, question: DiscardQuestion, *, plain: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.plain = plain
        self.rows: list[tuple[Card, ...]] = []
        self._verdict = Static("", id="verdict", classes="verdict")
        self._cards = CardTable(question.deal.dealt, numbered=False, plain=plain, id="reveal-cards")
        self._items = OptionList(id="items")
        self._notes = Static("", id="reveal-notes")

    def compose(self) -> ComposeResult:
        yield self._verdict
        yield self._cards
        yield self._items
        yield self._notes

    def show(self, attempt: Attempt) -> None:
        """Fill the panel with this judged throw and give the list the focus, on yours."""
        verdict = attempt.judgement
        if not isinstance(verdict, DiscardVerdict):
            raise TypeError("a discard reveal shows a judged throw")
        self._verdict.update(as_text(verdict.summary(symbols=not self.plain)))
        self._verdict.set_classes(f"verdict -{attempt.outcome}")
        self._items.add_options(throw_rows(verdict, plain=self.plain))
        self.rows = [(), *(t.throw for t in verdict.throws)]
        whose = "your crib: net = hand + crib" if attempt.crib else "their crib: net = hand - crib"
        self._items.border_title = f"Every throw, best first ({whose})"
        self._notes.update(
            "Mean points a hand over every starter and crib (the coach's exact values).  "
            "↑↓ show each throw's cards · any other key: next deal"
        )
        self._items.focus()
        self._items.highlighted = 1 + verdict.throws.index(verdict.made)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        self._cards.show_highlight(self.rows[index] if 0 <= index < len(self.rows) else ())


def throw_rows(verdict: DiscardVerdict, *, plain: bool) -> list[Option]:
    """A header, then a row a throw: its place, cards thrown and kept, hand, crib, net and
    what it loses against the best; the one made marked ``you``."""
    first = verdict.best
    head = (
        f"    {'throw':<{_width(first.throw)}}  {'keep':<{_width(first.keep)}}"
        "   hand   crib    net   loss"
    )
    return [
        Option(head, disabled=True),
        *(
            Option(throw_line(n, t, first.net, plain=plain, yours=t is verdict.chosen))
            for n, t in enumerate(verdict.throws, 1)
        ),
    ]


def _width(cards: tuple[Card, ...]) -> int:
    """The widest a row of this many cards can be (``10♦`` is three cells)."""
    return 4 * len(cards) - 1


def throw_line(n: int, t: ValuedThrow, best: float, *, plain: bool, yours: bool) -> str:
    """``2. 5♠ J♦   5♥ 5♣ 6♦ 4♠   8.17   4.90  13.07  -0.40 you``."""
    thrown = cards_markup(t.throw, plain=plain, width=_width(t.throw))
    kept = cards_markup(t.keep, plain=plain, width=_width(t.keep))
    loss = best - t.net
    lost = "  best" if loss <= 0 else f"{-loss:6.2f}"
    mark = "  [b]you[/]" if yours else ""
    return f"{n:>2}. {thrown}  {kept}  {t.hand:5.2f}  {t.crib:5.2f} {t.net:6.2f} {lost}{mark}"
