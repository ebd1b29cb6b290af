"""The show: score a hand or crib with its starter, itemised, as RULES.md counts it.

`score_show` lists every combination (each fifteen, pair, run, the flush and
nobs) with its cards. The fifteens, pairs and runs depend on ranks alone and are
worked out once per rank pattern (`rank_template`); the flush and nobs rules
(`flush_points`, `is_nobs`) are shared with the total-only scorer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from operator import itemgetter
from typing import Any, Final

from trainer.rules.cards import JACK, Card, CardError, check_distinct, sort_key
from trainer.rules.combos import Kind
from trainer.rules.ranks import rank_counts, runs
from trainer.rules.speech import announce

HAND_SIZES: Final = (3, 4, 5)
"""Hand sizes the variants use (RULES.md, Hand sizes)."""


class HandError(ValueError):
    """A hand that cannot be scored (wrong number of cards, the starter in the hand)."""


@dataclass(frozen=True, slots=True)
class Item:
    """One scoring combination: its kind, the cards it uses, and its points."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


@dataclass(frozen=True)
class Breakdown:
    """Every combination a hand scores, with category totals and the spoken count."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[Item, ...]
    fifteens: int = field(init=False)
    pairs: int = field(init=False)
    runs: int = field(init=False)
    flush: int = field(init=False)
    nobs: int = field(init=False)
    total: int = field(init=False)

    def __post_init__(self) -> None:
        sums = {"fifteen": 0, "pair": 0, "run": 0, "flush": 0, "nobs": 0}
        for item in self.items:
            sums[item.kind] += item.points
        setter = object.__setattr__
        setter(self, "fifteens", sums["fifteen"])
        setter(self, "pairs", sums["pair"])
        setter(self, "runs", sums["run"])
        setter(self, "flush", sums["flush"])
        setter(self, "nobs", sums["nobs"])
        setter(self, "total", sum(sums.values()))

    @property
    def what(self) -> str:
        """``crib`` or ``hand``, as a player names what is counted."""
        return "crib" if self.crib else "hand"

    @property
    def show(self) -> tuple[Card, ...]:
        """The hand cards and the starter."""
        return (*self.hand, self.starter)

    def of_kind(self, kind: Kind) -> tuple[Item, ...]:
        """The items of one category, in announcement order."""
        return tuple(i for i in self.items if i.kind == kind)

    def category_totals(self) -> dict[str, int]:
        """Points per category, keyed by the JSON names (fifteens, pairs, runs, flush, nobs)."""
        return {
            "fifteens": self.fifteens,
            "pairs": self.pairs,
            "runs": self.runs,
            "flush": self.flush,
            "nobs": self.nobs,
        }

    def announce(self) -> str:
        """The count as a player says it aloud: a running total, fifteens first."""
        return announce((i.kind, i.cards, i.points) for i in self.items)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of `muggins score --json`."""
        return {
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
            "total": self.total,
            **self.category_totals(),
            "items": [i.to_dict() for i in self.items],
            "announce": self.announce(),
        }


def check_hand(hand: Sequence[Card], starter: Card) -> None:
    """Raise `HandError`/`CardError` unless this is a hand of 3-5 distinct cards and a starter."""
    if len(hand) not in HAND_SIZES:
        raise HandError(f"a hand has 3, 4 or 5 cards besides the starter, got {len(hand)}")
    check_distinct([*hand, starter])


def flush_value(hand_size: int, *, with_starter: bool, crib: bool) -> int:
    """The flush rule, for hand (or crib) cards all of one suit: one a card, plus one if the
    starter matches; a crib's flush counts only with the starter."""
    if with_starter:
        return hand_size + 1
    return 0 if crib else hand_size


def flush_points(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    """What the flush scores in this show (0 if the hand cards are not all one suit)."""
    suit = hand[0].suit
    if hand[1].suit != suit or any(c.suit != suit for c in hand):
        return 0
    return flush_value(len(hand), with_starter=starter.suit == suit, crib=crib)


def is_nobs(card: Card, starter: Card) -> bool:
    """His nobs: a jack in the hand of the starter's suit (a jack starter is never nobs)."""
    return card.rank == JACK and card.suit == starter.suit


def score_show(hand: Iterable[Card], starter: Card, *, crib: bool = False) -> Breakdown:
    """Score a hand (or crib, with ``crib=True``) and its starter, every item listed."""
    hand_t = tuple(hand)
    if len(hand_t) not in HAND_SIZES:
        raise HandError(f"a hand has 3, 4 or 5 cards besides the starter, got {len(hand_t)}")
    cards = sorted((*hand_t, starter), key=sort_key)
    previous = cards[0]
    for card in cards[1:]:
        if card.rank == previous.rank and card.suit == previous.suit:
            raise CardError(f"{card} is given twice")
        previous = card
    items = [
        Item(kind, pick(cards), points)
        for kind, pick, points in rank_template(tuple([c.rank for c in cards]))
    ]
    flush = flush_points(hand_t, starter, crib=crib)
    if flush:
        ordered = tuple(sorted(hand_t, key=sort_key))
        items.append(Item("flush", (*ordered, starter) if flush > len(hand_t) else ordered, flush))
    for c in hand_t:
        if is_nobs(c, starter):
            items.append(Item("nobs", (c, starter), 1))
    return Breakdown(hand_t, starter, crib, tuple(items))


Template = tuple[tuple[Kind, Callable[[Sequence[Card]], tuple[Card, ...]], int], ...]


@cache
def rank_template(ranks: tuple[int, ...]) -> Template:
    """The fifteens, pairs and runs of cards with these ranks (ascending), as card pickers.

    These combinations depend on ranks alone, so they are worked out once per
    rank pattern (a few thousand for any hand size) and reused. Each entry is
    (kind, a function taking the sorted cards to the item's cards, points).
    """
    found: list[tuple[Kind, tuple[int, ...], int]] = []
    n = len(ranks)
    for mask in _fifteen_masks(tuple(min(r, 10) for r in ranks)):
        found.append(("fifteen", tuple(i for i in range(n) if mask >> i & 1), 2))
    for i, j in combinations(range(n), 2):
        if ranks[i] == ranks[j]:
            found.append(("pair", (i, j), 2))
    positions: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        positions.setdefault(r, []).append(i)
    for low, high in runs(rank_counts(ranks)):
        for combo in product(*(positions[r] for r in range(low, high + 1))):
            found.append(("run", combo, high - low + 1))
    # Every item has 2+ cards, so itemgetter returns a tuple of them.
    return tuple((kind, itemgetter(*idx), points) for kind, idx, points in found)


def _fifteen_masks(values: tuple[int, ...]) -> list[int]:
    """Bitmasks of the card subsets whose values sum to 15, fewer cards first."""
    n = len(values)
    sums = [0] * (1 << n)
    hits = []
    for mask in range(1, 1 << n):
        low = mask & -mask
        total = sums[mask ^ low] + values[low.bit_length() - 1]
        sums[mask] = total
        if total == 15:
            hits.append(mask)
    hits.sort(key=lambda m: (m.bit_count(), [-(m >> i & 1) for i in range(n)]))
    return hits
