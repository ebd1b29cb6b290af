"""Smoke test for benchmarks/bench_dealing.py: it runs, checks its deals, prints its tables.

Speed is not asserted: only that every built-in drill gets its line and the
rejection comparison is printed.
"""

from __future__ import annotations

import random

import pytest

from tests.benchmarks.support import BENCHMARKS, load_bench
from trainer.drills.constraints import Constraints
from trainer.drills.dealing import make_dealer
from trainer.drills.model import DrillSet
from trainer.drills.schema import parse_drill

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


def rows(out: str, first: str) -> list[str]:
    """The printed lines whose first word is ``first``."""
    return [line for line in out.splitlines() if line.split()[:1] == [first]]


def test_benchmark_runs_and_prints_every_drill(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_dealing")
    code = bench.main(["--deals", "20", "--rounds", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "BAD DEAL" not in out
    assert "FAIL" not in out
    assert "stream), 0 bad;" in out
    assert "shows, 0 bad" in out

    # Part 1: a line per built-in drill with its times and a verdict.
    files = (BENCHMARKS.parent / "drills").glob("*.yaml")
    # The discard drills deal hands to throw from, no show to deal: not timed here.
    drill_ids = sorted(p.stem for p in files if "kind: discard" not in p.read_text())
    assert drill_ids
    for drill_id in drill_ids:
        lines = [line for line in rows(out, drill_id) if " ms PASS" in line or " ms MISS" in line]
        assert len(lines) == 1, (drill_id, out)
    assert f"of {len(drill_ids)} drills under 5 ms per question" in out

    # Part 2: direct against rejection, rarest first, with a speedup on every line.
    assert "against rejection sampling" in out
    compared = [
        line.split()[0]
        for line in out.splitlines()
        if line.rstrip().endswith("x") and (" estimated " in line or " measured " in line)
    ]
    assert compared[0] == "dream-hands", out
    for label in ("double-double-runs*", "big-hands", "multiple-runs", "nineteen"):
        assert label in compared, (label, out)
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
