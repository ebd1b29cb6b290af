"""Screens over a drill: its clocks stand still behind them, Escape closes only the screen on
top, and ending a timed drill early asks first."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from tests.factories import FakeClock
from tests.ui.support import (
    ListRecorder,
    answer_total,
    app_for,
    drill,
    entry,
    press,
    revealing,
    running,
    session_of,
    text_of,
)
from tests.ui.waiting import palette_offers, until
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.screens.help import HelpScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.summary import SummaryScreen


async def tick(pilot: Pilot[Any], quiz: Screen[Any]) -> None:
    """The quiz's clock ticks (its 0.2 s timer's work, done now rather than waited for),
    and what a tick set off is handled."""
    assert isinstance(quiz, QuizScreen)
    quiz._tick()
    await pilot.pause()


SIZE = (100, 30)


TIMED = {"name": "Timed", "description": "d", "hands": 3, "deal": {"score": {"min": 2}},
         "time": {"per_hand": 10, "total": 100}}  # fmt: skip


async def run_command(pilot: Pilot[None], name: str) -> None:
    """Open the command palette, type a command's name and run it."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*name.lower())
    await palette_offers(pilot, name)
    await press(pilot, "enter")


async def test_the_clocks_stand_still_behind_help(clock: FakeClock, recorder: ListRecorder) -> None:
    app = app_for([entry(drill(TIMED))], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        quiz, question = app.screen, app.runner.question
        clock.advance(3)
        await until(
            pilot,
            lambda: "   7 s for this hand     97 s left" in text_of(app, "#countdown"),
            "the countdown's tick",
        )
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        clock.advance(60)  # far past the hand's 10 s while reading help
        await tick(pilot, quiz)  # the quiz's clock ticks under help
        assert isinstance(app.screen, HelpScreen)
        assert recorder.attempts == []
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is quiz
        assert app.runner.question is question
        assert session_of(app).hand_seconds_left() == 7.0
        assert session_of(app).drill_seconds_left() == 97.0
        assert "   7 s for this hand     97 s left" in text_of(app, "#countdown")
        clock.advance(2)
        assert question is not None
        await answer_total(app, pilot, question.actual)
        assert revealing(app)
        assert [(a.seconds, a.timed_out, a.exact) for a in recorder.attempts] == [
            (5.0, False, True)
        ]


OVER_A_DRILL = {
    "help": ("f1",),
    "palette": ("ctrl+p",),
    "stats": ("Stats",),
    "review": ("Review",),
    "settings": ("Settings",),
}


@pytest.mark.parametrize("what", list(OVER_A_DRILL))
async def test_escape_over_a_timed_quiz_closes_only_that_screen(
    what: str, clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(drill(TIMED))], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        quiz, question = app.screen, app.runner.question
        (keys,) = OVER_A_DRILL[what]
        if keys in ("f1", "ctrl+p"):
            await press(pilot, keys)
        else:
            await run_command(pilot, keys)
        over = app.screen
        assert over is not quiz
        assert what in type(over).__name__.lower() or what == "palette"
        clock.advance(30)  # the hand's 10 s and more: it must not run out behind
        await tick(pilot, quiz)
        assert app.screen is over
        await press(pilot, "escape")
        assert app.screen is quiz
        assert app.screen_stack[:-1] == [app.screen_stack[0]]  # home, then the quiz
        assert app.runner.question is question
        assert not session_of(app).finished
        assert session_of(app).hand_seconds_left() == 10.0
        assert recorder.attempts == []


async def test_escape_on_help_over_the_reveal_keeps_the_reveal(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Two", "description": "d", "hands": 2})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        await answer_total(app, pilot, q.actual)
        reveal = app.screen
        assert revealing(app)
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert app.screen_stack[-1] is reveal
        assert not session_of(app).finished


# ---------------------------------------------------------------- ending a timed drill


async def test_ending_a_timed_drill_early_asks_first(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(drill(TIMED))], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        first = app.runner.question
        assert first is not None
        await answer_total(app, pilot, first.actual)
        await press(pilot, "space")
        quiz, question = app.screen, app.runner.question
        clock.advance(4)
        for no in ("n", "escape"):  # Escape on the question closes only the question
            await press(pilot, "escape")
            ask = app.screen
            assert isinstance(ask, ConfirmScreen)
            assert (ask.question, ask.detail) == ("End the drill?", "Your answers so far are kept.")
            clock.advance(30)  # the clocks stand still while it asks
            await tick(pilot, quiz)
            assert app.screen is ask
            await press(pilot, no)
            assert app.screen is quiz
            assert app.runner.question is question
            assert session_of(app).hand_seconds_left() == 6.0
        await press(pilot, "escape")
        await press(pilot, "y")
        assert isinstance(app.screen, SummaryScreen)
        assert len(recorder.attempts) == 1
        assert "Hands                 1" in text_of(app, "#summary-table")


async def test_ending_a_timed_drill_from_the_reveal_asks_too(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(drill(TIMED))], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        await answer_total(app, pilot, q.actual)
        reveal = app.screen
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.screen is reveal
        await press(pilot, "escape")
        await press(pilot, "enter")  # Enter is yes
        assert isinstance(app.screen, SummaryScreen)
        assert len(recorder.attempts) == 1


async def test_an_untimed_drill_ends_at_once(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill({"name": "Two", "description": "d", "hands": 2})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)  # nothing answered: home, nothing asked


async def test_the_drill_clock_stands_still_behind_help_over_the_reveal(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(drill(TIMED))], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        question = app.runner.question
        assert question is not None
        clock.advance(3)
        await answer_total(app, pilot, question.actual)
        assert revealing(app)
        assert session_of(app).drill_seconds_left() == 97.0
        await pilot.press("f1")
        await pilot.pause()
        clock.advance(50)
        await pilot.press("escape")
        await pilot.pause()
        assert revealing(app)
        assert session_of(app).drill_seconds_left() == 97.0
        # On to the next deal: the clocks run again.
        await pilot.press("enter")
        await pilot.pause()
        clock.advance(4)
        assert not session_of(app).paused
        assert session_of(app).drill_seconds_left() == 93.0
        assert session_of(app).hand_seconds_left() == 6.0
