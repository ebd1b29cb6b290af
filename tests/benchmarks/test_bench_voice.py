"""Smoke test for benchmarks/bench_voice.py: it speaks a few counts and times their hearing."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_voice")
    assert bench.main(["--counts", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 counts")
    assert "CPU a count (decode)" in out
    assert "end to verdict (stream)" in out
    assert bench.main(["--counts", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["counts"] == 2
    assert 0 < figures["decode_cpu_median"] < 10


def test_benchmark_hears_a_set(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_voice")
    assert bench.main(["--set", "held-out", "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 recordings of the held-out set")
    assert "by category:" in out
    assert "by room:" in out
    assert "standard: " in out or "players' phrasings: " in out or "wrong counts: " in out
    assert "counts heard as another: " in out
