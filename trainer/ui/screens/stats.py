"""Your progress: figures per drill set, your games, accuracy and speed over time, misses by kind.

Everything comes from one report of the history (and, for every drill set or a game's,
the report of your games), read in a thread worker when the screen opens and when the
drill-set filter changes (a newer read replaces an older one still running).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, ClassVar, Final

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from trainer.drills.loader import DrillEntry
from trainer.history.reading import GAME_DRILL_PREFIX
from trainer.ui.screens.stats_messages import PhasesRead, ReportRead
from trainer.ui.text import ago
from trainer.ui.user_text import as_cell, as_text
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.games_panel import GamesPanel
from trainer.ui.widgets.miss_bars import MissBars
from trainer.ui.widgets.phase_chart import PhaseChart, legend
from trainer.ui.widgets.progress_chart import ChartPoint, ProgressChart
from trainer.ui.widgets.throws_line import ThrowsLine

if TYPE_CHECKING:
    from trainer.game.coach.phase_stats import PhaseReport
    from trainer.history.reading import DiscardReport, DrillStats, GameReport, Period, Report
    from trainer.ui.flow.history import History

MIN_DAYS: Final = 3
"""With fewer days than this, the chart shows sessions instead (when there are more)."""

NAME_WIDTH: Final = 18
ALL: Final = "All drill sets"

COLUMNS: Final = (
    ("Drill set", "name", NAME_WIDTH),
    ("Hands", "attempts", 5),
    ("Exact", "accuracy", 5),
    ("s/hand", "seconds", 6),
    ("Mugged", "mugged", 6),
    ("Streak", "streak", 6),
    ("Blitz", "blitz", 5),
    ("Practised", "last", 10),
)
"""Label, key and width of each column; 80 columns hold them all."""

EMPTY_TEXT: Final = (
    "No hands counted yet.\n\n"
    "Count some hands first: press Escape, pick a drill and press Enter. Your accuracy, "
    "your speed and the combinations you miss will show here."
)
KINDS_NOTE: Final = "Only announced counts and time-outs say which combination was missed."
NO_KINDS: Final = (
    "Nothing to show here yet: only announced counts (the count-aloud drill, or any drill "
    "that asks for each combination) and time-outs say which combination was missed."
)


def wrapped(text: str, width: int) -> str:
    """``text`` in lines of at most ``width`` characters, broken between words where it can
    be: a drill set's name is shown whole, never cut."""
    return "\n".join(textwrap.wrap(text, width)) or text


def chart_points(
    report: Report, *, zone: tzinfo | None = None
) -> tuple[str, tuple[ChartPoint, ...]]:
    """What the chart shows: ``("day", points)``, or ``("session", points)`` when there are
    fewer than `MIN_DAYS` days and more sessions than days."""
    days, sessions = report.days, report.sessions
    if len(days) >= MIN_DAYS or len(sessions) <= len(days):
        one_year = len({p.label[:4] for p in days}) <= 1
        return "day", tuple(_point(p, _day_label(p.label, one_year)) for p in days)
    return "session", tuple(_point(p, f"{p.start.astimezone(zone):%d %b %H:%M}") for p in sessions)


def _day_label(label: str, one_year: bool) -> str:
    """``1 Mar`` for a stored day (``2025-03-01``), or the day as stored if the chart
    spans more than one year."""
    if not one_year:
        return label
    day = datetime.strptime(label, "%Y-%m-%d")
    return f"{day.day} {day:%b}"


def _point(period: Period, label: str) -> ChartPoint:
    return ChartPoint(label, period.accuracy, period.mean_seconds)


def game_variant(drill_id: str | None) -> str | None:
    """The game variant a drill set's counts come from (``game-short``: ``short``)."""
    if drill_id is None or not drill_id.startswith(GAME_DRILL_PREFIX):
        return None
    return drill_id.removeprefix(GAME_DRILL_PREFIX)


