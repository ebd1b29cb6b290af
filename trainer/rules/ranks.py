"""What ranks alone decide in a show: the fifteens, the pairs and the runs.

These three depend only on the ranks of the cards (with the starter), never on
suits, so every scorer, the odds tables and the dealing tables share these
functions: one walk over runs, one count of fifteens.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache


def rank_counts(ranks: Iterable[int]) -> list[int]:
    """How many cards of each rank: index 1 (ace) to 13 (king); 0 and 14 stay empty."""
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    return counts


def runs(counts: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each maximal run of three or more consecutive ranks, as (lowest, highest) rank.

    ``counts`` is `rank_counts`' list. A run's copies (one card of each rank in
    it, chosen every way the counts allow) each score its length.
    """
    rank = 1
    while rank <= 13:
        if not counts[rank]:
            rank += 1
            continue
        end = rank
        while counts[end + 1]:
            end += 1
        if end - rank >= 2:
            yield rank, end
        rank = end + 1


def fifteen_count(values: Iterable[int]) -> int:
    """How many distinct sets of these card values sum to 15 (a knapsack count)."""
    ways = [1] + [0] * 15
    for v in values:
        for total in range(15, v - 1, -1):
            ways[total] += ways[total - v]
    return ways[15]


@cache
def fifteen_sizes(values: tuple[int, ...]) -> int:
    """The sizes of the fifteens among card values, as bits: bit n set for a fifteen of n cards."""
    # reach[t]: bit n set when some n of the values seen so far sum to t.
    reach = [1] + [0] * 15
    for v in values:
        for total in range(15, v - 1, -1):
            reach[total] |= reach[total - v] << 1
    return reach[15]


def rank_points(ranks: Sequence[int]) -> int:
    """Points from fifteens, pairs and runs of cards with these ranks (counted, not listed)."""
    counts = rank_counts(ranks)
    points = 2 * fifteen_count(r if r < 10 else 10 for r in ranks)
    for c in counts:
        points += c * (c - 1)  # c choose 2 pairs, 2 points each
    for low, high in runs(counts):
        copies = 1
        for r in range(low, high + 1):
            copies *= counts[r]
        points += (high - low + 1) * copies
    return points
