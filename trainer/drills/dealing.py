"""Dealing hands and cribs that satisfy a drill's constraints, directly, from an injected Random.

Every deal (hand ranks, starter rank, and a suit class) is a cell in a table
built once per hand size from the exact odds: its weight is the number of real
deals in it. A drill keeps the cells its constraints allow, so a 29 comes back
as fast as a random hand. `Dealer.draw_uniform` picks a cell by weight (each
allowed deal exactly as likely as under rejection sampling); `Dealer.draw`, what
drills use, spreads the deals instead (see `Spread`): common scores and shapes
would otherwise crowd out the rest. Suits are then chosen uniformly in the cell.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import accumulate
from math import comb
from typing import Final, Generic, TypeVar

from trainer.drills.constraints import Constraints, DealError
from trainer.drills.patterns import BIT, CLASS_BITS, Pattern, pattern_table
from trainer.rules.cards import JACK, SUITS, Card, deck, sort_key
from trainer.rules.combos import FeatureId
from trainer.rules.odds import FLUSH4, FLUSH5, FLUSH5_NOBS, NOBS, class_bonus

SPREAD_POWER: Final = 0.5
"""Scores, and the shapes of a score, are drawn with weight (their deals) ** this: the square
root halves the odds between common and rare on a log scale, without making a 29 as
common as a 20."""

Cell = tuple[Pattern, int]
"""A rank pattern and one of its suit classes."""

Shape = tuple[int, int, int, int, int]
"""How a deal makes its score: points from fifteens, pairs, runs, the flush and nobs."""

T = TypeVar("T")


@dataclass(frozen=True)
class Tier(Generic[T]):
    """Options drawn by weight: one level of a `Spread`."""

    options: tuple[T, ...]
    cumulative: tuple[float, ...]

    @classmethod
    def of(cls, weighted: Sequence[tuple[T, float]]) -> Tier[T]:
        kept = [(option, w) for option, w in weighted if w > 0]
        return cls(tuple(o for o, _ in kept), tuple(accumulate(w for _, w in kept)))

    def pick(self, rng: random.Random) -> T:
        index = bisect.bisect_right(self.cumulative, rng.random() * self.cumulative[-1])
        return self.options[min(index, len(self.options) - 1)]


@dataclass(frozen=True)
class Cells:
    """Cells drawn in proportion to their real deals."""

    cells: tuple[Cell, ...]
    cumulative: tuple[int, ...]

    @property
    def deals(self) -> int:
        return self.cumulative[-1]

    def pick(self, rng: random.Random) -> Cell:
        return self.cells[bisect.bisect_right(self.cumulative, rng.randrange(self.cumulative[-1]))]


Spread = Tier[Tier[Tier[Cells]]]
"""How a drill's deals are drawn: first a mix class (the deals holding a feature of
``constraints.mix``, by its share), then a score, then a shape of that score (both by
`SPREAD_POWER`), then a cell by its real deals."""


@dataclass(frozen=True)
class Dealer:
    """The deals one kind of show (hand or crib, of a size) allows under some constraints."""

    hand_size: int
    crib: bool
    constraints: Constraints
    _cells: tuple[Cell, ...] = field(repr=False)
    _cumulative: tuple[int, ...] = field(repr=False)
    _class_bits: tuple[int, ...] = field(default=CLASS_BITS, repr=False)

    @cached_property
    def missing_mix(self) -> tuple[str, ...]:
        """Features of ``constraints.mix`` that no allowed deal holds."""
        mix = self.constraints.mix
        held = {_mix_class(cell, self._class_bits, mix) for cell in self._cells}
        return tuple(f for i, (f, _) in enumerate(mix) if i not in held)

    @cached_property
    def _spread(self) -> Spread | None:
        """The tiers `draw` walks (built at the first draw: a drill that is only checked,
        never dealt, does not pay for them)."""
        return _spread(self._cells, self._class_bits, self.hand_size, self.crib, self.constraints)

    @property
    def deals(self) -> int:
        """How many real deals satisfy the constraints (0: none can)."""
        return self._cumulative[-1] if self._cumulative else 0

    def draw(self, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
        """A hand (sorted) and starter drawn from ``rng``, spread over scores and shapes."""
        if self._spread is None:
            raise DealError("no deal satisfies these constraints")
        pattern, cls = self._spread.pick(rng).pick(rng).pick(rng).pick(rng)
        return _choose_suits(pattern, cls, rng)

    def prepare(self) -> None:
        """Build what `draw` walks now (a few tens of ms for broad constraints), not at the
        first deal: the trainer does it in the background at start."""
        _ = self._spread

    def draw_uniform(self, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
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
    missing_mix: tuple[str, ...] = ()

    @property
    def deals(self) -> int:
        return comb(52, self.hand_size) * (52 - self.hand_size)

    def draw(self, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
        """A hand (sorted) and starter straight from a shuffled deck."""
        return random_deal(self.hand_size, rng)

    draw_uniform = draw

    def prepare(self) -> None:
        """Nothing to build: a shuffled deck needs no tables."""


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
    return Dealer(
        hand_size, crib, constraints, tuple(cells), tuple(accumulate(weights)), tuple(class_bits)
    )


def shape_of(cell: Cell, hand_size: int, crib: bool) -> Shape:
    """The points a cell's deals score from fifteens, pairs, runs, the flush and nobs."""
    p, cls = cell
    nobs = int(cls in (NOBS, FLUSH5_NOBS))
    return (2 * p.fifteens, p.pairs, p.runs, class_bonus(cls, hand_size, crib) - nobs, nobs)


