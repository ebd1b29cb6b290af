"""The one vocabulary of combination kinds: scoring categories, the finer kinds, deal features.

Three tables, each serving every layer that talks about combinations:

- `KINDS`: the five scoring categories of the show (fifteen, pair, run, flush,
  nobs), the ``kind`` of each `Item` of a breakdown.
- `COMBOS`: the finer kinds a player learns separately (a three-card fifteen,
  a pair royal, a double run, a crib flush...), each with its id, what a player
  calls it, its category, and the deal constraint that practises it. `classify`
  files any combination (real or wrongly claimed) under one of them; the
  history, the review, the weak-spots drill and the screens all use these ids.
- `FEATURES`: what a deal can be asked to hold or lack in a drill file
  (``deal: require: [double-run]``), with what each means.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from trainer.rules.cards import Card

Kind = Literal["fifteen", "pair", "run", "flush", "nobs"]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)
"""The scoring categories, in the order a count is announced."""

FeatureId = Literal[
    "fifteen",
    "fifteen-of-2",
    "fifteen-of-3",
    "fifteen-of-4",
    "pair",
    "pair-royal",
    "double-pair-royal",
    "run",
    "run-of-3",
    "run-of-4",
    "run-of-5",
    "double-run",
    "triple-run",
    "double-double-run",
    "multiple-run",
    "flush",
    "five-flush",
    "four-flush",
    "suited",
    "nobs",
    "jack-starter",
]

FEATURES: Final[dict[FeatureId, str]] = {
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
"""Deal features a drill can require or exclude, with what each means."""

ComboId = Literal[
    "fifteen-2",
    "fifteen-3",
    "fifteen-4+",
    "pair",
    "pair-royal",
    "double-pair-royal",
    "run-3",
    "run-4",
    "run-5",
    "run-6",
    "double-run",
    "triple-run",
    "double-double-run",
    "multiple-run",
    "hand-flush-3",
    "hand-flush-4",
    "hand-flush-5",
    "hand-flush-6",
    "crib-flush",
    "nobs",
]

Shows = Literal["hand", "crib", "either"]
ALL_SIZES: Final = (4, 3, 5)


@dataclass(frozen=True)
class Practice:
    """Deal constraints under which every deal holds a combination of one kind.

    ``sizes`` are the hand sizes where that is exact, the preferred first; in
    other sizes the same features may also allow larger shapes of another kind.
    """

    require: tuple[FeatureId, ...] = ()
    exclude: tuple[FeatureId, ...] = ()
    ranks: tuple[int, ...] = ()
    sizes: tuple[int, ...] = ALL_SIZES
    shows: Shows = "either"


@dataclass(frozen=True)
class Combo:
    """One kind of combination: its id, what a player calls it (plural), its category,
    and how to deal hands that practise it."""

    id: ComboId
    label: str
    category: Kind
    practice: Practice


def _c(id: ComboId, label: str, category: Kind, practice: Practice) -> Combo:
    return Combo(id, label, category, practice)


COMBOS: Final[tuple[Combo, ...]] = (
    _c("fifteen-2", "two-card fifteens", "fifteen", Practice(("fifteen-of-2",))),
    _c("fifteen-3", "three-card fifteens", "fifteen", Practice(("fifteen-of-3",))),
    _c("fifteen-4+", "fifteens of four or more cards", "fifteen", Practice(("fifteen-of-4",))),
    _c("pair", "pairs", "pair", Practice(("pair",), ("pair-royal", "double-pair-royal"))),
    _c("pair-royal", "pairs royal (three of a kind)", "pair", Practice(("pair-royal",))),
    _c(
        "double-pair-royal",
        "double pairs royal (four of a kind)",
        "pair",
        Practice(("double-pair-royal",)),
    ),
    _c("run-3", "runs of three", "run", Practice(("run-of-3",), ("multiple-run",))),
    _c("run-4", "runs of four", "run", Practice(("run-of-4",), ("multiple-run",))),
    _c("run-5", "runs of five", "run", Practice(("run-of-5",), ("multiple-run",), sizes=(4,))),
    # The features cannot say "a run of six": six consecutive ranks can.
    _c("run-6", "runs of six", "run", Practice(ranks=(4, 5, 6, 7, 8, 9), sizes=(5,))),
    _c("double-run", "double runs", "run", Practice(("double-run",))),
    _c("triple-run", "triple runs", "run", Practice(("triple-run",), sizes=(4,))),
    _c(
        "double-double-run",
        "double-double runs",
        "run",
        Practice(("double-double-run",), sizes=(4,)),
    ),
    _c(
        "multiple-run",
        "big multiple runs (a rank four times in a run)",
        "run",
        Practice(("multiple-run", "double-pair-royal"), sizes=(5,)),
    ),
    _c(
        "hand-flush-3",
        "three-card hand flushes",
        "flush",
        Practice(("four-flush",), sizes=(3,), shows="hand"),
    ),
    _c(
        "hand-flush-4",
        "four-card flushes",
        "flush",
        Practice(("four-flush",), sizes=(4, 3), shows="hand"),
    ),
    _c(
        "hand-flush-5",
        "five-card flushes",
        "flush",
        Practice(("four-flush",), sizes=(4, 5), shows="hand"),
    ),
    _c(
        "hand-flush-6",
        "six-card flushes",
        "flush",
        Practice(("five-flush",), sizes=(5,), shows="hand"),
    ),
    _c("crib-flush", "crib flushes", "flush", Practice(("five-flush",), shows="crib")),
    _c("nobs", "nobs", "nobs", Practice(("nobs",))),
)
"""Every kind of combination, in the order a count is announced."""

COMBO_IDS: Final[tuple[ComboId, ...]] = get_args(ComboId)
_BY_ID: Final[dict[str, Combo]] = {c.id: c for c in COMBOS}


def combo(combo_id: str) -> Combo:
    """The combination kind with this id; `ValueError` naming the known ones otherwise."""
    found = _BY_ID.get(combo_id)
    if found is None:
        raise ValueError(
            f"{combo_id!r} is not a kind of combination (known: {', '.join(COMBO_IDS)})"
        )
    return found


def is_combo_id(name: str) -> bool:
    return name in _BY_ID


_PAIR_KINDS: Final[dict[int, ComboId]] = {2: "pair", 3: "pair-royal", 4: "double-pair-royal"}
_MULTIPLE_RUNS: Final[dict[tuple[int, ...], ComboId]] = {
    (2,): "double-run",
    (3,): "triple-run",
    (2, 2): "double-double-run",
}
_FIFTEENS: Final[dict[int, ComboId]] = {2: "fifteen-2", 3: "fifteen-3"}
_RUNS: Final[dict[int, ComboId]] = {3: "run-3", 4: "run-4", 5: "run-5", 6: "run-6"}
_HAND_FLUSHES: Final[dict[int, ComboId]] = {
    3: "hand-flush-3",
    4: "hand-flush-4",
    5: "hand-flush-5",
    6: "hand-flush-6",
}


def classify(kind: str, cards: Sequence[Card], show: Sequence[Card], *, crib: bool) -> ComboId:
    """The kind of one combination (real or wrongly claimed) in a show.

    ``kind`` is the scoring category, ``cards`` the combination's cards and
    ``show`` the hand cards with the starter. A pair is classed by how many cards
    of its rank the show holds (each of the three pairs of a pair royal is a
    ``pair-royal``); a run by the shape of the multiple run it belongs to.
    """
    counts: dict[int, int] = {}
    for card in show:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    if kind == "fifteen":
        return _FIFTEENS.get(len(cards), "fifteen-4+" if len(cards) >= 4 else "fifteen-2")
    if kind == "pair":
        held = max((counts.get(c.rank, 0) for c in cards), default=2)
        return _PAIR_KINDS[min(4, max(2, held))]
    if kind == "run":
        ranks = sorted({c.rank for c in cards})
        shape = tuple(sorted((n for r in ranks if (n := counts.get(r, 1)) > 1), reverse=True))
        if not shape:
            return _RUNS[min(6, max(3, len(cards)))]
        return _MULTIPLE_RUNS.get(shape, "multiple-run")
    if kind == "flush":
        return "crib-flush" if crib else _HAND_FLUSHES[min(6, max(3, len(cards)))]
    return "nobs"


def present_kinds(
    items: Iterable[tuple[str, Sequence[Card]]], show: Sequence[Card], *, crib: bool
) -> dict[str, int]:
    """How many combinations of each kind a breakdown holds (``(kind, cards)`` per item)."""
    found: dict[str, int] = {}
    for kind, cards in items:
        name = classify(kind, cards, show, crib=crib)
        found[name] = found.get(name, 0) + 1
    return found
