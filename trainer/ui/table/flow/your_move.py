"""Your move at the table: worked out, saved, then shown. While another program holds the
history, it is saved in a worker instead, tried again until it is (`SaveYours`), and shown
then: a busy store delays a move, never refuses it, and the screen never waits for it. An
undo of your last decision is saved the same way (`trainer.ui.table.flow.undo`), and once
saved the table goes back (`YourMoves.undo_taken`).

The first try is made at once, on the screen's thread, without waiting for another's lock
(the store's `patient` False), so a free store saves the move as it always did. Plain
Python: the table runner takes its moves this way (`YourMoves`), and the screen runs
`YourMoves.save_yours` in a thread worker and applies `YourMoves.yours_saved` after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from trainer.game.state import Action, Count, Discard, GameError, GameState, Lay, Respond
from trainer.game.step_save import PendingStep, PendingUndo
from trainer.history import StoreBusy
from trainer.rules.cards import Card
from trainer.ui.flow.coach_text import cards_text
from trainer.ui.table.flow.effects import Effect, Home, LogBack, Notice, SaveYours, Say
from trainer.ui.table.flow.opening import board_pegs

if TYPE_CHECKING:
    from trainer.game.events import Event
    from trainer.game.session import GameSession
    from trainer.history.writing import Stop
    from trainer.quiz.attempt import SpokenTimes
    from trainer.ui.flow.claim_draft import AnnounceDraft

BUSY_NOTE: Final = "the history is busy (another program holds it)"
YOURS_WAIT: Final = (
    f"Your move is not saved yet: {BUSY_NOTE}. It is saved as soon as it can be, and the "
    "game goes on then."
)
YOURS_SAVED: Final = "Your move is saved; the game goes on."
UNDO_WAIT: Final = (
    f"Your undo is not saved yet: {BUSY_NOTE}. It is saved as soon as it can be, and the "
    "game goes back then."
)
UNDO_SAVED: Final = "Your undo is saved; the game goes back."
BOT_WAITS: Final = (
    f"The computer's move is not saved yet: {BUSY_NOTE}. It is saved as soon as it can be, "
    "and the game goes on then."
)


class YourMoves:
    """The runner's side that takes your moves, mixed into `TableRunner` (whose fields and
    views these methods use, as declared here)."""

    session: GameSession
    clock: Callable[[], float]
    asked_at: float
    hinted: bool
    draft: AnnounceDraft | None
    picked: list[Card]
    entry: str | None
    laying: Card | None
    confirming: Respond | None
    plain: bool
    shown: GameState
    saving: PendingStep | PendingUndo | None
    """Your move (or undo) waiting for the busy store (saved in a worker): nothing moves
    until it is."""

    def take(self, action: Action, spoken: SpokenTimes | None = None) -> list[Effect]:
        """Your action, saved, then shown (``spoken``: a count said aloud, this fast); while
        the store is busy, saved in a worker first (`SaveYours`)."""
        if self.saving is not None:
            return []  # the move before is still waiting to be saved
        try:
            seconds = max(0.0, self.clock() - self.asked_at)
            hinted = self.hinted
            pending = self.session.prepare(action, seconds=seconds, hinted=hinted, spoken=spoken)
        except GameError as err:
            return [Notice(str(err), "warning")]
        try:
            self.session.save(pending, patient=False)
        except StoreBusy:
            self.saving = pending
            return [Notice(YOURS_WAIT, "warning", 10), SaveYours()]
        except (OSError, ValueError) as err:
            return self.save_failed(str(err))
        return self._taken(pending)

    def save_yours(self, stop: Stop | None = None) -> None:
        """Save your move (or undo) waiting for the store (in a worker: this waits), tried
        again until it is saved or ``stop`` is set (then `StoreBusy`); the store's other
        failures are raised (`save_failed` says them)."""
        pending = self.saving
        if isinstance(pending, PendingStep):
            self.session.save(pending, stop=stop)
        elif pending is not None:
            self.session.save_undo(pending, stop=stop)

    def yours_saved(self) -> list[Effect]:
        """Your move (or undo) that waited for the store is saved: shown now, and the game
        goes on."""
        pending, self.saving = self.saving, None
        if pending is None:
            return []
        if isinstance(pending, PendingUndo):
            return [Notice(UNDO_SAVED, timeout=4), *self.undo_taken(pending)]
        return [Notice(YOURS_SAVED, timeout=4), *self._taken(pending)]

    def save_failed(self, error: str) -> list[Effect]:
        """Your move (or undo) could not be saved (not for a busy store: a full disk, a file
        gone): the game cannot go on here (it is saved up to the move before)."""
        what = "the undo" if isinstance(self.saving, PendingUndo) else "your move"
        self.saving = None
        return [Notice(f"Could not save {what}: {error}", "error", 10), Home()]

    def _taken(self, pending: PendingStep) -> list[Effect]:
        effects: list[Effect] = [LogBack()] if self.draft is not None else []
        self.draft, self.picked, self.entry, self.hinted = None, [], None, False
        return effects + self._moved(pending.before, pending.action, pending.events)

    def _moved(self, before: GameState, action: Action, events: list[Event]) -> list[Effect]:
        raise NotImplementedError  # the runner's: say the step, move the pegs, open what follows

    def undo_taken(self, pending: PendingUndo) -> list[Effect]:
        """An undo saved and taken: the table as the game now is, what was undone said, the
        pegs moved back, and the question asked again."""
        back: list[Effect] = [LogBack()] if self.draft is not None else []
        self.picked, self.draft, self.laying, self.entry = [], None, None, None
        self.hinted, self.confirming = False, None
        self.shown = self.session.state
        said = Say((undone_line(pending.undone, plain=self.plain),))
        return [*back, said, board_pegs(self.session), *self.advance()]

    def advance(self) -> list[Effect]:
        raise NotImplementedError  # the runner's: ask you, or let the computer move


def undone_line(undone: Sequence[Action], *, plain: bool = False) -> str:
    """What an undo took back, for the log: "Undone: your throw 5♠ J♦, and the 3 steps after
    it. Play it again."."""
    what = _decision(undone[0], plain=plain)
    after = len(undone) - 1
    steps = f", and the {after} step{'s' if after != 1 else ''} after it" if after else ""
    return f"Undone: {what}{steps}. Play it again."


def _decision(action: Action, *, plain: bool) -> str:
    if isinstance(action, Discard):
        return f"your throw {cards_text(action.cards, plain=plain)}"
    if isinstance(action, Lay):
        return f"your {cards_text((action.card,), plain=plain)}"
    if isinstance(action, Count):
        return "your count"
    assert isinstance(action, Respond)
    return f"your answer ({action.answer})"