def _mix_class(
    cell: Cell, class_bits: Sequence[int], mix: Sequence[tuple[FeatureId, float]]
) -> int:
    """Which class of the mix a cell's deals fall in: the first feature they hold, else the rest."""
    p, cls = cell
    bits = p.bits | class_bits[cls]
    return next((i for i, (f, _) in enumerate(mix) if bits & BIT[f]), len(mix))


def _spread(
    cells: Sequence[Cell], class_bits: Sequence[int], hand_size: int, crib: bool, c: Constraints
) -> Spread | None:
    """The tiers `Dealer.draw` walks, None without cells."""
    grouped: defaultdict[int, defaultdict[int, defaultdict[Shape, list[Cell]]]]
    grouped = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    bonus = [class_bonus(cls, hand_size, crib) for cls in range(len(CLASS_BITS))]
    for cell in cells:
        p, cls = cell
        nobs = int(cls in (NOBS, FLUSH5_NOBS))
        shape = (2 * p.fifteens, p.pairs, p.runs, bonus[cls] - nobs, nobs)
        group = _mix_class(cell, class_bits, c.mix) if c.mix else 0
        grouped[group][p.base + bonus[cls]][shape].append(cell)
    if not cells:
        return None
    shares = [share for _, share in c.mix]
    rest = 1 - sum(shares)
    shares.append(rest if rest > 1e-9 else 0.0)
    if not any(shares[g] for g in grouped):
        shares = [1.0] * len(shares)  # every allowed deal is in a class the mix gives no share
    classes: list[tuple[Tier[Tier[Cells]], float]] = []
    for g, scores in sorted(grouped.items()):
        by_score: list[tuple[Tier[Cells], float]] = []
        for _, shapes in sorted(scores.items()):
            groups = [_cells(group) for _, group in sorted(shapes.items())]
            deals = sum(group.deals for group in groups)
            shape_tier = Tier.of([(group, group.deals**SPREAD_POWER) for group in groups])
            by_score.append((shape_tier, deals**SPREAD_POWER))
        classes.append((Tier.of(by_score), shares[g]))
    return Tier.of(classes)


def _cells(cells: list[Cell]) -> Cells:
    return Cells(tuple(cells), tuple(accumulate(p.weights[cls] for p, cls in cells)))


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
