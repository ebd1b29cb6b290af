"""Where the pegs stand on a cribbage board after a game's events: each side's front peg at
its score, its back peg where the front peg stood before the side's last score.

Read from the record (every point pegged is in exactly one event, in the order it was
pegged), so a resumed game has its back pegs where they were, one side's score never
moves another's back peg, and a card's points and the go that follows it are two moves
(the back peg stands between them, as it does on a real board).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.game.events import Event, event_points
from trainer.game.variants import GameVariant

__all__ = ["PegPlaces", "pegs_after"]


@dataclass(frozen=True)
class PegPlaces:
    """Each side's front peg (its score) and back peg (before its last score)."""

    front: tuple[int, ...]
    back: tuple[int, ...]


def pegs_after(rules: GameVariant, events: Iterable[Event]) -> PegPlaces:
    """The pegs after ``events`` (a whole game's, in order, from its first deal)."""
    front = [0] * len(rules.sides)
    back = [0] * len(rules.sides)
    for event in events:
        for seat, points in event_points(event):
            if points > 0:
                side = rules.side_of(seat)
                back[side] = front[side]
                front[side] += points
    return PegPlaces(tuple(front), tuple(back))
