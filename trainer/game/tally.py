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

from trainer.game.calls import call_right
from trainer.game.events import Bonus, Box, Go, Heels, Played, Shown, wrong_call_points
from trainer.game.record import HandRecord
from trainer.game.variants import GameVariant
from trainer.judge.claims import CatchAnswer

__all__ = ["Call", "Counting", "SideTally", "calls", "counting", "tally"]


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
    """What the side's seats pegged for their own hands (after muggins, not their worth; a
    wrong call's gift is muggins)."""
    crib: int
    """What the side pegged for its cribs (after muggins, not their worth)."""
    muggins: int
    """Points the side took by muggins: from other sides' counts and claims, and what their
    wrong calls gave it."""

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
                gift = wrong_call_points(event.answers)  # muggins, not the claim's points
                if isinstance(event, Played):
                    add(event.seat, "play", event.points - gift)
                else:
                    source = "crib" if event.box == "crib" else "hands"
                    add(event.seat, source, event.pegged - gift)
                add(event.seat, "muggins", gift)
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


@dataclass(frozen=True)
class Call:
    """A seat's challenge to another's claim ("muggins for X", "too many"): whether it was
    right, and what it moved, as the engine settled it."""

    hand: int
    owner: int
    box: Box | None
    """The box counted; None for what a card laid in the play pegs."""
    claimed: int
    missed: int
    """Points the claim left out (a muggins call is right when there are some)."""
    excess: int
    """Points the claim asked for that are not there (a "too many" is right then)."""
    answer: CatchAnswer
    won: int
    """Points the caller took by muggins."""
    gave: int
    """Points a wrong muggins call gave the claim's owner."""

    @property
    def right(self) -> bool:
        return call_right(self.answer, self.missed, self.excess)


def calls(hands: Sequence[HandRecord], seat: int) -> list[Call]:
    """``seat``'s calls over ``hands``, in order: every answer to another's claim that was not
    an accept."""
    out = []
    for hand in hands:
        for event in hand.events:
            if not isinstance(event, Played | Shown):
                continue
            for answer in event.answers:
                if answer.seat != seat or answer.answer == CatchAnswer():
                    continue
                if isinstance(event, Shown):
                    box: Box | None = event.box
                    missed = event.verdict.missed_points
                    excess = event.verdict.excess_points
                else:
                    box = None
                    worth = sum(i.points for i in event.items)
                    claimed = event.claimed or 0
                    missed, excess = max(0, worth - claimed), max(0, claimed - worth)
                said = event.claimed or 0
                out.append(
                    Call(
                        hand.number,
                        event.seat,
                        box,
                        said,
                        missed,
                        excess,
                        answer.answer,
                        answer.caller,
                        answer.owner if answer.answer.call is not None else 0,
                    )
                )
    return out
