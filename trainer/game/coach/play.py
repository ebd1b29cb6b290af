"""The coach's play advice: each card a seat may lay, valued by the rest of the play (RULES.md,
"The coach").

A card's value is the points the rest of the hand's play pegs for the seat's side
less the others', the card's own points included, averaged over the ways the cards
the seat has not seen could lie in the other hands: dealt only as they could (a seat
that said go holds nothing that fitted then), every way with its weight when there
are few (`EXACT_DEALS`), else `SAMPLES` deals from a fixed seed so that the advice
repeats. Each deal is solved by the strong bot's search (`search.Solver`, on the
rules' one play engine), to the end with up to ten cards at the table, else to the
strong bot's horizon; the dealing is the strong bot's (`strong`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Final

from trainer.game.players.search import Ranks, Solver, position, value_of
from trainer.game.players.strong import Hidden, exact_deals, horizon, sample_deal
from trainer.game.variants import GameVariant
from trainer.rules.cards import Card
from trainer.rules.play import Play

SAMPLES: Final = 48
"""Deals solved when there are too many to solve every one."""
EXACT_DEALS: Final = 128
"""Every deal is solved, weighted, when there are at most this many (by ranks)."""
SEED: Final = 0xC0AC4
"""The advice's own seed: the same position gets the same samples, so the same values."""


@dataclass(frozen=True)
class Spot:
    """A moment in the play as one seat sees it, its turn to lay: its cards, how many each
    seat holds, the cards laid since the count began and by whom, the seats that said go
    since then, the cards it has not seen, and for each seat known to hold nothing under
    some count (a go said this hand), the lowest such count."""

    rules: GameVariant
    seat: int
    hand: tuple[Card, ...]
    held: tuple[int, ...]
    pile: tuple[Card, ...] = ()
    owners: tuple[int, ...] = ()
    passed: frozenset[int] = frozenset()
    unseen: tuple[Card, ...] = ()
    stuck: Mapping[int, int] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    def playable(self) -> tuple[Card, ...]:
        """The cards the seat may lay now (none: it says go)."""
        room = 31 - self.count
        return tuple(c for c in self.hand if c.value <= room)


@dataclass(frozen=True)
class CardValue:
    """One card the seat may lay and what it is worth: the rest of the play's points for its
    side less the others', on average."""

    card: Card
    value: float

    def to_dict(self) -> dict[str, Any]:
        return {"card": str(self.card), "value": round(self.value, 6)}


@dataclass(frozen=True)
class PlayAdvice:
    """Every card the seat may lay, best first, and how it was valued: over ``deals`` deals
    of the unseen cards, every one of them (``exact``) or samples."""

    cards: tuple[CardValue, ...]
    deals: int
    exact: bool

    @property
    def best(self) -> CardValue:
        return self.cards[0]

    def value_of(self, card: Card) -> float:
        return next(v.value for v in self.cards if v.card == card)


def play_advice(spot: Spot, rng: random.Random | None = None) -> PlayAdvice:
    """Value every card ``spot``'s seat may lay (none when it must say go); ``rng`` draws the
    samples (by default one seeded with `SEED`, so the advice repeats)."""
    able = spot.playable()
    if not able:
        return PlayAdvice((), 0, True)
    values, deals, exact = rank_values(spot, rng or random.Random(SEED))
    ranked = sorted(able, key=lambda c: (-values[c.rank], c.rank, c.suit))
    return PlayAdvice(tuple(CardValue(c, values[c.rank]) for c in ranked), deals, exact)


def _hidden(spot: Spot, pool: Counter[int]) -> list[Hidden]:
    """The other hands to deal: each seat that holds cards, with the count it is stuck at when
    the unseen cards can bear it (else it is dealt as if it had said nothing), stuck seats
    first."""
    sizes: list[Hidden] = []
    for s, held in enumerate(spot.held):
        if s == spot.seat or not held:
            continue
        stuck = spot.stuck.get(s)
        if stuck is not None:
            room = 31 - stuck
            if sum(n for r, n in pool.items() if value_of(r) > room) < held:
                stuck = None
        sizes.append((s, held, stuck))
    sizes.sort(key=lambda h: h[2] is None)
    return sizes


def rank_values(spot: Spot, rng: random.Random) -> tuple[dict[int, float], int, bool]:
    """Each rank the seat may lay, valued on average over the deals; the number of deals and
    whether they were all of them."""
    rules = spot.rules
    unseen: Ranks = tuple(sorted(c.rank for c in spot.unseen))
    pool = Counter(unseen)
    sizes = _hidden(spot, pool)
    deals = list(islice(exact_deals(pool, sizes), EXACT_DEALS + 1))
    exact = len(deals) <= EXACT_DEALS
    if not exact:
        deals = [(sample_deal(unseen, sizes, rng), 1) for _ in range(SAMPLES)]
    mine = rules.side_of(spot.seat)
    signs = [1 if rules.side_of(s) == mine else -1 for s in range(rules.players)]
    solver = Solver(signs, horizon(sum(spot.held)))
    base = position(_table(spot))
    ranks = {c.rank for c in spot.playable()}
    totals = dict.fromkeys(ranks, 0.0)
    weights = 0
    for deal, weight in deals:
        hands = tuple(deal.get(s, h) for s, h in enumerate(base[0]))
        for move, worth in solver.root((hands, *base[1:])).items():
            if move is not None:
                totals[move] += weight * worth
        weights += weight
    return {r: t / weights for r, t in totals.items()}, len(deals), exact


def _table(spot: Spot) -> Play:
    """The play as the seat sees it: its own hand, the others' left empty (each deal fills
    them)."""
    hands = tuple(spot.hand if s == spot.seat else () for s in range(spot.rules.players))
    last = spot.owners[-1] if spot.pile else None
    return Play(hands, spot.seat, spot.pile, last, spot.passed)
