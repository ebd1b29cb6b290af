"""One reviewed combination in its show: the cards, the full count, what was missed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.cards import Card, parse_cards
from trainer.muggins import AnnounceClaim, ClaimedItem, Verdict, judge
from trainer.scoring import Breakdown, score_show
from trainer.stats import ReviewItem
from trainer.ui.text import MISSED_MARK, RIGHT_MARK, item_line, spoken, wrong_line
from trainer.ui.widgets.card_table import CardTable

_CLAIMED: re.Pattern[str] = re.compile(r"^(\w+) (.+) for (\d+)$")


def recorded_claim(answer_text: str) -> AnnounceClaim | None:
    """The itemised claim behind a stored answer text (``None``: the time ran out).

    Only itemised answers have combinations to review: an announcement, stored as
    ``fifteen 5S 10C for 2; pair JC JD for 2``, or a time-out. Raises `ValueError`
    for any other text (a total claim says nothing about single combinations).
    """
    text = answer_text.strip()
    if text == "(time out)":
        return None
    if text == "(nothing)":
        return AnnounceClaim(())
    items = []
    for part in text.split("; "):
        found = _CLAIMED.match(part.strip())
        if found is None:
            raise ValueError(f"not an itemised claim: {answer_text!r}")
        kind, cards, points = found.groups()
        items.append(ClaimedItem(kind, parse_cards(cards), int(points)))
    return AnnounceClaim(tuple(items))


@dataclass(frozen=True)
class Rejudged:
    """A reviewed show counted again: its breakdown and, if the claim could be read, the verdict."""

    breakdown: Breakdown
    verdict: Verdict | None


def rejudge(item: ReviewItem) -> Rejudged:
    """Score the item's show and judge the stored claim again (the judging is deterministic)."""
    assert item.starter is not None
    breakdown = score_show(item.hand, item.starter, crib=item.crib)
    try:
        claim = recorded_claim(item.answer_text)
    except ValueError:
        return Rejudged(breakdown, None)
    # The policy changes only who pegs what, never which items were missed.
    return Rejudged(breakdown, judge(claim, breakdown, "acc"))


class ReviewDetail(Vertical):
    """The show of the combination under the review list's cursor (set ``item``, it redraws).

    Lists every combination of the show in spoken order, ✓ said, ✗ missed, then
    the wrong claims; opens on the reviewed combination with its cards lit on the
    table, and ↑/↓ light up the others.
    """

    item: reactive[ReviewItem | None] = reactive(None, recompose=True)

    def __init__(
        self,
        *,
        plain: bool = False,
        empty: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.plain = plain
        self.empty = empty
        self.rows: list[tuple[Card, ...]] = []
        self.selected = 0

    def set_empty(self, text: str) -> None:
        """What to say when there is no item (no history, or nothing matches the filters)."""
        self.empty = text
        if self.item is None:
            self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        item = self.item
        self.rows = []
        self.selected = 0
        if item is None or item.starter is None:
            yield Static(self.empty, id="review-empty")
            return
        judged = rejudge(item)
        options = self._options(item, judged)
        with Horizontal(id="review-show"):
            yield CardTable(
                item.hand,
                item.starter,
                numbered=False,
                plain=self.plain,
                starter_caption="cut",
                id="review-cards",
            )
            yield Static(self._caption(item, judged), id="review-caption")
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

    def _caption(self, item: ReviewItem, judged: Rejudged) -> str:
        """Four short lines beside the cards: drill, time, the claim, what it cost."""
        show = "crib" if item.crib else "hand"
        lines = [f"[b]{item.drill_name}[/b]", _local(item.at).strftime("%d %b %Y %H:%M")]
        verdict = judged.verdict
        if item.answer_text.strip() == "(time out)":
            lines.append(f"{show} of {item.actual} · time ran out")
        else:
            lines.append(f"{show} of {item.actual} · you said {item.claimed}")
        if verdict is not None:
            lines.append(f"{verdict.missed_points} missed · {verdict.excess_points} too many")
        return "\n".join(lines)

    def _options(self, item: ReviewItem, judged: Rejudged) -> list[Option]:
        verdict = judged.verdict
        right = set(verdict.right) if verdict is not None else set()
        missed = set(verdict.missed) if verdict is not None else set()
        options: list[Option] = []
        running = 0
        runs_seen: set[int] = set()
        for scored in judged.breakdown.items:
            running += scored.points
            said = spoken(scored.kind, len(scored.cards), running, runs_seen)
            is_missed = scored in missed or (
                verdict is None and _same(item, "missed", scored.kind, scored.cards)
            )
            mark = MISSED_MARK if is_missed else (RIGHT_MARK if scored in right else "  ")
            if _same(item, "missed", scored.kind, scored.cards):
                self.selected = len(self.rows)
            line = item_line(scored, said, mark=mark, missed=is_missed, plain=self.plain)
            options.append(Option(line))
            self.rows.append(scored.cards)
        wrong = list(verdict.wrong) if verdict is not None else []
        reasons = list(verdict.wrong_reasons) if verdict is not None else []
        for claimed, reason in zip(wrong, reasons, strict=False):
            if _same(item, "wrong", claimed.kind, claimed.ordered_cards):
                self.selected = len(self.rows)
            options.append(Option(wrong_line(claimed, reason, plain=self.plain)))
            self.rows.append(claimed.ordered_cards)
        if not options:
            options.append(Option("nothing scores: nineteen", disabled=True))
        return options

    # ------------------------------------------------------------ interaction

    @on(OptionList.OptionHighlighted, "#review-items")
    def _show_cards(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        tables = self.query("#review-cards").results(CardTable)
        table = next(tables, None)
        current = next(self.query("#review-items").results(OptionList), None)
        if table is None or event.option_list is not current:
            return  # from a list already replaced by the next item's
        index = event.option_index
        table.show_highlight(self.rows[index] if 0 <= index < len(self.rows) else ())


def _same(item: ReviewItem, role: str, kind: str, cards: Sequence[Card]) -> bool:
    """Whether a listed combination is the reviewed one."""
    return item.role == role and item.kind == kind and set(item.cards) == set(cards)


def _local(moment: datetime) -> datetime:
    """A stored (UTC) time in the local time zone, as the CLI shows it."""
    return moment.astimezone()
