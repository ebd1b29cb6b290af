"""What ranks alone decide in a show: the fifteens, the pairs and the runs.

These three depend only on the ranks of the cards (with the starter), never on
suits, so every scorer, the odds tables and the dealing tables share these
functions: one walk over runs, one table of subset sums for the fifteens.

They are on the path of every fresh deal (a trainer scores hands whose rank
pattern it has not seen yet), so the work is done by C-level `bytes`
operations on small tables rather than by Python loops: rank counts are one
byte a rank, and the fifteens come from the bytes of every subset's sum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from math import prod
from typing import Final

COUNT_UNIT: Final = tuple(1 << 8 * r for r in range(15))
"""``COUNT_UNIT[rank]`` is one card of that rank in a packed count, a byte a rank: the sum
over the cards is a key of their rank multiset, and ``.to_bytes(15, "little")`` of it is
`rank_counts` as bytes."""

_SEVERAL: Final = sum(6 << 8 * r for r in range(15))
"""Bits 1 and 2 of every rank's byte in a packed count: set where a rank has 2 to 4 cards."""

_ADD_VALUE: Final = tuple(
    bytes(range(v, 256)) + b"\xff" * v for v in [min(x, 10) for x in range(14)]
)
"""``_ADD_VALUE[x]`` maps every byte ``b`` to ``b`` plus the value of rank (or value) ``x``
(at most 255): one `bytes.translate` adds a card to the sums of every subset at once. Made
from ranges, not byte by byte: every command that scores a show imports it."""

_PAIR_POINTS: Final = bytes((0, 0, 2, 6, 12)) + bytes(251)
"""Pair points by the number of cards of one rank: c choose 2 pairs, 2 points each."""

_PRESENT: Final = bytes(1) + bytes((1,)) * 255
"""Maps a rank's count to 1 if it has cards, so a run is three 1 bytes in a row."""


def rank_counts(ranks: Iterable[int]) -> list[int]:
    """How many cards of each rank: index 1 (ace) to 13 (king); 0 and 14 stay empty."""
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    return counts


def packed_counts(ranks: Iterable[int]) -> int:
    """The packed count of these ranks: the sum of their `COUNT_UNIT`."""
    unit = COUNT_UNIT
    key = 0
    for r in ranks:
        key += unit[r]
    return key


def runs(counts: Sequence[int]) -> list[tuple[int, int]]:
    """Each maximal run of three or more consecutive ranks, as (lowest, highest) rank.

    ``counts`` is `rank_counts`' list (or the same as bytes). A run's copies (one
    card of each rank in it, chosen every way the counts allow) each score its length.
    """
    present = (counts if isinstance(counts, bytes) else bytes(counts)).translate(_PRESENT)
    low = present.find(b"\1\1\1")
    if low < 0:
        return []
    found = []
    while low >= 0:
        end = present.find(b"\0", low)
        high = (len(present) if end < 0 else end) - 1
        found.append((low, high))
        low = present.find(b"\1\1\1", high + 1)
    return found


def subset_sums(values: Iterable[int]) -> bytes:
    """The value sum of every subset of these cards, byte ``mask`` for the cards in ``mask``.

    Card i (in the order given) is bit i of ``mask``. Ranks may be given for values:
    jacks, queens and kings count ten.
    """
    add = _ADD_VALUE
    sums = b"\0"
    for v in values:
        sums += sums.translate(add[v])
    return sums


def fifteen_count(values: Iterable[int]) -> int:
    """How many distinct sets of these card values (or ranks) sum to 15."""
    return subset_sums(values).count(15)


def fifteen_masks(values: Iterable[int]) -> list[int]:
    """Each set of these cards whose values sum to 15, as a mask of their positions, ascending."""
    pieces = subset_sums(values).split(b"\x0f")  # each piece but the last ends before a 15
    masks = []
    mask = -1
    for piece in pieces[:-1]:
        mask += len(piece) + 1
        masks.append(mask)
    return masks


@cache
def fifteen_sizes(values: tuple[int, ...]) -> int:
    """The sizes of the fifteens among card values, as bits: bit n set for a fifteen of n cards."""
    sizes = 0
    for mask in fifteen_masks(values):
        sizes |= 1 << mask.bit_count()
    return sizes


def counted_points(key: int, values: Iterable[int]) -> int:
    """`rank_points` when the cards' packed count (`packed_counts`) is known already;
    ``values`` are the same cards' ranks, in any order."""
    packed = key.to_bytes(15, "little")
    points = 2 * subset_sums(values).count(15)  # fifteen_count, one call fewer
    if key & _SEVERAL:  # some rank has two cards or more
        points += sum(packed.translate(_PAIR_POINTS))
    for low, high in runs(packed):
        points += (high - low + 1) * prod(packed[low : high + 1])
    return points


def rank_points(ranks: Sequence[int]) -> int:
    """Points from fifteens, pairs and runs of cards with these ranks (counted, not listed)."""
    return counted_points(packed_counts(ranks), ranks)
