"""aimed_at: the kind a weak-spots drill was aimed at, read back from the aimed drill."""

from __future__ import annotations

import pytest

from tests.factories import make_drill
from trainer.history.reading import KindStats
from trainer.practice.weak_spots import aim_at_weak_spots, aimed_at
from trainer.rules.combos import COMBO_IDS, combo


@pytest.mark.parametrize("shows", ["hand", "crib", "mixed", "catch"])
@pytest.mark.parametrize("variant", ["standard", "five-card", "four-player-five"])
@pytest.mark.parametrize("kind", COMBO_IDS)
def test_every_kind_aimed_at_is_named_back(kind: str, variant: str, shows: str) -> None:
    weak = make_drill(drill_id="weak-spots", focus="weak-spots", variant=variant, kind=shows)
    aimed = aim_at_weak_spots(weak, (KindStats(kind, 10, 6, 0),))
    assert aimed is not weak
    assert aimed_at(aimed) == combo(kind).label


def test_before_a_weak_spot_the_drill_deals_random_hands() -> None:
    weak = make_drill(drill_id="weak-spots", focus="weak-spots")
    assert aimed_at(weak) == "random hands"
    assert aimed_at(aim_at_weak_spots(weak, ())) == "random hands"


def test_other_drills_aim_at_nothing() -> None:
    assert aimed_at(make_drill(deal={"require": ["pair-royal"]})) is None
