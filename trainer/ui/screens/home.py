"""Home: the drill sets with your accuracy on each; Enter starts the highlighted one.

The list scrolls when the terminal is too short for every drill set (80x24 holds 14 of
the 18 built-in ones): its frame says which one of how many is highlighted and how many
more are below the last row shown, and Home and End go to the first and the last. The
drill folders are read again each time home is shown again: a file added meanwhile is
listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.events import Resize, ScreenResume
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from trainer.drills.loader import DrillEntry, reload_all
from trainer.drills.model import DrillSet
from trainer.ui.messages import DrillsChecked, ResumeGame, StartDrill
from trainer.ui.text import ago
from trainer.ui.user_text import as_cell, as_text, fill
from trainer.ui.widgets.footer import ReadyFooter

if TYPE_CHECKING:
    from trainer.history.reading import DrillProgress, KindStats, Progress
    from trainer.ui.flow.history import History


class ProgressRead(Message):
    """Your figures, read from the history in the background."""

    def __init__(self, progress: Progress) -> None:
        super().__init__()
        self.progress = progress


class SavedRead(Message):
    """The game still playing in your history (``line`` names it), or None."""

    def __init__(self, line: str | None) -> None:
        super().__init__()
        self.line = line


class DrillTable(DataTable[Text]):
    """The drill list: Home and End move the cursor to the first and the last drill set;
    its frame says where the cursor is and how many rows are below the last one shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First drill", show=False),
        Binding("end", "scroll_bottom", "Last drill", show=False),
    ]

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.show_place()

    def on_resize(self, event: Resize) -> None:
        # The columns have fixed widths, so a new size draws no row otherwise: DataTable's
        # own handler would throw every drawn row away (the whole list drawn twice at start).
        event.prevent_default()
        self.show_place()

    def show_place(self) -> None:
        """ "3 of 18 · 4 more below ↓": the row highlighted, and the rows out of sight below."""
        rows = self.row_count
        if not rows:
            self.border_subtitle = ""
            return
        header = self.header_height if self.show_header else 0
        shown = max(0, self.scrollable_content_region.height - header)
        below = max(0, rows - round(self.scroll_y) - shown)
        place = f"{self.cursor_row + 1} of {rows}"
        self.border_subtitle = f"{place} · {below} more below ↓" if below and shown else place


