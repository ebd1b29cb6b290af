"""Real exports for hostile tests: answers dealt and judged by quiz sessions, written by the
trainer's own exporter, so any import that refuses them is wrong."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime

from tests.factories import FakeClock
from trainer.drills.loader import builtin_drills_dir, find_drill, load_all
from trainer.history import StatsStore, exchange
from trainer.judge.claims import TotalClaim
from trainer.quiz.questions import ShowQuestion
from trainer.quiz.session import QuizSession


def export_text(answers: int, *, seed: int = 7) -> str:
    """A JSON export of ``answers`` warm-up answers (every third one short by two), in
    sessions of ten, from ``seed``."""
    drill = find_drill(load_all([(builtin_drills_dir(), True)], deep=False), "warm-up")
    rng = random.Random(seed)
    with StatsStore(":memory:") as store:
        done = 0
        while done < answers:
            clock = FakeClock(wall=datetime(2025, 5, 1 + done // 100, 9, 0, tzinfo=UTC))
            session = QuizSession(
                drill, rng, clock=clock, now=clock.now, session_id=f"s{seed}-{done}"
            )
            for _ in range(min(10, answers - done)):
                question = session.next_question()
                assert isinstance(question, ShowQuestion)
                clock.advance(4.0)
                actual = question.breakdown.total
                short = done % 3 == 0 and actual >= 2
                attempt = session.answer(TotalClaim(actual - 2 if short else actual))
                assert attempt is not None
                store.record(attempt)
                done += 1
        buffer = io.StringIO()
        exchange.write_json(exchange.export_records(store), buffer)
    return buffer.getvalue()
