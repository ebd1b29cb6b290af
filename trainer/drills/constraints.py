"""What a drill may ask of its deals, and what a deal is: plain data.

The features a deal can be asked to hold are the vocabulary of
`trainer.rules.combos.FEATURES`.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules.cards import Card
from trainer.rules.combos import FeatureId


class DealError(ValueError):
    """Constraints that no deal satisfies, or a deal that cannot be made."""


@dataclass(frozen=True)
class Constraints:
    """What every deal of a drill must satisfy (all of it); the default allows everything."""

    scores: frozenset[int] | None = None
    min_fifteens: int = 0
    require: frozenset[FeatureId] = frozenset()
    exclude: frozenset[FeatureId] = frozenset()
    ranks: frozenset[int] = frozenset()
    avoid_ranks: frozenset[int] = frozenset()
    mix: tuple[tuple[FeatureId, float], ...] = ()
    """Not a constraint but how often: the share of deals holding each feature (a deal
    holding two counts under the first listed); the rest hold none of them."""

    @property
    def unconstrained(self) -> bool:
        return self == Constraints()


@dataclass(frozen=True)
class Deal:
    """One deal to count: the hand (or crib) cards, the starter, and how to replay it."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    seed: int
