"""Review: the combinations you missed or claimed wrongly and the wrong totals, their shows.

The list is the store's review list, newest first, filtered by stat kind (``total``:
the wrong totals) and by drill set (keys cycle the filters). The show of the row
under the cursor is drawn below it with its whole count, the missed items marked.
``r`` re-drills the hands due under the spaced schedule; ``p`` deals a drill rich
in the kind of the row under the cursor. What is read and how it is filtered is
`trainer.ui.flow.review_list`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from trainer.drills.loader import DrillEntry
from trainer.practice.redrill import REDRILL_HANDS, review_drill, review_questions
from trainer.practice.weak_spots import practice_drill
from trainer.ui.flow.review_list import (
    ReviewPage,
    filters_from,
    read_page,
    step,
    until,
    when,
)
from trainer.ui.messages import StartDrill
from trainer.ui.text import cards_markup
from trainer.ui.user_text import as_cell, fill
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.review_detail import ReviewDetail

if TYPE_CHECKING:
    from trainer.history.reading import ReviewCounts, ReviewItem
    from trainer.ui.flow.history import History

_FAR_FUTURE = datetime(9999, 1, 1, tzinfo=UTC)

EMPTY_HISTORY = (
    "[b]Nothing to review yet.[/b]\n\n"
    "Every hand you count wrong is listed here, newest first. A total claimed wrong is "
    "listed as its whole hand; announce your count (the Count aloud drill, or any drill "
    "with claim: announce), or let a hand's time run out, and the trainer lists each "
    "combination you missed."
)


class ReviewRead(Message):
    """A page of the review list (``error``: why it could not be read)."""

    def __init__(self, page: ReviewPage | None, error: str = "") -> None:
        super().__init__()
        self.page = page
        self.error = error


class ReviewCommands(Provider):
    """The review screen's actions in the command palette."""

    def _commands(self) -> list[tuple[str, str, str]]:
        return [
            ("Review: next kind", "Show one kind of combination (k)", "next_kind"),
            ("Review: next drill set", "Show one drill set's misses (d)", "next_drill"),
            ("Review: re-drill due hands", "The hands due under the schedule (r)", "redrill"),
            ("Review: practise this kind", "A drill rich in the selected kind (p)", "practise"),
        ]

    def _run(self, action: str) -> None:
        screen = self.screen
        if isinstance(screen, ReviewScreen):
            getattr(screen, f"action_{action}")()

    async def discover(self) -> Hits:
        for name, help_text, action in self._commands():
            yield DiscoveryHit(name, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(name), partial(self._run, action), help=help_text
                )


