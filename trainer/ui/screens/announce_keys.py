"""The keys of an announce drill: number keys pick cards, letters claim them as a kind,
Backspace takes the last claim back, Enter ends the count (asking once before nothing, or
before cards picked and not claimed)."""

from __future__ import annotations

from collections.abc import Callable

from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from trainer.judge.claims import Answer
from trainer.rules.cards import Card
from trainer.rules.combos import Kind
from trainer.ui.flow.claim_draft import KIND_KEYS, AnnounceDraft
from trainer.ui.text import claim_lines
from trainer.ui.widgets.card_table import CardTable


class AnnounceKeys:
    """The announce keys of one quiz ``screen``: the claims go in ``draft``; the count ended
    is given to ``submit``."""

    def __init__(
        self,
        screen: Screen[None],
        draft: AnnounceDraft,
        submit: Callable[[Answer], None],
        *,
        plain: bool,
    ) -> None:
        self._screen = screen
        self.draft = draft
        self._submit = submit
        self._plain = plain
        self._asked_empty = False

    def key(self, key: str) -> bool:
        """Do what ``key`` means while announcing; whether it meant anything."""
        cards = self._screen.query_one("#table", CardTable).all_cards
        if key.isdigit() and 1 <= int(key) <= len(cards):
            self.toggle(cards[int(key) - 1])
        elif key in KIND_KEYS:
            self._claim_kind(KIND_KEYS[key])
        elif key == "backspace" and self.draft.undo():
            self._show_claims()
        elif key == "enter":
            self._end_count()
        else:
            return False
        return True

    def toggle(self, card: Card) -> None:
        """Pick or unpick a card (its number key, or a click on it)."""
        self.draft.toggle(card)
        self._screen.query_one("#table", CardTable).show_selected(self.draft.picked)

    def _claim_kind(self, kind: Kind) -> None:
        problem = self.draft.claim(kind)
        if problem is not None:
            self._screen.notify(problem, severity="warning")
            return
        self._screen.query_one("#table", CardTable).show_selected([])
        self._show_claims()

    def _end_count(self) -> None:
        """Judge the announcement; with cards picked and not claimed, or nothing claimed,
        ask once first."""
        if (unclaimed := self.draft.unclaimed()) is not None:
            self._screen.notify(unclaimed, severity="warning", timeout=6)
            return
        if not self.draft.claims and not self._asked_empty:
            self._asked_empty = True
            self._screen.notify(
                "Nothing claimed. Press Enter again to claim nothing (nineteen), "
                "or pick cards and claim them.",
                severity="warning",
                timeout=6,
            )
            return
        self._submit(self.draft.answer())

    def _show_claims(self) -> None:
        lines = claim_lines(self.draft.claims, plain=self._plain)
        self._screen.query_one("#claim-list", Static).update(
            "\n".join(lines) if lines else "(nothing claimed yet)"
        )
        box = self._screen.query_one("#claims", VerticalScroll)
        box.border_title = f"{len(lines)} claimed · {self.draft.total}"
        box.call_after_refresh(box.scroll_end, animate=False)
