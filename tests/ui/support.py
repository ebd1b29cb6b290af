"""Helpers for driving the real app: a history in memory that lists what it recorded, drills
from dicts, notifications caught as they are sent, and the app itself on fixed clocks."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.factories import FIXED_NOW, FakeClock, make_drill
from tests.ui.waiting import PATIENCE, until
from trainer.drills.loader import DrillEntry
from trainer.drills.model import DrillSet
from trainer.history import StatsStore
from trainer.quiz.attempt import Attempt
from trainer.quiz.session import QuizSession
from trainer.ui.app import MugginsApp, make_app
from trainer.ui.flow.history import History
from trainer.ui.flow.options import Options


class ListRecorder(StatsStore):
    """A real stats store, in memory, that also keeps every attempt it recorded, in order."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.attempts: list[Attempt] = []

    def record(self, attempt: Attempt) -> int:
        self.attempts.append(attempt)
        return super().record(attempt)


def drill(data: dict[str, Any], drill_id: str = "test") -> DrillSet:
    """A drill set from a dict, as if read from ``test.yaml``."""
    return make_drill(data, drill_id=drill_id)


def entry(d: DrillSet) -> DrillEntry:
    return DrillEntry(d.id, d.source, d, None)


def app_for(
    entries: list[DrillEntry],
    clock: FakeClock,
    recorder: History | None,
    *,
    seed: int = 7,
    now: Callable[[], datetime] = lambda: FIXED_NOW,
    **options: Any,
) -> MugginsApp:
    """The real app with a fixed seed, the fake clock, a fixed now and the given history
    (opened at start, as the trainer opens the store; or give ``history=`` an opener);
    other keywords are `Options`."""
    opener = options.pop("history", None if recorder is None else lambda: recorder)
    chosen = Options(clock=clock, now=now, warm_tables=False, **options)
    return make_app(entries, random.Random(seed), history=opener, options=chosen)


SIZE = (100, 30)


@asynccontextmanager
async def running(
    app: MugginsApp, size: tuple[int, int] = SIZE, *, toasts: bool = False
) -> AsyncIterator[Pilot[None]]:
    """Run the app headless and wait until its start-up work is done (the history open);
    ``toasts`` draws the notifications on the screen (headless, they are not by default)."""
    async with app.run_test(size=size, notifications=toasts) as pilot:
        await started(pilot)
        try:
            yield pilot
        finally:
            app.runner.close(0)  # stop the recorder's thread with the app


async def started(pilot: Pilot[Any]) -> None:
    """Wait until the app's start-up work is done (the history open): a snapshot's or a
    test's first key must not race it on a busy machine."""
    app = pilot.app
    assert isinstance(app, MugginsApp)
    # The start-up work begins once home's footer is drawn (or after a second): on a busy
    # machine that can be after the first pause, so wait for it to begin first.
    await until(pilot, lambda: app._started, "the app's start-up work")
    await app.workers.wait_for_complete()
    await pilot.pause()


FLUSH_SECONDS = PATIENCE


def flushed(app: App[Any]) -> None:
    """Wait until every answer judged is written to the history (the recorder writes them
    in a thread of its own), if there is a history to write to."""
    if isinstance(app, MugginsApp) and app.runner.recorder is not None:
        assert app.runner.flush(FLUSH_SECONDS), "answers still waiting to be written"


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys, then wait for what they set going in the background (a read of the
    history, an answer written) and for the screen to show it."""
    await pilot.press(*keys)
    await pilot.app.workers.wait_for_complete()
    flushed(pilot.app)
    await pilot.pause()


def notifications(app: App[Any]) -> list[str]:
    """Start catching the app's notifications: the list fills as they are sent."""
    caught: list[str] = []
    send = app.notify

    def notify(message: str, **options: Any) -> None:
        caught.append(message)
        send(message, **options)

    app.notify = notify  # type: ignore[method-assign]
    return caught


def revealing(app: App[Any]) -> bool:
    """Whether the screen on top shows a drill's reveal (in its question's place)."""
    from trainer.ui.screens.quiz import QuizScreen

    screen = app.screen
    return isinstance(screen, QuizScreen) and screen.revealed is not None


def text_of(app: MugginsApp, selector: str) -> str:
    """What a `Static` on the current screen shows."""
    return str(app.screen.query_one(selector, Static).render())


def session_of(app: MugginsApp) -> QuizSession:
    assert app.runner.session is not None
    return app.runner.session


async def answer_total(app: MugginsApp, pilot: Pilot[Any], points: int) -> None:
    """Type a count into the claim box (set directly: typing is not under test) and Enter."""
    app.screen.query_one("#claim", Input).value = str(points)
    await pilot.press("enter")
    flushed(app)
    await pilot.pause()
