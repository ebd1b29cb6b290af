"""Stats show the counts said aloud beside accuracy: how many, how right, how fast."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

from tests.factories import FakeClock
from tests.history.known import drill
from tests.ui.support import app_for, press, running, text_of
from tests.ui.waiting import until, until_screen
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


async def test_a_speed_no_count_has_is_named_and_the_rest_shown(tmp_path: Path) -> None:
    """A count's end of 10**400 seconds (let in by an import before imports were bounded):
    the screen names the answer and the field, and shows the other count said aloud."""
    path = tmp_path / "muggins.sqlite3"
    with StatsStore(path) as store:
        for n in range(2):
            session = QuizSession(drill("warm-up"), random.Random(n), session_id=f"s{n}")
            question = session.next_question()
            assert question is not None
            total = question.breakdown.total  # type: ignore[union-attr]
            attempt = session.answer(TotalClaim(total), spoken=SpokenTimes(0.5, 3.5))
            assert attempt is not None
            store.record(attempt)
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        (answer,) = conn.execute("SELECT answer FROM attempts WHERE id = 2").fetchone()
        spoiled = answer.replace('"end":3.5', f'"end":{10**400}')
        assert spoiled != answer
        conn.execute("UPDATE attempts SET answer = ? WHERE id = 2", (spoiled,))
    with StatsStore(path) as store:
        app = app_for([], FakeClock(), store)
        async with running(app) as pilot:
            await press(pilot, "s")
            screen = await until_screen(pilot, StatsScreen)
            await until(pilot, lambda: screen.report is not None, "the stats read")
            assert text_of(app, "#stats-spoken") == (
                "Counted aloud: 1 hand, 100% exact, 3.5 s a count (first word after 0.5 s)"
            )
            assert text_of(app, "#stats-damaged") == (
                "Left out, damaged in your history:\n"
                "the saved answer 2: answer: spoken: end: a 401-digit number is not seconds of "
                "a count said aloud (0 to 60): the history's copy of it is damaged"
            )
            assert screen.query_one("#stats-damaged").display
            await press(pilot, "escape")
            await press(pilot, "s")  # every visit reads it again, and shows it again
            screen = await until_screen(pilot, StatsScreen)
            await until(pilot, lambda: screen.report is not None, "the stats read again")
            assert "the saved answer 2: answer: spoken: end:" in text_of(app, "#stats-damaged")
