"""The show: score a hand or crib with its starter, itemised, as RULES.md counts it.

`score_show` lists every combination (each fifteen, pair, run, the flush and
nobs) with its cards. The fifteens, pairs and runs depend on ranks alone and are
worked out once per rank pattern (`rank_template`, from `trainer.rules.ranks`);
the flush and nobs rules (`flush_points`, `nobs_jack`) are shared with the
total-only scorer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import combinations
from operator import itemgetter
from typing import Any, Final

from trainer.rules.cards import JACK, Card, CardError, check_distinct, sort_key
from trainer.rules.combos import Kind
from trainer.rules.groups import Group, group_items
from trainer.rules.ranks import fifteen_masks, packed_counts, runs
from trainer.rules.speech import announce

HAND_SIZES: Final = (3, 4, 5)
"""Hand sizes the variants use (RULES.md, Hand sizes)."""

MOST_POINTS: Final = {3: 20, 4: 29, 5: 46}
"""The highest show of each hand size (a crib is four cards), checked against the exact
tables in the tests: a larger claim is no count."""


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


@dataclass(frozen=True, init=False)
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

    def __init__(
        self, hand: tuple[Card, ...], starter: Card, crib: bool, items: tuple[Item, ...]
    ) -> None:
        """Keep the show and its items and sum them per category.

        Written out rather than generated: every `score_show` makes one, and one
        update of the frozen instance's dict is cheaper than ten ``object.__setattr__``.
        """
        sums = {"fifteen": 0, "pair": 0, "run": 0, "flush": 0, "nobs": 0}
        for item in items:
            sums[item.kind] += item.points
        vars(self).update(
            hand=hand,
            starter=starter,
            crib=crib,
            items=items,
            fifteens=sums["fifteen"],
            pairs=sums["pair"],
            runs=sums["run"],
            flush=sums["flush"],
            nobs=sums["nobs"],
            total=sum(sums.values()),
        )

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

    @cached_property
    def groups(self) -> tuple[Group, ...]:
        """The items as players name them ("a pair royal", "a double run"), in spoken order."""
        return group_items(self.items)

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


def flush_points(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """What the flush scores in this show (0 if the hand cards are not all one suit).

    ``crib`` may be passed by position: both scorers call this on every deal, and
    called with a keyword it costs about twice as much.
    """
    suit = hand[0].suit
    if hand[1].suit != suit:  # settles three hands in four at once
        return 0
    for card in hand:
        if card.suit != suit:
            return 0
    return flush_value(len(hand), with_starter=starter.suit == suit, crib=crib)


def nobs_jack(hand: Iterable[Card], starter: Card) -> Card | None:
    """His nobs: the hand's jack of the starter's suit, if it holds it (a jack starter is
    never nobs). One call for the whole hand, as both scorers ask it of every deal."""
    suit = starter.suit
    for card in hand:
        if card.rank == JACK and card.suit == suit:
            return card
    return None


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
    flush = flush_points(hand_t, starter, crib)
    if flush:
        ordered = tuple(sorted(hand_t, key=sort_key))
        items.append(Item("flush", (*ordered, starter) if flush > len(hand_t) else ordered, flush))
    jack = nobs_jack(hand_t, starter)
    if jack is not None:
        items.append(Item("nobs", (jack, starter), 1))
    return Breakdown(hand_t, starter, crib, tuple(items))


Picker = Callable[[Sequence[Card]], tuple[Card, ...]]
Template = tuple[tuple[Kind, Picker, int], ...]
"""Per rank pattern: each fifteen, pair and run as (kind, a picker of its cards, points)."""

_MAX_SHOW: Final = max(HAND_SIZES) + 1
"""The most cards in a show (hand and starter): masks of their positions fit in 6 bits."""

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

Entry = tuple[Kind, Picker, int]

_FIFTEEN_ENTRY: Final[dict[int, Entry]] = {
    mask: ("fifteen", pick, 2) for mask, pick in _PICK.items()
}
"""The template entry of a fifteen of the cards at each set of positions (a mask)."""

_PAIR_ENTRIES: Final[tuple[tuple[tuple[Entry, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            ("pair", _PICK[1 << i | 1 << j], 2)
            for i, j in combinations(range(first, first + count), 2)
        )
        for count in range(min(4, _MAX_SHOW - first) + 1)
    )
    for first in range(_MAX_SHOW)
)
"""``_PAIR_ENTRIES[first][count]``: the pairs among ``count`` cards of one rank at the
positions from ``first`` on, in `combinations` order."""


@cache
def rank_template(ranks: tuple[int, ...]) -> Template:
    """The fifteens, pairs and runs of cards with these ranks (ascending), as card pickers.

    These combinations depend on ranks alone, so they are worked out once per
    rank pattern (a few thousand for any hand size) and reused. Each entry is
    (kind, a function taking the sorted cards to the item's cards, points).
    Cards are named by position masks, so the pickers come from a table made once.
    """
    pick = _PICK
    fifteens = fifteen_masks(ranks)
    if len(fifteens) > 1:
        fifteens.sort(key=_MASK_ORDER.__getitem__)
    found = list(map(_FIFTEEN_ENTRY.__getitem__, fifteens))
    counts = packed_counts(ranks).to_bytes(15, "little")
    if max(counts) > 1:
        # The ranks are ascending, so each rank's cards are side by side.
        first = 0
        while first < len(ranks):
            count = counts[ranks[first]]
            found.extend(_PAIR_ENTRIES[first][count])
            first += count
    for low, high in runs(counts):
        # One card of each rank, every way: the ranks are ascending, so rank r's cards
        # are the counts[r] positions from its first.
        copies = [0]
        for r in range(low, high + 1):
            first = ranks.index(r)
            copies = [m | 1 << p for m in copies for p in range(first, first + counts[r])]
        found.extend(("run", pick[mask], high - low + 1) for mask in copies)
    return tuple(found)
