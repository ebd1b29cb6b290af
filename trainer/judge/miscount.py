"""A small model of how people miscount a show, for "catch the opponent" drills.

`opponent_claim` announces the true count with probability ``1 - error_rate``;
otherwise it makes one mistake. The choice, each step uniform: one of the kinds
of mistake that apply to the hand (`possible_mistakes`, in `MISTAKES` order),
the near misses (a phantom fifteen, a ten-card "pair", a phantom run) sharing
one draw so that, on a hand with things to count, seeing what is not there
does not crowd out missing what is; then the kind within the near misses; then
one of the kind's variants (which fifteen, which pair...). A variant is left
out where its claim would be 19 and 19 is the traditional "nothing" (a 3- or
4-card hand, a 4-card crib), so no claim is ambiguous. On the catch drill's
deals about half the mistakes are overcounts.

Some mistake applies to every hand, so the opponent errs exactly as often as
the drill says: a hand that scores nothing still holds two or three cards that
come near fifteen, two ten-cards that are no pair, or three cards that are
nearly a run (a test checks every pattern of ranks). The catalogue of mistakes,
each naming the combinations it misses or invents, is in `trainer.judge.slips`.

The same `random.Random` state gives the same claim.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from trainer.judge.slips import NEAR_MISSES, Mistake, MistakeId, possible_mistakes
from trainer.judge.verdict import nineteen_is_zero
from trainer.rules.cards import format_cards
from trainer.rules.combos import KINDS, ComboId
from trainer.rules.show import Breakdown, Item
from trainer.rules.speech import announce, number_word

CORRECT_DESCRIPTION: Final = "They counted it right."
_ORDER: Final = {kind: n for n, kind in enumerate(KINDS)}


@dataclass(frozen=True, slots=True)
class OpponentClaim:
    """The count an opponent announces, with the truth and the mistake behind any difference.

    ``said`` are the combinations they count aloud, in spoken order: the true
    items less ``missed``, plus ``invented`` (combinations that are not there).
    """

    claimed: int
    actual: int
    mistake: MistakeId | None
    description: str
    combo: ComboId | None = None
    """The kind of combination the mistake got wrong (None when the count is right)."""
    said: tuple[Item, ...] = ()
    missed: tuple[Item, ...] = ()
    invented: tuple[Item, ...] = ()

    def __post_init__(self) -> None:
        said = sum(i.points for i in self.said)
        moved = sum(i.points for i in self.invented) - sum(i.points for i in self.missed)
        if said != self.claimed or self.actual + moved != self.claimed:
            raise ValueError(
                f"an opponent's claim of {self.claimed} must be what they say ({said}) and "
                f"the truth {self.actual} changed by their mistake ({moved:+d})"
            )

    @property
    def correct(self) -> bool:
        return self.claimed == self.actual

    def spoken(self) -> str:
        """What the opponent says aloud: "Fifteen two, fifteen four, and a pair is six."."""
        return announce((i.kind, i.cards, i.points) for i in self.said)


def combo_phrase(item: Item) -> str:
    """One combination named with its cards and points: "fifteen 7S 8D for 2" ("nobs JH for
    1": the jack alone, the starter is implied)."""
    cards = format_cards(item.cards[:1] if item.kind == "nobs" else item.cards)
    size = number_word(len(item.cards))
    name = {
        "fifteen": "fifteen",
        "pair": "a pair",
        "run": f"a run of {size}",
        "flush": f"a flush of {size}",
        "nobs": "nobs",
    }[item.kind]
    return f"{name} {cards} for {item.points}"


def combos_phrase(items: tuple[Item, ...]) -> str:
    """Combinations named one after another: "fifteen 7S 8D for 2 and nobs JH for 1"."""
    phrases = [combo_phrase(i) for i in items]
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def claim_of(breakdown: Breakdown, mistake: Mistake | None = None) -> OpponentClaim:
    """The claim an opponent makes of this show: the true count, or the count ``mistake``
    gives (the true items less what it misses, plus what it invents)."""
    actual = breakdown.total
    if mistake is None:
        return OpponentClaim(actual, actual, None, CORRECT_DESCRIPTION, said=breakdown.items)
    kept = list(breakdown.items)
    for item in mistake.missed:
        kept.remove(item)
    said = sorted([*kept, *mistake.invented], key=lambda i: _ORDER[i.kind])
    return OpponentClaim(
        actual + mistake.delta,
        actual,
        mistake.id,
        mistake.description,
        mistake.combo,
        said=tuple(said),
        missed=mistake.missed,
        invented=mistake.invented,
    )


def _choices(breakdown: Breakdown) -> dict[MistakeId, tuple[Mistake, ...]]:
    """The mistakes that may be made of this hand: no claim of an ambiguous nineteen."""
    options = possible_mistakes(breakdown)
    if not nineteen_is_zero(breakdown):
        return options
    total = breakdown.total
    kept = {k: tuple(m for m in v if total + m.delta != 19) for k, v in options.items()}
    return {k: v for k, v in kept.items() if v}


def opponent_claim(
    breakdown: Breakdown, rng: random.Random, *, error_rate: float = 0.5
) -> OpponentClaim:
    """The count an opponent announces: right, or off by one mistake that fits the hand."""
    if not 0.0 <= error_rate <= 1.0:
        raise ValueError(f"error_rate must be between 0 and 1, got {error_rate!r}")
    if rng.random() >= error_rate:
        return claim_of(breakdown)
    options = _choices(breakdown)
    if not options:  # never for a show of 3 to 5 cards and a starter (see the docstring)
        return claim_of(breakdown)
    kind = rng.choice(rng.choice(_draws(list(options))))
    return claim_of(breakdown, rng.choice(options[kind]))


def _draws(kinds: list[MistakeId]) -> list[list[MistakeId]]:
    """The kinds grouped for the first draw: each alone, the near misses together."""
    draws: list[list[MistakeId]] = []
    near: list[MistakeId] = []
    for kind in kinds:
        if kind not in NEAR_MISSES:
            draws.append([kind])
            continue
        if not near:
            draws.append(near)
        near.append(kind)
    return draws
