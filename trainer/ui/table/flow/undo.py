"""Taking back your last decision at the table, in a game on its own (never in a match): the
game goes back to just before your last throw, card, count or answer, the log says what was
taken back (`your_move.undone_line`), the board's pegs move back and the question is asked
again. The undo is saved as your move is (`trainer.ui.table.flow.your_move`): while another
program holds the history it waits in a worker, and the table goes back once it is saved.
Plain Python."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.game.state import GameError
from trainer.history import StoreBusy
from trainer.ui.table.flow.effects import Effect, Home, Notice, SaveYours
from trainer.ui.table.flow.your_move import UNDO_WAIT

if TYPE_CHECKING:
    from trainer.ui.table.flow.runner import TableRunner


def undo_last(runner: TableRunner) -> list[Effect]:
    """Undo at the table: refused (saying why) under a reveal or a summary, while a
    computer's move is under way or your move waits to be saved, in a match, once over, or
    before your first decision; saved in a worker while the store is busy (`SaveYours`)."""
    if runner.busy or runner.bot is not None or runner.saving is not None:
        return [
            Notice("Nothing can be undone while the table moves: wait for your turn.", "warning", 4)
        ]
    try:
        pending = runner.session.prepare_undo()
    except GameError as err:
        why = str(err)
        return [Notice(why[:1].upper() + why[1:] + ".", "warning", 6)]
    try:
        runner.session.save_undo(pending, patient=False)
    except StoreBusy:
        runner.saving = pending
        return [Notice(UNDO_WAIT, "warning", 10), SaveYours()]
    except (OSError, ValueError) as err:
        return [Notice(f"Could not save the undo: {err}", "error", 10), Home()]
    return runner.undo_taken(pending)
