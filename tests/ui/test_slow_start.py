"""A slow start: hands answered before the trainer's history is open are kept, however slow
the opening. The trainer is built as ``muggins`` builds it (`trainer.ui.launch.build`), its
history's opening held until the test lets it go (never for so many seconds): answers given
meanwhile are kept in a file beside the store at once, written to the history when it opens
or as the trainer quits (`trainer.ui.launch.wind_up`), and a trainer killed first leaves
them to the next start. The kill is `tests/ui/test_slow_start_kill.py`'s."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.ui.support import revealing
from tests.ui.waiting import PATIENCE, until, until_screen
from trainer.cli.parser import parse
from trainer.history import StatsStore, store_path
from trainer.history.writing import DeferredStore, pending_files
from trainer.ui.app import MugginsApp
from trainer.ui.launch import build, wind_up
from trainer.ui.screens.quiz import QuizScreen


def hold_the_opening(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hold the trainer's history's opening until the returned event is set."""
    go = threading.Event()
    opening = DeferredStore.open

    def held(override: Any = None) -> DeferredStore:
        go.wait(PATIENCE)
        return opening(override)

    monkeypatch.setattr(DeferredStore, "open", held)
    return go


async def answer_hands(pilot: Pilot[Any], app: MugginsApp, count: int) -> None:
    """Start the warm-up from home and answer ``count`` hands right, each reveal closed."""
    await until(pilot, lambda: app._started, "the start-up work (the history's opening)")
    await pilot.press("enter")
    await until_screen(pilot, QuizScreen)
    for n in range(1, count + 1):
        question = app.runner.question
        assert question is not None
        assert question.number == n
        app.screen.query_one("#claim", Input).value = str(question.actual)
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), f"the reveal of hand {n}")
        await pilot.press("enter")

        def next_hand(number: int = n + 1) -> bool:
            asked = app.runner.question
            return asked is not None and asked.number == number and not revealing(app)

        await until(pilot, next_hand, f"hand {n + 1}")


def opening_ended(opened: list[DeferredStore]) -> None:
    """Wait (the app gone) until the history's opening has ended, as the trainer waits for
    its background work before it returns, for at most `PATIENCE`."""
    pause = threading.Event()
    for _ in range(int(PATIENCE / 0.02)):
        if opened:
            return
        pause.wait(0.02)
    raise AssertionError("the history's opening never ended")


async def test_three_hands_answered_before_the_history_opens_are_saved_at_quitting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    go = hold_the_opening(monkeypatch)
    app, opened = build(parse([]))
    path = store_path(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await answer_hands(pilot, app, 3)
        assert app.runner.history is None  # still being opened
        assert app.runner.unwritten == 3
        early = app.runner.early
        assert early is not None
        assert early.flush(PATIENCE)
        assert len(pending_files(path)) == 1  # kept beside it meanwhile
        await pilot.press("ctrl+q")
    go.set()  # the opening ends after the quit
    opening_ended(opened)
    wind_up(app, opened)
    with StatsStore(path) as store:
        assert store.attempt_count() == 3
        assert store.report().overall.attempts == 3
    assert pending_files(path) == []


async def test_hands_answered_before_the_history_opens_are_saved_once_it_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    go = hold_the_opening(monkeypatch)
    app, opened = build(parse([]))
    path = store_path(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await answer_hands(pilot, app, 2)
        go.set()
        await until(pilot, lambda: app.runner.history is not None, "the history open")
        assert app.runner.flush(PATIENCE)
        assert pending_files(path) == []  # the file they were kept in, gone with them
        await pilot.press("ctrl+q")
    wind_up(app, opened)
    with StatsStore(path) as store:
        assert store.attempt_count() == 2
