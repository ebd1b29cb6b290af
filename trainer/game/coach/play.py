"""The coach's play advice: each card a seat may lay, valued by the rest of the play (RULES.md,
"The coach").

A card's value is the points the rest of the hand's play pegs for the seat's side
less the others', the card's own points included, averaged over the ways the cards
the seat has not seen could lie in the other hands: dealt only as they could (a seat
that said go holds nothing that fitted then), every way with its weight when there
are few (`EXACT_DEALS`), else samples from a fixed seed so that the advice
repeats. Each deal is solved by the strong bot's search (`search.Solver`, on the
rules' one play engine) to the end of the play, exactly, as far as `WORK_BUDGET`
allows: every deal if they fit, else as many samples as fit; where not even
`FEWEST_SAMPLES` do (three and four hands, early in the play), each sample is searched
to the strong bot's horizon, and the advice says so (`PlayAdvice.ahead`): a value
then is an estimate, some points off. The dealing is the strong bot's (`strong`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Final

from trainer.game.players.search import (
    NO_LIMIT,
    OutOfWork,
    Position,
    Ranks,
    Solver,
    position,
    value_of,
)
from trainer.game.players.strong import Hidden, exact_deals, horizon, sample_deal
from trainer.game.variants import GameVariant
from trainer.rules.cards import Card
from trainer.rules.play import Play

SAMPLES: Final = 48
"""Deals solved at most when there are too many to solve every one."""
FEWEST_SAMPLES: Final = 8
"""Deals solved to the end at least, else they are searched to the horizon."""
EXACT_DEALS: Final = 512
"""Every deal is solved, weighted, when there are at most this many (by ranks) and the
budget holds them."""
WORK_BUDGET: Final = 20_000
"""Cards laid in the search for one stage of the advice (every deal, or the samples): under
100 ms here (`benchmarks/bench_coach.py` times the advice). Counted in cards, not time, so
that the same position always gets the same values."""
SHARED: Final = 2
"""A stage goes on past its first deal when the deals it needs, each costing what the first
did, would lay no more than this many budgets' cards: later deals cost less, finding
positions solved before."""
SHORT_DEALS: Final = 128
"""Searched short of the play's end, every deal is solved when there are at most this many."""
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
    of the unseen cards, every one of them (``exact``) or samples, each solved to the end
    of the play (``ahead`` None) or ``ahead`` cards ahead."""

    cards: tuple[CardValue, ...]
    deals: int
    exact: bool
    ahead: int | None = None

    @property
    def best(self) -> CardValue:
        return self.cards[0]

    @property
    def estimated(self) -> bool:
        """Whether the values are less than RULES.md's exact ones: sampled deals, or a
        search stopped short of the play's end."""
        return not self.exact or self.ahead is not None

    def value_of(self, card: Card) -> float:
        return next(v.value for v in self.cards if v.card == card)


def play_advice(spot: Spot, rng: random.Random | None = None) -> PlayAdvice:
    """Value every card ``spot``'s seat may lay (none when it must say go); ``rng`` draws the
    samples (by default one seeded with `SEED`, so the advice repeats)."""
    able = spot.playable()
    if not able:
        return PlayAdvice((), 0, True)
    valued = rank_values(spot, rng or random.Random(SEED))
    values = valued.values
    ranked = sorted(able, key=lambda c: (-values[c.rank], c.rank, c.suit))
    return PlayAdvice(
        tuple(CardValue(c, values[c.rank]) for c in ranked),
        valued.deals,
        valued.exact,
        valued.ahead,
    )


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


@dataclass(frozen=True)
class Valued:
    """Each rank the seat may lay, valued on average over ``deals`` deals: all of them
    (``exact``) or samples, each searched to the end (``ahead`` None) or so many cards."""

    values: dict[int, float]
    deals: int
    exact: bool
    ahead: int | None


def rank_values(spot: Spot, rng: random.Random) -> Valued:
    """Each rank the seat may lay, valued on average over the deals, each solved to the end
    of the play as far as `WORK_BUDGET` allows: every deal when they fit, else as many
    samples as fit (`SAMPLES` at most), else (not even `FEWEST_SAMPLES`) samples searched
    to the strong bot's horizon. A stage whose first deal says it cannot fit is not tried."""
    rules = spot.rules
    unseen: Ranks = tuple(sorted(c.rank for c in spot.unseen))
    pool = Counter(unseen)
    sizes = _hidden(spot, pool)
    mine = rules.side_of(spot.seat)
    signs = [1 if rules.side_of(s) == mine else -1 for s in range(rules.players)]
    base = position(_table(spot))
    ranks = {c.rank for c in spot.playable()}
    whole = Solver(signs)
    every = list(islice(exact_deals(pool, sizes), EXACT_DEALS + 1))
    if len(every) <= EXACT_DEALS:
        means = _Means(ranks, whole, base)
        if means.within(every, len(every)):
            return Valued(means.means(), len(every), True, None)
    samples = [(sample_deal(unseen, sizes, rng), 1) for _ in range(SAMPLES)]
    means = _Means(ranks, whole, base)
    means.within(samples, FEWEST_SAMPLES)
    if means.solved >= FEWEST_SAMPLES:
        return Valued(means.means(), means.solved, False, None)
    short = every if len(every) <= SHORT_DEALS else samples  # every deal, if few
    ahead = horizon(sum(spot.held))
    means = _Means(ranks, Solver(signs, ahead), base)
    means.within(short, 0, budget=None)
    return Valued(means.means(), len(short), short is every, ahead)


class _Means:
    """The weighted sums of each rank's worth over the deals ``solver`` has solved."""

    def __init__(self, ranks: set[int], solver: Solver, base: Position) -> None:
        self.totals = dict.fromkeys(ranks, 0.0)
        self.weights = 0
        self.solved = 0
        self.solver, self.base = solver, base

    def within(
        self,
        deals: Sequence[tuple[dict[int, Ranks], int]],
        needed: int,
        budget: int | None = WORK_BUDGET,
    ) -> bool:
        """Solve ``deals`` in turn until ``budget`` more cards are laid (the deal then in
        progress is dropped); True if every one was solved. Not gone on with past the first
        deal if ``needed`` deals each costing what it did would take over `SHARED` budgets
        (nor the first past its share of them)."""
        solver = self.solver
        start = solver.work
        try:
            for deal, weight in deals:
                if budget is not None:
                    # the first deal may cost its share of `SHARED` budgets, then all of one
                    first = self.solved == 0 and needed > 1
                    if self.solved == 1 and (solver.work - start) * needed > SHARED * budget:
                        return False
                    solver.limit = start + (SHARED * budget // needed if first else budget)
                hands = tuple(deal.get(s, h) for s, h in enumerate(self.base[0]))
                for move, worth in solver.root((hands, *self.base[1:])).items():
                    if move is not None:
                        self.totals[move] += weight * worth
                self.weights += weight
                self.solved += 1
        except OutOfWork:
            return False
        finally:
            solver.limit = NO_LIMIT
        return True

    def means(self) -> dict[int, float]:
        return {r: t / self.weights for r, t in self.totals.items()}


def _table(spot: Spot) -> Play:
    """The play as the seat sees it: its own hand, the others' left empty (each deal fills
    them)."""
    hands = tuple(spot.hand if s == spot.seat else () for s in range(spot.rules.players))
    last = spot.owners[-1] if spot.pile else None
    return Play(hands, spot.seat, spot.pile, last, spot.passed)
