"""The Muggins app: wires the screens to the drill runner and the player's history.

Home is drawn first; the history is opened, and the deal tables checked and
built, in a thread worker after it. The drill loop itself is `DrillRunner`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from trainer.drills.loader import DrillEntry
from trainer.drills.model import DrillSet
from trainer.quiz.questions import Question
from trainer.settings import Settings
from trainer.ui import messages as m
from trainer.ui.history import History
from trainer.ui.runner import DrillRunner, rarity
from trainer.ui.screens.help import HelpScreen, keys_of
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.reveal import RevealScreen
from trainer.ui.screens.review import ReviewScreen
from trainer.ui.screens.settings import SettingsScreen
from trainer.ui.screens.stats import StatsScreen
from trainer.ui.screens.store_error import StoreErrorScreen
from trainer.ui.screens.summary import SummaryScreen
from trainer.ui.startup import warm

OpenHistory = Callable[[], History]
"""Opens the player's history; raises ValueError (naming the file) if it cannot."""


class MugginsApp(App[None]):
    """Pick a drill, count, see the truth; every answer is recorded as soon as it is judged."""

    TITLE = "Muggins"
    CSS_PATH = Path(__file__).with_name("muggins.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "help", "Help", show=False),
    ]

    def __init__(
        self,
        entries: Sequence[DrillEntry],
        rng: random.Random,
        *,
        history: OpenHistory | None = None,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], datetime] = lambda: datetime.now().astimezone(),  # local: "today"
        start_drill: DrillSet | None = None,
        plain_cards: bool = False,
        warm_tables: bool = True,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        settings_warning: str | None = None,
    ) -> None:
        super().__init__()
        self.entries = list(entries)
        self.settings = settings if settings is not None else Settings()
        self.runner = DrillRunner(rng, clock=clock, now=now, settings=self.settings)
        self.open_history = history
        self.now = now
        self.start_drill = start_drill
        self.plain_cards = plain_cards or self.settings.card_style == "letters"
        self.warm_tables = warm_tables
        self.settings_path = settings_path
        self.settings_warning = settings_warning
        self.store_error: str | None = None

    # ------------------------------------------------------------ start

    def get_default_screen(self) -> Screen[Any]:
        return HomeScreen(self.entries, now=self.now())

    def on_mount(self) -> None:
        self._apply_theme(self.settings.theme)
        if self.settings_warning is not None:
            self.notify(self.settings_warning, severity="warning", timeout=10)
        self.call_after_refresh(self._start_up)

    def _start_up(self) -> None:
        self._open_and_warm()
        if self.open_history is None and self.start_drill is not None:
            self.start(self.start_drill)

    @work(thread=True, exclusive=True, group="startup")
    def _open_and_warm(self) -> None:
        """Open the history and read home's figures, then check and build the deal tables."""
        worker = get_current_worker()
        if self.open_history is not None:
            try:
                history = self.open_history()
                self.post_message(m.HistoryOpened(history, history.progress(self.now())))
            except ValueError as err:  # the store's own message names the file
                self.post_message(m.HistoryFailed(str(err)))
                return
        if self.warm_tables:
            checked = warm(self.entries, lambda: worker.is_cancelled)
            if checked != self.entries and not worker.is_cancelled:
                self.post_message(m.DrillsChecked(checked))

    @on(m.HistoryOpened)
    def _history_opened(self, event: m.HistoryOpened) -> None:
        for error in self.runner.connect(event.history):
            self.notify(f"Could not save an answer: {error}", severity="error", timeout=8)
        self._home().refresh_progress(event.progress)
        if self.start_drill is not None:
            self.start(self.start_drill)

    @on(m.HistoryFailed)
    def _history_failed(self, event: m.HistoryFailed) -> None:
        self.store_error = event.error
        self.runner.stop()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(StoreErrorScreen(event.error))

    @on(m.DrillsChecked)
    def _drills_checked(self, event: m.DrillsChecked) -> None:
        self.entries = event.entries
        self._home().refresh_entries(event.entries)

    def _home(self) -> HomeScreen:
        home = self.screen_stack[0]
        assert isinstance(home, HomeScreen)
        return home

    @work(thread=True, exclusive=True, group="progress")
    def _read_progress(self) -> None:
        history = self.runner.history
        if history is not None:
            try:
                self.post_message(m.ProgressRead(history.progress(self.now())))
            except (OSError, ValueError) as err:
                self.notify(f"Could not read your stats: {err}", severity="error", timeout=8)

    @on(m.ProgressRead)
    def _progress_read(self, event: m.ProgressRead) -> None:
        self._home().refresh_progress(event.progress)

    # ------------------------------------------------------------ the drill loop

    @on(m.StartDrill)
    def _start(self, event: m.StartDrill) -> None:
        self.start(event.drill)

    def start(self, drill: DrillSet) -> None:
        """Start a drill from anywhere (home, the palette, --drill, a practice)."""
        self.runner.stop()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if drill.focus == "weak-spots" and self.runner.history is not None:
            self._aim(drill)
        else:
            self._ask(self.runner.begin(self.runner.prepare(drill)), push=True)

    @work(thread=True, exclusive=True, group="prepare")
    def _aim(self, drill: DrillSet) -> None:
        """Aim the weak-spots drill at the player's history (a report: off the UI thread)."""
        try:
            self.post_message(m.DrillReady(self.runner.prepare(drill)))
        except (OSError, ValueError) as err:
            self.notify(f"Could not read your stats: {err}", severity="error", timeout=8)

    @on(m.DrillReady)
    def _drill_ready(self, event: m.DrillReady) -> None:
        self._ask(self.runner.begin(event.drill), push=True)

    @on(m.StartReview)
    def _start_review(self, event: m.StartReview) -> None:
        self.runner.stop()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        drill = event.drill.with_defaults(self.settings.muggins, self.settings.nineteen)
        self._ask(self.runner.begin(drill, event.questions), push=True)

    def _ask(self, question: Question | None, *, push: bool = False) -> None:
        session = self.runner.session
        if question is None or session is None:
            self._finish()
            return
        screen = QuizScreen(session, question, plain=self.plain_cards)
        (self.push_screen if push else self.switch_screen)(screen)

    @on(m.Answered)
    def _answered(self, event: m.Answered) -> None:
        attempt, error = self.runner.answer(event.answer)
        if attempt is None:  # the drill's clock ran out first
            self._finish()
            return
        if error is not None:
            self.notify(f"Could not save this answer: {error}", severity="error", timeout=8)
        reveal = RevealScreen(
            attempt,
            rarity=rarity(attempt.question),
            plain=self.plain_cards,
            announce_key=self.settings.announce_key,
        )
        self.switch_screen(reveal)

    @on(m.NextDeal)
    def _next(self) -> None:
        self._ask(self.runner.next_question())

    @on(m.DrillTimeUp)
    @on(m.EndDrill)
    def _finish(self) -> None:
        session = self.runner.session
        summary = self.runner.finish() if session is not None else None
        if session is None or summary is None:
            self._go_home()
            return
        best = self.runner.previous_best
        self.switch_screen(SummaryScreen(session.drill, summary, previous_best=best))

    @on(m.RepeatDrill)
    def _repeat(self) -> None:
        self._ask(self.runner.repeat())

    @on(m.GoHome)
    def _go_home(self) -> None:
        self.runner.stop()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._read_progress()

    # ------------------------------------------------------------ progress, review, settings

    def _history(self) -> History | None:
        history = self.runner.history
        if history is None:
            self.notify("Your history is not open (yet).", severity="warning")
        return history

    def action_stats(self) -> None:
        if (history := self._history()) is not None:
            self.push_screen(StatsScreen(history, self.entries, now=self.now()))

    def action_review(self) -> None:
        if (history := self._history()) is not None:
            screen = ReviewScreen(history, self.entries, now=self.now(), plain=self.plain_cards)
            self.push_screen(screen)

    def action_settings(self) -> None:
        themes = sorted(self.available_themes)
        broken = self.settings_warning is not None
        self.push_screen(
            SettingsScreen(self.settings, self.settings_path, themes=themes, broken=broken)
        )

    @on(m.SettingsChanged)
    def _settings_changed(self, event: m.SettingsChanged) -> None:
        self.settings = self.runner.settings = event.settings
        self.settings_warning = None  # saved: the broken file was kept beside the new one
        self._apply_theme(event.settings.theme)
        self.plain_cards = event.settings.card_style == "letters"

    def _apply_theme(self, theme: str) -> None:
        if theme in self.available_themes:
            self.theme = theme
        else:
            self.notify(f"Unknown theme {theme!r}: keeping {self.theme}", severity="warning")

    # ------------------------------------------------------------ help and palette

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(keys_of(self.screen)))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Keys of this screen and the rules in short", self.action_help)
        yield SystemCommand(
            "Stats", "Your accuracy and speed, and what you miss", self.action_stats
        )
        yield SystemCommand("Review", "Missed combinations; re-drill due hands", self.action_review)
        yield SystemCommand("Settings", "Muggins policy, card style, theme", self.action_settings)
        for e in self.entries:
            if e.drill is not None:
                drill = e.drill
                yield SystemCommand(
                    f"Drill: {drill.name}", drill.description, lambda d=drill: self.start(d)
                )


def make_app(entries: Sequence[DrillEntry], rng: random.Random, **options: Any) -> MugginsApp:
    """Build the app from its dependencies; the command line and the tests both use this."""
    return MugginsApp(entries, rng, **options)
