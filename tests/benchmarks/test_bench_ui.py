"""Smoke test for benchmarks/bench_ui.py: a cold start of each app, and a few claims timed
to their reveal beside the bare app's same swap."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_ui")
    assert bench.main(["--rounds", "1", "--hands", "2", "--json"]) == 0
    out = capsys.readouterr().out
    assert "Cold start to the complete first screen (footer drawn), 1 pairs" in out
    assert "Enter on a claim to the reveal drawn, 2 hands" in out
    for label in ("bare Textual swap", "muggins / bare, medians", "[target median < 50 ms]"):
        assert label in out, label
    figures = json.loads(out.splitlines()[-1])
    assert figures["launch_cpu_ratio"] > 0
    assert figures["reveal_median_s"] > 0
    assert figures["reveal_bare_median_s"] > 0
    assert figures["reveal_cpu_median_s"] >= 0
    assert figures["reveal_ratio"] > 0
