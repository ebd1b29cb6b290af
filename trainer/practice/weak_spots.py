"""Practice aimed at a kind of combination, and the weak-spots drill aimed at your worst.

Every kind of combination (`trainer.rules.combos.COMBOS`) carries the deal
constraints under which every deal holds at least one of it, as
`trainer.rules.combos.classify` classes it (`practice_for`). The review screen
builds a drill from that (`practice_drill`: "deal me hands with 3-card
fifteens"), and the built-in weak-spots drill aims itself at the kind you miss
most (`aim_at_weak_spots`).

A practice is dealt in the hand size asked for when the kind's constraints are
exact there (every deal holds the kind), else in the first size its table row
lists (4, the standard game, where it can). Triple and double-double runs, and a
run of five, are exact only with 4 hand cards: in 5-card hands the same
features also allow the larger shapes (3-3-3-4-4-5), which count as
``multiple-run`` or ``run-6``. A hand flush of one card more than the hand is
the hand flush with the starter (``five-flush``).

Weak spots (`weakest_kind`): among the kinds met at least `MIN_PRESENT` times in
itemised answers (announced counts and time-outs) and missed at least once, the
one with the highest miss rate; ties go to the one missed more often, then to
the one said first in a count. The worst kind only, not a mix: a drill's deals
share one set of constraints, and ten hands of one weakness teach it best.
With no such kind the drill is left as it is (random hands, like the warm-up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from trainer.drills.constraints import Constraints
from trainer.drills.model import ClaimStyle, DrillSet, Variant
from trainer.drills.schema import parse_drill
from trainer.rules.combos import COMBO_IDS, FeatureId, combo

if TYPE_CHECKING:  # only the type: reading it needs none of the store
    from trainer.history.reading import KindStats

MIN_PRESENT: Final = 5
"""A kind must have come up this often in itemised answers before it can be a weak spot."""

PRACTICE_HANDS: Final = 10
"""Deals in a practice drill built from the review screen."""

VARIANT_FOR_SIZE: Final[dict[int, Variant]] = {
    3: "five-card",
    4: "standard",
    5: "four-player-five",
}
"""The game a practice is dealt in, by hand size."""


@dataclass(frozen=True)
class Practice:
    """How to deal shows that each hold a combination of one stat kind."""

    kind: str
    hand_size: int
    """Hand cards in the practice's game (3, 4 or 5); a crib always shows 4."""
    crib: bool | None
    """True: deal cribs (crib flushes); False: deal hands (hand flushes); None: either."""
    require: frozenset[FeatureId]
    exclude: frozenset[FeatureId] = frozenset()
    ranks: frozenset[int] = frozenset()

    @property
    def variant(self) -> Variant:
        return VARIANT_FOR_SIZE[self.hand_size]

    @property
    def constraints(self) -> Constraints:
        return Constraints(require=self.require, exclude=self.exclude, ranks=self.ranks)

    @property
    def label(self) -> str:
        return combo(self.kind).label

    def deal_fields(self) -> dict[str, Any]:
        """The ``deal:`` section of a drill file that asks for these deals."""
        deal: dict[str, Any] = {}
        if self.require:
            deal["require"] = sorted(self.require)
        if self.exclude:
            deal["exclude"] = sorted(self.exclude)
        if self.ranks:
            deal["ranks"] = [str(r) for r in sorted(self.ranks)]
        return deal


def practice_for(kind: str, hand_size: int = 4) -> Practice:
    """The deals that practise ``kind``, in ``hand_size``-card hands where that works.

    Raises `ValueError` for a name that is not a kind of combination.
    """
    c = combo(kind)
    p = c.practice
    crib = {"crib": True, "hand": False, "either": None}[p.shows]
    size = hand_size if hand_size in p.sizes else p.sizes[0]
    require = p.require
    if p.shows == "hand" and int(kind.rsplit("-", 1)[1]) == size + 1:
        require = ("five-flush",)  # the starter makes the last card of the flush
    return Practice(kind, size, crib, frozenset(require), frozenset(p.exclude), frozenset(p.ranks))


def practice_drill(kind: str, *, hand_size: int = 4, claim: ClaimStyle = "total") -> DrillSet:
    """A drill (id ``practice-KIND``) whose every deal holds a combination of ``kind``.

    ``hand_size`` is the game to deal in where the kind allows (see `practice_for`);
    the muggins policy and nineteen rule are left to the player's defaults.
    """
    p = practice_for(kind, hand_size)
    shows = "crib" if p.crib else "hand"
    return parse_drill(
        {
            "name": f"Practice: {p.label}",
            "description": f"{_holds(p, shows)} Find every one, then count the rest.",
            "variant": p.variant,
            "kind": shows,
            "hands": PRACTICE_HANDS,
            "claim": claim,
            "deal": p.deal_fields(),
        },
        drill_id=f"practice-{kind}",
        source="review",
    )


def _holds(p: Practice, shows: str) -> str:
    if p.kind == "nobs":
        return f"Every {shows} has nobs: the jack of the starter's suit."
    return f"Every {shows} holds {p.label}: at least one."


def weakest_kind(kinds: Sequence[KindStats], *, min_present: int = MIN_PRESENT) -> KindStats | None:
    """The kind you miss most often (see the module's doc), or None with too little history."""
    order: dict[str, int] = {k: i for i, k in enumerate(COMBO_IDS)}
    candidates = [k for k in kinds if k.kind in order and k.present >= min_present and k.missed > 0]
    if not candidates:
        return None
    return max(
        candidates,
        key=lambda k: (k.missed / k.present, k.missed, -order.get(k.kind, len(order))),
    )


def aim_at_weak_spots(drill: DrillSet, kinds: Sequence[KindStats]) -> DrillSet:
    """``drill`` with its deals aimed at the kind you miss most (``kinds``: your misses by
    kind, from the history), and a description saying so.

    With no history, or none that shows a weak spot, the drill comes back unchanged.
    """
    weak = weakest_kind(kinds)
    if weak is None:
        return drill
    p = practice_for(weak.kind, drill.hand_size)
    kind, crib_share = drill.kind, drill.crib_share
    cribs_fit = p.crib is None and 4 in combo(weak.kind).practice.sizes
    if not cribs_fit:
        # Only hands (hand flushes, kinds a 4-card crib cannot hold) or only cribs.
        crib_share = 1.0 if p.crib else 0.0
        if kind != "catch":
            kind = "crib" if p.crib else "hand"
    shows = "crib" if kind == "crib" else "hand"
    description = (
        f"Aimed at {p.label}, your weak spot: you missed {weak.missed} of the "
        f"{weak.present} you met ({weak.missed / weak.present:.0%}). {_holds(p, shows)}"
    )
    variant = drill.variant if p.hand_size == drill.hand_size else p.variant
    return replace(
        drill,
        description=description,
        variant=variant,
        kind=kind,
        crib_share=crib_share,
        constraints=p.constraints,
    )


def aimed_at(drill: DrillSet) -> str | None:
    """What a weak-spots drill aims at, to name it (the quiz's title): the label of the kind
    `aim_at_weak_spots` aimed it at, "random hands" before there is a weak spot, and None for
    any other drill. Each kind deals under constraints of its own (with the shows: a crib
    flush and a hand flush with the starter share theirs), so they tell which it was."""
    if drill.focus != "weak-spots":
        return None
    shows = drill.show_kinds()
    for kind in COMBO_IDS:
        p = practice_for(kind, drill.hand_size)
        fits = p.crib is None or shows == [p.crib]
        if fits and p.hand_size == drill.hand_size and p.constraints == drill.constraints:
            return p.label
    return "random hands"
