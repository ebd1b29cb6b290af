"""Smoke test for benchmarks/bench_oneshot.py: every one-shot command once beside the
baseline, with a history of one game."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_oneshot")
    assert bench.main(["--rounds", "1", "--games", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert "One-shot commands, CPU time (user + system), 1 rounds:" in out
    assert "[target +20 ms]" in out
    figures = json.loads(out.splitlines()[-1])
    assert figures["version_ms"] > 0
    for name in ("score HAND", "stats, games played", "advise play"):
        assert figures[name]["ms"] > 0, name
