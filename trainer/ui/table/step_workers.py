"""The table's steps taken and saved in thread workers, so the screen never waits for them:
the computer's move (it may search, and it is saved), and your move when the history was
busy as you made it. While another program holds the store each is tried again until it is
saved; each posts what came of it to the table (`trainer.ui.table.messages`). A worker is
the table screen's, so leaving the table (or quitting) cancels it: its step stops being
tried after the try in progress, unsaved and not shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.worker import get_current_worker

from trainer.ui.table.messages import BotMoved, MoveFailed, StepWaits, YoursSaved

if TYPE_CHECKING:
    from textual.screen import Screen

    from trainer.history import StoreBusy
    from trainer.ui.table.flow.runner import TableRunner


class StepWorkers:
    """Runs ``runner``'s steps in workers of ``screen``'s, which they post to."""

    def __init__(self, screen: Screen[None], runner: TableRunner) -> None:
        self.screen = screen
        self.runner = runner

    def bot(self) -> None:
        """Take and save the computer's move (`TableRunner.bot_move`)."""
        # Not exclusive: the next move's worker can start while this one, its move posted, is
        # still returning, and cancelling it then made waiting for the workers fail (the
        # runner asks for one move at a time: `TableRunner.bot` is pending until it is shown).
        self.screen.run_worker(self._bot, thread=True, group="bot", name="bot")

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
