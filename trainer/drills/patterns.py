"""The deal table: every rank pattern of a show with its features and its suit classes.

A rank pattern is the hand's ranks (as a multiset) and the starter's rank. The
fifteens, pairs and runs, and so most features, depend on the pattern alone;
the flush and nobs depend on the suits, which `trainer.rules.odds` splits into
five suit classes counted in closed form. Built once per hand size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from trainer.rules.cards import JACK
from trainer.rules.combos import FEATURES, FeatureId
from trainer.rules.odds import class_bonus, rank_patterns, suit_classes
from trainer.rules.ranks import fifteen_count, fifteen_sizes, rank_counts, rank_points, runs

BIT: Final[dict[FeatureId, int]] = {name: 1 << i for i, name in enumerate(FEATURES)}
"""Each feature's bit in a pattern's feature mask."""

CLASS_BITS: Final = (
    0,
    BIT["nobs"],
    BIT["four-flush"] | BIT["suited"],
    BIT["flush"] | BIT["five-flush"] | BIT["suited"],
    BIT["flush"] | BIT["five-flush"] | BIT["suited"] | BIT["nobs"],
)
"""The features each suit class adds (PLAIN, NOBS, FLUSH4, FLUSH5, FLUSH5_NOBS); a hand's
four-card flush also scores (``flush``), a crib's does not."""


@dataclass(frozen=True)
class Pattern:
    """One rank pattern: its ranks, the points they score (``pairs`` of them from pairs), its
    fifteens, the features the ranks decide (a bit mask), and how many deals fall in each
    suit class."""

    hand: tuple[int, ...]
    starter: int
    base: int
    fifteens: int
    bits: int
    weights: tuple[int, int, int, int, int]
    pairs: int = 0

    @property
    def runs(self) -> int:
        """Points from runs: what the ranks score that is neither fifteens nor pairs."""
        return self.base - 2 * self.fifteens - self.pairs


def feature_bits(hand: tuple[int, ...], starter: int, fifteens: int) -> int:
    """The features of a rank pattern that do not depend on suits, as bits."""
    ranks = (*hand, starter)
    counts = rank_counts(ranks)
    bits = 0
    if fifteens:
        bits |= BIT["fifteen"]
        sizes = fifteen_sizes(tuple(sorted(min(r, 10) for r in ranks)))
        if sizes >> 2 & 1:
            bits |= BIT["fifteen-of-2"]
        if sizes >> 3 & 1:
            bits |= BIT["fifteen-of-3"]
        if sizes >> 4:
            bits |= BIT["fifteen-of-4"]
    most = max(counts)
    if most >= 2:
        bits |= BIT["pair"]
    if 3 in counts:
        bits |= BIT["pair-royal"]
    if most == 4:
        bits |= BIT["double-pair-royal"]
    if starter == JACK:
        bits |= BIT["jack-starter"]
    for low, high in runs(counts):
        length = high - low + 1
        bits |= BIT["run"]
        bits |= (
            BIT["run-of-3"] if length == 3 else BIT["run-of-4"] if length == 4 else BIT["run-of-5"]
        )
        shape = sorted((counts[r] for r in range(low, high + 1)), reverse=True)
        if shape[0] > 1:
            bits |= BIT["multiple-run"]
        if shape[0] == 2 and shape[1] == 1:
            bits |= BIT["double-run"]
        elif shape[0] == 3:
            bits |= BIT["triple-run"]
        elif shape[0] == 2 and shape[1] == 2:
            bits |= BIT["double-double-run"]
    return bits


@cache
def pattern_table(hand_size: int) -> tuple[Pattern, ...]:
    """Every rank pattern for hands of ``hand_size`` with its rank features and suit weights."""
    table = []
    for hand, starter, _ in rank_patterns(hand_size):
        ranks = (*hand, starter)
        fifteens = fifteen_count(min(r, 10) for r in ranks)
        pairs = sum(n * (n - 1) for n in rank_counts(ranks))
        table.append(
            Pattern(
                hand,
                starter,
                rank_points(ranks),
                fifteens,
                feature_bits(hand, starter, fifteens),
                suit_classes(hand, starter),
                pairs,
            )
        )
    return tuple(table)


@cache
def possible_scores(hand_size: int, crib: bool) -> frozenset[int]:
    """The scores some deal of ``hand_size`` cards reaches (crib rules if ``crib``), read from
    the deal table: the odds' distribution gives the same set, at the cost of a second table."""
    return frozenset(
        p.base + class_bonus(cls, hand_size, crib)
        for p in pattern_table(hand_size)
        for cls, ways in enumerate(p.weights)
        if ways
    )
