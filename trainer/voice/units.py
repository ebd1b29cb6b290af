"""What may be said of one show: its true groups by what they are called, and one
over-claim a kind.

A spoken count names kinds and running totals, never cards, so groups said alike ("a
pair", "fifteen") are told apart only by how many of them were said: the first fifteen
said stands for the show's first fifteen, the next for its next. The grammar lets each
true group of the show (`Breakdown.groups`: a fifteen, a pair royal, a double run, the
flush, nobs) be said or skipped, and one thing the show does not hold (an extra fifteen,
pair, run of three or nobs; a flush where the show has none). Each such unit knows the
cards the judge will see for it: a true group its own cards, an over-claim the cards of a
true group of its kind said again (a duplicate) or cards of the show that make no such
combination.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from trainer.judge.claims import ClaimedItem
from trainer.rules.cards import JACK, Card
from trainer.rules.combos import KINDS, Kind
from trainer.rules.groups import Group, run_shape
from trainer.rules.show import Breakdown


@dataclass(frozen=True, slots=True)
class Unit:
    """One thing a count may say: its kind, its name as said ("pair royal", "double run"),
    a run's length (ranks) or the cards of a flush, its points, and the claimed item."""

    kind: Kind
    name: str
    length: int
    points: int
    item: ClaimedItem
    true: bool
    """A group of the show (False: an over-claim)."""

    @property
    def label(self) -> str:
        """The unit as said without its total, to tell repeats apart: "run of three"."""
        return f"{self.name} {self.length}" if self.kind in ("run", "flush") else self.name


_EXTRA_RUN_LENGTH: Final = 3


def _true_unit(group: Group) -> Unit:
    return Unit(
        group.kind,
        group.name,
        group.length,
        group.points,
        ClaimedItem(group.kind, group.cards, group.points),
        True,
    )


def _phantom(cards: tuple[Card, ...], size: int, real: set[frozenset[Card]]) -> tuple[Card, ...]:
    """``size`` cards of the show that are none of ``real`` (the combinations there are)."""
    for chosen in combinations(cards, size):
        if frozenset(chosen) not in real:
            return chosen
    return cards[:size]  # every set of this size is real: the claim is then a duplicate


def _extra(kind: Kind, breakdown: Breakdown) -> Unit:
    """The over-claim of ``kind``: said once more than the show holds it."""
    show = breakdown.show
    same = [g for g in breakdown.groups if g.kind == kind and g.name in (kind, "fifteen")]
    real = {frozenset(i.cards) for i in breakdown.items}
    if kind == "fifteen":
        cards = same[0].cards if same else _phantom(show, 2, real)
        return Unit(kind, "fifteen", 2, 2, ClaimedItem(kind, cards, 2), False)
    if kind == "pair":
        cards = same[0].cards if same else _phantom(show, 2, real)
        return Unit(kind, "pair", 2, 2, ClaimedItem(kind, cards, 2), False)
    if kind == "run":
        threes = [g for g in same if g.length == _EXTRA_RUN_LENGTH]
        if threes:
            cards = threes[0].cards
        else:
            fake = [c for c in combinations(show, 3) if run_shape(c) is None]
            cards = fake[0] if fake else show[:3]
        n = _EXTRA_RUN_LENGTH
        return Unit(kind, "run", n, n, ClaimedItem(kind, cards, n), False)
    if kind == "flush":
        n = len(breakdown.hand)
        return Unit(kind, "flush", n, n, ClaimedItem(kind, breakdown.hand, n), False)
    jacks = [c for c in breakdown.hand if c.rank == JACK]
    cards = (jacks[0] if jacks else breakdown.hand[0], breakdown.starter)
    return Unit(kind, "nobs", 1, 1, ClaimedItem(kind, cards, 1), False)


@dataclass(frozen=True, slots=True)
class Label:
    """The units said alike ("pair royal", "run of three"): the show's own, in its order,
    then the over-claim of one more (None: the over-claim of the kind is said otherwise);
    ``rank`` is the kind's place in announcement order."""

    label: str
    rank: int
    units: tuple[Unit, ...]
    extra: Unit | None

    def unit(self, said: int) -> Unit:
        """The unit the next one said stands for, ``said`` of this label said before."""
        if said < len(self.units) or self.extra is None:
            return self.units[said]
        return self.extra

    @property
    def most(self) -> int:
        """How many of these a count may say."""
        return len(self.units) + (self.extra is not None)


def labels(breakdown: Breakdown) -> list[Label]:
    """The show's units by label, in announcement order, each kind's over-claim with the
    label it is said by."""
    out: dict[str, Label] = {}
    for rank, kind in enumerate(KINDS):
        for group in breakdown.groups:
            if group.kind == kind:
                unit = _true_unit(group)
                had = out.get(unit.label)
                units = (*had.units, unit) if had else (unit,)
                out[unit.label] = Label(unit.label, rank, units, None)
        if kind == "flush" and any(g.kind == kind for g in breakdown.groups):
            continue  # a second flush is no over-claim: no show holds two
        extra = _extra(kind, breakdown)
        had = out.get(extra.label)
        out[extra.label] = Label(extra.label, rank, had.units if had else (), extra)
    return list(out.values())