class ReviewScreen(Screen[None]):
    """Missed and wrongly claimed combinations; the show of each; re-drill and practise."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "home", "Home"),
        Binding("k", "next_kind", "Kind"),
        Binding("K", "previous_kind", "Previous kind", show=False),
        Binding("d", "next_drill", "Drill set"),
        Binding("D", "previous_drill", "Previous drill set", show=False),
        Binding("r", "redrill", "Re-drill"),
        Binding("p", "practise", "Practise"),
        Binding("f1", "app.help", "Help"),
    ]
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {ReviewCommands}

    def __init__(
        self,
        history: History,
        entries: Sequence[DrillEntry],
        *,
        now: datetime,
        plain: bool = False,
    ) -> None:
        super().__init__()
        self.history = history
        self.entries = list(entries)
        self.now = now
        self.plain = plain
        self.kinds: list[str | None] = [None]
        self.drills: list[str | None] = [None]
        self.drill_names: dict[str, str] = {}
        self.kind: str | None = None
        self.drill: str | None = None
        self.items: list[ReviewItem] = []
        self.total = 0
        self.overall = 0
        self.due = 0

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(
            "[b]Review[/b]  ·  the combinations you missed or claimed wrongly",
            id="review-title",
            classes="title",
        )
        yield Static("", id="review-filters")
        table: DataTable[str | Text] = DataTable(
            id="review-list", cursor_type="row", zebra_stripes=True
        )
        yield table
        yield ReviewDetail(plain=self.plain, empty=EMPTY_HISTORY, id="review-detail")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#review-list", DataTable)
        table.add_column("When", key="when", width=12)
        table.add_column("Drill set", key="drill", width=11)
        table.add_column("", key="role", width=6)
        table.add_column("Kind", key="kind", width=17)
        table.add_column("Cards", key="cards", width=15)
        table.add_column("Pts", key="points", width=3)
        self._read(None, None, first=True)
        table.focus()

    # ------------------------------------------------------------ data

    @work(thread=True, exclusive=True, group="review")
    def _read(self, kind: str | None, drill: str | None, *, first: bool = False) -> None:
        """Read the list for these filters (and, the first time, what there is to filter by)."""
        try:
            page = read_page(self.history, kind, drill, now=self.now, due=self.due, first=first)
        except (OSError, ValueError) as err:  # the store's error names the file
            self.post_message(ReviewRead(None, str(err)))
            return
        self.post_message(ReviewRead(page))

    @on(ReviewRead)
    def _page_read(self, event: ReviewRead) -> None:
        page = event.page
        if page is None:
            self.notify(f"Could not read your history: {event.error}", severity="error", timeout=8)
            return
        if (page.kind, page.drill) != (self.kind, self.drill):
            return  # the filters moved on since this was asked for
        if page.counts is not None:
            self._filters_from(page.counts, page.recorded)
            self.due = page.due
        self.items, self.total = page.items, page.total
        self._fill()

    def _filters_from(self, counts: ReviewCounts, recorded: dict[str, str]) -> None:
        """The kinds and drill sets that have something to review, for the filter keys."""
        found = filters_from(counts, recorded, self.entries)
        self.overall, self.kinds, self.drills = found.overall, found.kinds, found.drills
        self.drill_names = found.drill_names

    def _fill(self) -> None:
        """Fill the list for the current filters; the cursor goes to the newest row."""
        table = self.query_one("#review-list", DataTable)
        table.clear()
        for i, item in enumerate(self.items):
            table.add_row(*self._cells(item), key=str(i))
        table.display = self.overall > 0
        self.query_one("#review-filters", Static).update(self._filters_text())
        detail = self.query_one("#review-detail", ReviewDetail)
        detail.set_empty(
            EMPTY_HISTORY + "\n\n" + self._due_text()
            if not self.overall
            else "Nothing matches these filters: [b]k[/b] and [b]d[/b] change them."
        )
        if self.items:
            table.move_cursor(row=0)
        self._show(self.items[0] if self.items else None)

    def _show(self, item: ReviewItem | None) -> None:
        """Show this item in the detail, with every combination stored with its answer."""
        detail = self.query_one("#review-detail", ReviewDetail)
        if item is None:
            detail.shown = None
            return
        if detail.item == item:
            return
        try:
            combos = self.history.attempt_combos(item.attempt_id)
        except (OSError, ValueError) as err:
            self.notify(f"Could not read your history: {err}", severity="error", timeout=8)
            return
        detail.shown = (item, combos)

    def _cells(self, item: ReviewItem) -> tuple[str | Text, ...]:
        """A row: the history's words (drill set, role, kind) as text; the cards as markup."""
        # Red: points missed; yellow: too many claimed. A wrong total is its whole show.
        under = item.role == "missed" or (item.whole and item.claimed < item.actual)
        kind = f"said {item.claimed}, is {item.actual}" if item.whole else item.stat_kind
        return (
            when(item.at, self.now),
            as_cell(item.drill_id),
            as_cell(item.role, "red" if under else "yellow"),
            as_cell(kind),
            cards_markup(item.cards, plain=self.plain),
            f"{item.points:>3}",
        )

    def _filters_text(self) -> Content:
        kind = self.kind or "all"
        drill = self.drill_names.get(self.drill, self.drill) if self.drill else "all"
        shown = (
            f"{self.total}"
            if self.total == len(self.items)
            else f"newest {len(self.items)} of {self.total}"
        )
        due = f"{self.due} hand{'s' if self.due != 1 else ''} due" if self.due else "none due"
        return fill(  # the kind and the drill set's name as the history has them
            "Kind [b]$kind[/b] (k)  ·  Drill set [b]$drill[/b] (d)  ·  $shown listed  ·  $due (r)",
            kind=kind,
            drill=drill,
            shown=shown,
            due=due,
        )

    def _due_text(self) -> str:
        if self.due:
            hands = "hand is" if self.due == 1 else "hands are"
            return f"{self.due} {hands} due for a re-drill: press [b]r[/b]."
        return "Hands you count wrong come back on a spaced schedule: [b]r[/b] re-drills them."

    # ------------------------------------------------------------ the cursor

    @property
    def current(self) -> ReviewItem | None:
        """The row under the cursor."""
        if not self.items:
            return None
        row = self.query_one("#review-list", DataTable).cursor_row
        return self.items[row] if 0 <= row < len(self.items) else None

    @on(DataTable.RowHighlighted, "#review-list")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        row = event.cursor_row
        self._show(self.items[row] if 0 <= row < len(self.items) else None)

    @on(DataTable.RowSelected, "#review-list")
    def _selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row walks through its show's combinations (Tab, too)."""
        event.stop()
        self.focus_next()

    # ------------------------------------------------------------ filters

    def action_next_kind(self) -> None:
        self._cycle_kind(1)

    def action_previous_kind(self) -> None:
        self._cycle_kind(-1)

    def action_next_drill(self) -> None:
        self._cycle_drill(1)

    def action_previous_drill(self) -> None:
        self._cycle_drill(-1)

    def _cycle_kind(self, by: int) -> None:
        self.kind = step(self.kinds, self.kind, by)
        self._read(self.kind, self.drill)

    def _cycle_drill(self, by: int) -> None:
        self.drill = step(self.drills, self.drill, by)
        self._read(self.kind, self.drill)

    # ------------------------------------------------------------ actions

    def action_home(self) -> None:
        self.app.pop_screen()

    def action_redrill(self) -> None:
        """Re-drill the hands due now, or say when the next one is due."""
        try:
            self._redrill()
        except (OSError, ValueError) as err:
            self.notify(f"Could not read your history: {err}", severity="error", timeout=8)

    def _redrill(self) -> None:
        questions = review_questions(self.history.due(self.now, limit=REDRILL_HANDS))
        if questions:
            self.post_message(StartDrill(review_drill(), questions))
            return
        # The soonest scheduled show: `scheduled()` in one row, however long the schedule.
        soonest = self.history.due(_FAR_FUTURE, limit=1)
        if soonest:
            message = (
                f"Nothing is due yet: the next hand comes back {until(soonest[0].due, self.now)}."
            )
        else:
            message = (
                "Nothing to re-drill: a hand you count wrong comes back here to be re-drilled."
            )
        self.notify(message, title="Re-drill", timeout=6)

    def action_practise(self) -> None:
        """Deal a drill whose every show holds the kind of the row under the cursor."""
        item = self.current
        if item is None:
            self.notify("Pick a missed combination first.", severity="warning")
            return
        if item.whole:
            self.notify("A total names no combination to practise: r re-drills the hand.")
            return
        size = 4 if item.crib else len(item.hand)
        announce = any(
            e.id == item.drill_id and e.drill is not None and e.drill.claim == "announce"
            for e in self.entries
        )
        drill = practice_drill(
            item.stat_kind, hand_size=size, claim="announce" if announce else "total"
        )
        self.post_message(StartDrill(drill))
