"""Smoke test for benchmarks/bench_game_save.py: it plays, saves both ways and prints figures."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_game_save")
    assert bench.main(["--games", "1", "--variant", "short", "--json"]) == 0
    out = capsys.readouterr().out
    assert "1 games of short" in out
    for label in ("one row a step (the store)", "rewrite one blob", "no sync", "target"):
        assert label in out, label
    figures = json.loads(out.splitlines()[-1])
    assert figures["steps"][0] > 50
    for key in ("rows", "blob", "rows_nosync", "blob_nosync"):
        assert figures[key]["last_median_ms"] > 0
