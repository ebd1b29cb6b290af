"""Practice aimed at a kind of combination, and the weak-spots drill aimed at your worst kind.

Every stat kind maps to deal constraints under which every deal holds that
kind, as `stat_kind` classes the scored items: checked by dealing (and, marked
slow, over every cell of every practice's dealer). The weak-spots drill is
aimed on the known history of tests/history/known.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.history.known import build_history
from trainer.drills.constraints import Constraints
from trainer.drills.dealing import Dealer, _choose_suits
from trainer.drills.loader import builtin_drills_dir, load_all
from trainer.drills.model import DrillSet
from trainer.drills.schema import parse_drill
from trainer.history import StatsStore
from trainer.history.reading import KindStats, Report
from trainer.practice.weak_spots import (
    MIN_PRESENT,
    aim_at_weak_spots,
    practice_drill,
    practice_for,
    weakest_kind,
)
from trainer.rules.cards import Card
from trainer.rules.combos import COMBO_IDS as STAT_KINDS
from trainer.rules.combos import combo, present_kinds
from trainer.rules.show import score_show

SIZES = (3, 4, 5)


def kinds_in(hand: tuple[Card, ...], starter: Card, crib: bool) -> dict[str, int]:
    """The stat kinds a show holds, from its scored items (how the store classes them)."""
    b = score_show(hand, starter, crib=crib)
    return present_kinds(((i.kind, i.cards) for i in b.items), (*hand, starter), crib=crib)


def warm_up_like(**fields: object) -> DrillSet:
    data = {"name": "Weak spots", "description": "d", "focus": "weak-spots", **fields}
    return parse_drill(data, drill_id="weak-spots", source="weak-spots.yaml")


# ---------------------------------------------------------------- every kind → a drill of it


def test_every_stat_kind_has_a_practice_and_a_label() -> None:
    for kind in STAT_KINDS:
        assert practice_for(kind).kind == kind
        assert practice_for(kind).label == combo(kind).label
    with pytest.raises(ValueError, match="'fifteen-7' is not a kind of combination"):
        practice_for("fifteen-7")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", STAT_KINDS)
def test_every_kind_deals_hands_holding_it(kind: str, size: int) -> None:
    drill = practice_drill(kind, hand_size=size)  # parse_drill's deep check: satisfiable
    assert drill.id == f"practice-{kind}"
    assert drill.source == "review"
    crib = drill.kind == "crib"
    assert drill.dealer(crib).deals > 0
    rng = random.Random(f"{kind}-{size}")
    for _ in range(60):
        deal = drill.deal(rng)
        assert deal.crib is crib
        assert len(deal.hand) == (4 if crib else drill.hand_size)
        assert kind in kinds_in(deal.hand, deal.starter, deal.crib), (deal.hand, deal.starter)


def _distinct_practices() -> list[tuple[str, int]]:
    seen: dict[tuple[object, ...], tuple[str, int]] = {}
    for kind in STAT_KINDS:
        for size in SIZES:
            p = practice_for(kind, size)
            seen.setdefault((kind, p.hand_size, p.crib, p.constraints), (kind, size))
    return list(seen.values())


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "size"), _distinct_practices())
def test_every_cell_of_every_practice_holds_its_kind(kind: str, size: int) -> None:
    """Exhaustive: one deal from every (rank pattern, suit class) cell the dealer allows.

    Stat kinds depend on the ranks, and flushes and nobs on the suit class, so a
    deal per cell stands for every deal of the cell.
    """
    drill = practice_drill(kind, hand_size=size)
    crib = drill.kind == "crib"
    dealer = drill.dealer(crib)
    assert isinstance(dealer, Dealer)  # constrained: the table dealer
    rng = random.Random(kind)
    for pattern, cls in dealer._cells:
        hand, starter = _choose_suits(pattern, cls, rng)
        assert kind in kinds_in(hand, starter, crib), (hand, starter)


@pytest.mark.parametrize(
    ("kind", "size", "hand_size", "crib", "require", "exclude"),
    [
        ("fifteen-3", 4, 4, None, {"fifteen-of-3"}, set()),
        ("fifteen-4+", 3, 3, None, {"fifteen-of-4"}, set()),
        ("pair", 5, 5, None, {"pair"}, {"pair-royal", "double-pair-royal"}),
        ("run-3", 4, 4, None, {"run-of-3"}, {"multiple-run"}),
        ("run-5", 5, 4, None, {"run-of-5"}, {"multiple-run"}),  # a 6-card run is run-6
        ("run-6", 4, 5, None, set(), set()),
        ("triple-run", 5, 4, None, {"triple-run"}, set()),
        ("double-double-run", 3, 4, None, {"double-double-run"}, set()),
        ("multiple-run", 4, 5, None, {"multiple-run", "double-pair-royal"}, set()),
        ("hand-flush-3", 4, 3, False, {"four-flush"}, set()),
        ("hand-flush-4", 3, 3, False, {"five-flush"}, set()),
        ("hand-flush-4", 4, 4, False, {"four-flush"}, set()),
        ("hand-flush-5", 4, 4, False, {"five-flush"}, set()),
        ("hand-flush-5", 5, 5, False, {"four-flush"}, set()),
        ("hand-flush-6", 4, 5, False, {"five-flush"}, set()),
        ("crib-flush", 4, 4, True, {"five-flush"}, set()),
        ("nobs", 3, 3, None, {"nobs"}, set()),
    ],
)
def test_the_mapping(
    kind: str,
    size: int,
    hand_size: int,
    crib: bool | None,
    require: set[str],
    exclude: set[str],
) -> None:
    p = practice_for(kind, size)
    assert (p.hand_size, p.crib, set(p.require), set(p.exclude)) == (
        hand_size,
        crib,
        require,
        exclude,
    )


def test_run_of_six_is_the_only_run_through_four_to_nine() -> None:
    p = practice_for("run-6", 5)
    assert p.ranks == frozenset(range(4, 10))
    assert p.variant == "four-player-five"
    assert p.deal_fields() == {"ranks": ["4", "5", "6", "7", "8", "9"]}


def test_practice_drill_fields() -> None:
    drill = practice_drill("fifteen-3", claim="announce")
    assert drill.name == "Practice: three-card fifteens"
    assert "Every hand holds three-card fifteens" in drill.description
    assert (drill.variant, drill.kind, drill.hands, drill.claim) == (
        "standard",
        "hand",
        10,
        "announce",
    )
    assert drill.constraints == Constraints(require=frozenset({"fifteen-of-3"}))
    assert not drill.muggins_set  # the player's default policy applies
    crib = practice_drill("crib-flush")
    assert crib.kind == "crib"
    assert crib.show_kinds() == [True]
    assert "Every crib holds crib flushes" in crib.description
    assert "jack of the starter's suit" in practice_drill("nobs").description


# ---------------------------------------------------------------- the weak spot


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Report]:
    """The report of tests/history/known.py's history: among the kinds met 5 times or more,
    fifteen-2 missed 5 of 7, double-pair-royal 6 of 6 (the timed-out 29), pair 1 of 3."""
    path: Path = tmp_path_factory.mktemp("weak") / "muggins.sqlite3"
    with StatsStore(path) as store:
        build_history(store)
        yield store.report()


def test_the_fixture_report(report: Report) -> None:
    kinds = {k.kind: (k.present, k.missed) for k in report.kinds}
    assert kinds["fifteen-2"] == (7, 5)
    assert kinds["fifteen-3"] == (4, 4)  # too few to count (present < 5)
    assert kinds["double-pair-royal"] == (6, 6)
    assert kinds["nobs"] == (2, 1)


def test_weakest_kind_of_the_fixture(report: Report) -> None:
    weak = weakest_kind(report.kinds)
    assert weak is not None
    assert (weak.kind, weak.present, weak.missed) == ("double-pair-royal", 6, 6)
    assert MIN_PRESENT == 5


def test_weakest_kind_ties_and_thresholds(report: Report) -> None:
    def weakest(*kinds: KindStats, min_present: int = MIN_PRESENT) -> str | None:
        found = weakest_kind(kinds, min_present=min_present)
        return None if found is None else found.kind

    assert weakest() is None
    # Too rare to judge, and never missed: no weak spot.
    assert weakest(KindStats("nobs", 4, 4, 0), KindStats("pair", 30, 0, 2)) is None
    assert weakest(KindStats("nobs", 4, 4, 0), min_present=4) == "nobs"
    # The highest miss rate wins ...
    assert weakest(KindStats("fifteen-2", 20, 10, 0), KindStats("run-3", 5, 3, 0)) == "run-3"
    # ... at equal rates the kind missed more often, then the one said first in a count.
    assert weakest(KindStats("run-3", 5, 1, 0), KindStats("nobs", 10, 2, 0)) == "nobs"
    assert weakest(KindStats("nobs", 5, 1, 0), KindStats("pair", 5, 1, 0)) == "pair"


def test_no_history_leaves_the_drill_as_it_is(report: Report) -> None:
    drill = warm_up_like()
    assert aim_at_weak_spots(drill, ()) is drill
    thin = (KindStats("fifteen-2", 4, 4, 0), KindStats("pair", 9, 0, 0))
    assert aim_at_weak_spots(drill, thin) is drill


def test_aimed_at_the_fixture_weak_spot(report: Report) -> None:
    drill = warm_up_like(hands=10, claim="total")
    aimed = aim_at_weak_spots(drill, report.kinds)
    assert aimed.constraints == Constraints(require=frozenset({"double-pair-royal"}))
    assert aimed.description == (
        "Aimed at double pairs royal (four of a kind), your weak spot: you missed 6 of the "
        "6 you met (100%). Every hand holds double pairs royal (four of a kind): at least one."
    )
    assert (aimed.id, aimed.name, aimed.hands, aimed.claim, aimed.kind, aimed.variant) == (
        drill.id,
        drill.name,
        10,
        "total",
        "hand",
        "standard",
    )
    rng = random.Random(66)
    for _ in range(100):
        deal = aimed.deal(rng)
        assert kinds_in(deal.hand, deal.starter, deal.crib)["double-pair-royal"] == 6


@pytest.mark.parametrize(
    ("weak", "fields", "kind", "variant", "shows"),
    [
        ("crib-flush", {}, "crib", "standard", [True]),
        ("hand-flush-3", {}, "hand", "five-card", [False]),
        ("multiple-run", {"kind": "mixed"}, "hand", "four-player-five", [False]),
        ("fifteen-3", {"kind": "mixed"}, "mixed", "standard", [False, True]),
        ("nobs", {"kind": "crib", "variant": "five-card"}, "crib", "five-card", [True]),
        ("crib-flush", {"kind": "catch", "crib_share": 0.2}, "catch", "standard", [True]),
    ],
)
def test_aim_changes_what_is_dealt_only_where_the_kind_needs_it(
    report: Report,
    weak: str,
    fields: dict[str, object],
    kind: str,
    variant: str,
    shows: list[bool],
) -> None:
    kinds = (KindStats(weak, 10, 7, 0), KindStats("pair", 10, 1, 0))
    aimed = aim_at_weak_spots(warm_up_like(**fields), kinds)
    assert (aimed.kind, aimed.variant, aimed.show_kinds()) == (kind, variant, shows)
    assert "you missed 7 of the 10 you met (70%)" in aimed.description
    rng = random.Random(weak)
    for _ in range(40):
        deal = aimed.deal(rng)
        assert weak in kinds_in(deal.hand, deal.starter, deal.crib)


# ---------------------------------------------------------------- the built-in drill


def test_the_builtin_weak_spots_drill() -> None:
    entries = load_all([(builtin_drills_dir(), True)])
    ids = [e.id for e in entries]
    drill = entries[ids.index("weak-spots")].drill
    assert drill is not None
    assert drill.focus == "weak-spots"
    assert (drill.kind, drill.hands, drill.variant) == ("hand", 10, "standard")
    assert drill.constraints.unconstrained  # random hands until it is aimed
    assert ids.index("weak-spots") > ids.index("warm-up")
    assert drill.order == 2
