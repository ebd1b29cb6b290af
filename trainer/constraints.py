"""What a drill may ask of its deals, what a deal is, the muggins policies: plain data.

Kept apart from `trainer.dealing` so that reading drill files needs none of the
dealing machinery.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from trainer.cards import Card

Policy = Literal["off", "acc", "hoyle", "bsd"]
"""What a wrong claim costs (RULES.md, Muggins); judged by `trainer.muggins`."""
POLICIES: Final[tuple[Policy, ...]] = ("off", "acc", "hoyle", "bsd")

FEATURES: Final = {
    "fifteen": "at least one fifteen",
    "fifteen-of-2": "a fifteen of two cards (a five and a ten-card, 6-9 or 7-8)",
    "fifteen-of-3": "a fifteen of three cards",
    "fifteen-of-4": "a fifteen of four or more cards",
    "pair": "at least one pair",
    "pair-royal": "three cards of one rank",
    "double-pair-royal": "four cards of one rank",
    "run": "at least one run",
    "run-of-3": "a run of exactly three",
    "run-of-4": "a run of exactly four",
    "run-of-5": "a run of five or more",
    "double-run": "a run with one rank doubled (two runs)",
    "triple-run": "a run of three with one rank tripled (three runs)",
    "double-double-run": "a run of three with two ranks doubled (four runs)",
    "multiple-run": "two or more runs of the same cards (double, triple, double-double...)",
    "flush": "a flush that scores",
    "five-flush": "a flush with the starter too",
    "four-flush": "the hand or crib cards all one suit but not the starter "
    "(a crib 'flush' that scores nothing)",
    "suited": "the hand or crib cards all one suit, the starter either way",
    "nobs": "a jack of the starter's suit in the hand",
    "jack-starter": "the starter is a jack (his heels)",
}
"""Combination features a drill can require or exclude, with what each means."""


class DealError(ValueError):
    """Constraints that no deal satisfies, or a deal that cannot be made."""


@dataclass(frozen=True)
class Constraints:
    """What every deal of a drill must satisfy (all of it); the default allows everything."""

    scores: frozenset[int] | None = None
    min_fifteens: int = 0
    require: frozenset[str] = frozenset()
    exclude: frozenset[str] = frozenset()
    ranks: frozenset[int] = frozenset()
    avoid_ranks: frozenset[int] = frozenset()

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
