"""The slips people make counting a show: each names the combinations it misses or invents.

`possible_mistakes` lists, for one show, every mistake that fits it. The
mistakes, in announcement order, and what each does to the count:

``missed-two-card-fifteen``, ``missed-three-card-fifteen``, ``missed-long-fifteen``
    A fifteen of two cards (5-J, 7-8), of three (5-4-6, 7-A-7), or of four or
    five (A-2-3-9) is overlooked: -2.
``phantom-fifteen``
    Two or three cards one off fifteen (6+8, 7+9, 4+10, 5+J+A) counted as a
    fifteen: +2. Where none is one off, two off (13 or 17: 8+9, A+2+Q).
``double-counted-fifteen``
    In a hand of three or more fifteens, one fifteen is counted twice: +2.
``missed-pair``
    A pair (of a rank held exactly twice) is overlooked: -2.
``pair-royal-as-four``
    Three of a kind counted as two pairs, 4, instead of three pairs, 6: -2.
``double-pair-royal-as-six``
    Four of a kind counted as a pair royal, 6 instead of six pairs, 12: -6.
``ten-card-pair``
    Two ten-cards of different ranks (J-Q, 10-K) counted as a pair: +2.
``missed-run``
    A run that is the only run of its cards (A-2-3, 9-10-J-Q) is overlooked: -L.
``missed-second-run``
    In a double (triple, quadruple) run, one run of L cards is not counted: -L.
``split-run-of-four``
    A single run of four counted as two runs of three, 6 instead of 4: +2.
``phantom-run``
    Three cards that skip a rank the show lacks (8-9-J without a 10), or that
    turn the corner (Q-K-A, K-A-2), counted as a run of three: +3.
``missed-flush``
    The hand (or crib) flush is not counted at all: -(its points).
``crib-four-flush``
    Four crib cards of one suit, the starter not, counted as a flush: +4
    (a crib flush needs the starter too, so it scores nothing).
``missed-nobs``
    The jack of the starter's suit is not noticed: -1.

Every mistake changes the count, so a mistaken claim always differs from the truth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal, get_args

from trainer.rules.cards import RANK_NAMES, Card, format_cards, sort_key
from trainer.rules.combos import ComboId, classify
from trainer.rules.show import Breakdown, Item
from trainer.rules.speech import number_word

MistakeId = Literal[
    "missed-two-card-fifteen",
    "missed-three-card-fifteen",
    "missed-long-fifteen",
    "phantom-fifteen",
    "double-counted-fifteen",
    "missed-pair",
    "pair-royal-as-four",
    "double-pair-royal-as-six",
    "ten-card-pair",
    "missed-run",
    "missed-second-run",
    "split-run-of-four",
    "phantom-run",
    "missed-flush",
    "crib-four-flush",
    "missed-nobs",
]
MISTAKES: Final[tuple[MistakeId, ...]] = get_args(MistakeId)
"""Every mistake the model makes, in the order the module docstring lists them."""

NEAR_MISSES: Final[frozenset[MistakeId]] = frozenset(
    {"phantom-fifteen", "ten-card-pair", "phantom-run"}
)
"""The mistakes that invent a combination out of cards that nearly make one."""

LONG_FIFTEENS_FROM: Final = 3
"""How many fifteens a hand needs before double-counting one is a plausible slip."""
NEAR_FIFTEENS: Final = ((14, 16), (13, 17))
"""The sums a phantom fifteen comes to: one off fifteen, else two off."""
_CORNERS: Final = (frozenset({12, 13, 1}), frozenset({13, 1, 2}))
"""Ranks that would be a run if runs went round the corner (they never do)."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One concrete miscount: which kind, how to explain it, the kind of combination it
    gets wrong, and the combinations it misses or invents (what the reveal names)."""

    id: MistakeId
    description: str
    combo: ComboId
    missed: tuple[Item, ...] = ()
    invented: tuple[Item, ...] = ()

    @property
    def delta(self) -> int:
        """How the mistake changes the count: invented points less missed points."""
        return sum(i.points for i in self.invented) - sum(i.points for i in self.missed)


def _kind(b: Breakdown, item: Item) -> ComboId:
    return classify(item.kind, item.cards, b.show, crib=b.crib)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def _missed_fifteens(b: Breakdown, kind: MistakeId, sizes: Callable[[int], bool]) -> list[Mistake]:
    return [
        Mistake(
            kind,
            f"They missed the {number_word(len(item.cards))}-card fifteen "
            f"{format_cards(item.cards)}.",
            _kind(b, item),
            missed=(item,),
        )
        for item in b.of_kind("fifteen")
        if sizes(len(item.cards))
    ]


def _phantom_fifteens(b: Breakdown) -> list[Mistake]:
    sets = [(sum(c.value for c in s), s) for n in (2, 3) for s in combinations(b.show, n)]
    for sums in NEAR_FIFTEENS:
        near = [(total, _sorted(s)) for total, s in sets if total in sums]
        if near:
            break
    return [
        Mistake(
            "phantom-fifteen",
            f"They counted {format_cards(s)} as fifteen; it makes {number_word(total)}.",
            classify("fifteen", s, b.show, crib=b.crib),
            invented=(Item("fifteen", s, 2),),
        )
        for total, s in near
    ]


def _double_fifteen(b: Breakdown) -> list[Mistake]:
    fifteens = b.of_kind("fifteen")
    if len(fifteens) < LONG_FIFTEENS_FROM:
        return []
    return [
        Mistake(
            "double-counted-fifteen",
            f"They counted the fifteen {format_cards(item.cards)} twice.",
            _kind(b, item),
            invented=(item,),
        )
        for item in fifteens
    ]


def _pairs_of(b: Breakdown, held: int) -> dict[int, list[Item]]:
    """The pair items of each rank the show holds exactly ``held`` times."""
    counts = Counter(c.rank for c in b.show)
    out: dict[int, list[Item]] = {}
    for item in b.of_kind("pair"):
        rank = item.cards[0].rank
        if counts[rank] == held:
            out.setdefault(rank, []).append(item)
    return out


def _missed_pairs(b: Breakdown) -> list[Mistake]:
    return [
        Mistake(
            "missed-pair",
            f"They missed the pair {format_cards(item.cards)}.",
            "pair",
            missed=(item,),
        )
        for (item,) in _pairs_of(b, 2).values()
    ]


def _pair_royals(b: Breakdown) -> list[Mistake]:
    return [
        Mistake(
            "pair-royal-as-four",
            f"They counted the pair royal of {RANK_NAMES[rank]}s as 4 instead of 6.",
            "pair-royal",
            missed=(pairs[-1],),
        )
        for rank, pairs in sorted(_pairs_of(b, 3).items())
    ]


def _double_pair_royals(b: Breakdown) -> list[Mistake]:
    out = []
    for rank, pairs in sorted(_pairs_of(b, 4).items()):
        last = pairs[-1].cards[-1]
        out.append(
            Mistake(
                "double-pair-royal-as-six",
                f"They counted the four {RANK_NAMES[rank]}s as a pair royal, 6 instead of 12.",
                "double-pair-royal",
                missed=tuple(p for p in pairs if last in p.cards),
            )
        )
    return out


def _ten_card_pairs(b: Breakdown) -> list[Mistake]:
    tens = [c for c in b.show if c.value == 10]
    return [
        Mistake(
            "ten-card-pair",
            f"They counted {format_cards(pair)} as a pair; a pair is two cards of one rank.",
            "pair",
            invented=(Item("pair", pair, 2),),
        )
        for pair in (_sorted(p) for p in combinations(tens, 2))
        if pair[0].rank != pair[1].rank
    ]


def _run_groups(b: Breakdown) -> list[list[Item]]:
    """The runs of the show grouped by their ranks: one group per run and its copies."""
    groups: dict[frozenset[int], list[Item]] = {}
    for item in b.of_kind("run"):
        groups.setdefault(frozenset(c.rank for c in item.cards), []).append(item)
    return list(groups.values())


def _missed_runs(b: Breakdown) -> list[Mistake]:
    return [
        Mistake(
            "missed-run",
            f"They missed the run of {number_word(len(run.cards))} {format_cards(run.cards)}.",
            _kind(b, run),
            missed=(run,),
        )
        for (run, *copies) in _run_groups(b)
        if not copies
    ]


def _multiple_runs(b: Breakdown) -> list[Mistake]:
    out: list[Mistake] = []
    for runs in _run_groups(b):
        if len(runs) < 2:
            continue
        words = number_word(len(runs[0].cards))
        if len(runs) == 2:
            text = f"They missed the second run of {words}."
        else:
            text = f"They missed one of the {number_word(len(runs))} runs of {words}."
        out.append(Mistake("missed-second-run", text, _kind(b, runs[0]), missed=(runs[-1],)))
    return out


def _split_run_of_four(b: Breakdown) -> list[Mistake]:
    runs = b.of_kind("run")
    if len(runs) != 1 or len(runs[0].cards) != 4:
        return []
    run = runs[0]
    return [
        Mistake(
            "split-run-of-four",
            f"They counted the run of four {format_cards(run.cards)} as two runs of three.",
            "run-4",
            missed=(run,),
            invented=(Item("run", run.cards[:3], 3), Item("run", run.cards[1:], 3)),
        )
    ]


def _phantom_runs(b: Breakdown) -> list[Mistake]:
    held = {c.rank for c in b.show}
    out: list[Mistake] = []
    for cards in combinations(b.show, 3):
        ranks = sorted({c.rank for c in cards})
        if len(ranks) < 3:
            continue
        if frozenset(ranks) in _CORNERS:
            why = "runs never turn the corner: the ace is low"
        elif ranks[2] - ranks[0] == 3:
            gap = next(r for r in range(ranks[0], ranks[2]) if r not in ranks)
            if gap in held:
                continue
            why = f"it skips the {RANK_NAMES[gap]}"
        else:
            continue
        trio = _sorted(cards)
        out.append(
            Mistake(
                "phantom-run",
                f"They counted {format_cards(trio)} as a run; {why}.",
                "run-3",
                invented=(Item("run", trio, 3),),
            )
        )
    return out


def _flush(b: Breakdown) -> list[Mistake]:
    return [
        Mistake(
            "missed-flush",
            f"They missed the flush of {number_word(len(item.cards))}.",
            _kind(b, item),
            missed=(item,),
        )
        for item in b.of_kind("flush")
    ]


def _crib_four_flush(b: Breakdown) -> list[Mistake]:
    suits = {c.suit for c in b.hand}
    if not b.crib or len(suits) != 1 or b.starter.suit in suits:
        return []
    size = len(b.hand)
    return [
        Mistake(
            "crib-four-flush",
            f"They counted a {number_word(size)}-card flush in the crib; "
            "a crib flush needs the starter's suit too.",
            "crib-flush",
            invented=(Item("flush", _sorted(b.hand), size),),
        )
    ]


def _nobs(b: Breakdown) -> list[Mistake]:
    return [
        Mistake("missed-nobs", f"They missed nobs, the {item.cards[0]}.", "nobs", missed=(item,))
        for item in b.of_kind("nobs")
    ]


def possible_mistakes(breakdown: Breakdown) -> dict[MistakeId, tuple[Mistake, ...]]:
    """The mistakes that apply to this hand by kind, in `MISTAKES` order, with their variants."""
    b = breakdown
    found: Sequence[list[Mistake]] = (
        _missed_fifteens(b, "missed-two-card-fifteen", lambda n: n == 2),
        _missed_fifteens(b, "missed-three-card-fifteen", lambda n: n == 3),
        _missed_fifteens(b, "missed-long-fifteen", lambda n: n >= 4),
        _phantom_fifteens(b),
        _double_fifteen(b),
        _missed_pairs(b),
        _pair_royals(b),
        _double_pair_royals(b),
        _ten_card_pairs(b),
        _missed_runs(b),
        _multiple_runs(b),
        _split_run_of_four(b),
        _phantom_runs(b),
        _flush(b),
        _crib_four_flush(b),
        _nobs(b),
    )
    return {
        kind: tuple(variants) for kind, variants in zip(MISTAKES, found, strict=True) if variants
    }
