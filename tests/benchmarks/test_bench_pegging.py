"""Smoke test for benchmarks/bench_pegging.py: it runs, agrees with the peers, prints ratios.

Speed is not asserted (timings flake on a shared machine); the peers are optional,
so only what is installed is checked against.
"""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench
from trainer.rules.play import score_play

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs_and_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_pegging")
    code = bench.main(["--piles", "400", "--rounds", "1", "--chunk", "100", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert "score_play" in out
    figures = json.loads(out[out.index("\n{") + 1 :])
    assert figures["piles"] == 400
    assert not any(figures["disagreements"].values())
    assert figures["piles_per_second"]["score_play"] > 0
    for peer in figures["disagreements"]:
        assert figures["ratios"][peer] > 0


def test_piles_are_what_a_play_scores() -> None:
    bench = load_bench("bench_pegging")
    piles = bench.deal_piles(300, 5)
    assert len(piles) == 300
    assert all(1 <= len(p) <= 8 for p in piles)
    assert all(sum(c.value for c in p) <= 31 for p in piles)
    assert any(score_play(p).total for p in piles)  # some score, most do not
    assert bench.deal_piles(300, 5) == piles  # seeded
