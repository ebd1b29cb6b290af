"""Where the pegs stand on a cribbage board after a game's events: each side's front peg at
its score, its back peg where the front peg stood before the side's last score.

Read from the record (every point pegged is in exactly one event, in the order it was
pegged; what the owner of a claim still waiting for answers has pegged is in the claim),
so a resumed game has its back pegs where they were, one side's score never moves
another's back peg, and a card's points and the go that follows it are two moves (the
back peg stands between them, as it does on a real board).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.game.events import Event, Played, Shown, event_points
from trainer.game.state import Pending
from trainer.game.variants import GameVariant

__all__ = ["PegPlaces", "pegs_after"]


@dataclass(frozen=True)
class PegPlaces:
    """Each side's front peg (its score) and back peg (before its last score)."""

    front: tuple[int, ...]
    back: tuple[int, ...]


def pegs_after(
    rules: GameVariant, events: Iterable[Event], pending: Pending | None = None
) -> PegPlaces:
    """The pegs after ``events`` (a whole game's, in order, from its first deal) and the
    claim still waiting for answers, if any (its owner has pegged what is not in dispute:
    the event that will carry it comes when the claim is settled)."""
    front = [0] * len(rules.sides)
    back = [0] * len(rules.sides)

    def peg(seat: int, points: int) -> None:
        if points > 0:
            side = rules.side_of(seat)
            back[side] = front[side]
            front[side] += points

    for event in events:
        if isinstance(event, Played | Shown) and event.answers:
            # The owner pegged what was not in dispute, then each answer moved its points.
            pegged = event.pegged if isinstance(event, Shown) else event.points
            peg(event.seat, pegged - sum(a.owner for a in event.answers))
            for answer in event.answers:
                peg(event.seat, answer.owner)
                peg(answer.seat, answer.caller)
            continue
        for seat, points in event_points(event):
            peg(seat, points)
    if pending is not None:
        peg(pending.seat, pending.pegged)
    return PegPlaces(tuple(front), tuple(back))
