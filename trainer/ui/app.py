"""The Muggins app: wires the screens to the drill runner and the player's history.

Home is drawn first; the history is opened, and the drills checked against the
deal tables, in a thread worker after it. The drill loop itself is `DrillRunner`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Final

from textual import on, work
from textual.app import SystemCommand
from textual.screen import Screen
from textual.worker import get_current_worker

from trainer.drills.loader import DrillEntry
from trainer.drills.model import DrillSet
from trainer.quiz.questions import Question
from trainer.settings import Settings
from trainer.ui import messages as m
from trainer.ui.flow.drill_runner import DrillRunner, Retry, Reveal, Step
from trainer.ui.flow.history import OpenHistory
from trainer.ui.flow.options import Options
from trainer.ui.game_desk import GameDesk
from trainer.ui.saving import Saving, poster, show
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.store_error import StoreErrorScreen
from trainer.ui.startup import open_and_warm
from trainer.ui.steps import second_note, step_screen
from trainer.ui.widgets.footer import ReadyFooter

START_BACKGROUND_BY: Final = 1.0
"""Seconds after start by which the background work starts even if home has not said."""


class MugginsApp(GameDesk):
    """Pick a drill, count, see the truth; every answer is recorded as soon as it is judged."""

    TITLE = "Muggins"
    CSS_PATH = Path(__file__).with_name("muggins.tcss")

    def __init__(
        self,
        entries: Sequence[DrillEntry],
        rng: random.Random,
        *,
        history: OpenHistory | None = None,
        options: Options | None = None,
    ) -> None:
        options = options or Options()
        super().__init__(options.settings, options.settings_path, options.settings_warning)
        self.entries = list(entries)
        self.options = options
        self.runner = DrillRunner(
            rng, clock=options.clock, now=options.now, settings=self.settings, notify=poster(self)
        )
        self.open_history = history
        self.plain_cards = options.plain_cards or self.settings.card_style == "letters"
        self.bot_pause, self.game_clock = options.bot_pause, options.clock
        self.store_error: str | None = None
        self._started = False

    def get_default_screen(self) -> Screen[Any]:
        return HomeScreen(self.entries, now=self.options.now, plain=self.plain_cards)

    def on_mount(self) -> None:
        self.use_settings_theme()
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
        self.runner.connect(event.history)
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
        self._show(self.runner.answer(event.answer, timed_out=event.timed_out))

    @on(m.SecondTry)
    def _second_try(self, event: m.SecondTry) -> None:
        self._show(self.runner.second_try(event.answer))

    @on(m.NextDeal)
    def _next(self) -> None:
        self._show(self.runner.next_question())

    @on(m.RepeatDrill)
    def _repeat(self, event: m.RepeatDrill) -> None:
        self._show(self.runner.redrill_missed() if event.missed_only else self.runner.repeat())

    @on(m.EndDrill)
    def _end(self) -> None:
        """Escape in a drill: a timed one asks first, its clocks stopped while it asks."""
        session = self.runner.session
        if session is not None and session.drill.timed:
            session.pause()
            ask = ConfirmScreen("End the drill?", "Your answers so far are kept.")
            self.push_screen(ask, lambda end: self._finish() if end else session.resume())
        else:
            self._finish()

    @on(m.DrillTimeUp)
    def _finish(self) -> None:
        self._show(self.runner.finish())

    def _show(self, step: Step) -> None:
        """Show the runner's next step: over home for a drill's first, else in its place."""
        if step is None:
            self._to_home()
            return
        if isinstance(step, Retry):
            self.screen.post_message(m.CountAgain(step.hint))
            return
        from trainer.ui.screens.quiz import QuizScreen  # the drill screens: not for home

        quiz = self.screen
        if (
            isinstance(step, Reveal)
            and isinstance(quiz, QuizScreen)
            and quiz.question is (step.attempt.question)
        ):  # in the question's place
            quiz.show_reveal(step, second_note(step))
            return
        key, plain = self.settings.announce_key, self.plain_cards
        screen = step_screen(step, plain=plain, spoken_key=key)
        (self.push_screen if len(self.screen_stack) == 1 else self.switch_screen)(screen)

    @on(Saving)
    def _saving(self, event: Saving) -> None:
        show(self, event.notice)

    @on(m.GoHome)
    def _to_home(self) -> None:
        self.runner.stop()
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def _home(self) -> HomeScreen:
        home = self.screen_stack[0]
        assert isinstance(home, HomeScreen)
        return home

    def settings_applied(self, settings: Settings) -> None:
        self.runner.settings = settings
        self.plain_cards = self._home().plain = settings.card_style == "letters"

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        home = self._home()
        yield SystemCommand("Stats", "Your accuracy and speed, what you miss", home.action_stats)
        yield SystemCommand("Review", "Missed combinations; re-drill due hands", home.action_review)
        yield SystemCommand("Play a game", "A game against the computer", self.action_play_game)
        if home.saved:
            yield SystemCommand("Resume your game", home.saved, self.action_resume_game)
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
