"""Exact distributions of show scores over every possible deal, computed by rank pattern.

Fifteens, pairs and runs depend on ranks alone; only the flush and nobs depend
on suits. So the distribution is built from the few thousand rank patterns
(hand ranks as a multiset, plus the starter's rank), each weighted by how many
suit choices realise it, with the flush and nobs split counted in closed form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod

from trainer.rules.cards import JACK
from trainer.rules.ranks import rank_points
from trainer.rules.show import HAND_SIZES, HandError, flush_value


def _check_size(hand_size: int) -> None:
    if hand_size not in HAND_SIZES:
        raise HandError(f"hand size must be 3, 4 or 5, got {hand_size}")


def rank_patterns(hand_size: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Every (hand ranks, starter rank, number of deals) with at most four cards a rank."""
    for hand in combinations_with_replacement(range(1, 14), hand_size):
        counts = Counter(hand)
        if max(counts.values()) > 4:
            continue
        suit_ways = prod(comb(4, c) for c in counts.values())
        for starter in range(1, 14):
            left = 4 - counts[starter]
            if left:
                yield hand, starter, suit_ways * left


# Suit classes of one rank pattern: no flush and no nobs, nobs, a four-card (hand-only)
# flush, a flush with the starter, a flush with the starter and nobs.
PLAIN, NOBS, FLUSH4, FLUSH5, FLUSH5_NOBS = range(5)


def suit_classes(hand: tuple[int, ...], starter: int) -> tuple[int, int, int, int, int]:
    """For one rank pattern: how many deals fall in each suit class (PLAIN ... FLUSH5_NOBS).

    Derivation: the suits of different ranks are chosen independently, so over
    all choices the starter's suit matches one of the J hand jacks in
    H * J * (4 - c_s) / 4 deals (H hand suit choices, c_s hand cards of the
    starter's rank). A flush needs distinct hand ranks: 4 of the 4**n hand suit
    choices, each with 3 off-suit starters, and the starter of that suit too
    only if its rank is not in the hand.
    """
    counts = Counter(hand)
    c_s = counts[starter]
    jacks = counts[JACK]
    hand_ways = prod(comb(4, c) for c in counts.values())
    deals = hand_ways * (4 - c_s)
    nobs_all = hand_ways * jacks * (4 - c_s) // 4 if starter != JACK else 0
    flush4 = flush5 = flush5_nobs = 0
    if len(counts) == len(hand):
        flush4 = 12
        if c_s == 0:
            if jacks == 1 and starter != JACK:
                flush5_nobs = 4
            else:
                flush5 = 4
    nobs = nobs_all - flush5_nobs
    plain = deals - nobs - flush4 - flush5 - flush5_nobs
    return plain, nobs, flush4, flush5, flush5_nobs


def class_bonus(cls: int, hand_size: int, crib: bool) -> int:
    """Flush and nobs points of a suit class (a crib's four-card flush scores nothing)."""
    if cls == PLAIN:
        return 0
    if cls == NOBS:
        return 1
    flush = flush_value(hand_size, with_starter=cls != FLUSH4, crib=crib)
    return flush + (cls == FLUSH5_NOBS)


def suit_split(hand: tuple[int, ...], starter: int, crib: bool) -> list[tuple[int, int]]:
    """For one rank pattern: (flush + nobs points, number of deals) over all suit choices."""
    split: Counter[int] = Counter()
    for cls, ways in enumerate(suit_classes(hand, starter)):
        if ways:
            split[class_bonus(cls, len(hand), crib)] += ways
    return list(split.items())


@cache
def _distribution(hand_size: int, crib: bool) -> tuple[tuple[int, int], ...]:
    base_cache: dict[tuple[int, ...], int] = {}
    hist: Counter[int] = Counter()
    for hand, starter, _ in rank_patterns(hand_size):
        key = tuple(sorted((*hand, starter)))
        base = base_cache.get(key)
        if base is None:
            base = rank_points(key)
            base_cache[key] = base
        for bonus, ways in suit_split(hand, starter, crib):
            hist[base + bonus] += ways
    top = max(hist)
    return tuple((score, hist[score]) for score in range(top + 1))


def distribution(hand_size: int = 4, crib: bool = False) -> dict[int, int]:
    """Score -> number of deals (hand of ``hand_size`` plus starter) scoring it.

    Every score from 0 to the highest possible is a key, impossible ones with 0.
    Computed once per (hand size, crib) and kept for the process.
    """
    _check_size(hand_size)
    return dict(_distribution(hand_size, crib))


def deals(hand_size: int = 4) -> int:
    """The number of deals: hands of ``hand_size`` from 52 cards times starters from the rest."""
    _check_size(hand_size)
    return comb(52, hand_size) * (52 - hand_size)


def mean(dist: Mapping[int, int]) -> float:
    """The mean score of a distribution."""
    total = sum(dist.values())
    return sum(score * n for score, n in dist.items()) / total


def possible_scores(hand_size: int = 4, crib: bool = False) -> list[int]:
    """The scores some deal reaches, ascending."""
    return [s for s, n in distribution(hand_size, crib).items() if n]


def chance_at_least(score: int, hand_size: int = 4, crib: bool = False) -> Fraction:
    """The exact probability that a random deal scores ``score`` or more."""
    dist = distribution(hand_size, crib)
    total = sum(dist.values())
    return Fraction(sum(n for s, n in dist.items() if s >= score), total)


def rarity(score: int, hand_size: int = 4, crib: bool = False) -> str:
    """How rare a score is, as a player reads it: "1 hand in 3,250 scores 24 or more";
    for nothing, how often a deal scores nothing at all ("1 hand in 13 scores nothing")."""
    what = "crib" if crib else "hand"
    if score == 0:
        dist = distribution(hand_size, crib)
        return f"1 {what} in {round(sum(dist.values()) / dist[0]):,} scores nothing"
    chance = chance_at_least(score, hand_size, crib)
    if chance == 0:
        return f"no {what} can score {score} or more"
    if chance == 1:
        return f"every {what} scores {score} or more"
    one_in = round(1 / chance)
    if one_in < 2:
        return f"{float(chance):.0%} of {what}s score {score} or more"
    return f"1 {what} in {one_in:,} scores {score} or more"
