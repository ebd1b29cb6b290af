"""The coach's discard advice: every throw of a dealt hand valued exactly (RULES.md, "The coach").

For each throw: ``hand``, the kept cards' mean show over every starter among the
cards not in your own dealt hand; ``crib``, the crib's mean (crib rules) when its
other cards are drawn uniformly from the cards you have not seen and the starter
from the rest; ``net``, the hand plus the crib when the crib is your side's, less
it when not. Both means are exact.

The crib is worked out in parts rather than by scoring its 45,540 deals a throw.
The unknown cards (the others' throws, the deck's card, the starter) are
exchangeable, so the fifteens, pairs and runs depend only on which ranks they
are: a sum over the multisets of their ranks, each weighted by the ways the
unseen cards hold it, of a table of five-rank points made with `show_total`.
The flush needs the thrown cards of one suit and every unknown card of it too;
nobs needs a jack in the crib of the starter's suit, the starter being any one
of the unknown cards alike. The tests check every part against brute force.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any, Final

from trainer.game.variants import GameVariant
from trainer.rules.cards import JACK, SUITS, Card, check_distinct, deck
from trainer.rules.show import HandError
from trainer.rules.totals import show_total

SHOWN: Final = 5
"""Cards in a crib's show: four in the crib and the starter, in every game."""
CRIB_FLUSH: Final = 5
"""A crib flush: all four crib cards and the starter of one suit (RULES.md, the show)."""
_UNIT: Final = tuple(1 << 4 * r for r in range(14))
"""A rank multiset packed as one integer: four bits of count per rank."""


@dataclass(frozen=True)
class ThrowValue:
    """One way to throw: the cards kept and thrown, the kept hand's mean show, the crib's
    mean and the net for the thrower's side (plus its own crib, less the others')."""

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand: float
    crib: float
    net: float

    def to_dict(self) -> dict[str, Any]:
        """The shape of `muggins advise discard --json`: cards as text, points to 6 places."""
        return {
            "keep": [str(c) for c in self.keep],
            "throw": [str(c) for c in self.throw],
            "hand": round(self.hand, 6),
            "crib": round(self.crib, 6),
            "net": round(self.net, 6),
        }


def check_dealt(dealt: Sequence[Card], rules: GameVariant) -> None:
    """`HandError` unless ``dealt`` is a hand the variant deals: its number of cards, none
    twice."""
    check_distinct(dealt)
    if len(dealt) != rules.dealt:
        raise HandError(
            f"{rules.name} deals {rules.dealt} cards a player, got {len(dealt)} "
            f"({' '.join(str(c) for c in dealt)})"
        )


def discard_advice(
    dealt: Sequence[Card], rules: GameVariant, *, own_crib: bool
) -> list[ThrowValue]:
    """Every throw from ``dealt`` valued, best first by net (ties in the order of the throws
    among the dealt cards); ``own_crib``: the crib is the thrower's side's."""
    check_dealt(dealt, rules)
    unseen = [c for c in deck() if c not in dealt]
    crib_of = CribModel(unseen, SHOWN - rules.thrown)
    out = []
    for throw in combinations(dealt, rules.thrown):
        keep = tuple(c for c in dealt if c not in throw)
        hand = Fraction(sum(show_total(keep, s) for s in unseen), len(unseen))
        crib = crib_of.mean(throw)
        net = hand + crib if own_crib else hand - crib
        out.append(ThrowValue(keep, throw, float(hand), float(crib), float(net)))
    out.sort(key=lambda t: -t.net)
    return out


class CribModel:
    """The crib's exact mean for any throw, when ``unknown`` of its five shown cards (its
    other cards, then the starter) come uniformly from ``unseen``."""

    def __init__(self, unseen: Sequence[Card], unknown: int) -> None:
        self.size = len(unseen)
        self.unknown = unknown
        self.ways = comb(self.size, unknown)
        ranks = Counter(c.rank for c in unseen)
        self.suits = Counter(c.suit for c in unseen)
        self.jacks = [c for c in unseen if c.rank == JACK]
        self.fills = list(_fills(ranks, unknown))
        self._ranks: dict[int, int] = {}

    def mean(self, throw: Sequence[Card]) -> Fraction:
        """The mean crib holding ``throw``: its fifteens, pairs and runs, flush and nobs."""
        base = sum(_UNIT[c.rank] for c in throw)
        points = self._ranks.get(base)
        if points is None:
            table = rank_points_table()
            points = self._ranks[base] = sum(w * table(base + key) for key, w in self.fills)
        return Fraction(points, self.ways) + self._flush(throw) + self._nobs(throw)

    def _flush(self, throw: Sequence[Card]) -> Fraction:
        suits = {c.suit for c in throw}
        if len(suits) != 1:
            return Fraction(0)
        return Fraction(CRIB_FLUSH * comb(self.suits[suits.pop()], self.unknown), self.ways)

    def _nobs(self, throw: Sequence[Card]) -> Fraction:
        """A thrown jack scores when the starter (any unknown card alike) is of its suit; an
        unknown crib card scores when it is a jack and the starter another card of its suit."""
        n = self.size
        thrown = sum(self.suits[c.suit] for c in throw if c.rank == JACK)
        drawn = sum(self.suits[j.suit] - 1 for j in self.jacks)
        return Fraction(thrown, n) + Fraction((self.unknown - 1) * drawn, n * (n - 1))


def _fills(ranks: Counter[int], size: int) -> Iterator[tuple[int, int]]:
    """Every multiset of ``size`` ranks the cards counted in ``ranks`` can make, packed, with
    the number of ways to take it from them."""
    present = sorted(r for r in ranks if ranks[r])

    def go(start: int, left: int) -> Iterator[tuple[int, int]]:
        if left == 0:
            yield 0, 1
            return
        for i in range(start, len(present)):
            rank = present[i]
            for m in range(1, min(left, ranks[rank]) + 1):
                for key, ways in go(i + 1, left - m):
                    yield key + m * _UNIT[rank], ways * comb(ranks[rank], m)

    return go(0, size)


@cache
def rank_points_table() -> RankPoints:
    """The fifteens, pairs and runs of five ranks, by packed multiset (one table a process)."""
    return RankPoints()


class RankPoints:
    """The points of five cards' ranks alone, worked out with `show_total` on the first ask:
    cards of those ranks dealt so that they hold no flush and no nobs."""

    def __init__(self) -> None:
        self._known: dict[int, int] = {}

    def __call__(self, key: int) -> int:
        points = self._known.get(key)
        if points is None:
            points = self._known[key] = _ranks_only(
                [r for r in range(14) for _ in range(key >> 4 * r & 15)]
            )
        return points

    def __len__(self) -> int:
        return len(self._known)


def _ranks_only(ranks: Sequence[int]) -> int:
    """The show of five cards of these ranks (sorted) with the suits going round ``SHDC``, so
    no four share a suit and cards of one rank never do; the starter is a jack if there is
    one, so no other jack is of its suit: no flush, no nobs."""
    cards = [Card(rank, SUITS[n % 4]) for n, rank in enumerate(ranks)]
    at = next((n for n, c in enumerate(cards) if c.rank == JACK), len(cards) - 1)
    starter = cards.pop(at)
    return show_total(cards, starter, crib=True)
