"""Smoke test for benchmarks/bench_coach.py: a few hands, one brute force, a game."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_coach")
    code = bench.main(["--hands", "3", "--brute", "1", "--games", "1", "--variant", "short"])
    out = capsys.readouterr().out
    assert code == 0
    assert "discard advice, every throw of a six-card hand (3 hands, standard)" in out
    assert "play advice and the ledger, 1 games of short" in out
    code = bench.main(["--hands", "2", "--brute", "1", "--games", "0", "--json"])
    figures = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert figures["discard"]["cold"]["count"] == 2
    assert figures["discard"]["brute"]["largest_difference"] < 1e-9
