"""What happens in a game, one event per thing pegged or done, as the record keeps it.

Every point a side pegs is in exactly one event, so the events of a game add up
to its score. Each event carries what the engine decided (the items a card
pegged, a count's verdict, every answer to a claim and what it moved), so the
attempt, the narrator, the tallies and the reveal read it and never judge again;
with the hand's deal, it is enough to see each decision as the seat saw it. The
shapes follow the record of `muggins simulate --json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from trainer.judge.claims import CatchAnswer, Claim, answer_to_data
from trainer.judge.verdict import Verdict
from trainer.rules.cards import Card
from trainer.rules.play import PlayItem
from trainer.rules.show import Item

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
class Answered:
    """One opponent's answer to a claim, in counting order, and the points it moved (as
    pegged: never past the target): to the claim's owner (a wrong call, an overcount that
    stood) and to the seat that answered (muggins, or a "too many" the policy pays)."""

    seat: int
    answer: CatchAnswer
    owner: int = 0
    caller: int = 0


@dataclass(frozen=True)
class Played:
    """A card laid in the play, the count it makes and what it pegs (31 included): ``points``
    as pegged, ``items`` what the card scores. ``passed`` are the seats that had said go
    since the count began when it was laid. For a seat that pegs its own play, what it
    claimed, each answer to the claim, and what muggins took for whom."""

    seat: int
    card: Card
    count: int
    points: int
    claimed: int | None = None
    mugged: int = 0
    mugged_by: int | None = None
    items: tuple[PlayItem, ...] = ()
    passed: frozenset[int] = frozenset()
    answers: tuple[Answered, ...] = ()


@dataclass(frozen=True)
class Go:
    """The 1 for the last card of a count: a go, or the last card of the play."""

    seat: int
    points: int


@dataclass(frozen=True)
class Shown:
    """A hand or crib counted by its owner: what it holds, what they claimed and pegged,
    and what muggins took for whom; the engine's `Verdict` of the claim (the breakdown
    itemised, what was missed and wrongly claimed), the claim as made (``said``: the
    combinations a bot named aloud), and every answer to it."""

    seat: int
    box: Box
    cards: tuple[Card, ...]
    starter: Card
    points: int
    claimed: int
    pegged: int
    mugged: int
    mugged_by: int | None
    verdict: Verdict
    claim: Claim = None
    said: tuple[Item, ...] = ()
    answers: tuple[Answered, ...] = ()


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


def wrong_call_points(answers: Sequence[Answered]) -> int:
    """What a wrong "muggins for X" (on a claim that missed nothing) gave the claim's owner:
    muggins they took, not points of their count. A wrong call settles the claim, so it is
    the last answer."""
    last = answers[-1] if answers else None
    return last.owner if last is not None and last.answer.call is not None else 0


def _answers(answers: tuple[Answered, ...]) -> list[dict[str, Any]]:
    return [
        {"seat": a.seat, "answer": str(a.answer), "owner": a.owner, "caller": a.caller}
        for a in answers
    ]


def _items(items: tuple[Item, ...] | tuple[PlayItem, ...]) -> list[dict[str, Any]]:
    return [{"kind": i.kind, "cards": [str(c) for c in i.cards], "points": i.points} for i in items]


def _verdict(verdict: Verdict) -> dict[str, Any]:
    """What the record keeps of a count's judgement: enough to say what was missed and what
    was claimed wrongly, combination by combination for an announcement."""
    return {
        "outcome": verdict.outcome,
        "missed_points": verdict.missed_points,
        "excess_points": verdict.excess_points,
        "nineteen": verdict.nineteen,
        "items": _items(verdict.breakdown.items),
        "missed": _items(verdict.missed) if verdict.itemised else None,
        "wrong": [
            {"kind": w.kind, "cards": [str(c) for c in w.ordered_cards], "points": w.value}
            for w in verdict.wrong
        ]
        if verdict.itemised
        else None,
    }


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
            "claim": answer_to_data(event.claim),
            "said": _items(event.said),
            "verdict": _verdict(event.verdict),
            "answers": _answers(event.answers),
        }
    if isinstance(event, Played):
        out: dict[str, Any] = {
            "type": "play",
            "seat": event.seat,
            "card": str(event.card),
            "count": event.count,
            "points": event.points,
            "items": _items(event.items),
            "passed": sorted(event.passed),
        }
        if event.claimed is not None:
            out.update(
                claimed=event.claimed,
                mugged=event.mugged,
                mugged_by=event.mugged_by,
                answers=_answers(event.answers),
            )
        return out
    if isinstance(event, GameOver):
        return {"type": "game-over", "winner": event.winner}
    kind = {Bonus: "bonus", Heels: "heels", Go: "go"}[type(event)]
    return {"type": kind, "seat": event.seat, "points": event.points}
