"""The Muggins app: wires the screens to the drill runner and the player's history.

Home is drawn first; the history is opened, and the drills checked against the
deal tables, in a thread worker after it. The drill loop itself is `DrillRunner`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Final

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from trainer.drills.loader import DrillEntry
from trainer.drills.model import DrillSet
from trainer.quiz.questions import Question
from trainer.ui import messages as m
from trainer.ui.history import OpenHistory
from trainer.ui.options import Options
from trainer.ui.runner import DrillRunner, Reveal, Step
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.store_error import StoreErrorScreen
from trainer.ui.startup import open_and_warm
from trainer.ui.steps import step_screen
from trainer.ui.widgets.footer import ReadyFooter

START_BACKGROUND_BY: Final = 1.0
"""Seconds after start by which the background work starts even if home has not said."""


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
        options: Options | None = None,
    ) -> None:
        super().__init__()
        self.entries = list(entries)
        self.options = options = options or Options()
        self.settings = options.settings
        self.runner = DrillRunner(rng, clock=options.clock, now=options.now, settings=self.settings)
        self.open_history = history
        self.plain_cards = options.plain_cards or self.settings.card_style == "letters"
        self.settings_warning = options.settings_warning
        self.store_error: str | None = None
        self._started = False

    def get_default_screen(self) -> Screen[Any]:
        return HomeScreen(self.entries, now=self.options.now, plain=self.plain_cards)

    def on_mount(self) -> None:
        self._apply_theme(self.settings.theme)
        if self.settings_warning is not None:
            self.notify(self.settings_warning, severity="warning", timeout=10)
        self.set_timer(START_BACKGROUND_BY, self._open_and_warm)  # should home's footer not say
        if self.open_history is None and self.options.start_drill is not None:
            self.call_after_refresh(self.start, self.options.start_drill)

    @on(ReadyFooter.Drawn)
    def _home_drawn(self) -> None:
        self._open_and_warm()

    def _open_and_warm(self) -> None:
        """Start the background work once, when home is complete (its footer drawn)."""
        if not self._started:
            self._started = True
            self._background()

    @work(thread=True, exclusive=True, group="startup")
    def _background(self) -> None:
        worker = get_current_worker()
        history, entries, options = self.open_history, self.entries, self.options
        open_and_warm(self.post_message, history, entries, options, lambda: worker.is_cancelled)

    @on(m.HistoryOpened)
    def _history_opened(self, event: m.HistoryOpened) -> None:
        for error in self.runner.connect(event.history):
            self.notify(f"Could not save an answer: {error}", severity="error", timeout=8)
        self._home().show_history(event.history, event.progress)
        if self.options.start_drill is not None:
            self.start(self.options.start_drill)

    @on(m.HistoryFailed)
    def _history_failed(self, event: m.HistoryFailed) -> None:
        self.store_error = event.error
        self._to_home()
        self.push_screen(StoreErrorScreen(event.error))

    @on(m.DrillsChecked)
    def _drills_checked(self, event: m.DrillsChecked) -> None:
        self.entries = event.entries
        self._home().refresh_entries(event.entries)

    @on(m.StartDrill)
    def _start(self, event: m.StartDrill) -> None:
        self.start(event.drill, event.questions)

    def start(self, drill: DrillSet, questions: Sequence[Question] | None = None) -> None:
        """Start a drill from anywhere (home, the palette, --drill, a practice, a re-drill)."""
        self._to_home()
        prepared = self.runner.prepare(drill, self._home().kinds)
        self._show(self.runner.begin(prepared, questions))

    @on(m.Answered)
    def _answered(self, event: m.Answered) -> None:
        self._show(self.runner.answer(event.answer))

    @on(m.NextDeal)
    def _next(self) -> None:
        self._show(self.runner.next_question())

    @on(m.RepeatDrill)
    def _repeat(self, event: m.RepeatDrill) -> None:
        self._show(self.runner.redrill_missed() if event.missed_only else self.runner.repeat())

    @on(m.DrillTimeUp)
    @on(m.EndDrill)
    def _finish(self) -> None:
        self._show(self.runner.finish())

    def _show(self, step: Step) -> None:
        """Show the runner's next step: over home for a drill's first, else in its place."""
        if step is None:
            self._to_home()
            return
        if isinstance(step, Reveal) and step.error is not None:
            self.notify(f"Could not save this answer: {step.error}", severity="error")
        key, plain = self.settings.announce_key, self.plain_cards
        screen = step_screen(step, plain=plain, spoken_key=key)
        (self.push_screen if len(self.screen_stack) == 1 else self.switch_screen)(screen)

    @on(m.GoHome)
    def _to_home(self) -> None:
        self.runner.stop()
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def _home(self) -> HomeScreen:
        home = self.screen_stack[0]
        assert isinstance(home, HomeScreen)
        return home

    def action_settings(self) -> None:
        from trainer.ui.screens.settings import SettingsScreen  # rarely first: not for home

        path, broken = self.options.settings_path, self.settings_warning is not None
        themes = sorted(self.available_themes)
        self.push_screen(SettingsScreen(self.settings, path, themes=themes, broken=broken))

    @on(m.SettingsChanged)
    def _settings_changed(self, event: m.SettingsChanged) -> None:
        self.settings = self.runner.settings = event.settings
        self.settings_warning = None  # saved: the broken file was kept beside the new one
        self._apply_theme(event.settings.theme)
        self.plain_cards = self._home().plain = event.settings.card_style == "letters"

    def _apply_theme(self, theme: str) -> None:
        if theme in self.available_themes:
            self.theme = theme
        else:
            self.notify(f"Unknown theme {theme!r}: keeping {self.theme}", severity="warning")

    def action_help(self) -> None:
        from trainer.ui.screens.help import HelpScreen, keys_of  # Markdown: not for home

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(keys_of(self.screen)))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        home = self._home()
        yield SystemCommand("Help", "Keys of this screen and the rules in short", self.action_help)
        yield SystemCommand("Stats", "Your accuracy and speed, what you miss", home.action_stats)
        yield SystemCommand("Review", "Missed combinations; re-drill due hands", home.action_review)
        yield SystemCommand("Settings", "Muggins policy, card style, theme", self.action_settings)
        for d in (e.drill for e in self.entries if e.drill is not None):
            yield SystemCommand(f"Drill: {d.name}", d.description, partial(self.start, d))


def make_app(
    entries: Sequence[DrillEntry],
    rng: random.Random,
    *,
    history: OpenHistory | None = None,
    options: Options | None = None,
) -> MugginsApp:
    """Build the app from its dependencies; the command line and the tests both use this."""
    return MugginsApp(entries, rng, history=history, options=options)
