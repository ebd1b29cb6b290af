"""The total of a show without listing its items: the fast path of dealing, odds and bots.

Fifteens, pairs and runs come from the ranks alone, so their points are kept per
rank multiset (packed into one integer key); the flush and nobs rules are the
show's own (`flush_points`, `is_nobs`). Checked against `score_show` in the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from trainer.rules.cards import Card
from trainer.rules.ranks import rank_points
from trainer.rules.show import check_hand, flush_points, is_nobs

_RANK_BIT: Final = tuple(0 if r == 0 else 1 << (3 * (r - 1)) for r in range(14))
"""Per-rank weight: 3 bits a rank, so any hand's rank multiset packs into one integer key."""

_base_cache: dict[int, int] = {}


def clear_cache() -> None:
    """Forget the rank points worked out so far (for measuring the cold path)."""
    _base_cache.clear()


def _base_points_slow(hand: Sequence[Card], starter: Card, key: int) -> int:
    base = rank_points([*(c.rank for c in hand), starter.rank])
    _base_cache[key] = base
    return base


def show_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The total of `score_show` without itemising; the hand is assumed valid."""
    bit = _RANK_BIT
    key = bit[starter.rank]
    for c in hand:
        key += bit[c.rank]
    total = _base_cache.get(key)
    if total is None:
        total = _base_points_slow(hand, starter, key)
    total += flush_points(hand, starter, crib=crib)
    for c in hand:
        if is_nobs(c, starter):
            return total + 1
    return total


def validated_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """`show_total` after checking the hand like `score_show` does."""
    check_hand(hand, starter)
    return show_total(hand, starter, crib=crib)
