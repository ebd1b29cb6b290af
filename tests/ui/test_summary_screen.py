"""The summary driven like a user: the hands missed with what was said and the truth, their
re-drill on one key, the blitz's score when time is up, the catch's points mugged; and his
heels on the nobs drill's question and reveal."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, drill, entry, revealing, running, text_of
from tests.ui.waiting import until
from trainer.judge.claims import CatchAnswer
from trainer.quiz.questions import CatchQuestion, Question, ShowQuestion
from trainer.ui.app import MugginsApp
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.summary import SummaryScreen

SIZE = (100, 30)


def question(app: MugginsApp) -> Question:
    q = app.runner.question
    assert q is not None
    return q


async def answer(pilot: Pilot[Any], text: str, *, then: str = "space") -> None:
    """Type an answer into the claim box (set directly: typing is not under test), Enter
    unless it is a reply of one key (a, t), then leave the reveal."""
    pilot.app.screen.query_one("#claim", Input).value = text
    if text not in ("a", "t"):
        await pilot.press("enter")
    await until(pilot, lambda: revealing(pilot.app), "the reveal")
    await pilot.press(then)
    await pilot.pause()


async def test_the_summary_lists_the_hands_missed_and_m_redrills_exactly_those(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Four", "description": "d", "hands": 4, "deal": {"score": {"min": 4}}})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        asked: list[Question] = []
        for offset in (0, -2, 0, 3):
            asked.append(question(app))
            await answer(pilot, str(asked[-1].actual + offset))
        assert isinstance(app.screen, SummaryScreen)
        missed = text_of(app, "#summary-missed")
        lines = missed.splitlines()
        assert lines[0] == "Missed (2)"
        second, fourth = asked[1], asked[3]
        assert isinstance(second, ShowQuestion)
        assert isinstance(fourth, ShowQuestion)
        hand = " ".join(c.symbol for c in second.deal.hand)
        assert lines[1] == (
            f"   2. Hand  {hand} | {second.deal.starter.symbol}   "
            f"you said {second.actual - 2}; the hand is {second.actual}"
        )
        assert lines[2].startswith("   4. Hand ")
        assert lines[2].endswith(f"you said {fourth.actual + 3}; the hand is {fourth.actual}")
        assert "Press m to re-drill the hands you missed" in text_of(app, "#summary-note")

        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        assert "1 of 2" in text_of(app, "#quiz-title")
        redrilled = [question(app)]
        await answer(pilot, str(redrilled[0].actual))
        redrilled.append(question(app))
        await answer(pilot, str(redrilled[1].actual))
        assert [q.seed for q in redrilled] == [second.seed, fourth.seed]
        assert isinstance(app.screen, SummaryScreen)
        assert not app.screen.query("#summary-missed")
        assert "Press r to go again, h for home." in text_of(app, "#summary-note")
        # Nothing missed: no re-drill key; r repeats the two re-drilled hands.
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("r")
        await pilot.pause()
        assert question(app).seed == second.seed
        assert len(recorder.attempts) == 6


async def test_a_blitz_summary_gives_its_score_and_says_time_is_up(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Blitz", "description": "d", "time": {"total": 60}})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for offset in (0, 1, 0):
            clock.advance(10)
            await answer(pilot, str(question(app).actual + offset))
        clock.advance(31)  # the quiz's clock ticks and ends the drill
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()
        assert text_of(app, "#summary-title") == "Blitz: time is up"
        table = text_of(app, "#summary-table")
        assert "Hands                 3" in table
        assert "Blitz score           2 exact in 60 s" in table
        assert "Missed (1)" in text_of(app, "#summary-missed")


async def test_a_catch_summary_gives_the_points_you_mugged(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill(
        {"name": "Catch", "description": "d", "kind": "catch", "hands": 8, "opponent_errors": 1}
    )
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        mugged = 0
        for _ in range(8):
            q = question(app)
            assert isinstance(q, CatchQuestion)
            said, truth = q.opponent.claimed, q.actual
            if said < truth:
                mugged += truth - said
                await answer(pilot, str(truth - said))
            else:
                await answer(pilot, "t" if said > truth else "a")
        assert isinstance(app.screen, SummaryScreen)
        assert all(a.exact for a in recorder.attempts)
        assert all(isinstance(a.answer, CatchAnswer) for a in recorder.attempts)
        assert mugged > 0
        table = text_of(app, "#summary-table")
        assert f"Points you mugged     {mugged}" in table
        assert "Points let slip       0" in table
        assert "Points given away     0" in table
        assert "Right answers         8" in table


async def test_his_heels_on_the_nobs_question_and_its_reveal(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Heels", "description": "d", "deal": {"require": ["jack-starter"]}})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        assert isinstance(q, ShowQuestion)
        assert q.deal.starter.rank == 11
        assert text_of(app, "#heels") == (
            "A jack was turned: his heels, 2 for the dealer at the cut. What does the hand score?"
        )
        app.screen.query_one("#claim", Input).value = str(q.actual + 2)
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        assert text_of(app, "#reveal-notes").startswith(
            "His heels: the jack turned up pegs 2 for the dealer; it is not part of the count."
            " You said 2 too many: was it his heels?"
        )
