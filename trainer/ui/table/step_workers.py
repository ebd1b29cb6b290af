"""The table's steps taken and saved in thread workers, so the screen never waits for them:
the computer's move (it may search, and it is saved), and your move when the history was
busy as you made it. While another program holds the store each is tried again until it is
saved; each posts what came of it to the table (`trainer.ui.table.messages`). A worker is
the table screen's, so leaving the table (or quitting) cancels it: its step stops being
tried after the try in progress, unsaved and not shown.

The answer to your count is shown as soon as it is taken, opening its reveal: the frame is
held meanwhile, so the table is not drawn for the few milliseconds before the reveal takes
its place (a whole frame of CPU saved on the wait a player feels most).
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import TYPE_CHECKING, Final

from textual.worker import get_current_worker

from trainer.ui.table.messages import BotMoved, MoveFailed, StepWaits, YoursSaved

if TYPE_CHECKING:
    from textual.screen import Screen

    from trainer.history import StoreBusy
    from trainer.ui.table.flow.runner import TableRunner


HOLD_LIMIT: Final = 0.25
"""Seconds at most a frame is held for a move shown at once: a move that takes longer (the
store busy) is waited for with the table drawn."""


class StepWorkers:
    """Runs ``runner``'s steps in workers of ``screen``'s, which they post to."""

    def __init__(self, screen: Screen[None], runner: TableRunner) -> None:
        self.screen = screen
        self.runner = runner
        self._held: ExitStack | None = None

    def bot(self, *, at_once: bool = False) -> None:
        """Take and save the computer's move (`TableRunner.bot_move`); ``at_once`` (it is
        shown as soon as it is taken): no frame is drawn until the table applies what comes
        next (`release`), or `HOLD_LIMIT` passes."""
        if at_once and self._held is None:
            app = self.screen.app
            self._held = ExitStack()
            self._held.enter_context(app.batch_update())
            app.set_timer(HOLD_LIMIT, self.release)  # the app's: it fires if the table closes
        # Not exclusive: the next move's worker can start while this one, its move posted, is
        # still returning, and cancelling it then made waiting for the workers fail (the
        # runner asks for one move at a time: `TableRunner.bot` is pending until it is shown).
        self.screen.run_worker(self._bot, thread=True, group="bot", name="bot")

    def release(self) -> None:
        """Draw frames again, if one was held for a move (a no-op otherwise)."""
        held, self._held = self._held, None
        if held is not None:
            held.close()

    def yours(self) -> None:
        """Save your move that waits for the busy store (`TableRunner.save_yours`)."""
        self.screen.run_worker(self._yours, thread=True, group="yours", name="your move")

    def _bot(self) -> None:
        worker = get_current_worker()

        def waiting(busy: StoreBusy) -> None:
            self.screen.post_message(StepWaits())

        try:
            move = self.runner.bot_move(worker.cancelled_event, waiting)
        except (OSError, ValueError) as err:
            if not worker.is_cancelled:
                self.screen.post_message(MoveFailed(str(err)))
            return
        if move is not None:
            self.screen.post_message(BotMoved(move))

    def _yours(self) -> None:
        worker = get_current_worker()
        try:
            self.runner.save_yours(worker.cancelled_event)
        except (OSError, ValueError) as err:
            if not worker.is_cancelled:
                self.screen.post_message(MoveFailed(str(err), yours=True))
            return
        self.screen.post_message(YoursSaved())
