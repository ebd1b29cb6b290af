"""Smoke test for benchmarks/bench_simulate.py: the old code unpacked from git and the new
one play the same games in one process, and the ratio is printed.

Speed is not asserted (timings flake on a shared machine); that the records agree is.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.benchmarks.support import load_bench

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def _has_baseline(commit: str) -> bool:
    if shutil.which("git") is None:
        return False
    found = subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], check=False)
    return found.returncode == 0


def test_benchmark_plays_the_same_games_with_both_versions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench("bench_simulate")
    if not _has_baseline(bench.BASELINE):
        pytest.fail(f"the baseline commit {bench.BASELINE} is not in this clone (fetch it)")
    before = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "trainer"}
    code = bench.main(["--games", "4", "--chunk", "2", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    figures = json.loads(out[out.index("\n{") + 1 :])
    assert figures["games"] == 4
    assert figures["hands"] > 0
    assert figures["records_differ"] == 0
    assert figures["ratio"] > 0
    after = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "trainer"}
    assert after == before  # the test process's own modules, the same objects
