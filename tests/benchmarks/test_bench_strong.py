"""Smoke test for benchmarks/bench_strong.py: it times a few hands and plays a few games."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_strong")
    argv = ["--deals", "2", "--variants", "standard,three-hand", "--games", "4", "--json"]
    code = bench.main([*argv, "--strength-variant", "short"])
    out = capsys.readouterr().out
    assert code == 0
    assert "strong against standard, short, muggins off, 4 games with seats swapped" in out
    figures = json.loads(out.splitlines()[-1])
    assert set(figures["timing"]) == {"standard", "three-hand"}
    assert figures["timing"]["standard"]["every"]["count"] > 0
    assert 0 <= figures["strength"]["share"] <= 1
    assert figures["strength"]["games"] == 4
    assert figures["strength"]["muggins"] == "off"
