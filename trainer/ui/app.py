"""The Muggins app: wires the screens to the drill runner, the player's history and the
services it is composed of (the settings, the game desk).

Home is drawn first; the history is opened, and the drills checked against the
deal tables, in a thread worker after it. The drill loop itself is `DrillRunner`; the
settings (saved, applied, a theme from the palette kept) are `SettingsService`'s; starting
and resuming games is `GameDesk`'s. Help is opened over any screen, every notification
and palette command is shown as text, never as markup (they quote files, paths and the
history), and a quit waits for the keys typed before it (`trainer.ui.quitting`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual import events, on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.messages import ExitApp
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import get_current_worker

from trainer.settings import Settings
from trainer.ui import messages as m
from trainer.ui.commands import TextCommands, app_commands
from trainer.ui.flow.drill_runner import DrillRunner, Retry, Reveal, Step
from trainer.ui.flow.history import OpenHistory
from trainer.ui.flow.options import Options
from trainer.ui.quitting import blur_when_settled, settle
from trainer.ui.saving import Saving, poster, show
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.store_error import StoreErrorScreen
from trainer.ui.settings_service import SettingsService
from trainer.ui.speech_service import SpeechService
from trainer.ui.startup import open_and_warm
from trainer.ui.steps import second_note, step_screen
from trainer.ui.table.desk import GameDesk
from trainer.ui.user_text import clean
from trainer.ui.voice_input import VoiceService
from trainer.ui.widgets.footer import ReadyFooter

if TYPE_CHECKING:  # the quiz is imported when a drill starts, not to draw home
    from trainer.drills.loader import DrillEntry
    from trainer.drills.model import DrillSet
    from trainer.quiz.questions import Question

START_BACKGROUND_BY: Final = 1.0
"""Seconds after start by which the background work starts even if home has not said."""


class MugginsApp(App[None]):
    """Pick a drill, count, see the truth; every answer is recorded as soon as it is judged."""

    TITLE = "Muggins"
    CSS_PATH = Path(__file__).with_name("muggins.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "help", "Help", show=False),
        Binding("f3", "say_again", "Say it again", show=False, priority=True),
    ]
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {TextCommands}

    def __init__(
        self,
        entries: Sequence[DrillEntry],
        rng: random.Random,
        *,
        history: OpenHistory | None = None,
        options: Options | None = None,
    ) -> None:
        super().__init__()
        options = options or Options()
        self.entries = list(entries)
        self.options = options
        self._rng = rng
        self.prefs = SettingsService(
            self,
            options.settings,
            options.settings_path,
            options.settings_warning,
            applied=self._settings_applied,
        )
        self.runner = DrillRunner(
            rng,
            clock=options.clock,
            now=options.now,
            settings=self.settings,
            notify=poster(self),
            beside=options.history_path,
        )
        self.open_history = history
        self.voice = VoiceService(
            options.voice_source,
            lambda: self.settings.judge_at_once,
            page=lambda: getattr(self._driver, "page_audio", None),
            profile=options.voice_profile,
        )
        self.speech = SpeechService(
            lambda: self.settings.speech_rate,
            warn=self._cannot_speak,
            make=options.speaker,
            echo=self._to_page,
        )
        self.plain_cards = options.plain_cards or self.settings.card_style == "letters"
        self.store_error: str | None = None
        self.games = GameDesk(
            self,
            self.runner,
            self.prefs,
            plain=lambda: self.plain_cards,
            store_error=lambda: self.store_error,
            pause=options.bot_pause,
            clock=options.clock,
            now=options.now,
        )
        self._started = False
        self._settled = False
        self._focus_changes = 0

    @on(ExitApp)
    def _settle_first(self, message: ExitApp) -> None:
        """Quit (ctrl+q, a browser tab closed, a signal) once the keys typed before are
        handled: an answer entered just before is judged and recorded, not dropped."""
        if self._settled:
            return  # the second time: Textual's own exit goes on
        self._settled = True
        message.prevent_default()
        self.run_worker(self._exit_when_settled(), name="quit", group="quit")

    async def _exit_when_settled(self) -> None:
        await settle(self)
        self.post_message(ExitApp())

    @on(events.AppBlur)
    def _blur_when_settled(self, event: events.AppBlur) -> None:
        """The app lost the focus (a browser tab left or closing, another window): the
        focused widget loses it once the keys typed before are handled, so an Enter on its
        way still submits (`trainer.ui.quitting`)."""
        event.prevent_default()
        turn = self._focus_changes = self._focus_changes + 1
        still = partial(self._focus_unchanged_since, turn)
        self.run_worker(blur_when_settled(self, still), name="blur", group="blur")

    def _focus_unchanged_since(self, turn: int) -> bool:
        return self._focus_changes == turn

    @on(events.AppFocus)
    def _focus_back(self) -> None:
        self._focus_changes += 1  # a blur still waiting is void: Textual's focus goes on

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
            self._focus_changes += 1  # typed or clicked: the app has the focus (as Textual says)
        await super().on_event(event)

    @property
    def settings(self) -> Settings:
        """The settings in use (`SettingsService` holds them)."""
        return self.prefs.settings

    def get_default_screen(self) -> Screen[Any]:
        return HomeScreen(
            self.entries,
            now=self.options.now,
            plain=self.plain_cards,
            drill_dirs=self.options.drill_dirs,
            saved=self.options.saved_game,
        )

    def on_mount(self) -> None:
        self.prefs.start()
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
        self._show(self.runner.answer(event.answer, timed_out=event.timed_out, spoken=event.spoken))

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
        from trainer.ui.screens.discard import DiscardScreen  # the drill screens: not for home
        from trainer.ui.screens.quiz import QuizScreen

        quiz = self.screen
        if (
            isinstance(step, Reveal)
            and isinstance(quiz, QuizScreen | DiscardScreen)
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

    # ------------------------------------------------------------ beside the drills

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification as plain text, whatever the caller says: messages quote drill
        names, paths and values from files, which must never be read as markup."""
        super().notify(
            clean(message), title=clean(title), severity=severity, timeout=timeout, markup=False
        )

    def action_help(self) -> None:
        from trainer.ui.screens.help import HelpScreen, keys_of  # Markdown: not for home

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(keys_of(self.screen)))

    def _to_page(self, said: str) -> None:
        """What the trainer says, for the browser page's screen reader (in a `muggins
        serve` tab; nothing elsewhere)."""
        tell = getattr(self._driver, "tell_page", None)
        if tell is not None:
            tell(said)

    def _cannot_speak(self, said: str) -> None:
        """Tell the player, from the speech thread, why the trainer cannot speak."""
        with suppress(RuntimeError):  # the app has stopped meanwhile
            self.call_from_thread(self.notify, said, severity="warning", timeout=8)

    def action_say_again(self) -> None:
        """F3: say again what the trainer said last (when it speaks: Settings)."""
        if not self.speech.again():
            said = "Nothing to say again." if self.speech.on else "Speaking is off (Settings)."
            self.notify(said, timeout=3)

    def action_settings(self) -> None:
        self.push_screen(self.prefs.screen())

    @on(m.SettingsChanged)
    def _settings_changed(self, event: m.SettingsChanged) -> None:
        self.prefs.changed(event.settings)

    def _settings_applied(self, settings: Settings) -> None:
        self.runner.settings = settings
        # --plain-cards holds for the whole session, whatever the settings say since.
        plain = self.options.plain_cards or settings.card_style == "letters"
        self.plain_cards = self._home().plain = plain

    def action_teach_voice(self) -> None:
        """Read counts aloud so that Muggins learns the player's voice."""
        from trainer.ui.screens.teach_voice import TeachVoiceScreen

        self.push_screen(TeachVoiceScreen(self._rng, plain=self.plain_cards))

    def action_play_game(self) -> None:
        """Choose a game to play against the computer."""
        self.push_screen(self.games.setup_screen(self._home().saved))

    def action_resume_game(self) -> None:
        """Sit down again at the game you left."""
        self.post_message(m.ResumeGame())

    @on(m.StartGame)
    def _start_game(self, event: m.StartGame) -> None:
        self.games.start(event.choices)

    @on(m.ResumeGame)
    def _resume_game(self) -> None:
        self.games.resume()

    @on(m.SeatAt)
    def _seat_at(self, event: m.SeatAt) -> None:
        self.games.seat(event.session)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from app_commands(self, self._home())


def make_app(
    entries: Sequence[DrillEntry],
    rng: random.Random,
    *,
    history: OpenHistory | None = None,
    options: Options | None = None,
) -> MugginsApp:
    """Build the app from its dependencies; the command line and the tests both use this."""
    return MugginsApp(entries, rng, history=history, options=options)
