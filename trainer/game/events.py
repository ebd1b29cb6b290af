"""What happens in a game, one event per thing pegged or done, as the record keeps it.

Every point a side pegs is in exactly one event, so the events of a game add up
to its score. The shapes follow the record of `muggins simulate --json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from trainer.rules.cards import Card

Box = Literal["hand", "crib"]


@dataclass(frozen=True)
class Bonus:
    """The five-card game's three for last: the non-dealer pegs at the start of a hand."""

    seat: int
    points: int


@dataclass(frozen=True)
class Heels:
    """His heels: a jack turned as the starter pegs 2 (for the dealer, or the cutter)."""

    seat: int
    points: int


@dataclass(frozen=True)
class Played:
    """A card laid in the play, the count it makes and what it pegs (31 included); for a seat
    that pegs its own play, what it claimed and what muggins took for whom."""

    seat: int
    card: Card
    count: int
    points: int
    claimed: int | None = None
    mugged: int = 0
    mugged_by: int | None = None


@dataclass(frozen=True)
class Go:
    """The 1 for the last card of a count: a go, or the last card of the play."""

    seat: int
    points: int


@dataclass(frozen=True)
class Shown:
    """A hand or crib counted by its owner: what it holds, what they claimed and pegged,
    and what muggins took for whom."""

    seat: int
    box: Box
    cards: tuple[Card, ...]
    starter: Card
    points: int
    claimed: int
    pegged: int
    mugged: int
    mugged_by: int | None


@dataclass(frozen=True)
class GameOver:
    """The game ended: the side that reached the target first."""

    winner: int


Event: TypeAlias = Bonus | Heels | Played | Go | Shown | GameOver


def event_points(event: Event) -> list[tuple[int, int]]:
    """(seat, points) for every point this event pegs."""
    if isinstance(event, Shown):
        out = [(event.seat, event.pegged)]
        if event.mugged_by is not None and event.mugged:
            out.append((event.mugged_by, event.mugged))
        return out
    if isinstance(event, GameOver):
        return []
    if isinstance(event, Played) and event.mugged_by is not None and event.mugged:
        return [(event.seat, event.points), (event.mugged_by, event.mugged)]
    return [(event.seat, event.points)]


def event_dict(event: Event) -> dict[str, Any]:
    """The event as plain data, for the record."""
    if isinstance(event, Shown):
        return {
            "type": "show",
            "seat": event.seat,
            "box": event.box,
            "cards": [str(c) for c in event.cards],
            "points": event.points,
            "claimed": event.claimed,
            "pegged": event.pegged,
            "mugged": event.mugged,
            "mugged_by": event.mugged_by,
        }
    if isinstance(event, Played):
        out: dict[str, Any] = {
            "type": "play",
            "seat": event.seat,
            "card": str(event.card),
            "count": event.count,
            "points": event.points,
        }
        if event.claimed is not None:
            out.update(claimed=event.claimed, mugged=event.mugged, mugged_by=event.mugged_by)
        return out
    if isinstance(event, GameOver):
        return {"type": "game-over", "winner": event.winner}
    kind = {Bonus: "bonus", Heels: "heels", Go: "go"}[type(event)]
    return {"type": kind, "seat": event.seat, "points": event.points}
