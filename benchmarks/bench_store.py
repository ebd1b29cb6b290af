"""Benchmark the stats store: queries over a heavy history, and recording one answer.

Run as a plain script::

    .venv/bin/python benchmarks/bench_store.py [--attempts N] [--seed S] [--rounds R]
                                               [--records K] [--workers W] [--keep-gc]
                                               [--json]

The case measured is a heavy history of N answers (default 100,000; the
targets are set for 1,000,000), made by real quiz sessions with seeded answers
and written the way an import is, in W worker processes (default one per CPU):
see `heavy_history` beside this file. Filling the store the way the trainer
does (one transaction and sync per answer) would only measure the disk.

On that store, reopened, it times each query the ``stats`` and ``review``
commands make (the whole report, its days each answer's local date, one drill's
report, the drill sets recorded, the review list with and without filters, the
due hands), R rounds each. Then it records K more answers (default 1,000) from
new sessions after the history, one at a time with `StatsStore.record`, each in
its own transaction and sync, as in the trainer. The store copies its WAL back
into the file in a thread of its own (about every 60 answers: several times in
K); each answer first waits, untimed, for a copy still running, as in the
trainer, where the next answer comes seconds after the last and a copy takes
milliseconds. K more are then recorded back to back, without that wait (no
target). Beside them, measured in the same run: the median answer time found
the naive way (``ORDER BY ms`` with an ``OFFSET``) and a bare SQLite scan of
the attempts table, for the queries; one row inserted and committed in a WAL
file of its own beside the store, for recording (the disk's floor).

The garbage collector is off inside each timed call, as `timeit` does, and the
objects alive before the timings are frozen out of it, as the trainer freezes
its tables (`trainer.ui.startup`): a full collection over the drill tables takes
tens of milliseconds, whatever the store does (``--keep-gc`` leaves it on).

Targets: 100 ms for a query (its median), 5 ms for recording one answer (the
worst of the K). Missed targets are reported as MISS, not errors: the exit
status is 0 unless the store disagrees with the fill.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any, Final, NamedTuple

# The history builder beside this file (a module of its own, so worker processes import it).
sys.path.insert(0, str(Path(__file__).resolve().parent))
from heavy_history import fill, synthetic_attempts

from trainer.history import StatsStore
from trainer.quiz.attempt import Attempt

DEFAULT_ATTEMPTS: Final = 100_000
DEFAULT_SEED: Final = 20_250_301
DEFAULT_ROUNDS: Final = 7
DEFAULT_RECORDS: Final = 1_000
QUERY_TARGET_MS: Final = 100.0
RECORD_TARGET_MS: Final = 5.0


# ---------------------------------------------------------------- timing


def clocked(func: Callable[[], object], *, keep_gc: bool) -> float:
    """Milliseconds of one call, the garbage collector off during it (as `timeit` does)
    unless ``keep_gc``."""
    was_on = gc.isenabled()
    if not keep_gc:
        gc.disable()
    try:
        began = time.perf_counter()
        func()
        return (time.perf_counter() - began) * 1000
    finally:
        if was_on:
            gc.enable()


def percentile(times: Sequence[float], share: float) -> float:
    """The time ``share`` of the calls took at most (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@contextlib.contextmanager
def frozen(keep_gc: bool) -> Iterator[None]:
    """Every object alive now kept out of the garbage collector's passes (unless
    ``keep_gc``), as the trainer does once its tables are built (`trainer.ui.startup`)."""
    if keep_gc:
        yield
        return
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def timed(func: Callable[[], object], rounds: int, *, keep_gc: bool) -> list[float]:
    """Milliseconds of each of ``rounds`` calls."""
    return [clocked(func, keep_gc=keep_gc) for _ in range(rounds)]


def naive_median(path: Path) -> Callable[[], object]:
    """The median answer time the naive way: walk the ms index to the middle."""

    def run() -> object:
        with contextlib.closing(sqlite3.connect(path)) as conn:
            (n,) = conn.execute("SELECT count(*) FROM attempts").fetchone()
            return conn.execute(
                "SELECT ms FROM attempts ORDER BY ms LIMIT ? OFFSET ?", (2 - n % 2, (n - 1) // 2)
            ).fetchall()

    return run


def bare_scan(path: Path) -> Callable[[], object]:
    """A bare SQLite scan of the attempts table (what any figure read from it costs)."""

    def run() -> object:
        with contextlib.closing(sqlite3.connect(path)) as conn:
            return conn.execute(
                "SELECT count(*), sum(ms), sum(outcome = 'exact') FROM attempts"
            ).fetchall()

    return run


def bare_commits(folder: Path, count: int, *, keep_gc: bool) -> list[float]:
    """Milliseconds of ``count`` one-row inserts, each committed and synced, in a WAL file."""
    with contextlib.closing(sqlite3.connect(folder / "floor.sqlite3", isolation_level=None)) as c:
        c.execute("PRAGMA journal_mode = WAL")
        c.execute("PRAGMA synchronous = FULL")
        c.execute("CREATE TABLE t (x INTEGER)")

        def commit() -> None:
            c.execute("BEGIN IMMEDIATE")
            c.execute("INSERT INTO t VALUES (1)")
            c.execute("COMMIT")

        return [clocked(commit, keep_gc=keep_gc) for _ in range(count)]


def record(
    store: StatsStore, attempts: Sequence[Attempt], *, paced: bool, keep_gc: bool
) -> tuple[list[float], int]:
    """Milliseconds of each `StatsStore.record`, and how many checkpoints ran meanwhile.

    Paced, each answer waits (untimed) for a background checkpoint still running, as
    in the trainer, where the next answer comes seconds after the last and a
    checkpoint takes milliseconds; not paced, answers are recorded back to back.
    """
    checkpointer = store.checkpointer
    assert checkpointer is not None
    before = checkpointer.done
    times = []
    for attempt in attempts:
        if paced:
            checkpointer.wait()
        times.append(clocked(functools.partial(store.record, attempt), keep_gc=keep_gc))
    checkpointer.wait()
    return times, checkpointer.done - before


class Line(NamedTuple):
    """One row of the table: a query's times, and its target (None: a baseline, or shown
    for information)."""

    label: str
    times: Sequence[float]
    target: float | None = None
    by_worst: bool = False
    note: str = "baseline"

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def worst(self) -> float:
        return max(self.times)

    @property
    def ok(self) -> bool:
        return self.target is None or (self.worst if self.by_worst else self.median) < self.target

    def text(self) -> str:
        if self.target is None:
            verdict = self.note
        else:
            judged = "worst" if self.by_worst else "median"
            verdict = f"{self.target:5.0f} ms {judged:<6}  {'PASS' if self.ok else 'MISS'}"
        return f"{self.label:<40} {self.median:9.2f} {self.worst:9.2f}   {verdict}"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=DEFAULT_ATTEMPTS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timings a query")
    parser.add_argument(
        "--records", type=int, default=DEFAULT_RECORDS, help="answers recorded one at a time"
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes making the history"
    )
    parser.add_argument(
        "--keep-gc", action="store_true", help="leave the garbage collector on while timing"
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    n: int = args.attempts
    rounds: int = args.rounds
    print(f"Muggins stats-store benchmark: a heavy history of {n:,} attempts, seed {args.seed},")
    print(f"{rounds} round(s) a query, {args.records:,} answers recorded, ", end="")
    print(f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}")
    figures: dict[str, Any] = {"attempts": n, "seed": args.seed, "rounds": rounds}
    with tempfile.TemporaryDirectory(prefix="muggins-bench-") as folder:
        path = Path(folder) / "muggins.sqlite3"
        with StatsStore(path) as store:
            filled = fill(store, n, args.seed, args.workers)
        seconds = filled.insert_seconds + filled.rebuild_seconds
        size = path.stat().st_size
        print(
            f"filled in {seconds:.1f} s ({filled.insert_seconds:.1f} s to make and insert the "
            f"answers with {args.workers} worker(s), {filled.rebuild_seconds:.1f} s to rebuild "
            f"the summaries and schedule), {size / 2**20:.0f} MiB"
        )
        figures |= {
            "fill_seconds": seconds,
            "insert_seconds": filled.insert_seconds,
            "rebuild_seconds": filled.rebuild_seconds,
            "bytes": size,
        }
        with StatsStore(path) as store, contextlib.ExitStack() as stack:
            stored = store.attempt_count()
            figures["stored"] = stored
            report = store.report()
            busiest = max(report.drills, key=lambda d: d.attempts).drill_id
            now = filled.last + timedelta(days=30)
            figures["itemised"] = report.itemised
            figures["due"] = store.due_count(now)
            print(
                f"{stored:,} attempts in {len(report.drills)} drill sets, {report.itemised:,} "
                f"itemised, {store.review_total():,} combinations to review, "
                f"{figures['due']:,} hands due\n"
            )
            later = filled.last + timedelta(hours=1)
            extra = list(synthetic_attempts(args.records, args.seed + 1, start=later, prefix="new"))
            more = list(
                synthetic_attempts(args.records, args.seed + 2, start=extra[-1].at, prefix="more")
            )
            keep: bool = args.keep_gc
            stack.enter_context(frozen(keep))
            queries: list[tuple[str, Callable[[], object]]] = [
                ("stats: whole report", store.report),
                (f"stats --drill {busiest}", lambda: store.report(busiest)),
                ("drill sets with answers", store.drills),
                ("review: newest 50", lambda: store.review_items()),
                ("review --kind pair-royal", lambda: store.review_items(kind="pair-royal")),
                (f"review --drill {busiest}", lambda: store.review_items(drill=busiest)),
                ("review --kind fifteen (category)", lambda: store.review_items(kind="fifteen")),
                ("review: total count", lambda: store.review_total()),
                ("due hands (a re-drill: 20)", lambda: store.due(now, limit=20)),
                ("due count", lambda: store.due_count(now)),
            ]
            lines = [Line(q, timed(f, rounds, keep_gc=keep), QUERY_TARGET_MS) for q, f in queries]
            lines += [
                Line(
                    "baseline: median, ORDER BY ms OFFSET n/2",
                    timed(naive_median(path), rounds, keep_gc=keep),
                ),
                Line(
                    "baseline: bare scan of attempts", timed(bare_scan(path), rounds, keep_gc=keep)
                ),
                Line(
                    "every due hand",
                    timed(lambda: store.due(now), rounds, keep_gc=keep),
                    note="no target",
                ),
            ]
            paced, checkpoints = record(store, extra, paced=True, keep_gc=keep)
            rushed, _ = record(store, more, paced=False, keep_gc=keep)
            floor = bare_commits(Path(folder), args.records, keep_gc=keep)
            lines += [
                Line("record one answer", paced, RECORD_TARGET_MS, by_worst=True),
                Line("record, back to back", rushed, note="no target"),
                Line("baseline: bare one-row commit", floor),
            ]
            figures["checkpoints"] = checkpoints
            expected = stored + len(extra) + len(more)
            agrees = store.attempt_count() == expected == store.report().overall.attempts
    print(f"{'query':<40} {'median':>9} {'worst':>9}   target (ms, judged on)")
    for line in lines:
        print(line.text())
    slowest = sorted(range(len(paced)), key=paced.__getitem__)[-5:][::-1]
    print(
        f"\nrecording: {figures['checkpoints']} background checkpoints ran meanwhile; 99% of "
        f"answers took under {percentile(paced, 0.99):.2f} ms; the slowest: "
        + ", ".join(f"{paced[i]:.2f} ms (answer {i + 1})" for i in slowest)
    )
    figures["timings"] = {
        line.label: {
            "median_ms": line.median,
            "p99_ms": percentile(line.times, 0.99),
            "worst_ms": line.worst,
            "target_ms": line.target,
        }
        for line in lines
    }
    figures["all_pass"] = all(line.ok for line in lines)
    if not agrees:
        print("ERROR: the store does not hold every attempt written")
    if args.json:
        print()
        print(json.dumps(figures))
    return 0 if agrees else 1


if __name__ == "__main__":
    raise SystemExit(main())
