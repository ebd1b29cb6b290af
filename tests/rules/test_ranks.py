"""What ranks alone decide: the runs, the fifteens and their points, checked by brute force."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trainer.rules.ranks import fifteen_count, fifteen_sizes, rank_counts, rank_points, runs


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ((3, 4, 5), [(3, 5)]),
        ((3, 4, 4, 5), [(3, 5)]),
        ((1, 2, 3, 5, 6, 7), [(1, 3), (5, 7)]),
        ((12, 13, 1, 2), []),  # ace is low: Q-K-A and K-A-2 are no runs
        ((2, 3, 5, 6), []),
        ((9, 10, 11, 12, 13), [(9, 13)]),
    ],
)
def test_runs_are_maximal_and_never_wrap(
    ranks: tuple[int, ...], expected: list[tuple[int, int]]
) -> None:
    assert list(runs(rank_counts(ranks))) == expected


def fifteen_sizes_by_hand(values: tuple[int, ...]) -> list[int]:
    """The size of every subset of ``values`` that sums to 15."""
    return [
        size
        for size in range(1, len(values) + 1)
        for chosen in combinations(values, size)
        if sum(chosen) == 15
    ]


def points_by_hand(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs by their definitions: every subset summing to 15, every two
    cards of a rank, every set of 3+ cards of consecutive distinct ranks in no larger one."""
    cards = range(len(ranks))
    points = 2 * len(fifteen_sizes_by_hand(tuple(min(r, 10) for r in ranks)))
    points += 2 * sum(ranks[a] == ranks[b] for a, b in combinations(cards, 2))
    straights = [
        set(chosen)
        for size in range(3, len(ranks) + 1)
        for chosen in combinations(cards, size)
        if sorted(ranks[i] for i in chosen)
        == list(range(min(ranks[i] for i in chosen), min(ranks[i] for i in chosen) + size))
    ]
    maximal = [s for s in straights if not any(s < other for other in straights)]
    return points + sum(len(s) for s in maximal)


def test_fifteens_and_points_against_their_definitions() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 3000:
        ranks = tuple(rng.randint(1, 13) for _ in range(rng.choice((4, 5, 6))))
        if max(rank_counts(ranks)) > 4:
            continue
        checked += 1
        values = tuple(min(r, 10) for r in ranks)
        sizes = fifteen_sizes_by_hand(values)
        assert fifteen_count(values) == len(sizes), ranks
        bits = fifteen_sizes(tuple(sorted(values)))
        assert {n for n in range(7) if bits >> n & 1} == set(sizes), ranks
        assert rank_points(ranks) == points_by_hand(ranks), ranks
