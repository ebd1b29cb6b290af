"""The total of a show without listing its items: the fast path of dealing, odds and bots.

Fifteens, pairs and runs come from the ranks alone, so their points are kept per
rank multiset (its packed rank counts, one integer key); the flush and nobs rules
are the show's own (`flush_points`, `nobs_jack`). Checked against `score_show` in
the tests.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.rules.cards import Card
from trainer.rules.ranks import COUNT_UNIT, counted_points
from trainer.rules.show import check_hand, flush_points, nobs_jack

_base_cache: dict[int, int] = {}


def clear_cache() -> None:
    """Forget the rank points worked out so far (for measuring the cold path)."""
    _base_cache.clear()


def show_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The total of `score_show` without itemising; the hand is assumed valid."""
    unit = COUNT_UNIT
    rank = starter.rank
    key = unit[rank]
    ranks = [rank]  # kept for a miss: one pass over the cards serves both
    for card in hand:
        rank = card.rank
        key += unit[rank]
        ranks.append(rank)
    total = _base_cache.get(key)
    if total is None:  # a rank multiset not seen yet
        total = _base_cache[key] = counted_points(key, ranks)
    total += flush_points(hand, starter, crib)
    if nobs_jack(hand, starter) is not None:
        return total + 1
    return total


def validated_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """`show_total` after checking the hand like `score_show` does."""
    check_hand(hand, starter)
    return show_total(hand, starter, crib=crib)
