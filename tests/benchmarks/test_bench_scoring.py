"""Smoke test for benchmarks/bench_scoring.py: it runs, agrees, and prints its ratios.

Speed is not asserted (timings flake on a shared machine): only that every case,
the fresh-deal one among them, is measured, printed and in the JSON.
"""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs_and_prints_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_scoring")
    code = bench.main(["--deals", "300", "--rounds", "1", "--chunk", "100"])
    out = capsys.readouterr().out
    assert code == 0
    assert "differ on 0 deal(s)" in out
    assert "Memo cache hits in a fresh-deal pass of each (checked untimed): 0" in out
    for label in (
        "score_show (itemised), fresh deal, no cache",
        "score_show (itemised), warm caches",
        "show_total (total only), fresh deal, no cache",
        "show_total (total only), warm caches",
        "itemised (fresh deal, no cache) vs cribbage-scorer",
        "itemised (warm caches) vs cribbage-scorer",
        "total-only (fresh deal, no cache) vs cribbage-scorer",
        "total-only (warm caches) vs cribbage-scorer",
        "itemised (fresh deal, no cache) vs baseline",
        "itemised (warm caches) vs baseline",
        "total-only (fresh deal, no cache) vs baseline",
        "total-only (warm caches) vs baseline",
        "baseline estimate vs distribution",
        "shows of 5 cards (hands of 4): 6,175 patterns",
    ):
        assert label in out, label
    assert "cold" not in out  # the old first-pass column, neither fresh nor warm
    assert "12,994,800 deals counted" in out


def test_benchmark_json(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_scoring")
    code = bench.main(["--deals", "50", "--rounds", "1", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    figures = json.loads(out[out.index("\n{") + 1 :])
    assert figures["deals"] == 50
    assert figures["disagreements"] == 0
    assert figures["fresh_cache_hits"] == 0
    assert "ranks.fifteen_sizes" in figures["memo_caches_cleared"]
    assert set(figures["table_seconds"]) == {"4", "5", "6"}
    for scorer in ("score_show", "show_total"):
        assert figures["fresh_hands_per_second"][scorer] > 0
        assert figures["fresh_best_seconds"][scorer] > 0
        assert figures["hands_per_second"][scorer] > 0
    for key in (
        "itemised_fresh_vs_cribbage_scorer",
        "itemised_warm_vs_cribbage_scorer",
        "total_fresh_vs_cribbage_scorer",
        "total_warm_vs_cribbage_scorer",
        "itemised_fresh_vs_baseline",
        "total_fresh_vs_baseline",
    ):
        assert key in figures["ratios"], key
    assert not any("cold" in key for key in figures)
    assert figures["odds"]["distribution_deals"] == 12_994_800


def test_baseline_known_hands() -> None:
    bench = load_bench("bench_scoring")
    score = bench.baseline_score
    # The 29 hand: three fives and the jack of the starter's suit, starter the fourth five.
    assert score([(5, "S"), (5, "H"), (5, "D"), (11, "C")], (5, "C")) == 29
    # A double run of three: fifteens 8 (two 5+K, two 4+5+6), a pair 2, runs 6.
    assert score([(4, "S"), (5, "H"), (5, "D"), (6, "C")], (13, "C")) == 8 + 2 + 6
    # Four-card flush counts in the hand but not the crib.
    hand = [(1, "H"), (3, "H"), (7, "H"), (9, "H")]
    assert score(hand, (13, "S")) == 4 + 0
    assert score(hand, (13, "S"), crib=True) == 0
    assert score(hand, (13, "H"), crib=True) == 5
