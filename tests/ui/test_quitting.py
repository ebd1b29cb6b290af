"""A quit from outside (a browser tab closed, the server stopping, a signal) arrives behind
the keys typed before it: the answer those keys enter is judged and recorded, not dropped."""

from __future__ import annotations

import asyncio
from typing import Any

from textual import events
from textual.messages import ExitApp
from textual.pilot import Pilot
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, drill, entry, press, running
from tests.ui.waiting import PATIENCE
from trainer.ui.app import MugginsApp
from trainer.ui.screens.quiz import QuizScreen

TEN = drill({"name": "Ten", "description": "d", "hands": 2})


async def _ended(app: MugginsApp, timeout: float = PATIENCE) -> None:
    """Wait for the app to end (as long as anything is waited for: a busy machine is slow)."""
    async with asyncio.timeout(timeout):
        while app.is_running:
            await asyncio.sleep(0.01)


async def _four_in_the_box(pilot: Pilot[Any], app: MugginsApp) -> QuizScreen:
    """Start the drill and type 4 in the answer box, not yet entered."""
    await press(pilot, "enter")
    assert isinstance(app.screen, QuizScreen)
    app.screen.query_one("#claim", Input).value = "4"
    return app.screen


async def test_an_answer_entered_just_before_a_quit_is_recorded(recorder: ListRecorder) -> None:
    app = app_for([entry(TEN)], FakeClock(), recorder)
    async with running(app) as pilot:
        await _four_in_the_box(pilot, app)
        # As the web driver hands them over: the Enter, then at once the quit, no pause.
        app.post_message(events.Key("enter", "\r"))
        app.post_message(ExitApp())
        await _ended(app)
        app.runner.flush(10)
    assert [a.number for a in recorder.attempts] == [1]


async def test_an_answer_entered_as_the_tab_loses_focus_and_closes_is_recorded(
    recorder: ListRecorder,
) -> None:
    app = app_for([entry(TEN)], FakeClock(), recorder)
    async with running(app) as pilot:
        await _four_in_the_box(pilot, app)
        # As a closing browser tab sends them: the Enter, the page's blur, the quit, at once.
        # (The blur took the focus from the box before its Enter came back to the app's
        # bindings: the answer was never submitted.)
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.AppBlur())
        app.post_message(ExitApp())
        await _ended(app)
        app.runner.flush(10)
    assert [a.number for a in recorder.attempts] == [1]


async def test_an_answer_entered_as_the_app_loses_focus_is_judged(
    recorder: ListRecorder,
) -> None:
    app = app_for([entry(TEN)], FakeClock(), recorder)
    async with running(app) as pilot:
        quiz = await _four_in_the_box(pilot, app)
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.AppBlur())  # another window, a tab switched, at once
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.screen is quiz
        assert quiz.revealed is not None  # judged: its reveal is shown
        assert app.focused is None  # and the focus gone, as the blur says
        app.post_message(events.AppFocus())
        await pilot.pause()
        focused = app.focused
        assert focused is not None  # back where it was
        app.post_message(events.AppBlur())  # away and back at once: the focus stays
        app.post_message(events.AppFocus())
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.focused is focused
        app.runner.flush(10)
    assert [a.number for a in recorder.attempts] == [1]


async def test_a_key_after_a_blur_keeps_the_focus(recorder: ListRecorder) -> None:
    """A blur waits for the keys before it; a key after it (a browser tab's first key, after
    the blur the web driver posts at start) says the app has the focus: the blur is dropped,
    never taking the focus from under that key."""
    app = app_for([entry(TEN)], FakeClock(), recorder)
    async with running(app) as pilot:
        quiz = await _four_in_the_box(pilot, app)
        app.post_message(events.AppBlur())
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert quiz.revealed is not None
        assert app.app_focus
        app.runner.flush(10)
    assert [a.number for a in recorder.attempts] == [1]


async def test_a_quit_with_nothing_typed_still_quits(recorder: ListRecorder) -> None:
    app = app_for([entry(TEN)], FakeClock(), recorder)
    async with running(app):
        app.post_message(ExitApp())
        await _ended(app)
    assert not app.is_running
    assert recorder.attempts == []
