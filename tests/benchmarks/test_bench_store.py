"""Smoke test for benchmarks/bench_store.py: it fills a small store, times every query, agrees."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_store")
    code = bench.main(["--attempts", "400", "--rounds", "2", "--records", "30", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert "400 attempts" in out
    for label in (
        "stats: whole report",
        "stats --drill",
        "review: newest 50",
        "review --kind pair-royal",
        "review --kind fifteen (category)",
        "due hands (a re-drill: 20)",
        "every due hand",
        "record one answer",
        "baseline: bare one-row commit",
    ):
        assert label in out, label
    assert "ERROR" not in out
    figures = json.loads(out[out.index("\n{") + 1 :])
    assert figures["stored"] == 400
    assert set(figures["timings"]) >= {"stats: whole report", "record one answer"}
    assert all(t["median_ms"] >= 0 for t in figures["timings"].values())


def test_synthetic_history_is_seeded() -> None:
    bench = load_bench("bench_store")
    first = [(a.drill.id, a.cards, a.answer_text) for a in bench.synthetic_attempts(60, 7)]
    again = [(a.drill.id, a.cards, a.answer_text) for a in bench.synthetic_attempts(60, 7)]
    assert first == again
    assert len({d for d, _, _ in first}) > 1
