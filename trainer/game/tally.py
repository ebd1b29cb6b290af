"""The hand and game summaries: where each side's points came from, and how a seat counted.

`tally` sorts every point of the given hands' events (`HandRecord.events`) by
where it came from, side by side, so one hand's tally is the hand summary and
all of a game's is the game summary; the totals add up to the score, since every
point pegged is in exactly one event. `counting` looks at one seat's own counts:
how often right, under or over, what it left out, and what muggins moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from trainer.game.events import Bonus, Go, Heels, Played, Shown
from trainer.game.record import HandRecord
from trainer.game.variants import GameVariant

__all__ = ["Counting", "SideTally", "counting", "tally"]


@dataclass(frozen=True)
class SideTally:
    """Where a side's points came from, in a hand or a game."""

    side: int
    bonus: int
    """The five-card game's three for last."""
    heels: int
    play: int
    """Points pegged laying cards, with the go and the last card, by the side's seats."""
    hands: int
    """What the side's seats pegged for their own hands (after muggins, not their worth)."""
    crib: int
    """What the side pegged for its cribs (after muggins, not their worth)."""
    muggins: int
    """Points the side took from other sides' counts and claims by muggins."""

    @property
    def total(self) -> int:
        return self.bonus + self.heels + self.play + self.hands + self.crib + self.muggins


_SOURCES = tuple(f.name for f in fields(SideTally) if f.name != "side")


def tally(rules: GameVariant, hands: Sequence[HandRecord]) -> tuple[SideTally, ...]:
    """Each side's points (`rules.sides`, in order) over ``hands``, by where they came from."""
    sums = [dict.fromkeys(_SOURCES, 0) for _ in rules.sides]

    def add(seat: int, source: str, points: int) -> None:
        sums[rules.side_of(seat)][source] += points

    for hand in hands:
        for event in hand.events:
            if isinstance(event, Bonus):
                add(event.seat, "bonus", event.points)
            elif isinstance(event, Heels):
                add(event.seat, "heels", event.points)
            elif isinstance(event, Go):
                add(event.seat, "play", event.points)
            elif isinstance(event, Played | Shown):
                if isinstance(event, Played):
                    add(event.seat, "play", event.points)
                else:
                    add(event.seat, "crib" if event.box == "crib" else "hands", event.pegged)
                if event.mugged_by is not None:
                    add(event.mugged_by, "muggins", event.mugged)
    return tuple(SideTally(side, **sums[side]) for side in range(len(rules.sides)))


@dataclass(frozen=True)
class Counting:
    """How a seat counted its own hands and cribs in a game, and what it caught."""

    counts: int
    exact: int
    under: int
    """Counts that missed points (an announcement may also have claimed some wrongly)."""
    over: int
    """Counts that claimed points that are not there (an announcement may also have missed)."""
    missed_points: int
    """Points the seat's counts left out: the sum of what each missed."""
    mugged: int
    """Points others took from the seat by muggins, in the show and in its own play."""
    caught: int
    """Times the seat took points by muggins from another's count (or claim in the play)."""
    caught_points: int


def counting(hands: Sequence[HandRecord], seat: int) -> Counting:
    """``seat``'s counts over ``hands`` (its hands and cribs), and muggins both ways.

    Each count is taken as the engine judged it (the `Shown` event's verdict): an
    announcement that names one wrong combination and leaves out a right one of the
    same worth missed points and claimed too many, though its total was right.
    """
    counts = exact = under = over = missed = mugged = caught = caught_points = 0
    for hand in hands:
        for event in hand.events:
            if isinstance(event, Shown) and event.seat == seat:
                verdict = event.verdict
                counts += 1
                exact += verdict.exact
                under += verdict.missed_points > 0
                over += verdict.excess_points > 0
                missed += verdict.missed_points
            if not isinstance(event, Played | Shown) or event.mugged_by is None:
                continue
            if event.seat == seat:
                mugged += event.mugged
            if event.mugged_by == seat:
                caught += 1
                caught_points += event.mugged
    return Counting(counts, exact, under, over, missed, mugged, caught, caught_points)
