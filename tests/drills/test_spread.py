"""The spread of a drill's deals: over scores and shapes, with the mix a drill asks for.

Every built-in drill with deal constraints is dealt 200 times from a fixed seed;
no (score, shape) may take more than a stated share of them (a shape: the points
from fifteens, pairs, runs, the flush and nobs), and every deal must still
satisfy the drill.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from tests.factories import deal_features, make_drill
from trainer.drills.constraints import Constraints, Deal
from trainer.drills.dealing import make_dealer
from trainer.drills.loader import DrillEntry, builtin_drills_dir, deep_check, load_all
from trainer.drills.model import DrillSet
from trainer.rules.cards import JACK
from trainer.rules.show import Breakdown, score_show

DEALS = 200

MAX_SHAPE_SHARE = 0.35
"""No (score, shape) takes more of a drill's deals than this ..."""

ONE_SHAPE_DRILLS = {"nineteen": 1.0, "dream-hands": 0.9}
"""... except where the drill allows hardly any: every zero hand has one shape, and 28 is
always four fives and a ten-card (the 29, its only other score, is a fifth to a fifth)."""


@cache
def constrained_drills() -> dict[str, DrillSet]:
    drills = (e.drill for e in load_all([(builtin_drills_dir(), True)]))
    return {
        d.id: d
        for d in drills
        if d is not None and d.kind != "play" and not d.constraints.unconstrained
    }


@cache
def dealt(drill_id: str) -> tuple[tuple[Deal, Breakdown], ...]:
    drill = constrained_drills()[drill_id]
    rng = random.Random(f"spread-{drill_id}")
    deals = (drill.deal(rng) for _ in range(DEALS))
    return tuple((d, score_show(d.hand, d.starter, crib=d.crib)) for d in deals)


def shape(b: Breakdown) -> tuple[int, ...]:
    t = b.category_totals()
    return tuple(t.get(k, 0) for k in ("fifteens", "pairs", "runs", "flush", "nobs"))


def test_the_constrained_built_in_drills_are_the_ones_expected() -> None:
    assert set(constrained_drills()) == {
        "count-aloud",
        "fifteens",
        "hidden-fifteens",
        "multiple-runs",
        "flushes",
        "nobs",
        "big-hands",
        "dream-hands",
        "nineteen",
    }


@pytest.mark.parametrize("drill_id", sorted(constrained_drills()))
def test_no_score_and_shape_crowds_a_drill(drill_id: str) -> None:
    counts = Counter((b.total, shape(b)) for _, b in dealt(drill_id))
    (top, n), *_ = counts.most_common(1)
    limit = ONE_SHAPE_DRILLS.get(drill_id, MAX_SHAPE_SHARE)
    assert n / DEALS <= limit, (drill_id, top, n, counts.most_common(4))
    if drill_id not in ONE_SHAPE_DRILLS:
        assert len(counts) >= 8, counts


@pytest.mark.parametrize("drill_id", sorted(constrained_drills()))
def test_every_spread_deal_satisfies_its_drill(drill_id: str) -> None:
    c = constrained_drills()[drill_id].constraints
    for deal, b in dealt(drill_id):
        features = deal_features(deal.hand, deal.starter, deal.crib)
        ranks = {card.rank for card in (*deal.hand, deal.starter)}
        where = (drill_id, deal)
        assert c.scores is None or b.total in c.scores, where
        assert c.require <= features, where
        assert not c.exclude & features, where
        assert c.ranks <= ranks, where
        assert not c.avoid_ranks & ranks, where
        assert sum(i.kind == "fifteen" for i in b.items) >= c.min_fifteens, where


def test_zero_hands_spread_over_their_rank_patterns() -> None:
    patterns = Counter(
        (tuple(sorted(c.rank for c in d.hand)), d.starter.rank) for d, _ in dealt("nineteen")
    )
    assert max(patterns.values()) <= 4, patterns.most_common(3)


def test_big_hands_spread_over_several_scores() -> None:
    scores = Counter(b.total for _, b in dealt("big-hands"))
    assert len(scores) >= 5, scores
    assert max(scores.values()) / DEALS <= 0.45, scores
    # 20s outnumber 24s 2.2 to 1 among the deals; spread, by about 1.5 to 1.
    assert scores[20] < 2 * scores[24], scores


def test_the_nobs_drill_holds_nobs_in_most_deals_and_turns_jacks_in_some() -> None:
    deals = dealt("nobs")
    nobs = sum(any(i.kind == "nobs" for i in b.items) for _, b in deals)
    heels = sum(d.starter.rank == JACK for d, _ in deals)
    cribs = sum(d.crib for d, _ in deals)
    # The mix asks for 55% nobs, 20% a jack turned (his heels), the rest a jack not nobs.
    assert 0.45 <= nobs / DEALS <= 0.65, nobs
    assert 0.12 <= heels / DEALS <= 0.28, heels
    assert 0.15 <= (DEALS - nobs - heels) / DEALS <= 0.35
    assert 0.2 <= cribs / DEALS <= 0.4, cribs  # crib_share 0.3: the dealer's cribs too


def test_a_mix_sets_the_share_of_deals_holding_each_feature() -> None:
    dealer = make_dealer(4, False, Constraints(mix=(("pair", 0.25), ("run", 0.5))))
    rng = random.Random(25)
    draws = 2000
    groups: Counter[str] = Counter()
    for _ in range(draws):
        features = deal_features(*dealer.draw(rng), crib=False)
        groups["pair" if "pair" in features else "run" if "run" in features else "rest"] += 1
    # sd of each share about 0.011
    assert abs(groups["pair"] / draws - 0.25) < 0.04, groups
    assert abs(groups["run"] / draws - 0.5) < 0.04, groups
    assert abs(groups["rest"] / draws - 0.25) < 0.04, groups


def test_a_mix_whose_shares_fill_every_deal_keeps_them() -> None:
    c = Constraints(ranks=frozenset({JACK}), mix=(("nobs", 0.5), ("jack-starter", 0.5)))
    dealer = make_dealer(4, False, c)
    rng = random.Random(5)
    features = [deal_features(*dealer.draw(rng), crib=False) for _ in range(1000)]
    nobs = sum("nobs" in f for f in features)
    assert 440 <= nobs <= 560, nobs
    # No share is left for a jack that is neither nobs nor turned up.
    assert all("nobs" in f or "jack-starter" in f for f in features)


def test_a_mix_feature_no_deal_holds_is_reported() -> None:
    c = Constraints(avoid_ranks=frozenset({JACK}), mix=(("nobs", 0.5),))
    assert make_dealer(4, False, c).missing_mix == ("nobs",)
    assert make_dealer(4, False, Constraints(mix=(("nobs", 0.5),))).missing_mix == ()


def test_spread_deals_are_deterministic_under_the_seed() -> None:
    drill = constrained_drills()["fifteens"]
    first = [drill.deal(random.Random(seed)) for seed in range(50)]
    assert first == [drill.deal(random.Random(seed)) for seed in range(50)]
    assert len(set(first)) == 50


def test_the_background_check_prepares_the_spread_for_the_first_deal() -> None:
    d = make_drill({"deal": {"require": ["double-run"], "exclude": ["flush"]}}, drill_id="prep")
    dealer = d.dealer(False)
    assert "_spread" not in vars(dealer)  # built lazily: a check alone does not pay for it
    (checked,) = deep_check([DrillEntry(d.id, d.source, d, None)])
    assert checked.drill is d
    assert "_spread" in vars(dealer)
