"""A hint asked at the table and then left (Escape, then c on home): the decision made after
resuming is marked as after the hint, as it is when you never left; one made before leaving
is not carried on."""

from __future__ import annotations

from typing import Any

from tests.factories import FakeClock
from tests.ui.game_support import resume, settle, sit_down, table
from tests.ui.support import ListRecorder, app_for, running
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, Settings
from trainer.ui.screens.home import HomeScreen


async def leave(pilot: Any) -> None:
    """Escape, yes: the game saved and home on top."""
    await pilot.press("escape")
    await settle(pilot)
    await pilot.press("y")
    await until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen), "home")


async def test_a_hint_asked_before_leaving_marks_the_decision_made_after_resuming(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="short", level="standard")
    store = ListRecorder()
    app = app_for(
        builtin_entries, FakeClock(), store, seed=2, bot_pause=0.0, settings=Settings(game=choices)
    )
    async with running(app, (80, 24)) as pilot:
        await sit_down(pilot)
        first = table(app)
        await pilot.press("h")
        await until(pilot, lambda: bool(first.hints.given), "the hint said")
        await leave(pilot)
        again = await resume(pilot)
        assert again is not first
        assert again.runner.hinted
        thrown = again.session.state.rules.thrown
        await pilot.press(*(str(n) for n in range(1, thrown + 1)), "enter")  # the first cards
        await settle(pilot)
        assert again.session.hints == {(1, 0, 0)}  # hand 1, seat 0, its first decision
        # The hint went with that throw: the next table sat at marks nothing.
        await leave(pilot)
        last = await resume(pilot)
        assert not last.runner.hinted
