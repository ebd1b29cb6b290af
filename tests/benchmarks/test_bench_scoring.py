"""Smoke test for benchmarks/bench_scoring.py: it runs, agrees, and prints its ratios."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop

BENCH_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_scoring.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_scoring", BENCH_PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_runs_and_prints_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    code = bench.main(["--deals", "300", "--rounds", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "differ on 0 deal(s)" in out
    for label in (
        "itemised (warm) vs cribbage-scorer",
        "itemised (cold) vs cribbage-scorer",
        "total-only (warm) vs cribbage-scorer",
        "total-only (cold) vs cribbage-scorer",
        "itemised (warm) vs baseline",
        "itemised (cold) vs baseline",
        "total-only (warm) vs baseline",
        "total-only (cold) vs baseline",
        "baseline estimate vs distribution",
    ):
        assert label in out, label
    assert "12,994,800 deals counted" in out


def test_benchmark_json(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    code = bench.main(["--deals", "50", "--rounds", "1", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    figures = json.loads(out[out.index("\n{") + 1 :])
    assert figures["deals"] == 50
    assert figures["disagreements"] == 0
    assert figures["odds"]["distribution_deals"] == 12_994_800


def test_baseline_known_hands() -> None:
    bench = load_bench()
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
