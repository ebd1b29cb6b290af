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
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate
from math import comb
from typing import Final

from trainer.cards import JACK, SUITS, Card, full_deck, sort_key

# Re-exported: dealing's public names include the plain data it deals with.
from trainer.constraints import FEATURES as FEATURES
from trainer.constraints import Constraints as Constraints
from trainer.constraints import Deal as Deal
from trainer.constraints import DealError as DealError
from trainer.odds import FLUSH4, FLUSH5, FLUSH5_NOBS, NOBS, rank_patterns, suit_classes
from trainer.odds import class_bonus as class_bonus
from trainer.pegging import PlayItem, PlayState
from trainer.scoring import Item, rank_points, score_show

_BIT: Final = {name: 1 << i for i, name in enumerate(FEATURES)}

_CLASS_BITS: Final = (
    0,
    _BIT["nobs"],
    _BIT["four-flush"] | _BIT["suited"],
    _BIT["flush"] | _BIT["five-flush"] | _BIT["suited"],
    _BIT["flush"] | _BIT["five-flush"] | _BIT["suited"] | _BIT["nobs"],
)


@dataclass(frozen=True)
class _Pattern:
    hand: tuple[int, ...]
    starter: int
    base: int
    fifteens: int
    bits: int
    weights: tuple[int, int, int, int, int]


def _rank_bits(hand: tuple[int, ...], starter: int, fifteens: int) -> int:
    counts = Counter(hand)
    counts[starter] += 1
    bits = 0
    if fifteens:
        bits |= _BIT["fifteen"]
        sizes = _fifteen_sizes(tuple(sorted(min(r, 10) for r in (*hand, starter))))
        for size in (2, 3):
            if sizes >> size & 1:
                bits |= _BIT[f"fifteen-of-{size}"]
        if sizes >> 4:
            bits |= _BIT["fifteen-of-4"]
    most = max(counts.values())
    if most >= 2:
        bits |= _BIT["pair"]
    if 3 in counts.values():
        bits |= _BIT["pair-royal"]
    if most == 4:
        bits |= _BIT["double-pair-royal"]
    if starter == JACK:
        bits |= _BIT["jack-starter"]
    rank = 1
    while rank <= 13:
        if not counts[rank]:
            rank += 1
            continue
        end = rank
        while counts[end + 1]:
            end += 1
        length = end - rank + 1
        if length >= 3:
            bits |= _BIT["run"]
            bits |= _BIT[f"run-of-{min(length, 5)}"]
            shape = sorted((counts[r] for r in range(rank, end + 1)), reverse=True)
            if shape[0] > 1:
                bits |= _BIT["multiple-run"]
            if shape[0] == 2 and shape[1] == 1:
                bits |= _BIT["double-run"]
            elif shape[0] == 3:
                bits |= _BIT["triple-run"]
            elif shape[0] == 2 and shape[1] == 2:
                bits |= _BIT["double-double-run"]
        rank = end + 1
    return bits


@cache
def _fifteen_sizes(values: tuple[int, ...]) -> int:
    """The sizes of the fifteens among card values, as bits: bit n set for a fifteen of n cards."""
    # reach[t]: bit n set when some n of the values seen so far sum to t.
    reach = [1] + [0] * 15
    for v in values:
        for total in range(15, v - 1, -1):
            reach[total] |= reach[total - v] << 1
    return reach[15]


@cache
def pattern_table(hand_size: int) -> tuple[_Pattern, ...]:
    """Every rank pattern for hands of ``hand_size`` with its rank features and suit weights."""
    table = []
    for hand, starter, _ in rank_patterns(hand_size):
        ranks = (*hand, starter)
        fifteens = _count_fifteens(ranks)
        table.append(
            _Pattern(
                hand,
                starter,
                rank_points(ranks),
                fifteens,
                _rank_bits(hand, starter, fifteens),
                suit_classes(hand, starter),
            )
        )
    return tuple(table)


def _count_fifteens(ranks: Iterable[int]) -> int:
    ways = [1] + [0] * 15
    for r in ranks:
        v = min(r, 10)
        for total in range(15, v - 1, -1):
            ways[total] += ways[total - v]
    return ways[15]


@dataclass(frozen=True)
class Dealer:
    """The deals one kind of show (hand or crib, of a size) allows under some constraints."""

    hand_size: int
    crib: bool
    constraints: Constraints
    _cells: tuple[tuple[_Pattern, int], ...] = field(repr=False)
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
    need = sum(_BIT[f] for f in c.require)
    avoid = sum(_BIT[f] for f in c.exclude)
    class_bits = list(_CLASS_BITS)
    if not crib:
        class_bits[FLUSH4] |= _BIT["flush"]  # a hand's four-flush scores; a crib's does not
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


