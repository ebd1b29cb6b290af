"""Brute force for the coach's tests: each mean worked out by scoring every case one by one."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from trainer.rules.cards import Card, deck
from trainer.rules.totals import show_total


def unseen_by(dealt: Sequence[Card]) -> list[Card]:
    return [c for c in deck() if c not in dealt]


def hand_mean(dealt: Sequence[Card], throw: Sequence[Card]) -> Fraction:
    """The kept cards' show over every starter not dealt to the thrower, one by one."""
    keep = [c for c in dealt if c not in throw]
    starters = unseen_by(dealt)
    return Fraction(sum(show_total(keep, s) for s in starters), len(starters))


def crib_mean(dealt: Sequence[Card], throw: Sequence[Card], crib_size: int = 4) -> Fraction:
    """The crib over every way to fill it from the cards not dealt to the thrower, and then
    every starter from the rest: each case scored."""
    unseen = unseen_by(dealt)
    total = cases = 0
    for others in combinations(unseen, crib_size - len(throw)):
        crib = (*throw, *others)
        for starter in unseen:
            if starter not in others:
                total += show_total(crib, starter, crib=True)
                cases += 1
    return Fraction(total, cases)
