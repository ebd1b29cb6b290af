"""Starting a game or resuming the saved one, and seating the player at the table: what the
app needs for it, held in one service.

The game's session is made in a thread worker (the store's file is touched, a saved game is
replayed), waiting for the history if it is still being opened. The game's modules are
imported when a game starts, not to draw home.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from textual.app import App
from textual.worker import get_current_worker

if TYPE_CHECKING:
    from trainer.game.session import GameSession
    from trainer.settings import GameChoices
    from trainer.ui.flow.drill_runner import DrillRunner
    from trainer.ui.flow.history import History
    from trainer.ui.screens.game_setup import GameSetupScreen
    from trainer.ui.settings_service import SettingsService
    from trainer.ui.table.screen import TableScreen

HISTORY_WAIT: Final = 15.0
"""Seconds a game dealt at once after the start waits for the history to open."""


class GameDesk:
    """Deals or resumes games for ``app``: its history and random source are the drill
    runner's, the last game's choices and how you count are in the settings;
    ``store_error`` says why the history could not be opened (if it could not)."""

    def __init__(
        self,
        app: App[Any],
        runner: DrillRunner,
        prefs: SettingsService,
        *,
        plain: Callable[[], bool],
        store_error: Callable[[], str | None],
        pause: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], datetime] = datetime.now,
    ) -> None:
        self.app = app
        self.runner = runner
        self.prefs = prefs
        self.plain = plain
        """Cards drawn with letters for suits (the settings' card style, or --plain-cards)."""
        self.store_error = store_error
        self.pause = pause
        """Seconds a computer's move is shown for before the next (any key skips it); None:
        the settings' pause."""
        self.clock = clock
        """What times your counts at the table (the app's clock)."""
        self.now = now
        """The time now, local (when a saved game was last played)."""
        self.hints_asked: dict[str, int] = {}
        """The step of each game at which a hint was asked, by the game's uid: a table sat at
        again marks your next decision as after it (`TableHints.carry`)."""

    def setup_screen(self, saved: str | None = None) -> GameSetupScreen:
        """The screen to choose a game on, with the last game's choices; ``saved`` names the
        game a new one would end."""
        from trainer.ui.screens.game_setup import GameSetupScreen

        prefs = self.prefs
        return GameSetupScreen(prefs.settings, prefs.path, broken=prefs.broken, saved=saved)

    def start(self, choices: GameChoices, *, give_up: str | None = None) -> None:
        """Deal a new game with these choices (in a worker), then seat the player. A game
        still saved is given up only once the player said so (``give_up``: its uid);
        otherwise they are asked first, the game named."""
        from trainer.history.writing import UnreadableGame
        from trainer.ui.flow.game_start import new_session, saved_game, saved_line, writer

        rng, nineteen = self.runner.rng, self.prefs.settings.nineteen

        def make(history: History) -> GameSession | None:
            try:
                saved = saved_game(history)
            except UnreadableGame as err:  # damaged: asked about all the same, then given up
                if err.uid != give_up:
                    line = f"{err} (it cannot be resumed)"
                    self.app.call_from_thread(self._ask_to_give_up, choices, err.uid, line)
                    return None
                saved = None
            if saved is not None and saved.uid != give_up:
                line = saved_line(history, saved, self.now())
                self.app.call_from_thread(self._ask_to_give_up, choices, saved.uid, line)
                return None
            return new_session(writer(history), choices, rng, nineteen=nineteen)

        self._seat_when_made(make, missing="")

    def _ask_to_give_up(self, choices: GameChoices, uid: str, line: str) -> None:
        """Ask before a new game ends the saved one; yes deals (the setup stays on no)."""
        from trainer.ui.screens.confirm import ConfirmScreen

        ask = ConfirmScreen(
            "Give up your saved game for a new one?",
            f"Saved: {line}.\nA new game ends it: it stays in your history but cannot be "
            "resumed. n keeps it (c on home resumes it).",
        )
        self.app.push_screen(ask, lambda yes: self.start(choices, give_up=uid) if yes else None)

    def resume(self) -> None:
        """Sit down again at the game left (in a worker)."""
        from trainer.game.session import GameSession
        from trainer.ui.flow.game_start import writer

        self._seat_when_made(
            lambda history: GameSession.resume(writer(history)),
            missing="There is no saved game to resume.",
        )

    def _seat_when_made(
        self, make: Callable[[History], GameSession | None], *, missing: str
    ) -> None:
        self.app.run_worker(
            lambda: self._make(make, missing),
            thread=True,
            exclusive=True,
            group="game",
            name="game",
        )

    def _make(self, make: Callable[[History], GameSession | None], missing: str) -> None:
        """In the worker: the session, then the player seated (or the reason not: ``missing``
        when no session was made, if there is anything to say)."""
        app = self.app
        history = self._opened_history()
        if history is None:
            return
        try:
            session = make(history)
        except (OSError, ValueError) as err:  # the store's or the saved game's own message
            app.call_from_thread(app.notify, str(err), severity="error", timeout=10)
            return
        if session is None:
            if missing:
                app.call_from_thread(app.notify, missing)
            return
        app.call_from_thread(self.seat, session)

    def _opened_history(self) -> History | None:
        """The history, waiting for it if it is still being opened (a game dealt in the
        trainer's first second); None if it cannot be opened (the store's error is shown)."""
        worker = get_current_worker()
        deadline = time.monotonic() + HISTORY_WAIT
        while (history := self.runner.history) is None:
            if self.store_error() is not None or worker.is_cancelled:
                return None
            if time.monotonic() > deadline:
                self.app.call_from_thread(
                    self.app.notify, "Your history is not open yet: try again.", severity="warning"
                )
                return None
            time.sleep(0.02)
        return history

    def seat(self, session: GameSession) -> None:
        """The player at the table of ``session``, over home (whatever was over it goes)."""
        app = self.app
        while len(app.screen_stack) > 1:  # the setup screen, a notice, the last game's table
            app.pop_screen()
        app.push_screen(self.table(session))

    def table(self, session: GameSession) -> TableScreen:
        """The table screen for ``session``, the player seated as the settings say."""
        from trainer.history.writing import game_count
        from trainer.ui.table.flow.coach_notes import coach_after_hands
        from trainer.ui.table.screen import TableScreen

        settings = self.prefs.settings
        announce = settings.game.claim == "announce"
        try:
            coach = coach_after_hands(settings.coach_hands, game_count(session.store, "over"))
        except (OSError, ValueError):  # the count cannot be read: as in a first game
            coach = settings.coach_hands != "never"
        screen = TableScreen(
            session,
            announce=announce,
            plain=self.plain(),
            pause=settings.table_pause if self.pause is None else self.pause,
            reveal_accepted=settings.reveal_accepted,
            clock=self.clock,
            coach=coach,
        )
        screen.hints.carry(self.hints_asked)
        return screen
