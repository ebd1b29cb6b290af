"""The Muggins app: wires the screens to a quiz session and the stats store.

Start-up is kept light: home is drawn first, and the quiz machinery (sessions,
dealing, the quiz and reveal screens) and the stats store are loaded after it.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from trainer.drill import CRIB_SIZE, DrillEntry, DrillSet, deep_check
from trainer.settings import Settings
from trainer.ui import messages
from trainer.ui.progress import DrillProgress, previous_best, progress
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.store_error import StoreErrorScreen

if TYPE_CHECKING:
    from trainer.session import Attempt, Question, QuizSession
    from trainer.store import StatsStore


class Recorder(Protocol):
    """What the app needs of the stats store."""

    def record(self, attempt: Attempt, *, drill: DrillSet | None = None) -> object: ...


ProgressSource = Callable[[], tuple[Mapping[str, DrillProgress], int]]
"""Returns (progress per drill id, hands due for review) for the home screen."""

BestSource = Callable[[DrillSet], int | None]
"""Returns the previous best (blitz score or streak) on a drill, before this run."""

Connect = Callable[[], "StatsStore"]
"""Opens the stats store; raises ValueError (the store's error, naming the file) if it cannot."""


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
        recorder: Recorder | None = None,
        progress: ProgressSource | None = None,
        previous_best: BestSource | None = None,
        connect: Connect | None = None,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], datetime] = lambda: datetime.now().astimezone(),  # local: "today"
        start_drill: DrillSet | None = None,
        plain_cards: bool = False,
        warm_tables: bool = True,
        store_error: str | None = None,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        settings_warning: str | None = None,
    ) -> None:
        super().__init__()
        self.entries = list(entries)
        self.rng = rng
        self.recorder = recorder
        self.progress_source = progress
        self.best_source = previous_best
        self.connect = connect
        self.clock = clock
        self.now = now
        self.start_drill = start_drill
        self.settings = settings if settings is not None else Settings()
        self.settings_path = settings_path
        self.settings_warning = settings_warning
        self.plain_cards = plain_cards or self.settings.card_style == "letters"
        self.warm_tables = warm_tables
        self.store_error = store_error
        self.session: QuizSession | None = None
        self.question: Question | None = None
        self.previous_best: int | None = None
        self.record_errors: list[str] = []
        self.store: StatsStore | None = None

    # ------------------------------------------------------------ start

    def get_default_screen(self) -> Screen[Any]:
        """Home is the bottom of the screen stack (or the store's error, if it cannot open)."""
        if self.store_error is not None:
            return StoreErrorScreen(self.store_error)
        progress, due = self._progress()
        return HomeScreen(self.entries, progress, due=due, now=self.now())

    def on_mount(self) -> None:
        self._apply_theme(self.settings.theme)
        if self.settings_warning is not None:
            self.notify(self.settings_warning, severity="warning", timeout=10)
        if self.store_error is not None:
            return
        self.call_after_refresh(self._after_first_paint)
        if self.start_drill is not None:
            self.begin(self.start_drill)

    def _after_first_paint(self) -> None:
        if self._connect() and self.warm_tables:
            self._warm()

    def _connect(self) -> bool:
        """Open the stats store if that is still to do; False if it cannot be opened."""
        if self.connect is None:
            return self.store_error is None
        connect, self.connect = self.connect, None
        try:
            store = connect()
        except ValueError as err:
            self.store_error = str(err)
            if self.session is not None:
                self.session.stop()
            while len(self.screen_stack) > 1:
                self.pop_screen()
            self.push_screen(StoreErrorScreen(self.store_error))
            return False
        self.store = store
        self.recorder = store
        self.progress_source = lambda: progress(store, self.now())
        self.best_source = lambda drill: previous_best(store, drill)
        self._refresh_home()
        return True

    @work(thread=True, exclusive=True, group="warm")
    def _warm(self) -> None:
        """After the first screen is drawn: check each drill against the exact tables
        (a drill no deal satisfies becomes an error entry), load the quiz machinery,
        and build the odds used on the reveal, commonest hand size first."""
        from trainer import odds
        from trainer.ui.screens import quiz, reveal, summary  # noqa: F401

        # Quitting cancels this worker; each step is short, so quitting never waits long.
        worker = get_current_worker()
        checked = deep_check(self.entries, stop=lambda: worker.is_cancelled)
        if worker.is_cancelled:
            return
        if checked != self.entries:
            self.call_from_thread(self._drills_checked, checked)
        sizes = {d.hand_size for d in self._drills()} | {CRIB_SIZE}
        for size in sorted(sizes, key=lambda n: (n != CRIB_SIZE, n)):
            for crib in (False, True):
                if worker.is_cancelled:
                    return
                odds.distribution(size, crib=crib)
        # The tables live as long as the app: keep full collections from rescanning them.
        gc.freeze()

    def _drills_checked(self, entries: list[DrillEntry]) -> None:
        self.entries = entries
        for screen in self.screen_stack:
            if isinstance(screen, HomeScreen):
                screen.refresh_entries(entries)

    def _drills(self) -> Iterable[DrillSet]:
        return (e.drill for e in self.entries if e.drill is not None)

    def _progress(self) -> tuple[Mapping[str, DrillProgress], int]:
        if self.progress_source is None:
            return {}, 0
        try:
            return self.progress_source()
        except (OSError, ValueError) as err:
            self.notify(f"Could not read your stats: {err}", severity="error", timeout=8)
            return {}, 0

    def _refresh_home(self) -> None:
        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, HomeScreen):
            progress, due = self._progress()
            home.refresh_progress(progress, due)

    # ------------------------------------------------------------ the drill loop

    def begin(self, drill: DrillSet, questions: list[Question] | None = None) -> None:
        """Start a drill (from home, the palette, --drill, or a re-drill of ``questions``)."""
        from trainer.session import QuizSession

        if not self._connect():
            return
        drill = drill.with_defaults(self.settings.muggins, self.settings.nineteen)
        if drill.focus == "weak-spots":
            drill = self._weak_spots(drill)
        self.previous_best = self.best_source(drill) if self.best_source else None
        self.session = QuizSession(
            drill, self.rng, clock=self.clock, now=self.now, questions=questions
        )
        self._ask(push=True)

    def _weak_spots(self, drill: DrillSet) -> DrillSet:
        """The weak-spots drill aimed at the kinds you miss most (as dealt, if no history)."""
        from trainer.weakspots import aim_at_weak_spots

        report = self.store.report() if self.store is not None else None
        return aim_at_weak_spots(drill, report)

    def _ask(self, *, push: bool = False) -> None:
        from trainer.ui.screens.quiz import QuizScreen

        session = self.session
        assert session is not None
        question = session.next_question()
        if question is None:
            self._finish()
            return
        self.question = question
        screen = QuizScreen(session, question, plain=self.plain_cards)
        if push:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    @on(messages.StartDrill)
    def _start(self, event: messages.StartDrill) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.begin(event.drill)

    @on(messages.Answered)
    def _answered(self, event: messages.Answered) -> None:
        from trainer import odds
        from trainer.ui.screens.reveal import RevealScreen

        session, question = self.session, self.question
        assert session is not None
        assert question is not None
        attempt = session.answer(event.answer)
        if attempt is None:  # the drill's clock ran out first
            self._finish()
            return
        self._record(attempt)
        rarity = ""
        if question.breakdown is not None:
            size = len(question.breakdown.hand)
            rarity = odds.rarity(question.breakdown.total, size, question.breakdown.crib)
        self.switch_screen(
            RevealScreen(
                attempt,
                question,
                rarity=rarity,
                plain=self.plain_cards,
                announce_key=self.settings.announce_key,
            )
        )

    def _record(self, attempt: Attempt) -> None:
        if self.recorder is None:
            return
        try:
            self.recorder.record(attempt, drill=self.session.drill if self.session else None)
        except (OSError, ValueError) as err:
            # Keep drilling: the session still holds the answer for the summary.
            self.record_errors.append(str(err))
            self.notify(f"Could not save this answer: {err}", severity="error", timeout=8)

    @on(messages.NextDeal)
    def _next(self) -> None:
        self._ask()

    @on(messages.DrillTimeUp)
    def _time_up(self) -> None:
        self._finish()

    @on(messages.EndDrill)
    def _quit_drill(self) -> None:
        if self.session is not None:
            self.session.stop()
        self._finish()

    def _finish(self) -> None:
        from trainer.ui.screens.summary import SummaryScreen

        session = self.session
        assert session is not None
        session.stop()
        if not session.attempts:
            self._go_home()
            return
        self.switch_screen(
            SummaryScreen(session.drill, session.summary(), previous_best=self.previous_best)
        )

    @on(messages.RepeatDrill)
    def _repeat(self) -> None:
        from trainer.session import QuizSession

        assert self.session is not None
        drill, questions = self.session.drill, self.session.questions
        self.previous_best = self.best_source(drill) if self.best_source else None
        self.session = QuizSession(
            drill,
            self.rng,
            clock=self.clock,
            now=self.now,
            questions=None if questions is None else list(questions),
        )
        self._ask()

    @on(messages.GoHome)
    def _home(self) -> None:
        self._go_home()

    def _go_home(self) -> None:
        self.session = None
        self.question = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._refresh_home()

    # ------------------------------------------------------------ progress, review, settings

    def _history(self) -> StatsStore | None:
        """The stats store for the stats and review screens, or None (and a message)."""
        if not self._connect():
            return None
        if self.store is None:
            self.notify("No history is kept in this session.", severity="warning")
        return self.store

    def action_stats(self) -> None:
        from trainer.ui.screens.stats import StatsScreen

        store = self._history()
        if store is not None:
            self.push_screen(StatsScreen(store, self.entries, now=self.now()))

    def action_review(self) -> None:
        from trainer.ui.screens.review import ReviewScreen

        store = self._history()
        if store is not None:
            self.push_screen(
                ReviewScreen(store, self.entries, now=self.now(), plain=self.plain_cards)
            )

    def action_settings(self) -> None:
        from trainer.ui.screens.settings import SettingsScreen

        self.push_screen(
            SettingsScreen(
                self.settings,
                self.settings_path,
                themes=sorted(self.available_themes),
                broken=self.settings_warning is not None,
            )
        )

    @on(messages.StartReview)
    def _start_review(self, event: messages.StartReview) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.begin(event.drill, event.questions)

    @on(messages.SettingsChanged)
    def _settings_changed(self, event: messages.SettingsChanged) -> None:
        self.settings = event.settings
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
        # Imported here: the Markdown widget costs start-up time and help is rarely first.
        from trainer.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(self._keys(self.screen)))

    def _keys(self, screen: Screen[Any]) -> list[tuple[str, str]]:
        from trainer.ui.screens.quiz import QuizScreen
        from trainer.ui.screens.reveal import RevealScreen

        keys = []
        for key, active in screen.active_bindings.items():
            binding = active.binding
            if binding.description and binding.show:
                keys.append((binding.key_display or key, binding.description))
        if isinstance(screen, QuizScreen) and screen.session.drill.claim == "announce":
            keys.append(("1-6", "pick or unpick a card"))
            keys.append(("f p r l n", "claim the picked cards as fifteen, pair, run, flush, nobs"))
            keys.append(("backspace", "take back the last claim"))
            keys.append(("enter", "end the count"))
        elif isinstance(screen, QuizScreen):
            keys.append(("enter", "submit your answer"))
        if isinstance(screen, RevealScreen):
            keys.append(("up / down", "show each combination's cards"))
        return keys

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Keys of this screen and the rules in short", self.action_help)
        yield SystemCommand(
            "Stats", "Your accuracy and speed, and what you miss", self.action_stats
        )
        yield SystemCommand("Review", "Missed combinations; re-drill due hands", self.action_review)
        yield SystemCommand("Settings", "Muggins policy, card style, theme", self.action_settings)
        for drill in self._drills():
            yield SystemCommand(
                f"Drill: {drill.name}", drill.description, lambda d=drill: self._palette_start(d)
            )

    def _palette_start(self, drill: DrillSet) -> None:
        if self.session is not None:
            self.session.stop()
        self.session = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.begin(drill)


def tune_gc() -> None:
    """Collect young objects less often: Textual allocates many per frame, and a collection
    in the middle of drawing the reveal is a visible hitch."""
    gc.set_threshold(5000, 20, 20)


def make_app(
    entries: Sequence[DrillEntry],
    rng: random.Random,
    **options: Any,
) -> MugginsApp:
    """Build the app from its dependencies; the CLI and the tests both use this."""
    return MugginsApp(entries, rng, **options)
