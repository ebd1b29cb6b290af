"""Where a hint stands in a game: the decision a hint was asked for before (`Hint`: the hand,
the seat, the decision's place in its hand), named so for the coach's ledger."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

from trainer.game.codec import HINTED
from trainer.game.events import Played
from trainer.game.record import HandRecord
from trainer.game.state import Action, Discard, GameState, Lay

Hint: TypeAlias = tuple[int, int, int]
"""A decision made after a hint: the hand's number, the seat, and the decision's place among
the seat's in that hand (0 the throw, 1 its first card laid, 2 its second, ...)."""


def hint_key(state: GameState, hands: Sequence[HandRecord], action: Action) -> Hint | None:
    """The decision ``action`` is, taken in ``state`` with the record ``hands`` so far: the
    throw is its seat's 0th decision in the hand, its cards laid the 1st, 2nd, ... (None: an
    action no hint is for, a go, a count or an answer)."""
    number = state.hand.number
    if isinstance(action, Discard):
        return (number, action.seat, 0)
    if not isinstance(action, Lay):
        return None
    hand = next((h for h in hands if h.number == number), None)
    events = hand.events if hand is not None else []
    laid = sum(1 for e in events if isinstance(e, Played) and e.seat == action.seat)
    return (number, action.seat, laid + 1)


def hinted_data(data: dict[str, Any]) -> dict[str, Any]:
    """An action's data (`codec.action_to_data`) marked as made after a hint."""
    return {**data, HINTED: True}


def action_hinted(data: Any) -> bool:
    """Whether an action's data, read by `codec.action_from_data` (which checks the key),
    says a hint was asked for before it."""
    return isinstance(data, dict) and data.get(HINTED) is True
