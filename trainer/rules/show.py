"""The show: score a hand or crib with its starter, itemised, as RULES.md counts it.

`score_show` lists every combination (each fifteen, pair, run, the flush and
nobs) with its cards. The fifteens, pairs and runs depend on ranks alone: they
are read from the table of every rank pattern (`trainer.rules.rank_table`), so a
show is a lookup plus the suits' part; the flush and nobs rules (`flush_points`,
`nobs_jack`) are shared with the total-only scorer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from trainer.rules.cards import JACK, Card, CardError, check_distinct, sort_key
from trainer.rules.groups import Group, group_items
from trainer.rules.rank_table import ROWS, pattern_row
from trainer.rules.sizes import HAND_SIZES as HAND_SIZES
from trainer.rules.sizes import MOST_POINTS as MOST_POINTS
from trainer.rules.speech import announce

if TYPE_CHECKING:  # the names of kinds only: scoring a show needs none of the combinations
    from trainer.rules.combos import Kind

_new = tuple.__new__
"""Makes a named tuple from its fields' tuple without the Python-level ``__new__``."""


class HandError(ValueError):
    """A hand that cannot be scored (wrong number of cards, the starter in the hand)."""


class Item(NamedTuple):
    """One scoring combination: its kind, the cards it uses, and its points.

    A named tuple rather than a frozen dataclass: a show makes several, and a
    tuple is made four times faster (the same fields, equality and repr).
    """

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


class _Shown(NamedTuple):
    """The fields of a `Breakdown`, in order."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[Item, ...]
    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int
    total: int


class Breakdown(_Shown):
    """Every combination a hand scores, with category totals and the spoken count.

    Made with the show and its items (``Breakdown(hand, starter, crib, items)``), the
    totals summed from the items. A named tuple underneath, immutable and compared
    field by field like the frozen dataclass it was: every show makes one, and a
    tuple is made in a third of the time (`score_show` makes it whole, its sums
    known from the rank table).
    """

    def __new__(
        cls, hand: tuple[Card, ...], starter: Card, crib: bool, items: tuple[Item, ...]
    ) -> Breakdown:
        sums = {"fifteen": 0, "pair": 0, "run": 0, "flush": 0, "nobs": 0}
        for item in items:
            sums[item.kind] += item.points
        return _new(
            cls,
            (
                hand,
                starter,
                crib,
                items,
                sums["fifteen"],
                sums["pair"],
                sums["run"],
                sums["flush"],
                sums["nobs"],
                sum(sums.values()),
            ),
        )

    def __getnewargs__(self) -> tuple[Any, ...]:
        """What `__new__` takes (for copies and pickles): the show and its items."""
        return self.hand, self.starter, self.crib, self.items

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


def score_show(
    hand: Iterable[Card], starter: Card, *, crib: bool = False, table: bool = True
) -> Breakdown:
    """Score a hand (or crib, with ``crib=True``) and its starter, every item listed.

    The rank part (fifteens, pairs, runs) is one lookup in the table of every rank
    pattern; only the flush and nobs look at suits. The first show of a size builds
    that size's table (about 100 ms for five cards, see docs/development.md): a process
    that scores one show (``muggins score``) passes ``table=False`` to work out its
    pattern alone (`pattern_row`, what the table holds for it), the same breakdown.
    """
    hand_t = tuple(hand)
    if len(hand_t) not in HAND_SIZES:
        raise HandError(f"a hand has 3, 4 or 5 cards besides the starter, got {len(hand_t)}")
    cards = sorted((*hand_t, starter), key=sort_key)
    ranks = tuple([c.rank for c in cards])
    if table:
        row = ROWS[len(cards)][ranks]
    else:
        check_distinct(cards)  # no pattern has five of a rank: a card given twice is refused first
        row = pattern_row(ranks)
    entries, fifteens, pairs, runs, ties = row
    for i in ties:  # a card given twice sorts beside itself, where two ranks tie
        if cards[i].suit == cards[i + 1].suit:
            raise CardError(f"{cards[i]} is given twice")
    items = [_new(Item, (kind, pick(cards), points)) for kind, pick, points in entries]
    # The flush's and nobs' rules, with the quick refusals written out (a call each saved).
    flush = flush_points(hand_t, starter, crib) if hand_t[0].suit == hand_t[1].suit else 0
    if flush:
        ordered = tuple(sorted(hand_t, key=sort_key))
        cards_t = (*ordered, starter) if flush > len(hand_t) else ordered
        items.append(_new(Item, ("flush", cards_t, flush)))
    nobs = 0
    if JACK in ranks:
        suit = starter.suit
        for card in hand_t:
            if card.rank == JACK and card.suit == suit:
                items.append(_new(Item, ("nobs", (card, starter), 1)))
                nobs = 1
    total = fifteens + pairs + runs + flush + nobs
    return _new(
        Breakdown,
        (hand_t, starter, crib, tuple(items), fifteens, pairs, runs, flush, nobs, total),
    )
