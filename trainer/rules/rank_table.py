"""Every rank pattern of a show, tabled: its fifteens, pairs and runs, worked out at once.

The fifteens, pairs and runs of a show depend on its ranks alone, and a show of
n cards has few rank patterns (1,820 for four cards, 6,175 for five, 18,395 for
six). So the first show of a size works out every pattern of that size in one
go (a few milliseconds for five cards: see docs/development.md, Speed) and every
later show, of a pattern seen before or not, is a dictionary lookup: there is no
memo to miss. `score_show` and `show_total` both read these tables, so the
itemised count and the total come from the same work.

An entry's items are (kind, a picker of the sorted cards, points): the cards are
named by their positions in the show sorted by `sort_key`, so one picker made
once serves every pattern.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from trainer.rules.ranks import COUNT_UNIT, fifteen_masks, packed_counts, runs

if TYPE_CHECKING:
    from trainer.rules.cards import Card
    from trainer.rules.combos import Kind

SHOW_SIZES: Final = (4, 5, 6)
"""Cards in a show, the starter included (hands of 3, 4 and 5 cards)."""

Picker = Callable[[Sequence["Card"]], tuple["Card", ...]]
Entry = tuple["Kind", Picker, int]
"""One fifteen, pair or run of a pattern: (kind, a picker of its cards, points)."""

Row = tuple[tuple[Entry, ...], int, int, int, tuple[int, ...]]
"""A pattern's row: its entries in announcement order, the points of its fifteens,
its pairs and its runs, and each position whose card has the next one's rank (where
one card given twice would sit)."""

_MAX_SHOW: Final = max(SHOW_SIZES)
"""The most cards in a show: masks of their positions fit in 6 bits."""

_PICK: Final[dict[int, Picker]] = {
    mask: itemgetter(*(i for i in range(_MAX_SHOW) if mask >> i & 1))
    for mask in range(1 << _MAX_SHOW)
    if mask.bit_count() >= 2
}
"""A picker for every set of two or more positions (as a bitmask): the cards at them, in order."""

_MASK_ORDER: Final = {
    mask: place
    for place, mask in enumerate(
        sorted(
            range(1 << _MAX_SHOW),
            key=lambda m: (m.bit_count(), [-(m >> i & 1) for i in range(_MAX_SHOW)]),
        )
    )
}
"""Each position mask's place in `itertools.combinations` order: fewer cards first, then
lower positions first. Fifteens are listed in this order."""

_FIFTEEN: Final[dict[int, Entry]] = {mask: ("fifteen", pick, 2) for mask, pick in _PICK.items()}
"""The entry of a fifteen of the cards at each set of positions (a mask)."""

_PAIRS: Final[tuple[tuple[tuple[Entry, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            ("pair", _PICK[1 << i | 1 << j], 2)
            for i, j in combinations(range(first, first + count), 2)
        )
        for count in range(min(4, _MAX_SHOW - first) + 1)
    )
    for first in range(_MAX_SHOW)
)
"""``_PAIRS[first][count]``: the pairs among ``count`` cards of one rank at the positions
from ``first`` on, in `combinations` order."""


class _Tables(dict[int, dict[Any, Any]]):
    """Tables by show size, each made whole on first use (`__missing__`): a present size
    is a plain dictionary lookup, which is what every show pays."""

    def __init__(self, make: Callable[[int], dict[Any, Any]], sizes: tuple[int, ...]) -> None:
        super().__init__()
        self._make = make
        self._sizes = sizes

    def __missing__(self, size: int) -> dict[Any, Any]:
        if size not in self._sizes:
            raise ValueError(f"no table for {size} cards (only {self._sizes})")
        table = self[size] = self._make(size)
        return table


def pattern_row(ranks: tuple[int, ...]) -> Row:
    """Work out one pattern: the fifteens, pairs and runs of cards with these ranks
    (ascending), and each kind's points. `rows` holds every pattern's, made by this."""
    fifteens = fifteen_masks(ranks)
    if len(fifteens) > 1:
        fifteens.sort(key=_MASK_ORDER.__getitem__)
    found = [_FIFTEEN[mask] for mask in fifteens]
    counts = packed_counts(ranks).to_bytes(15, "little")
    pair_points = 0
    if max(counts) > 1:
        # The ranks are ascending, so each rank's cards are side by side.
        first = 0
        while first < len(ranks):
            count = counts[ranks[first]]
            pairs = _PAIRS[first][count]
            found.extend(pairs)
            pair_points += 2 * len(pairs)
            first += count
    run_points = 0
    for low, high in runs(counts):
        # One card of each rank, every way: rank r's cards are the counts[r] positions
        # from its first.
        copies = [0]
        for r in range(low, high + 1):
            first = ranks.index(r)
            copies = [m | 1 << p for m in copies for p in range(first, first + counts[r])]
        found.extend(("run", _PICK[mask], high - low + 1) for mask in copies)
        run_points += (high - low + 1) * len(copies)
    ties = tuple(i for i in range(len(ranks) - 1) if ranks[i] == ranks[i + 1])
    return tuple(found), 2 * len(fifteens), pair_points, run_points, ties


def patterns(size: int) -> list[tuple[int, ...]]:
    """Every rank pattern of ``size`` cards (ascending ranks, at most four of a rank)."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(1, 14), size)
        if size < 5 or all(ranks[i] != ranks[i + 4] for i in range(size - 4))
    ]


def _make_rows(size: int) -> dict[tuple[int, ...], Row]:
    return {ranks: pattern_row(ranks) for ranks in patterns(size)}


def _make_totals(size: int) -> dict[int, int]:
    unit = COUNT_UNIT
    return {
        sum([unit[r] for r in ranks]): row[1] + row[2] + row[3] for ranks, row in ROWS[size].items()
    }


def _make_starters(size: int) -> dict[int, int]:
    unit = COUNT_UNIT
    totals = TOTALS[size + 1]
    starters = {}
    for ranks in patterns(size):
        key = sum([unit[r] for r in ranks])
        starters[key] = sum(
            [
                (4 - ranks.count(r)) * totals[key + unit[r]]
                for r in range(1, 14)
                if ranks.count(r) < 4
            ]
        )
    return starters


ROWS: Final[dict[int, dict[tuple[int, ...], Row]]] = _Tables(_make_rows, SHOW_SIZES)
"""``ROWS[size][ranks]``: the row of every rank pattern of shows of ``size`` cards, keyed
by its ascending ranks; a size's table is worked out whole at its first lookup."""

TOTALS: Final[dict[int, dict[int, int]]] = _Tables(_make_totals, SHOW_SIZES)
"""``TOTALS[size][key]``: every pattern's points (fifteens, pairs and runs) for shows of
``size`` cards, keyed by its packed rank counts (`ranks.packed_counts`: found without
sorting); made from `ROWS`, so the total and the itemised count agree by construction."""


STARTERS: Final[dict[int, dict[int, int]]] = _Tables(_make_starters, (3, 4, 5))
"""``STARTERS[size][key]``: for a hand of ``size`` cards (keyed as in `TOTALS`), its
fifteens, pairs and runs summed over every starter of a rank the deck still holds, as
many times as it holds it (the 52 cards less the hand). A discard's starters are these
less the thrown cards' (`game.bots`): one lookup a throw, not one a starter rank."""


def forget() -> None:
    """Drop the tables (for measuring what building them costs)."""
    ROWS.clear()
    TOTALS.clear()
    STARTERS.clear()
