"""What the app does for the game: open its setup, start a game or resume the saved one (in a
thread worker: the store's file is touched), then seat the player at the table.

The game's modules are imported when a game starts, not to draw home.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import on, work

from trainer.ui import messages as m
from trainer.ui.base_app import BaseApp

if TYPE_CHECKING:
    from trainer.game.session import GameSession
    from trainer.ui.history import History
    from trainer.ui.runner import DrillRunner


class GameDesk(BaseApp):
    """The game's part of the app; the app says where the history is and how to seat you."""

    runner: DrillRunner
    """The drill loop (set by the app): its history and its random source serve games too."""
    plain_cards: bool
    game_clock: Callable[[], float] = time.monotonic
    """What times your counts at the table (the app's clock)."""
    bot_pause: float = 0.8
    """Seconds a computer's move is shown for before the next (any key skips it)."""

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
        from trainer.ui.game_start import new_session, writer

        history, rng, choices = self._history(), self.runner.rng, event.choices
        if history is not None:
            self._seat(lambda: new_session(writer(history), choices, rng))

    @on(m.ResumeGame)
    def _resume_game(self) -> None:
        from trainer.game.session import GameSession
        from trainer.ui.game_start import writer

        if (history := self._history()) is not None:
            self._seat(lambda: GameSession.resume(writer(history)))

    def _history(self) -> History | None:
        history = self.runner.history
        if history is None:
            self.notify("Your history is not open yet: try again in a moment.", severity="warning")
        return history

    @work(thread=True, exclusive=True, group="game")
    def _seat(self, make: Callable[[], GameSession | None]) -> None:
        try:
            session = make()
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
            session, announce=announce, plain=self.plain_cards, pause=self.bot_pause
        )
        self.push_screen(screen)
