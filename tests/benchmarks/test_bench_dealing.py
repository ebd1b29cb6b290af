"""Smoke test for benchmarks/bench_dealing.py: it runs, checks its deals, prints its tables.

Speed is not asserted: only that every built-in drill gets its line and the
rejection comparison is printed, a drill a test (``--drill``).
"""

from __future__ import annotations

import random
from typing import Final

import pytest
import yaml

from tests.benchmarks.support import BENCHMARKS, load_bench
from trainer.drills.constraints import Constraints
from trainer.drills.dealing import make_dealer
from trainer.drills.model import DrillSet
from trainer.drills.schema import parse_drill

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def rows(out: str, first: str) -> list[str]:
    """The printed lines whose first word is ``first``."""
    return [line for line in out.splitlines() if line.split()[:1] == [first]]


# The discard drills deal hands to throw from, no show to deal: not timed here.
DRILL_IDS: Final = sorted(
    p.stem
    for p in (BENCHMARKS.parent / "drills").glob("*.yaml")
    if "kind: discard" not in p.read_text()
)
RAREST: Final = ("dream-hands", "double-double-runs", "big-hands", "multiple-runs", "nineteen")
"""Part 2's rarest constraints (one of no built-in drill), run together to check their order."""


def bench_run(capsys: pytest.CaptureFixture[str], *drill_ids: str) -> str:
    """The benchmark's output for these drills, on a small input; it must pass."""
    bench = load_bench("bench_dealing")
    argv = ["--deals", "20", "--rounds", "1"]
    for drill_id in drill_ids:
        argv += ["--drill", drill_id]
    code = bench.main(argv)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "BAD DEAL" not in out
    assert "FAIL" not in out
    assert "stream), 0 bad;" in out
    assert "shows, 0 bad" in out
    return out


def compared(out: str) -> list[str]:
    """The constraints part 2 compared against rejection, in the order printed."""
    return [
        line.split()[0]
        for line in out.splitlines()
        if line.rstrip().endswith("x") and (" estimated " in line or " measured " in line)
    ]


def test_every_drill_is_benchmarked() -> None:
    assert len(DRILL_IDS) >= 10
    assert set(RAREST) - {"double-double-runs"} <= set(DRILL_IDS)


@pytest.mark.parametrize("drill_id", DRILL_IDS)
def test_benchmark_times_and_checks_each_drill(
    drill_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # One drill a test (the benchmark over them all was one long test that held a worker).
    out = bench_run(capsys, drill_id)
    # Part 1: the drill's line, with its times and a verdict.
    lines = [line for line in rows(out, drill_id) if " ms PASS" in line or " ms MISS" in line]
    assert len(lines) == 1, out
    assert "of 1 drills under 5 ms per question" in out
    # Part 2: a constrained show drill against rejection, with a speedup.
    assert "against rejection sampling" in out
    drill = parse_drill(
        yaml.safe_load((BENCHMARKS.parent / "drills" / f"{drill_id}.yaml").read_text()),
        drill_id=drill_id,
        source="test",
        deep=False,
    )
    constrained = drill.kind != "play" and not drill.constraints.unconstrained
    assert compared(out) == ([drill_id] if constrained else []), out


def test_benchmark_compares_the_rarest_constraints_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = bench_run(capsys, *RAREST)
    found = compared(out)
    assert found[0] == "dream-hands", out
    assert sorted(found) == [
        "big-hands",
        "double-double-runs*",
        "dream-hands",
        "multiple-runs",
        "nineteen",
    ], out
    assert " estimated " in rows(out, "dream-hands")[-1]
    assert " measured " in rows(out, "nineteen")[-1]
    assert "80 of 12,994,800 deals" in out


def test_rejection_sampler_keeps_only_fitting_hands() -> None:
    bench = load_bench("bench_dealing")
    drill = parse_drill(
        {"name": "t", "description": "t", "deal": {"score": 0, "avoid_ranks": ["5"]}},
        drill_id="t",
        source="test",
    )
    shows, draws = bench.rejection_pass(drill, random.Random(1), 30, 100_000)
    assert len(shows) == 30
    assert draws >= 30
    for hand, starter, crib in shows:
        assert bench.check_show(drill, hand, starter, crib) == []
    # A show that breaks the constraint is reported.
    hand, starter, crib = shows[0]
    five = next(c for c in bench.full_deck() if c.rank == 5 and c not in hand)
    assert bench.check_show(drill, hand, five, crib)


def test_checks_catch_a_dealer_that_breaks_its_constraints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bench = load_bench("bench_dealing")
    drill = parse_drill(
        {"name": "t", "description": "t", "deal": {"score": 0}}, drill_id="t", source="test"
    )
    report: list[str] = []
    assert bench.verify_drill(drill, 1, 30, report) == 0
    assert report == []
    # A dealer that ignores the drill's constraints deals hands that score.
    monkeypatch.setattr(DrillSet, "dealer", lambda self, crib: make_dealer(4, crib, Constraints()))
    assert bench.verify_drill(drill, 1, 30, report) > 0
    assert any("not an allowed score" in line for line in report)
