"""Benchmark the stats store: queries over a large history, and recording one answer.

Run as a plain script::

    .venv/bin/python benchmarks/bench_store.py [--attempts N] [--seed S] [--rounds R] [--json]

It fills a store in a temporary folder with N synthetic attempts (default
100,000), made by real quiz sessions over the built-in drill sets with a fake
clock and seeded answers: totals a little off or right, announcements with
combinations left out or made up, time-outs, catch and pegging answers,
sessions spread over a year. The fill goes through the same row-building and
insert code as `StatsStore.record`, in large transactions (recording 100,000
answers one commit at a time would only measure the disk).

Then it times, on that store, each query the ``stats`` and ``review``
commands make (the whole report, one drill's report, the review list with and
without filters, the due hands), and recording one more answer with
`StatsStore.record` (its own transaction and fsync, as in the trainer). Each
figure is the median of R rounds, with the worst beside it; targets: 100 ms
per query, 5 ms per recorded answer. Missed targets are reported as MISS, not
errors: the exit status is 0 unless the store disagrees with the fill.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from trainer.drills.loader import builtin_drills_dir, load_all
from trainer.drills.model import DrillSet
from trainer.history.rows import attempt_rows, insert_rows
from trainer.history.store import StatsStore
from trainer.judge.claims import AnnounceClaim, Answer, CatchAnswer, ClaimedItem, TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import CatchQuestion, PlayQuestion, Question
from trainer.quiz.session import QuizSession

DEFAULT_ATTEMPTS: Final = 100_000
DEFAULT_SEED: Final = 20_250_301
DEFAULT_ROUNDS: Final = 7
QUERY_TARGET_MS: Final = 100.0
RECORD_TARGET_MS: Final = 5.0
BATCH: Final = 5_000
START: Final = datetime(2024, 3, 1, 18, 0, tzinfo=UTC)


class Clock:
    """A fake clock (monotonic seconds and wall time together) the sessions run on."""

    def __init__(self) -> None:
        self.t = 0.0

    def clock(self) -> float:
        return self.t

    def now(self) -> datetime:
        return START + timedelta(seconds=self.t)


def drills() -> list[DrillSet]:
    return [e.drill for e in load_all([(builtin_drills_dir(), True)]) if e.drill is not None]


def synthetic_answer(q: Question, drill: DrillSet, rng: random.Random) -> Answer:
    """A plausible answer: mostly right, sometimes a little off, now and then nothing."""
    if rng.random() < 0.04:
        return None
    if q.kind == "catch":
        assert isinstance(q, CatchQuestion)
        missed = q.opponent.actual - q.opponent.claimed
        if missed > 0 and rng.random() < 0.7:
            return CatchAnswer(call=missed)
        return CatchAnswer(too_many=missed < 0 and rng.random() < 0.7)
    if drill.claim == "announce":
        assert not isinstance(q, PlayQuestion)
        items = [ClaimedItem(i.kind, i.cards) for i in q.breakdown.items if rng.random() > 0.1]
        if q.breakdown.items and rng.random() < 0.1:
            first = q.breakdown.items[0]
            items.append(ClaimedItem("pair" if first.kind != "pair" else "run", first.cards))
        return AnnounceClaim(tuple(items))
    off = rng.choice((0, 0, 0, 0, 0, 0, -1, -2, 1, 2, -4))
    return TotalClaim(max(0, q.actual + off))


def synthetic_attempts(count: int, seed: int) -> Iterator[Attempt]:
    """``count`` attempts from seeded quiz sessions, in time order over about a year."""
    rng = random.Random(seed)
    sets = drills()
    clock = Clock()
    made = 0
    while made < count:
        drill = rng.choice(sets)
        session = QuizSession(
            drill,
            random.Random(rng.getrandbits(63)),
            clock=clock.clock,
            now=clock.now,
            session_id=f"bench-{made}",
        )
        while made < count and (q := session.next_question()) is not None:
            clock.t += min(60.0, rng.lognormvariate(2.0, 0.6))
            attempt = session.answer(synthetic_answer(q, drill, rng))
            if attempt is None:
                break
            made += 1
            yield attempt
            if drill.total_seconds is None and rng.random() < 0.02:
                session.stop()
        # Sessions of about ten answers, spread over about a year whatever the count.
        clock.t += rng.uniform(600, 2 * 365 * 86_400 * 10 / max(count, 1))


def fill(store: StatsStore, count: int, seed: int) -> float:
    """Write ``count`` synthetic attempts; returns the seconds it took."""
    began = time.perf_counter()
    batch = []
    for attempt in synthetic_attempts(count, seed):
        batch.append(attempt_rows(attempt))
        if len(batch) == BATCH:
            with store.transaction("filling") as conn:
                for rows in batch:
                    insert_rows(conn, rows)
            batch = []
    if batch:
        with store.transaction("filling") as conn:
            for rows in batch:
                insert_rows(conn, rows)
    return time.perf_counter() - began


def timed(func: Callable[[], object], rounds: int) -> tuple[float, float]:
    """(median, worst) milliseconds over ``rounds`` calls."""
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        func()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times), max(times)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=DEFAULT_ATTEMPTS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS)
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    n: int = args.attempts
    rounds: int = args.rounds
    print(f"Muggins stats-store benchmark: {n:,} synthetic attempts, seed {args.seed},")
    print(f"median (worst) of {rounds} round(s), Python {sys.version.split()[0]}")
    figures: dict[str, Any] = {"attempts": n, "seed": args.seed, "rounds": rounds}
    with tempfile.TemporaryDirectory(prefix="muggins-bench-") as folder:
        path = Path(folder) / "muggins.sqlite3"
        with StatsStore(path) as store:
            seconds = fill(store, n, args.seed)
            stored = store.attempt_count()
            size = path.stat().st_size + Path(f"{path}-wal").stat().st_size
            print(f"filled in {seconds:.1f} s: {stored:,} attempts, {size / 2**20:.1f} MiB")
            figures |= {"fill_seconds": seconds, "stored": stored, "bytes": size}
            report = store.report()
            busiest = max(report.drills, key=lambda d: d.attempts).drill_id
            now = START + timedelta(days=400)
            figures["itemised"] = report.itemised
            figures["due"] = store.due_count(now)
            print(
                f"{report.itemised:,} itemised, {store.review_total():,} combinations to "
                f"review, {figures['due']:,} hands due\n"
            )
            queries: list[tuple[str, Callable[[], object]]] = [
                ("stats: whole report", store.report),
                (f"stats --drill {busiest}", lambda: store.report(busiest)),
                ("review: newest 50", lambda: store.review_items()),
                ("review --kind pair-royal", lambda: store.review_items(kind="pair-royal")),
                (f"review --drill {busiest}", lambda: store.review_items(drill=busiest)),
                ("review --kind fifteen (category)", lambda: store.review_items(kind="fifteen")),
                ("review: total count", lambda: store.review_total()),
                ("due hands (a re-drill: 20)", lambda: store.due(now, limit=20)),
                ("due count", lambda: store.due_count(now)),
            ]
            results: dict[str, Any] = {}
            failed = False
            for label, query in queries:
                median, worst = timed(query, rounds)
                ok = median < QUERY_TARGET_MS
                failed |= not ok
                results[label] = {"median_ms": median, "worst_ms": worst}
                print(
                    f"{label:<32} {median:8.1f} ms  ({worst:6.1f})  "
                    f"target {QUERY_TARGET_MS:.0f} ms: {'PASS' if ok else 'MISS'}"
                )
            extra = list(synthetic_attempts(rounds * 10, args.seed + 1))
            record_times = []
            for attempt in extra:
                began = time.perf_counter()
                store.record(attempt)
                record_times.append((time.perf_counter() - began) * 1000)
            median, worst = statistics.median(record_times), max(record_times)
            ok = median < RECORD_TARGET_MS
            results["record one answer"] = {"median_ms": median, "worst_ms": worst}
            print(
                f"{'record one answer':<32} {median:8.2f} ms  ({worst:6.2f})  "
                f"target {RECORD_TARGET_MS:.0f} ms: {'PASS' if ok else 'MISS'}"
            )
            median, worst = timed(lambda: store.due(now), rounds)
            results["every due hand (no target)"] = {"median_ms": median, "worst_ms": worst}
            print(f"{'every due hand (no target)':<32} {median:8.1f} ms  ({worst:6.1f})")
            figures["timings"] = results
            figures["all_pass"] = ok and not failed
            expected = stored + len(extra)
            agrees = store.attempt_count() == expected == store.report().overall.attempts
    if not agrees:
        print("ERROR: the store does not hold every attempt written")
    if args.json:
        print()
        print(json.dumps(figures))
    return 0 if agrees else 1


if __name__ == "__main__":
    raise SystemExit(main())
