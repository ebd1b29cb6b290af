"""A heavy player's history for the store benchmark, made fast and faithfully.

Synthetic attempts come from real quiz sessions over the built-in drill sets,
on a fake clock, with seeded answers: totals a little off or right,
announcements with combinations left out or made up, time-outs, catch and
pegging answers; about ten answers a session, sessions at least ten minutes
apart. `fill` writes N of them the way an import does: the rows
`StatsStore.record` writes (`attempt_rows`), inserted by `insert_rows` in large
transactions without the summaries and the schedule, then `rebuild_derived`
recomputes those from the attempts (the tests check a rebuild equals what
recording answer by answer keeps). The sessions are made in chunks of 25,000
answers, each from its own seed (``S/k``), in worker processes while the main
process inserts the chunks in order; each chunk's times are moved to begin ten
minutes after the previous chunk's last answer (its ``uid`` derived again from
the new time, as the store derives it), so the history is one player's, in
time order.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Final, NamedTuple

from trainer.drills.loader import builtin_drills_dir, load_all
from trainer.drills.model import DrillSet
from trainer.history import StatsStore, iso, parse_iso
from trainer.history.file import (
    ATTEMPT_COLUMNS,
    Rows,
    attempt_rows,
    attempt_uid,
    insert_rows,
    rebuild_derived,
)
from trainer.judge.claims import AnnounceClaim, Answer, CatchAnswer, ClaimedItem, TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import CatchQuestion, DiscardQuestion, PlayQuestion, Question
from trainer.quiz.session import QuizSession

CHUNK: Final = 25_000
START: Final = datetime(2024, 3, 1, 18, 0, tzinfo=UTC)
SESSION_GAP: Final = timedelta(minutes=10)
"""The shortest break between two sessions."""


class Clock:
    """A fake clock (monotonic seconds and wall time together) the sessions run on."""

    def __init__(self, start: datetime = START) -> None:
        self.start = start
        self.t = 0.0

    def clock(self) -> float:
        return self.t

    def now(self) -> datetime:
        return self.start + timedelta(seconds=self.t)


@functools.cache
def drills() -> tuple[DrillSet, ...]:
    """The built-in drill sets (loaded once a process: their tables take seconds)."""
    entries = load_all([(builtin_drills_dir(), True)])
    # Counting drills: a discard drill's throw is answered and valued another way.
    return tuple(e.drill for e in entries if e.drill is not None and e.drill.kind != "discard")


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
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        items = [ClaimedItem(i.kind, i.cards) for i in q.breakdown.items if rng.random() > 0.1]
        if q.breakdown.items and rng.random() < 0.1:
            first = q.breakdown.items[0]
            items.append(ClaimedItem("pair" if first.kind != "pair" else "run", first.cards))
        return AnnounceClaim(tuple(items))
    off = rng.choice((0, 0, 0, 0, 0, 0, -1, -2, 1, 2, -4))
    return TotalClaim(max(0, q.actual + off))


def synthetic_attempts(
    count: int,
    seed: int | str,
    *,
    spread: int | None = None,
    start: datetime = START,
    prefix: str = "bench",
) -> Iterator[Attempt]:
    """``count`` attempts from seeded quiz sessions from ``start``, in time order.

    The breaks between sessions are sized so that ``spread`` answers (default
    ``count``) would take about a year, but never under ten minutes.
    """
    rng = random.Random(seed)
    sets = drills()
    clock = Clock(start)
    longest_break = 2 * 365 * 86_400 * 10 / max(spread or count, 1)
    made = 0
    while made < count:
        drill = rng.choice(sets)
        session = QuizSession(
            drill,
            random.Random(rng.getrandbits(63)),
            clock=clock.clock,
            now=clock.now,
            session_id=f"{prefix}-{made}",
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
        clock.t += rng.uniform(SESSION_GAP.total_seconds(), longest_break)


def history_chunk(total: int, seed: int, index: int) -> list[Rows]:
    """The rows of chunk ``index`` of a history of ``total`` answers (its clock from START)."""
    count = min(CHUNK, total - index * CHUNK)
    made = synthetic_attempts(count, f"{seed}/{index}", spread=total, prefix=f"bench{index}")
    return [attempt_rows(a) for a in made]


_AT, _SESSION, _NUMBER, _HAND, _STARTER = (
    ATTEMPT_COLUMNS.index(c) for c in ("at", "session_id", "number", "hand", "starter")
)


def moved(rows: Rows, by: timedelta) -> Rows:
    """The same answer ``by`` later: its time, and the identity the store derives from it."""
    row = list(rows.attempt)
    row[_AT] = iso(parse_iso(row[_AT]) + by)
    row[0] = attempt_uid(row[_SESSION], row[_NUMBER], row[_AT], row[_HAND], row[_STARTER])
    return dataclasses.replace(rows, attempt=tuple(row))


def chunks(total: int, seed: int, workers: int) -> Iterator[list[Rows]]:
    """The history's chunks in order, made ``workers`` at a time in other processes."""
    jobs = range((total + CHUNK - 1) // CHUNK)
    if workers <= 1 or len(jobs) == 1:
        for index in jobs:
            yield history_chunk(total, seed, index)
        return
    with ProcessPoolExecutor(workers) as pool:
        ahead: deque[Future[list[Rows]]] = deque()
        for index in jobs:
            ahead.append(pool.submit(history_chunk, total, seed, index))
            if len(ahead) > workers:  # keep at most a few chunks waiting in memory
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


class Filled(NamedTuple):
    """How long the fill took, and when its last answer was given."""

    insert_seconds: float
    rebuild_seconds: float
    last: datetime


def fill(store: StatsStore, count: int, seed: int, workers: int = 1) -> Filled:
    """Write a history of ``count`` synthetic answers as an import does (see the module), in
    ``workers`` processes; afterwards the WAL is copied back and emptied."""
    began = time.perf_counter()
    end = START - SESSION_GAP
    for rows in chunks(count, seed, workers):
        by = end + SESSION_GAP - START
        with store.transaction("filling") as conn:
            for one in rows:
                insert_rows(conn, moved(one, by), schedule=False, summaries=False)
        end = parse_iso(rows[-1].attempt[_AT]) + by
    inserted = time.perf_counter()
    with store.transaction("rebuilding the summaries and schedule") as conn:
        rebuild_derived(conn)
    if store.checkpointer is not None:
        store.checkpointer.wait()
    with store.guard("checkpointing") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return Filled(inserted - began, time.perf_counter() - inserted, end)
