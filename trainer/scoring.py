"""The show: score a hand or crib with its starter, itemised, as RULES.md counts it.

`score_show` lists every combination (each fifteen, pair, run, the flush and
nobs) with its cards; `show_total` is the fast total-only path used by dealing
and odds. Both follow the same rules and are checked against each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from operator import itemgetter
from typing import Any, Final, Literal

from trainer.cards import JACK, Card, CardError, check_distinct, sort_key

Kind = Literal["fifteen", "pair", "run", "flush", "nobs"]
KINDS: Final[tuple[Kind, ...]] = ("fifteen", "pair", "run", "flush", "nobs")
"""Categories in the order a count is announced."""

HAND_SIZES: Final = (3, 4, 5)
"""Hand sizes the variants use (RULES.md, Hand sizes)."""

_ONES: Final = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS: Final = (
    "",
    "",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
)


def number_word(n: int) -> str:
    """A count in words as it is said aloud (0-99): 'twenty-nine'."""
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


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
        return announce(self.items)

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
    _flush_and_nobs_items(hand_t, starter, crib, items)
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
    rank = 1
    while rank <= 13:
        if rank not in positions:
            rank += 1
            continue
        end = rank
        while end + 1 in positions:
            end += 1
        length = end - rank + 1
        if length >= 3:
            for combo in product(*(positions[r] for r in range(rank, end + 1))):
                found.append(("run", combo, length))
        rank = end + 1
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


def _flush_and_nobs_items(
    hand: tuple[Card, ...], starter: Card, crib: bool, items: list[Item]
) -> None:
    suit = hand[0].suit
    if hand[1].suit == suit and all(c.suit == suit for c in hand):
        ordered = tuple(sorted(hand, key=sort_key))
        if starter.suit == suit:
            items.append(Item("flush", (*ordered, starter), len(hand) + 1))
        elif not crib:
            items.append(Item("flush", ordered, len(hand)))
    for c in hand:
        if c.rank == JACK and c.suit == starter.suit:
            items.append(Item("nobs", (c, starter), 1))


# ---------------------------------------------------------------- total only

_RANK_BIT: Final = tuple(0 if r == 0 else 1 << (3 * (r - 1)) for r in range(14))
"""Per-rank weight: 3 bits a rank, so any hand's rank multiset packs into one integer key."""

_base_cache: dict[int, int] = {}


def rank_points(ranks: Sequence[int]) -> int:
    """Points from fifteens, pairs and runs, which depend on ranks alone (counted, not listed)."""
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    # Fifteens: count the subsets summing to 15, by value (a knapsack over 0-15).
    ways = [1] + [0] * 15
    for r in ranks:
        v = r if r < 10 else 10
        for total in range(15, v - 1, -1):
            ways[total] += ways[total - v]
    points = 2 * ways[15]
    rank = 1
    while rank <= 13:
        c = counts[rank]
        if not c:
            rank += 1
            continue
        points += c * (c - 1)  # c choose 2 pairs, 2 points each
        end = rank
        runs = c
        while counts[end + 1]:
            end += 1
            runs *= counts[end]
            points += counts[end] * (counts[end] - 1)
        if end - rank + 1 >= 3:
            points += (end - rank + 1) * runs
        rank = end + 1
    return points


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
    suit = hand[0].suit
    ssuit = starter.suit
    if hand[1].suit == suit and all(c.suit == suit for c in hand):
        if ssuit == suit:
            total += len(hand) + 1
        elif not crib:
            total += len(hand)
    for c in hand:
        if c.rank == JACK and c.suit == ssuit:
            return total + 1
    return total


def validated_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """`show_total` after checking the hand like `score_show` does."""
    check_hand(hand, starter)
    return show_total(hand, starter, crib=crib)


# ---------------------------------------------------------------- the spoken count

_RUN_WORDS: Final = {3: "three", 4: "four", 5: "five", 6: "six"}
_PAIR_GROUPS: Final = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}


def announce(items: Iterable[Item]) -> str:
    """Spoken running count: "fifteen two, fifteen four, and a pair is six, ...".

    Pairs of one rank are announced together (a pair royal is six), each run
    on its own. A hand with nothing is "nineteen", the traditional zero.
    """
    phrases: list[str] = []
    running = 0
    pairs_by_rank: dict[int, int] = {}
    order: list[int] = []
    runs_seen: dict[int, int] = {}
    for item in items:
        if item.kind == "fifteen":
            running += item.points
            phrases.append(f"fifteen {number_word(running)}")
        elif item.kind == "pair":
            rank = item.cards[0].rank
            if rank not in pairs_by_rank:
                order.append(rank)
            pairs_by_rank[rank] = pairs_by_rank.get(rank, 0) + 1
        else:
            running = _flush_pairs(phrases, running, pairs_by_rank, order)
            running += item.points
            if item.kind == "run":
                length = len(item.cards)
                words = _RUN_WORDS.get(length, str(length))
                again = "another" if runs_seen.get(length) else "a"
                runs_seen[length] = 1
                phrases.append(f"and {again} run of {words} is {number_word(running)}")
            elif item.kind == "flush":
                length = len(item.cards)
                words = _RUN_WORDS.get(length, str(length))
                phrases.append(f"and a flush of {words} is {number_word(running)}")
            else:
                phrases.append(f"and nobs is {number_word(running)}")
    running = _flush_pairs(phrases, running, pairs_by_rank, order)
    if not phrases:
        return "Nineteen (no score)."
    first = phrases[0]
    if first.startswith("and "):
        phrases[0] = first[4:]
    text = ", ".join(phrases)
    return text[0].upper() + text[1:] + "."


def _flush_pairs(
    phrases: list[str], running: int, pairs_by_rank: dict[int, int], order: list[int]
) -> int:
    """Append the pending pair phrases (one per rank) and return the new running total."""
    for rank in order:
        count = pairs_by_rank[rank]
        running += 2 * count
        name = _PAIR_GROUPS.get(count, f"{count} pairs")
        phrases.append(f"and {name} is {number_word(running)}")
    order.clear()
    pairs_by_rank.clear()
    return running
