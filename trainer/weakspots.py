"""Practice aimed at a kind of combination, and the weak-spots drill aimed at your worst.

Every stat kind (`trainer.stats.STAT_KINDS`) maps to deal constraints under
which every deal holds at least one combination of that kind, as
`trainer.stats.stat_kind` classes it (`practice_for`). The review screen builds
a drill from that (`practice_drill`: "deal me hands with 3-card fifteens"), and
the built-in weak-spots drill aims itself at the kind you miss most
(`aim_at_weak_spots`).

The mapping (require / exclude are deal features, see `trainer.constraints.FEATURES`):

=====================  ===============================================  ===========
kind                   constraints                                      hand sizes
=====================  ===============================================  ===========
fifteen-2, -3, -4+     require fifteen-of-2, -3, -4                     3, 4, 5
pair                   require pair; exclude pair-royal,                3, 4, 5
                       double-pair-royal (so some rank is held twice)
pair-royal             require pair-royal                               3, 4, 5
double-pair-royal      require double-pair-royal                        3, 4, 5
run-3, run-4           require run-of-3 / run-of-4; exclude             3, 4, 5
                       multiple-run (every run single)
run-5                  require run-of-5; exclude multiple-run           4
run-6                  ranks 4 5 6 7 8 9 (the only way the features     5
                       can say "a run of six")
double-run             require double-run                               3, 4, 5
triple-run             require triple-run                               4
double-double-run      require double-double-run                        4
multiple-run           require multiple-run and double-pair-royal       5
                       (a rank four times in a run: 3-3-3-3-4-5)
hand-flush-N           a hand drill; require four-flush when N is the   N-1, N
                       hand size, five-flush when the starter makes it
crib-flush             a crib drill; require five-flush                 (crib)
nobs                   require nobs                                     3, 4, 5
=====================  ===============================================  ===========

"Hand sizes" are where the constraints are exact (every deal holds the kind):
a practice is dealt in the hand size asked for when it is one of them, else in
the first listed (4, the standard game, where it can). Triple and double-double
runs, and a run of five, are exact only with 4 hand cards: in 5-card hands the
same features also allow the larger shapes (3-3-3-4-4-5), which count as
``multiple-run`` or ``run-6``.

Weak spots (`weakest_kind`): among the kinds met at least `MIN_PRESENT` times in
itemised answers (announced counts and time-outs) and missed at least once, the
one with the highest miss rate; ties go to the one missed more often, then to
the one said first in a count. The worst kind only, not a mix: a drill's deals
share one set of constraints, and ten hands of one weakness teach it best.
With no such kind the drill is left as it is (random hands, like the warm-up).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from trainer.constraints import Constraints
from trainer.drill import ClaimStyle, DrillSet, Variant, parse_drill
from trainer.stats import STAT_KINDS

if TYPE_CHECKING:
    from trainer.stats import KindStats, Report

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

LABELS: Final[dict[str, str]] = {
    "fifteen-2": "two-card fifteens",
    "fifteen-3": "three-card fifteens",
    "fifteen-4+": "fifteens of four or more cards",
    "pair": "pairs",
    "pair-royal": "pairs royal (three of a kind)",
    "double-pair-royal": "double pairs royal (four of a kind)",
    "run-3": "runs of three",
    "run-4": "runs of four",
    "run-5": "runs of five",
    "run-6": "runs of six",
    "double-run": "double runs",
    "triple-run": "triple runs",
    "double-double-run": "double-double runs",
    "multiple-run": "big multiple runs (a rank four times in a run)",
    "hand-flush-3": "three-card hand flushes",
    "hand-flush-4": "four-card flushes",
    "hand-flush-5": "five-card flushes",
    "hand-flush-6": "six-card flushes",
    "crib-flush": "crib flushes",
    "nobs": "nobs",
}
"""What a player calls each stat kind, in the plural."""

_ALL_SIZES: Final = (4, 3, 5)

_Rule = tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...]]
"""(require, exclude, ranks, the hand sizes where that is exact, the preferred first)."""

_RULES: Final[dict[str, _Rule]] = {
    "fifteen-2": (("fifteen-of-2",), (), (), _ALL_SIZES),
    "fifteen-3": (("fifteen-of-3",), (), (), _ALL_SIZES),
    "fifteen-4+": (("fifteen-of-4",), (), (), _ALL_SIZES),
    "pair": (("pair",), ("pair-royal", "double-pair-royal"), (), _ALL_SIZES),
    "pair-royal": (("pair-royal",), (), (), _ALL_SIZES),
    "double-pair-royal": (("double-pair-royal",), (), (), _ALL_SIZES),
    "run-3": (("run-of-3",), ("multiple-run",), (), _ALL_SIZES),
    "run-4": (("run-of-4",), ("multiple-run",), (), _ALL_SIZES),
    "run-5": (("run-of-5",), ("multiple-run",), (), (4,)),
    "run-6": ((), (), (4, 5, 6, 7, 8, 9), (5,)),
    "double-run": (("double-run",), (), (), _ALL_SIZES),
    "triple-run": (("triple-run",), (), (), (4,)),
    "double-double-run": (("double-double-run",), (), (), (4,)),
    "multiple-run": (("multiple-run", "double-pair-royal"), (), (), (5,)),
    "hand-flush-3": (("four-flush",), (), (), (3,)),
    "hand-flush-4": (("four-flush",), (), (), (4, 3)),
    "hand-flush-5": (("four-flush",), (), (), (4, 5)),
    "hand-flush-6": (("five-flush",), (), (), (5,)),
    "crib-flush": (("five-flush",), (), (), _ALL_SIZES),
    "nobs": (("nobs",), (), (), _ALL_SIZES),
}


@dataclass(frozen=True)
class Practice:
    """How to deal shows that each hold a combination of one stat kind."""

    kind: str
    hand_size: int
    """Hand cards in the practice's game (3, 4 or 5); a crib always shows 4."""
    crib: bool | None
    """True: deal cribs (crib flushes); False: deal hands (hand flushes); None: either."""
    require: frozenset[str]
    exclude: frozenset[str] = frozenset()
    ranks: frozenset[int] = frozenset()

    @property
    def variant(self) -> Variant:
        return VARIANT_FOR_SIZE[self.hand_size]

    @property
    def constraints(self) -> Constraints:
        return Constraints(require=self.require, exclude=self.exclude, ranks=self.ranks)

    @property
    def label(self) -> str:
        return LABELS[self.kind]

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

    Raises `ValueError` for a name that is not a stat kind.
    """
    if kind not in _RULES:
        raise ValueError(f"{kind!r} is not a kind of combination ({', '.join(STAT_KINDS)})")
    require, exclude, ranks, sizes = _RULES[kind]
    if kind == "crib-flush":
        crib: bool | None = True
    elif kind.startswith("hand-flush-"):
        crib = False
    else:
        crib = None
    size = hand_size if hand_size in sizes else sizes[0]
    if kind.startswith("hand-flush-") and int(kind.rsplit("-", 1)[1]) == size + 1:
        require = ("five-flush",)  # the starter makes the last card of the flush
    return Practice(kind, size, crib, frozenset(require), frozenset(exclude), frozenset(ranks))


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


def weakest_kind(report: Report | None, *, min_present: int = MIN_PRESENT) -> KindStats | None:
    """The kind you miss most often (see the module's doc), or None with too little history."""
    if report is None:
        return None
    order = {k: i for i, k in enumerate(STAT_KINDS)}
    candidates = [
        k for k in report.kinds if k.kind in _RULES and k.present >= min_present and k.missed > 0
    ]
    if not candidates:
        return None
    return max(
        candidates,
        key=lambda k: (k.missed / k.present, k.missed, -order.get(k.kind, len(order))),
    )


def aim_at_weak_spots(drill: DrillSet, report: Report | None) -> DrillSet:
    """``drill`` with its deals aimed at the kind you miss most, and a description saying so.

    With no history, or none that shows a weak spot, the drill comes back unchanged.
    """
    weak = weakest_kind(report)
    if weak is None:
        return drill
    p = practice_for(weak.kind, drill.hand_size)
    kind, crib_share = drill.kind, drill.crib_share
    cribs_fit = p.crib is None and 4 in _RULES[weak.kind][3]
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
