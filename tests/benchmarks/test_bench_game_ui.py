"""Smoke test for benchmarks/bench_game_ui.py: a game played to your count's reveal (and the
bare app's same swap beside it), and a few computer moves timed against their pause, in
the running app."""

from __future__ import annotations

import json

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def test_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_game_ui")
    assert bench.main(["--rounds", "1", "--moves", "4", "--levels", "easy", "--json"]) == 0
    out = capsys.readouterr().out
    assert "Enter on your count to the reveal drawn, 1 games" in out
    assert "A computer move appears within its pause (0.8 s), 4 moves a level" in out
    for label in (
        "the whole wait",
        "a bare Textual app, the same swap",
        "muggins / bare, medians",
        "[target median < 50 ms]",
        "[target p99 < 50 ms]",
    ):
        assert label in out, label
    figures = json.loads(out.splitlines()[-1])
    reveal = figures["reveal"]
    # The reveal opens once the computer's answer to your count is shown: its parts, in order.
    for part in ("handled", "answer", "reveal", "cpu"):
        assert reveal[part]["earliest_s"] >= 0, part
    assert reveal["wall"]["earliest_s"] >= reveal["reveal"]["earliest_s"]
    assert reveal["bare"]["earliest_s"] > 0
    assert reveal["ratio"] > 0
    pause = figures["pause"]["easy"]
    assert pause["moves"] == 4
    # With no key pressed, no move is shown before its pause is over.
    assert pause["shown"]["earliest_s"] >= 0
    assert pause["drawn"]["earliest_s"] >= pause["shown"]["earliest_s"]
