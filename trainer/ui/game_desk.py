"""What the app does for the game: open its setup, start a game or resume the saved one (in a
thread worker: the store's file is touched), then seat the player at the table.

The game's modules are imported when a game starts, not to draw home.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from textual import on, work
from textual.worker import get_current_worker

from trainer.ui import messages as m
from trainer.ui.base_app import BaseApp

HISTORY_WAIT: Final = 15.0
"""Seconds a game dealt at once after the start waits for the history to open."""

if TYPE_CHECKING:
    from trainer.game.session import GameSession
    from trainer.ui.flow.drill_runner import DrillRunner
    from trainer.ui.flow.history import History


class GameDesk(BaseApp):
    """The game's part of the app; the app says where the history is and how to seat you."""

    runner: DrillRunner
    """The drill loop (set by the app): its history and its random source serve games too."""
    plain_cards: bool
    game_clock: Callable[[], float] = time.monotonic
    """What times your counts at the table (the app's clock)."""
    bot_pause: float = 0.8
    """Seconds a computer's move is shown for before the next (any key skips it)."""
    store_error: str | None = None
    """Why the history could not be opened (set by the app)."""

    def action_play_game(self) -> None:
        """Choose a game to play against the computer."""
        from trainer.ui.screens.game_setup import GameSetupScreen

        broken = self.settings_warning is not None
        self.push_screen(GameSetupScreen(self.settings, self.settings_path, broken=broken))

    def action_resume_game(self) -> None:
        """Sit down again at the game you left."""
        self.post_message(m.ResumeGame())

    @on(m.StartGame)
    def _start_game(self, event: m.StartGame) -> None:
        from trainer.ui.flow.game_start import new_session, writer

        rng, choices = self.runner.rng, event.choices
        self._seat(lambda history: new_session(writer(history), choices, rng))

    @on(m.ResumeGame)
    def _resume_game(self) -> None:
        from trainer.game.session import GameSession
        from trainer.ui.flow.game_start import writer

        self._seat(lambda history: GameSession.resume(writer(history)))

    def _opened_history(self) -> History | None:
        """The history, waiting for it if it is still being opened (a game dealt in the
        trainer's first second); None if it cannot be opened (the store's error is shown)."""
        worker = get_current_worker()
        deadline = time.monotonic() + HISTORY_WAIT
        while (history := self.runner.history) is None:
            if self.store_error is not None or worker.is_cancelled:
                return None
            if time.monotonic() > deadline:
                self.call_from_thread(
                    self.notify, "Your history is not open yet: try again.", severity="warning"
                )
                return None
            time.sleep(0.02)
        return history

    @work(thread=True, exclusive=True, group="game")
    def _seat(self, make: Callable[[History], GameSession | None]) -> None:
        history = self._opened_history()
        if history is None:
            return
        try:
            session = make(history)
        except (OSError, ValueError) as err:  # the store's or the saved game's own message
            self.call_from_thread(self.notify, str(err), severity="error", timeout=10)
            return
        if session is None:
            self.call_from_thread(self.notify, "There is no saved game to resume.")
            return
        self.call_from_thread(self._to_table, session)

    def _to_table(self, session: GameSession) -> None:
        from trainer.ui.screens.table import TableScreen

        while len(self.screen_stack) > 1:  # the setup screen, or a notice over home
            self.pop_screen()
        announce = self.settings.game.claim == "announce"
        screen = TableScreen(
            session,
            announce=announce,
            plain=self.plain_cards,
            pause=self.bot_pause,
            clock=self.game_clock,
        )
        self.push_screen(screen)
