"""What the table screen's workers and timer post to it, and what it reports of the
computer's pauses (for tests and benchmarks)."""

from __future__ import annotations

from textual.message import Message

from trainer.ui.table.flow.effects import BotMove


class BotMoved(Message):
    """A computer's step, taken and saved in a worker: shown when its pause is over."""

    def __init__(self, move: BotMove) -> None:
        super().__init__()
        self.move = move


class BotMoveShown(Message):
    """A computer's move has just been shown: when it was due (its turn began, its worker
    started, plus the pause) and when it was shown, by `time.monotonic`; ``skipped`` if a
    key cut the pause short. Nothing handles it: it lets a test or a benchmark see the
    pause kept (``run_test(message_hook=...)``) without reaching inside the screen
    (benchmarks/bench_game_ui.py)."""

    bubble = False

    def __init__(self, due: float, shown: float, skipped: bool) -> None:
        super().__init__()
        self.due = due
        self.shown = shown
        self.skipped = skipped


class MoveFailed(Message):
    """A step could not be taken or saved (the store's message names the file); ``yours``:
    your move, which waited for the busy store."""

    def __init__(self, error: str, *, yours: bool = False) -> None:
        super().__init__()
        self.error = error
        self.yours = yours


class YoursSaved(Message):
    """Your move, which waited for the busy store, is saved: show it."""


class StepWaits(Message):
    """A computer's move waits for the busy store (its worker tries again until it is
    saved): say why the game is held up."""