class StatsScreen(Screen[None]):
    """Figures per drill set, your games, a chart of accuracy and speed, and misses by
    combination kind, for every drill set or one (``d`` cycles through those with a
    history); the games show with every drill set and with a game's."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "next_drill", "Next drill set"),
        Binding("D", "previous_drill", "Previous"),
        Binding("a", "all_drills", "All drill sets"),
        Binding("escape", "back", "Back"),
        Binding("f1,question_mark", "app.help", "Help"),
    ]

    def __init__(self, history: History, entries: Sequence[DrillEntry], *, now: datetime) -> None:
        super().__init__()
        self.history = history
        self.names = {e.id: e.drill.name for e in entries if e.drill is not None}
        self.now = now
        self.drill_id: str | None = None
        """The drill set shown, or None for all of them."""
        self.choices: list[str | None] = [None]
        """What ``d`` cycles through: all drill sets, then each with a history."""
        self.report: Report | None = None
        self.games: GameReport | None = None
        self.phases: PhaseReport | None = None
        self.throws: DiscardReport | None = None
        self.damaged: tuple[str, ...] = ()
        """The rows the last report left out as damaged, each named."""

    def compose(self) -> ComposeResult:
        yield Static("[b]Stats[/b]", id="stats-title")
        with VerticalScroll(id="stats-body"):
            yield Static("", id="stats-damaged")
            table: DataTable[Text] = DataTable(
                id="stats-drills", cursor_type="none", zebra_stripes=True, show_cursor=False
            )
            table.can_focus = False
            yield table
            spoken = Static("", id="stats-spoken")
            spoken.display = False  # until there is a count said aloud
            yield spoken
            yield GamesPanel(id="stats-games")
            yield ThrowsLine(id="stats-discards")
            yield Static("", id="stats-phases-title")
            yield PhaseChart(id="stats-phases")
            yield Static("", id="stats-chart-title", classes="stats-heading")
            yield ProgressChart(id="stats-chart")
            yield Static("", id="stats-kinds-title", classes="stats-heading")
            yield MissBars(id="stats-kinds")
            yield Static("", id="stats-kinds-note")
            yield Static(EMPTY_TEXT, id="stats-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#stats-drills", DataTable)
        for label, key, width in COLUMNS:
            table.add_column(label, key=key, width=width)
        self.query_one("#stats-empty", Static).update("Reading your history…")
        for widget in self.query_one("#stats-body").children:
            widget.display = widget.id == "stats-empty"
        self._read(None)
        self.query_one("#stats-body", VerticalScroll).focus()

    # ------------------------------------------------------------ the filter

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The filter keys only show (in the footer too) when there is a drill set to pick."""
        if action in ("next_drill", "previous_drill", "all_drills"):
            return len(self.choices) > 1
        return True

    def action_next_drill(self) -> None:
        self._step(1)

    def action_previous_drill(self) -> None:
        self._step(-1)

    def action_all_drills(self) -> None:
        if self.drill_id is not None:
            self.show_drill(None)

    def _step(self, by: int) -> None:
        if len(self.choices) < 2:  # no history: the key is off (see check_action)
            return
        at = self.choices.index(self.drill_id) if self.drill_id in self.choices else 0
        self.show_drill(self.choices[(at + by) % len(self.choices)])

    def show_drill(self, drill_id: str | None) -> None:
        """Show one drill set (by id), or all of them (None), once its report is read."""
        self.drill_id = drill_id
        self._read(drill_id)

    def action_back(self) -> None:
        self.dismiss()

    # ------------------------------------------------------------ filling in

    def name_of(self, drill: DrillStats) -> str:
        """A drill set's name as the drill list has it now, else as it was recorded."""
        if drill.drill_id is None:
            return ALL
        return self.names.get(drill.drill_id, drill.drill_name)

    @work(thread=True, exclusive=True, group="stats")
    def _read(self, drill_id: str | None) -> None:
        from trainer.ui.flow.phases import phase_losses  # the game layer: not for home

        games = None
        try:
            report = self.history.report(drill_id)
            speed = self.history.spoken_speed(drill_id)
            throws = self.history.discard_report(drill_id)
            if drill_id is None or game_variant(drill_id) is not None:
                games = self.history.game_report()
        except (OSError, ValueError) as err:  # the store's error names the file
            self.post_message(ReportRead(drill_id, None, str(err)))
            return
        damaged = (*speed.damaged, *throws.damaged, *(games.damaged if games else ()))
        self.post_message(
            ReportRead(drill_id, report, "", games, speed.line(), throws, damaged=damaged)
        )
        if games is None or not games.overall.played:
            return
        try:
            phases = self.phases or phase_losses(self.history)  # read once a visit
        except (OSError, ValueError):  # the report above was read: leave the chart out
            return
        self.post_message(PhasesRead(drill_id, phases))

    @on(PhasesRead)
    def _phases_read(self, event: PhasesRead) -> None:
        self.phases = event.phases
        if event.drill_id == self.drill_id and self.report is not None:
            self._fill_phases()
            self._fill_damaged()

    @on(ReportRead)
    def _report_read(self, event: ReportRead) -> None:
        if event.drill_id != self.drill_id:
            return  # a filter moved on since this was asked for
        if event.report is not None and event.drill_id is None and len(self.choices) == 1:
            self.choices = [None, *(d.drill_id for d in event.report.drills)]
            self.refresh_bindings()
        self.games = event.games
        self.throws = event.throws
        self.damaged = event.damaged
        self._show(event.report, event.error, event.spoken)
        self.query_one("#stats-body", VerticalScroll).scroll_home(animate=False)

    def _show(self, report: Report | None, error: str, spoken: str = "") -> None:
        if error:
            self.notify(f"Could not read your stats: {error}", severity="error", timeout=8)
            self.query_one("#stats-empty", Static).update(
                as_text(f"Could not read your stats: {error}")
            )
        else:
            self.query_one("#stats-empty", Static).update(EMPTY_TEXT)
        self.report = report
        empty = report is None or report.overall.attempts == 0
        self.query_one("#stats-empty").display = empty
        for widget in self.query_one("#stats-body").children:
            if widget.id != "stats-empty":
                widget.display = not empty
        self.query_one("#stats-spoken", Static).update(spoken)
        self.query_one("#stats-spoken").display = bool(spoken) and not empty
        self._title()
        if report is None or empty:
            return
        self._fill_damaged()
        self._fill_table(report)
        self._fill_games()
        self._fill_phases()
        self._fill_throws()
        self._fill_chart(report)
        self._fill_kinds(report)

    def _title(self) -> None:
        report = self.report
        text = ""  # after the bold "Stats": the drill set's name is the history's, as text
        if report is not None and report.overall.attempts:
            o = report.overall
            text += f" · {ALL if self.drill_id is None else self.name_of(o)}"
            if len(self.choices) > 1:
                at = self.choices.index(self.drill_id) if self.drill_id in self.choices else 0
                text += f" ({at + 1} of {len(self.choices)}, d for the next)"
            hands = "hand" if o.attempts == 1 else "hands"
            text += f" · {o.attempts} {hands}, {o.accuracy or 0:.0%} exact"
        title = Content.from_markup("[b]Stats[/b]") + as_text(text)
        self.query_one("#stats-title", Static).update(title)

    def _fill_table(self, report: Report) -> None:
        table = self.query_one("#stats-drills", DataTable)
        table.clear()
        rows = list(report.drills)
        if self.drill_id is None and len(rows) > 1:
            rows.append(report.overall)
        for d in rows:
            style = "bold" if d.drill_id is None else ""  # the total row
            name, *figures = self.cells(d)
            lines = [as_cell(line, style) for line in name.split("\n")]
            table.add_row(
                Text("\n").join(lines),  # a long name takes two lines, each cleaned
                *(as_cell(c, style) for c in figures),
                key=d.drill_id or "all",
                height=len(lines),
            )

    def cells(self, d: DrillStats) -> tuple[str, ...]:
        """The table's cells for one drill set (or all of them)."""
        return (
            wrapped(self.name_of(d), NAME_WIDTH),
            str(d.attempts),
            "-" if d.accuracy is None else f"{d.accuracy:.0%}",
            "-" if d.mean_seconds is None else f"{d.mean_seconds:.1f}",
            "-" if d.mugged_per_hand is None else f"{d.mugged_per_hand:.2f}",
            str(d.best_streak),
            "-" if d.best_blitz is None else str(d.best_blitz),
            ago(d.last_practised, self.now),
        )

    def _fill_damaged(self) -> None:
        """The rows of the history left out as damaged, each named (the rest is shown)."""
        phases = self.phases.damaged if self.phases is not None else ()
        notes = dict.fromkeys((*self.damaged, *phases))
        text = Content.from_markup("[b]Left out, damaged in your history:[/b]")
        for note in notes:
            text += Content("\n") + as_text(note)
        widget = self.query_one("#stats-damaged", Static)
        widget.update(text)
        widget.display = bool(notes)

    def _fill_games(self) -> None:
        panel = self.query_one("#stats-games", GamesPanel)
        panel.display = self.games is not None
        if self.games is not None:
            panel.show(self.games, game_variant(self.drill_id))

    def _fill_throws(self) -> None:
        self.query_one("#stats-discards", ThrowsLine).show(self.throws)

    def _fill_phases(self) -> None:
        """Points lost a hand by phase in your last games, beside your counting there."""
        phases = self.phases
        shown = phases is not None and bool(phases.games) and self.games is not None
        title = self.query_one("#stats-phases-title", Static)
        chart = self.query_one("#stats-phases", PhaseChart)
        title.display = chart.display = shown
        if phases is None or not shown:
            return
        average = phases.per_hand() or {}
        n = len(phases.games)
        counting = self.games.overall.counting.accuracy if self.games is not None else None
        exact = "" if counting is None else f" (your counts there: {counting:.0%} exact)"
        title.update(
            f"[b]Points lost a hand[/b] in your last {n} game{'s' if n != 1 else ''}: "
            f"{average.get('total', 0.0):.2f}{exact}\n{legend(values=average)}, game by game"
        )
        chart.show([g.per_hand() for g in phases.games])

    def _fill_chart(self, report: Report) -> None:
        by, points = chart_points(report, zone=self.now.tzinfo)
        chart = self.query_one("#stats-chart", ProgressChart)
        chart.show(points, by=by)
        count = f"{len(points)} {by}{'s' if len(points) != 1 else ''}"
        self.query_one("#stats-chart-title", Static).update(
            f"[b]Progress by {by}[/b] ({count}):  [$success]⣀●⣀ accuracy (left)[/]"
            "  [$accent]▄■▄ seconds a hand (right)[/]"
        )

    def _fill_kinds(self, report: Report) -> None:
        title = "[b]Missed combinations[/b]"
        if report.kinds:
            n = report.itemised
            answers = f"{n} announced count{'s' if n != 1 else ''} and time-out"
            title += f", weakest first (from {answers}{'s' if n != 1 else ''})"
        self.query_one("#stats-kinds-title", Static).update(title)
        self.query_one("#stats-kinds", MissBars).show(report.kinds, empty=NO_KINDS)
        note = self.query_one("#stats-kinds-note", Static)
        note.update(KINDS_NOTE)
        note.display = bool(report.kinds)
