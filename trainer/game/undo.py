"""Taking back your last decision in a game on its own, never in a match: which steps an undo
takes back, and why one cannot be.

An undo takes back the human's last throw, card laid, count or answer (a go is said for you,
no choice, and is passed over) and every step after it: the computers' steps come again the
same from the same state, as each draws from the game's seed and the steps taken. It is saved
as a step of its own (`codec.undo_to_data`), so the saved game says that an undo happened
and a resumed or imported game plays it through again.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.game.state import Action, SayGo


def undo_span(actions: Sequence[Action], human: int | None) -> int:
    """How many of the game's ``actions`` (in order) an undo takes back: the human's last
    decision and every step after it; 0 when the human has made none."""
    if human is None:
        return 0
    for n in range(len(actions) - 1, -1, -1):
        if actions[n].seat == human and not isinstance(actions[n], SayGo):
            return len(actions) - n
    return 0


def undo_refusal(in_match: bool, over: bool, span: int) -> str | None:
    """Why no undo can be taken now (None: one can): never in a match, whose games count as
    played; not once the game is over; not before the human's first decision."""
    if in_match:
        return "no undo in a match: its games count as played"
    if over:
        return "the game is over: there is nothing to undo"
    if not span:
        return "there is no throw, card, count or answer of yours to undo yet"
    return None
