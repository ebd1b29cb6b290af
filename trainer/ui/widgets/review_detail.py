"""One reviewed combination in its show: the cards, the full count, what was missed.

Everything comes from what was stored with the answer: the combinations missed
and wrongly claimed (with why), the points missed and claimed too many. Only the
show's own breakdown is worked out again, by the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.rules.cards import Card
from trainer.rules.show import score_show
from trainer.ui.count_rows import count_rows
from trainer.ui.text import wrong_line
from trainer.ui.user_text import fill
from trainer.ui.widgets.card_table import CardTable

if TYPE_CHECKING:
    from trainer.history.reading import ReviewItem, StoredCombo

Reviewed = tuple["ReviewItem", "Sequence[StoredCombo]"]
"""A reviewed combination and every combination stored with its answer."""


class ReviewDetail(Vertical):
    """The show of the combination under the review list's cursor (set ``shown``, it redraws).

    Lists every combination of the show in spoken order, ✓ said, ✗ missed, then
    the wrong claims; opens on the reviewed combination with its cards lit on the
    table, and ↑/↓ light up the others. A wrong total's whole count is unmarked: a
    total does not say which combinations were said.
    """

    shown: reactive[Reviewed | None] = reactive(None, recompose=True)

    def __init__(self, *, plain: bool = False, empty: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.plain = plain
        self.empty = empty
        self.rows: list[tuple[Card, ...]] = []
        self.selected = 0

    @property
    def item(self) -> ReviewItem | None:
        return None if self.shown is None else self.shown[0]

    def set_empty(self, text: str) -> None:
        """What to say when there is no item (no history, or nothing matches the filters)."""
        self.empty = text
        if self.shown is None:
            self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        self.rows = []
        self.selected = 0
        if self.shown is None or self.shown[0].starter is None:
            yield Static(self.empty, id="review-empty")
            return
        item, combos = self.shown
        options = self._options(item, combos)
        with Horizontal(id="review-show"):
            yield CardTable(
                item.hand, item.starter, numbered=False, plain=self.plain, id="review-cards"
            )
            yield Static(self._caption(item), id="review-caption")
        yield OptionList(*options, id="review-items")

    def on_mount(self) -> None:
        self._open_on_item()

    def _open_on_item(self) -> None:
        if not self.rows or not self.query("#review-items"):
            return
        self.query_one("#review-items", OptionList).highlighted = self.selected
        self.query_one("#review-cards", CardTable).show_highlight(self.rows[self.selected])

    async def recompose(self) -> None:
        """Redraw for the new item, then open on its combination."""
        await super().recompose()
        self._open_on_item()

    # ------------------------------------------------------------ text

    def _caption(self, item: ReviewItem) -> Content:
        """Four short lines beside the cards: drill (its name as recorded, as text), time,
        the claim, what it cost."""
        show = "crib" if item.crib else "hand"
        when = _local(item.at).strftime("%d %b %Y %H:%M")
        said = "time ran out" if item.timed_out else f"you said {item.claimed}"
        cost = f"{item.missed_points} missed · {item.excess_points} too many"
        return fill(
            "[b]$name[/b]\n$when\n$show of $actual · $said\n$cost",
            name=item.drill_name,
            when=when,
            show=show,
            actual=item.actual,
            said=said,
            cost=cost,
        )

    def _options(self, item: ReviewItem, combos: Sequence[StoredCombo]) -> list[Option]:
        assert item.starter is not None
        breakdown = score_show(item.hand, item.starter, crib=item.crib)
        missed = {(c.kind, frozenset(c.cards)) for c in combos if c.role == "missed"}
        options: list[Option] = []
        for line, cards in count_rows(
            breakdown,
            (lambda i: (i.kind, frozenset(i.cards)) in missed) if item.itemised else None,
            plain=self.plain,
            opened=lambda i: _same(item, item.role, i.kind, i.cards),
        ):
            options.append(Option(line))
            self.rows.append(cards)
        if item.role == "missed":
            self.selected = _row_of(self.rows, item.cards)
        for c in combos:
            if c.role != "wrong":
                continue
            if _same(item, "wrong", c.kind, c.cards):
                self.selected = len(self.rows)
            options.append(
                Option(wrong_line(c.kind, c.cards, c.points, c.reason, plain=self.plain))
            )
            self.rows.append(c.cards)
        return options or [Option("nothing scores: nineteen", disabled=True)]

    # ------------------------------------------------------------ interaction

    @on(OptionList.OptionHighlighted, "#review-items")
    def _show_cards(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        table = next(self.query("#review-cards").results(CardTable), None)
        current = next(self.query("#review-items").results(OptionList), None)
        if table is None or event.option_list is not current:
            return  # from a list already replaced by the next item's
        index = event.option_index
        table.show_highlight(self.rows[index] if 0 <= index < len(self.rows) else ())


def _row_of(rows: Sequence[Sequence[Card]], cards: Sequence[Card]) -> int:
    """The row of these cards: their own row, else the group's row that holds them."""
    wanted = set(cards)
    exact = [n for n, r in enumerate(rows) if set(r) == wanted]
    within = [n for n, r in enumerate(rows) if wanted <= set(r)]
    return (exact or within or [0])[-1 if exact else 0]


def _same(item: ReviewItem, role: str, kind: str, cards: Sequence[Card]) -> bool:
    """Whether a listed combination is the reviewed one."""
    return item.role == role and item.kind == kind and set(item.cards) == set(cards)


def _local(moment: datetime) -> datetime:
    """A stored (UTC) time in the local time zone, as the CLI shows it."""
    return moment.astimezone()