def _choose_suits(pattern: _Pattern, cls: int, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    """Suits for a rank pattern, uniform over the deals of suit class ``cls``."""
    if cls in (FLUSH4, FLUSH5, FLUSH5_NOBS):
        suit = rng.choice(SUITS)
        hand = tuple(Card(r, suit) for r in pattern.hand)
        others = [s for s in SUITS if s != suit]
        starter_suit = rng.choice(others) if cls == FLUSH4 else suit
        return _sorted(hand), Card(pattern.starter, starter_suit)
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
            return _sorted(hand), starter


def _sorted(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(hand, key=sort_key))


def random_deal(hand_size: int, rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    """A hand and starter straight from a shuffled deck: the reference for `Dealer.draw`."""
    cards = rng.sample(_deck(), hand_size + 1)
    return _sorted(tuple(cards[:hand_size])), cards[hand_size]


@cache
def _deck() -> tuple[Card, ...]:
    return tuple(full_deck())


def deal_features(hand: Iterable[Card], starter: Card, crib: bool) -> frozenset[str]:
    """The features (see FEATURES) a dealt show has, worked out from its cards and breakdown."""
    hand_t = tuple(hand)
    b = score_show(hand_t, starter, crib=crib)
    counts = Counter(c.rank for c in (*hand_t, starter))
    found = set()
    if b.fifteens:
        found.add("fifteen")
    for item in b.of_kind("fifteen"):
        found.add(f"fifteen-of-{min(len(item.cards), 4)}")
    if b.pairs:
        found.add("pair")
    if 3 in counts.values():
        found.add("pair-royal")
    if 4 in counts.values():
        found.add("double-pair-royal")
    # Group run items by their ranks: each group is one maximal run and its copies.
    groups: dict[frozenset[int], list[Item]] = {}
    for item in b.of_kind("run"):
        groups.setdefault(frozenset(c.rank for c in item.cards), []).append(item)
    for ranks, runs in groups.items():
        found.add("run")
        found.add(f"run-of-{min(len(ranks), 5)}")
        shape = sorted((counts[r] for r in ranks), reverse=True)
        if len(runs) > 1:
            found.add("multiple-run")
        if shape[:2] == [2, 1]:
            found.add("double-run")
        elif shape[0] == 3:
            found.add("triple-run")
        elif shape[:2] == [2, 2]:
            found.add("double-double-run")
    if b.flush:
        found.add("flush")
    if any(starter in item.cards for item in b.of_kind("flush")):
        found.add("five-flush")
    suit = hand_t[0].suit
    if all(c.suit == suit for c in hand_t):
        found.add("suited")
        if starter.suit != suit:
            found.add("four-flush")
    if b.nobs:
        found.add("nobs")
    if starter.rank == JACK:
        found.add("jack-starter")
    return frozenset(found)


SCORING_SHARE: Final = 2 / 3
"""How often a pegging drill asks about a card that scores something."""


@dataclass(frozen=True)
class PlayDeal:
    """A moment in the play: the cards since the reset, the card you lay, what you know.

    ``opponent_go`` says the opponent cannot lay after your card (they said go or
    hold nothing); ``last_card`` that yours is the final card of the play. With
    your remaining cards visible, that is everything a player at the table knows.
    """

    before: tuple[Card, ...]
    card: Card
    remaining: tuple[Card, ...]
    opponent_go: bool
    last_card: bool
    items: tuple[PlayItem, ...]
    seed: int

    @property
    def count(self) -> int:
        """The running count after your card."""
        return sum(c.value for c in self.before) + self.card.value

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)


def deal_play(seed: int) -> PlayDeal:
    """A random two-player play (4 cards each, random legal cards) and one card of it to score.

    Two times in three the moment is one of the cards that score (when any
    does), else any of the eight: most cards laid score nothing, and a drill
    of zeros teaches little.
    """
    rng = random.Random(seed)
    cards = rng.sample(_deck(), 8)
    state = PlayState([cards[:4], cards[4:]])
    moments: list[PlayDeal] = []
    while not state.done:
        player = state.turn
        able = state.playable(player)
        if not able:
            state.go()
            continue
        before = tuple(state.pile)
        card = rng.choice(able)
        items = state.lay(card)
        moments.append(
            PlayDeal(
                before=before,
                card=card,
                remaining=_sorted(tuple(state.hands[player])),
                opponent_go=_cannot_follow(before, card, state.hands[1 - player]),
                last_card=state.done,
                items=items,
                seed=seed,
            )
        )
    scoring = [m for m in moments if m.items]
    if scoring and rng.random() < SCORING_SHARE:
        return rng.choice(scoring)
    return rng.choice(moments)


def _cannot_follow(before: tuple[Card, ...], card: Card, opponent: list[Card]) -> bool:
    """The opponent can lay nothing on this count (at 31 the count resets: no go is said)."""
    count = sum(c.value for c in before) + card.value
    return count < 31 and all(c.value > 31 - count for c in opponent)
