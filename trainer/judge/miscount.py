"""A small model of how people miscount a show, for "catch the opponent" drills.

`opponent_claim` announces the true count with probability ``1 - error_rate``;
otherwise it makes one mistake, chosen uniformly among the mistakes that apply
to the hand (then uniformly among the combinations it could hit). If none
applies the claim is right. The mistakes, and what each does to the count:

``missed-second-run``
    In a double (triple, quadruple) run, one run of L cards is not counted: -L.
``missed-three-card-fifteen``
    A fifteen of three cards (5-4-6, 7-A-7) is overlooked: -2.
``missed-long-fifteen``
    A fifteen of four or five cards (A-2-3-9, A-A-3-10) is overlooked: -2.
``missed-nobs``
    The jack of the starter's suit is not noticed: -1.
``crib-four-flush``
    Four crib cards of one suit, the starter not, counted as a flush: +4
    (a crib flush needs the starter too, so it scores nothing).
``pair-royal-as-four``
    Three of a kind counted as two pairs, 4, instead of three pairs, 6: -2.
``missed-flush``
    The hand (or crib) flush is not counted at all: -(its points).
``split-run-of-four``
    A single run of four counted as two runs of three, 6 instead of 4: +2.
``double-counted-fifteen``
    In a hand of three or more fifteens, the counter loses their place and
    counts one fifteen twice: +2.

Every mistake changes the count, so a mistaken claim always differs from the
truth. The same `random.Random` state gives the same claim.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from trainer.rules.cards import RANK_NAMES, format_cards
from trainer.rules.combos import ComboId, classify
from trainer.rules.show import Breakdown, Item
from trainer.rules.speech import number_word

MistakeId = Literal[
    "missed-second-run",
    "missed-three-card-fifteen",
    "missed-long-fifteen",
    "missed-nobs",
    "crib-four-flush",
    "pair-royal-as-four",
    "missed-flush",
    "split-run-of-four",
    "double-counted-fifteen",
]
MISTAKES: Final[tuple[MistakeId, ...]] = get_args(MistakeId)
"""Every mistake the model makes, in the order the module docstring lists them."""

CORRECT_DESCRIPTION: Final = "They counted it right."
LONG_FIFTEENS_FROM: Final = 3
"""How many fifteens a hand needs before double-counting one is a plausible slip."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One concrete miscount: which kind, how it changes the count, how to explain it, and
    the kind of combination it gets wrong."""

    id: MistakeId
    delta: int
    description: str
    combo: ComboId


@dataclass(frozen=True, slots=True)
class OpponentClaim:
    """The count an opponent announces, with the truth and the mistake behind any difference."""

    claimed: int
    actual: int
    mistake: MistakeId | None
    description: str
    combo: ComboId | None = None
    """The kind of combination the mistake got wrong (None when the count is right)."""

    @property
    def correct(self) -> bool:
        return self.claimed == self.actual


def _cards(item: Item) -> str:
    return format_cards(item.cards)


def _kind(b: Breakdown, item: Item) -> ComboId:
    return classify(item.kind, item.cards, b.show, crib=b.crib)


def _multiple_runs(b: Breakdown) -> list[Mistake]:
    groups: dict[frozenset[int], list[Item]] = {}
    for item in b.of_kind("run"):
        groups.setdefault(frozenset(c.rank for c in item.cards), []).append(item)
    out: list[Mistake] = []
    for runs in groups.values():
        if len(runs) < 2:
            continue
        length = len(runs[0].cards)
        words = number_word(length)
        if len(runs) == 2:
            text = f"They missed the second run of {words}."
        else:
            text = f"They missed one of the {number_word(len(runs))} runs of {words}."
        out.append(Mistake("missed-second-run", -length, text, _kind(b, runs[0])))
    return out


def _fifteens(b: Breakdown, *, long: bool) -> list[Mistake]:
    kind: MistakeId = "missed-long-fifteen" if long else "missed-three-card-fifteen"
    return [
        Mistake(
            kind,
            -item.points,
            f"They missed the {number_word(len(item.cards))}-card fifteen {_cards(item)}.",
            _kind(b, item),
        )
        for item in b.of_kind("fifteen")
        if (len(item.cards) >= 4) == long and len(item.cards) >= 3
    ]


def _nobs(b: Breakdown) -> list[Mistake]:
    return [
        Mistake("missed-nobs", -item.points, f"They missed nobs, the {item.cards[0]}.", "nobs")
        for item in b.of_kind("nobs")
    ]


def _crib_four_flush(b: Breakdown) -> list[Mistake]:
    suits = {c.suit for c in b.hand}
    if not b.crib or len(suits) != 1 or b.starter.suit in suits:
        return []
    return [
        Mistake(
            "crib-four-flush",
            len(b.hand),
            f"They counted a {number_word(len(b.hand))}-card flush in the crib; "
            "a crib flush needs the starter's suit too.",
            "crib-flush",
        )
    ]


def _pair_royals(b: Breakdown) -> list[Mistake]:
    counts = Counter(c.rank for c in (*b.hand, b.starter))
    return [
        Mistake(
            "pair-royal-as-four",
            -2,
            f"They counted the pair royal of {RANK_NAMES[rank]}s as 4 instead of 6.",
            "pair-royal",
        )
        for rank, n in sorted(counts.items())
        if n == 3
    ]


def _flush(b: Breakdown) -> list[Mistake]:
    return [
        Mistake(
            "missed-flush",
            -item.points,
            f"They missed the flush of {number_word(len(item.cards))}.",
            _kind(b, item),
        )
        for item in b.of_kind("flush")
    ]


def _split_run_of_four(b: Breakdown) -> list[Mistake]:
    runs = b.of_kind("run")
    if len(runs) != 1 or len(runs[0].cards) != 4:
        return []
    return [
        Mistake(
            "split-run-of-four",
            2,
            f"They counted the run of four {_cards(runs[0])} as two runs of three.",
            "run-4",
        )
    ]


def _double_fifteen(b: Breakdown) -> list[Mistake]:
    fifteens = b.of_kind("fifteen")
    if len(fifteens) < LONG_FIFTEENS_FROM:
        return []
    return [
        Mistake(
            "double-counted-fifteen",
            item.points,
            f"They counted the fifteen {_cards(item)} twice.",
            _kind(b, item),
        )
        for item in fifteens
    ]


def possible_mistakes(breakdown: Breakdown) -> dict[MistakeId, tuple[Mistake, ...]]:
    """The mistakes that apply to this hand by kind, in `MISTAKES` order, with their variants."""
    found: Sequence[list[Mistake]] = (
        _multiple_runs(breakdown),
        _fifteens(breakdown, long=False),
        _fifteens(breakdown, long=True),
        _nobs(breakdown),
        _crib_four_flush(breakdown),
        _pair_royals(breakdown),
        _flush(breakdown),
        _split_run_of_four(breakdown),
        _double_fifteen(breakdown),
    )
    return {
        kind: tuple(variants) for kind, variants in zip(MISTAKES, found, strict=True) if variants
    }


def opponent_claim(
    breakdown: Breakdown, rng: random.Random, *, error_rate: float = 0.5
) -> OpponentClaim:
    """The count an opponent announces: right, or off by one mistake that fits the hand."""
    if not 0.0 <= error_rate <= 1.0:
        raise ValueError(f"error_rate must be between 0 and 1, got {error_rate!r}")
    actual = breakdown.total
    correct = OpponentClaim(actual, actual, None, CORRECT_DESCRIPTION)
    if rng.random() >= error_rate:
        return correct
    options = possible_mistakes(breakdown)
    if not options:
        return correct
    kind = rng.choice(list(options))
    mistake = rng.choice(options[kind])
    return OpponentClaim(
        actual + mistake.delta, actual, mistake.id, mistake.description, mistake.combo
    )
