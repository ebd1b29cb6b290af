"""Dealing hands and cribs that satisfy a drill's constraints, directly, from an injected Random.

Every deal (hand ranks, starter rank, and a suit class) is a cell in a table
built once per hand size from the exact odds: its weight is the number of real
deals in it. A drill keeps the cells its constraints allow; a deal picks a cell
by weight, then suits uniformly within it. So a 29 comes back as fast as a
random hand, and each allowed deal is exactly as likely as under rejection
sampling from a shuffled deck.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate
from math import comb

from trainer.drills.constraints import Constraints, DealError
from trainer.drills.patterns import BIT, CLASS_BITS, Pattern, pattern_table
from trainer.rules.cards import JACK, SUITS, Card, deck, sort_key
from trainer.rules.odds import FLUSH4, FLUSH5, FLUSH5_NOBS, NOBS, class_bonus


@dataclass(frozen=True)
class Dealer:
    """The deals one kind of show (hand or crib, of a size) allows under some constraints."""

    hand_size: int
    crib: bool
    constraints: Constraints
    _cells: tuple[tuple[Pattern, int], ...] = field(repr=False)
    _cumulative: tuple[int, ...] = field(repr=False)

    @property
    def deals(self) -> int:
        """How many real deals satisfy the constraints (0: none can)."""
        return self._cumulative[-1] if self._cumulative else 0

    def draw(self, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
        """A hand (sorted) and starter drawn from ``rng``, uniform over the allowed deals."""
        if not self._cumulative:
            raise DealError("no deal satisfies these constraints")
        pick = rng.randrange(self._cumulative[-1])
        pattern, cls = self._cells[bisect.bisect_right(self._cumulative, pick)]
        return _choose_suits(pattern, cls, rng)


@dataclass(frozen=True)
class DeckDealer:
    """The dealer of an unconstrained drill: a shuffled deck, no tables needed.

    It deals exactly the distribution a table dealer without constraints would,
    without the second or so it takes to build the table for 5-card hands.
    """

    hand_size: int
    crib: bool
    constraints: Constraints = field(default_factory=Constraints)

    @property
    def deals(self) -> int:
        return comb(52, self.hand_size) * (52 - self.hand_size)

    def draw(self, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
        """A hand (sorted) and starter straight from a shuffled deck."""
        return random_deal(self.hand_size, rng)


@cache
def make_dealer(hand_size: int, crib: bool, constraints: Constraints) -> Dealer | DeckDealer:
    """The dealer for shows of ``hand_size`` cards (crib rules if ``crib``) under constraints:
    a shuffled deck when there are none, else the table dealer. Kept per process."""
    if constraints.unconstrained:
        return DeckDealer(hand_size, crib)
    return table_dealer(hand_size, crib, constraints)


@cache
def table_dealer(hand_size: int, crib: bool, constraints: Constraints) -> Dealer:
    """The table dealer for shows of ``hand_size`` cards under constraints (see module doc).

    Kept per process: drills share the pattern table and their filtered cells.
    """
    cells = []
    weights = []
    c = constraints
    need = sum(BIT[f] for f in c.require)
    avoid = sum(BIT[f] for f in c.exclude)
    class_bits = list(CLASS_BITS)
    if not crib:
        class_bits[FLUSH4] |= BIT["flush"]  # a hand's four-flush scores; a crib's does not
    for p in pattern_table(hand_size):
        if p.fifteens < c.min_fifteens:
            continue
        if c.ranks and not c.ranks <= {*p.hand, p.starter}:
            continue
        if c.avoid_ranks and not c.avoid_ranks.isdisjoint((*p.hand, p.starter)):
            continue
        for cls, weight in enumerate(p.weights):
            if not weight:
                continue
            bits = p.bits | class_bits[cls]
            if bits & need != need or bits & avoid:
                continue
            if c.scores is not None and p.base + class_bonus(cls, hand_size, crib) not in c.scores:
                continue
            cells.append((p, cls))
            weights.append(weight)
    return Dealer(hand_size, crib, constraints, tuple(cells), tuple(accumulate(weights)))


def _choose_suits(pattern: Pattern, cls: int, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    """Suits for a rank pattern, uniform over the deals of suit class ``cls``."""
    if cls in (FLUSH4, FLUSH5, FLUSH5_NOBS):
        suit = rng.choice(SUITS)
        hand = tuple(Card(r, suit) for r in pattern.hand)
        others = [s for s in SUITS if s != suit]
        starter_suit = rng.choice(others) if cls == FLUSH4 else suit
        return sorted_hand(hand), Card(pattern.starter, starter_suit)
    groups = Counter(pattern.hand)
    # Plain and nobs classes hold at least a quarter of their pattern's non-flush deals
    # unless empty (never chosen), so this draw succeeds within a few tries.
    while True:
        hand = tuple(
            Card(rank, s) for rank, n in sorted(groups.items()) for s in rng.sample(SUITS, n)
        )
        used = {c.suit for c in hand if c.rank == pattern.starter}
        starter = Card(pattern.starter, rng.choice([s for s in SUITS if s not in used]))
        suit = hand[0].suit
        if all(c.suit == suit for c in hand):
            continue
        nobs = any(c.rank == JACK and c.suit == starter.suit for c in hand)
        if nobs == (cls == NOBS):
            return sorted_hand(hand), starter


def sorted_hand(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(hand, key=sort_key))


def random_deal(hand_size: int, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    """A hand and starter straight from a shuffled deck: the reference for `Dealer.draw`."""
    cards = rng.sample(deck(), hand_size + 1)
    return sorted_hand(tuple(cards[:hand_size])), cards[hand_size]