class HomeScreen(Screen[None]):
    """The list of drill sets, with your figures on each once your history is open (and again
    each time you come back). Broken drill files are listed with their error."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", priority=True),
        Binding("g", "app.play_game", "Play a game"),
        Binding("c", "resume_game", "Resume"),
        Binding("s", "stats", "Stats"),
        Binding("r", "review", "Review"),
        Binding("p", "past_games", "Games"),
        Binding("o", "app.settings", "Settings"),
        Binding("f1,question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit", show=False),  # ctrl+q too: in Help
    ]

    def __init__(
        self,
        entries: Sequence[DrillEntry],
        *,
        now: Callable[[], datetime],
        plain: bool = False,
        drill_dirs: Sequence[tuple[Path, bool]] = (),
        saved: str | None = None,
    ) -> None:
        super().__init__()
        self.entries = list(entries)
        self.drill_dirs = tuple(drill_dirs)
        """The folders read again when home is shown again (none: the list is as given)."""
        self.progress: Mapping[str, DrillProgress] = {}
        self.kinds: tuple[KindStats, ...] = ()
        """How often you miss each kind of combination, as last read (weak spots)."""
        self.due = 0
        self.now = now
        self.plain = plain
        self.history: History | None = None
        self.saved = saved
        self._filled: list[tuple[str, tuple[str, str, str, str]]] | None = None
        """The rows the list shows (None: not filled yet)."""
        """The game you can resume, as home names it (None: no game is saved): as read before
        the first frame, then as the history says each time home is shown."""

    def help_keys(self) -> list[tuple[str, str]]:
        return [("up / down", "choose a drill set"), ("home / end", "the first / the last one")]

    def show_history(self, history: History, progress: Progress) -> None:
        """Show your figures from this history, read again each time you come back here
        (attributes down: the app sets them)."""
        self.history = history
        self.refresh_progress(progress)
        self._read_saved()

    def on_screen_resume(self) -> None:
        if self.history is not None:
            self._read_progress()
            self._read_saved()

    @on(ScreenResume)
    def _look_for_drills(self) -> None:
        """Home shown again: read the drill folders for files added, changed or removed."""
        if self.drill_dirs:
            self._reload_drills()

    @work(thread=True, exclusive=True, group="drill-files")
    def _reload_drills(self) -> None:
        worker = get_current_worker()
        found = reload_all(self.drill_dirs, self.entries, stop=lambda: worker.is_cancelled)
        if found is not None and not worker.is_cancelled:
            self.post_message(DrillsChecked(found))  # the app keeps the list and sets ours

    @work(thread=True, exclusive=True, group="saved-game")
    def _read_saved(self) -> None:
        from trainer.ui.flow.game_start import saved_game, saved_line

        if (history := self.history) is None:
            return
        try:
            saved = saved_game(history)
            line = None if saved is None else saved_line(history, saved, self.now())
        except (OSError, ValueError) as err:
            self.notify(f"Could not look for a saved game: {err}", severity="error", timeout=8)
            return
        self.post_message(SavedRead(line))

    @on(SavedRead)
    def _saved_read(self, event: SavedRead) -> None:
        self.saved = event.line
        self.refresh_bindings()
        if self.query("#saved-game"):
            self.query_one("#saved-game", Static).update(self._saved_text())

    def _saved_text(self) -> Content:
        if self.saved is None:
            return Content.from_markup("[b]g[/b]: play a game against the computer.")
        return fill(  # the game's variant as the history names it
            "A game is saved ($saved): [b]c[/b] resumes it; [b]g[/b] gives it up for a new one.",
            saved=self.saved,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume_game":
            return self.saved is not None
        return True

    def action_resume_game(self) -> None:
        """Sit down again at the game you left."""
        self.post_message(ResumeGame())

    @work(thread=True, exclusive=True, group="progress")
    def _read_progress(self) -> None:
        if self.history is None:
            return
        try:
            self.post_message(ProgressRead(self.history.progress(self.now())))
        except (OSError, ValueError) as err:  # the store's error names the file
            self.notify(f"Could not read your stats: {err}", severity="error", timeout=8)

    @on(ProgressRead)
    def _progress_read(self, event: ProgressRead) -> None:
        self.refresh_progress(event.progress)

    def _open(self) -> History | None:
        if self.history is None:
            self.notify("Your history is not open (yet).", severity="warning")
        return self.history

    def action_stats(self) -> None:
        """Your figures, by drill set and by kind of combination, over time."""
        from trainer.ui.screens.stats import StatsScreen  # the chart: not to draw home

        if (history := self._open()) is not None:
            self.app.push_screen(StatsScreen(history, self.entries, now=self.now()))

    def action_review(self) -> None:
        """The combinations you missed, and re-drills of the hands you got wrong."""
        from trainer.ui.screens.review import ReviewScreen  # not to draw home

        if (history := self._open()) is not None:
            screen = ReviewScreen(history, self.entries, now=self.now(), plain=self.plain)
            self.app.push_screen(screen)

    def action_past_games(self) -> None:
        """Your past games, each to review hand by hand: where your points went."""
        from trainer.ui.screens.past_games import PastGamesScreen

        if (history := self._open()) is not None:
            self.app.push_screen(PastGamesScreen(history, plain=self.plain))

    def compose(self) -> ComposeResult:
        yield Static(
            "[b]Muggins[/b]  ·  count cribbage hands, see every point",
            id="home-title",
            classes="title",
        )
        yield Static(self._due_text(), id="due")
        yield Static(self._saved_text(), id="saved-game")
        table = DrillTable(id="drills", cursor_type="row", zebra_stripes=True)
        table.border_title = "Drill sets"
        yield table
        yield Static("", id="description")
        yield ReadyFooter(compact=True, show_command_palette=False)  # ctrl+p: in Help

    def on_mount(self) -> None:
        table = self.query_one("#drills", DataTable)
        # Labels as Text: a str is read as markup, which loads rich's emoji table (2 ms).
        table.add_column(Text("Drill"), key="name", width=26)
        table.add_column(Text("Kind"), key="kind", width=8)
        table.add_column(Text("Accuracy"), key="accuracy", width=9)
        table.add_column(Text("Last practised"), key="last", width=16)
        self._fill(table)
        table.focus()
        if self.entries:
            table.move_cursor(row=0)
            self._describe(0)

    def _fill(self, table: DataTable[Text]) -> None:
        """One row a drill set; its name (or a broken file's name) is shown as text. Rows
        just as shown are left alone (drawing the list is most of home's first frame)."""
        rows = [(entry.id, self._cells(entry)) for entry in self.entries]
        if rows == self._filled:
            return
        self._filled = rows
        table.clear()
        for key, cells in rows:
            table.add_row(*map(as_cell, cells), key=key)

    def _cells(self, entry: DrillEntry) -> tuple[str, str, str, str]:
        if entry.drill is None:
            return (f"⚠ {entry.id}", "broken", "", "")
        d = entry.drill
        p = self.progress.get(d.id)
        accuracy = f"{p.accuracy:.0%}" if p and p.attempts else "-"
        last = ago(p.last, self.now()) if p else "never"
        return (d.name, _kind_label(d), accuracy, last)

    def refresh_progress(self, progress: Progress) -> None:
        """Show these figures."""
        self.progress = progress.drills
        self.kinds = progress.kinds
        self.due = progress.due
        if not self.query("#drills"):
            return  # not composed yet (a drill started at launch): on_mount fills it in
        table = self.query_one("#drills", DataTable)
        row = table.cursor_row
        self._fill(table)
        table.move_cursor(row=row)
        self._describe(table.cursor_row)  # the weak spots may have moved
        self.query_one("#due", Static).update(self._due_text())

    def refresh_entries(self, entries: Sequence[DrillEntry]) -> None:
        """The drill list after the background check (a drill may have turned out broken)."""
        self.entries = list(entries)
        if not self.query("#drills"):
            return
        table = self.query_one("#drills", DataTable)
        row = table.cursor_row
        self._fill(table)
        table.move_cursor(row=row)
        self._describe(table.cursor_row)

    def _due_text(self) -> str:
        if self.due:
            hands = "hand" if self.due == 1 else "hands"
            return f"{self.due} {hands} due for review: [b]r[/b] reviews them."
        return "Nothing due for review. Pick a drill and press Enter."

    @on(DataTable.RowHighlighted, "#drills")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe(event.cursor_row)

    def _describe(self, row: int) -> None:
        """Say what the highlighted drill set is (the weak spots: what they aim at now)."""
        if not 0 <= row < len(self.entries):
            return
        self.query_one("#drills", DrillTable).show_place()
        d = self.entries[row].drill
        if d is None:
            text = f"This file cannot be used: {self.entries[row].error}"
        elif d.focus == "weak-spots":
            from trainer.practice.weak_spots import (
                aim_at_weak_spots,  # the coach: only for this one
            )

            text = aim_at_weak_spots(d, self.kinds).description
        else:
            text = d.description
        self.query_one("#description", Static).update(as_text(text))

    @on(DataTable.RowSelected, "#drills")
    def _selected(self, event: DataTable.RowSelected) -> None:
        """A click on a row starts it, as Enter does."""
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        table = self.query_one("#drills", DataTable)
        row = table.cursor_row
        if not 0 <= row < len(self.entries):
            return
        entry = self.entries[row]
        if entry.drill is None:
            self.notify(entry.error or "this drill file cannot be used", severity="error")
            return
        self.post_message(StartDrill(entry.drill))


def _kind_label(d: DrillSet) -> str:
    if d.blitz:
        return "blitz"
    if d.claim == "announce":
        return "announce"
    return d.kind
