"""Stats show the counts said aloud beside accuracy: how many, how right, how fast."""

from __future__ import annotations

import random

from tests.factories import FakeClock
from tests.history.known import drill
from tests.ui.support import app_for, press, running, text_of
from trainer.history import StatsStore
from trainer.judge.claims import TotalClaim
from trainer.quiz.attempt import SpokenTimes
from trainer.quiz.session import QuizSession
from trainer.ui.screens.stats import StatsScreen


async def test_the_stats_say_how_fast_counts_were_said_aloud() -> None:
    with StatsStore(":memory:") as store:
        for n, spoken in enumerate((SpokenTimes(0.5, 3.5), None)):
            session = QuizSession(drill("warm-up"), random.Random(n), session_id=f"s{n}")
            question = session.next_question()
            assert question is not None
            total = question.breakdown.total  # type: ignore[union-attr]
            attempt = session.answer(TotalClaim(total), spoken=spoken)
            assert attempt is not None
            store.record(attempt)
        app = app_for([], FakeClock(), store)
        async with running(app) as pilot:
            await press(pilot, "s")
            assert isinstance(app.screen, StatsScreen)
            assert text_of(app, "#stats-spoken") == (
                "Counted aloud: 1 hand, 100% exact, 3.5 s a count (first word after 0.5 s)"
            )
