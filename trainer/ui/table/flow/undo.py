"""Taking back your last decision at the table, in a game on its own (never in a match): the
game goes back to just before your last throw, card, count or answer, the log says what was
taken back, the board's pegs move back and the question is asked again. Plain Python."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.game.state import Action, Count, Discard, GameError, Lay, Respond
from trainer.ui.flow.coach_text import cards_text
from trainer.ui.table.flow.effects import Effect, Home, LogBack, Notice, Say
from trainer.ui.table.flow.opening import board_pegs
from trainer.ui.table.flow.runner import TableRunner


def undo_last(runner: TableRunner) -> list[Effect]:
    """Undo at the table: refused (saying why) under a reveal or a summary, while a
    computer's move is under way, in a match, once over, or before your first decision."""
    if runner.busy or runner.bot is not None:
        return [
            Notice("Nothing can be undone while the table moves: wait for your turn.", "warning", 4)
        ]
    try:
        undone = runner.session.undo()
    except GameError as err:
        why = str(err)
        return [Notice(why[:1].upper() + why[1:] + ".", "warning", 6)]
    except (OSError, ValueError) as err:
        return [Notice(f"Could not save the undo: {err}", "error", 10), Home()]
    back: list[Effect] = [LogBack()] if runner.draft is not None else []
    runner.picked, runner.draft, runner.laying, runner.entry = [], None, None, None
    runner.hinted, runner.confirming = False, None
    runner.shown = runner.session.state
    said = Say((undone_line(undone, plain=runner.plain),))
    return [*back, said, board_pegs(runner.session), *runner.advance()]


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
