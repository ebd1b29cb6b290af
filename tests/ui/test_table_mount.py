"""The table on a slow machine: its nested widgets may finish mounting after the screen's
own `on_mount` (on a busy machine `NoMatches '#table-input'` was raised there in 3 runs of
8). Here every container of the table mounts its children late, on purpose: the game is
still dealt, drawn and played."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.game_support import play_game, settle, table
from tests.ui.support import ListRecorder, app_for, running, text_of
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, Settings
from trainer.ui.table import screen as table_screen
from trainer.ui.table.screen import TableScreen

POLL = 0.01
"""Seconds between a slow container's looks at whether it may mount its children."""


class SlowVertical(Vertical):
    """A container that mounts its children only once the test lets it (`opened`), however
    long after it is mounted itself: on a loaded machine a fixed delay could be over before
    the test looked."""

    opened: ClassVar[bool] = False

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        def mount_when_opened() -> None:
            if SlowVertical.opened:
                waiting.stop()
                self.mount_all(widgets)

        waiting = self.set_interval(POLL, mount_when_opened)


async def seated(screen: TableScreen, pilot: Any) -> None:
    """Wait (for the thing itself, with `waiting.PATIENCE` in seconds: a loaded machine once
    ran out of a count of 3,000 looks) until the table has started its game; on failure say
    what it was still waiting for."""

    def started() -> bool:
        return screen.runner.asked is not None and bool(str(screen.drawing.prompt.render()))

    try:
        await until(pilot, started, "the table to start its game")
    except AssertionError as failed:
        unmounted = [repr(part) for part in screen._parts() if not part.is_mounted]
        raise AssertionError(
            f"{failed}: seated {screen.seated}, attached {screen.is_attached}, "
            f"asked {screen.runner.asked}, not mounted: {unmounted or 'none'}"
        ) from None


async def test_a_game_dealt_while_the_table_mounts_slowly(
    builtin_entries: list[DrillEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_screen, "Vertical", SlowVertical)
    monkeypatch.setattr(SlowVertical, "opened", False)
    choices = GameChoices(variant="short", level="easy")
    store = ListRecorder()
    app = app_for(
        builtin_entries, FakeClock(), store, seed=5, bot_pause=0.0, settings=Settings(game=choices)
    )
    async with running(app) as pilot:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        # the game is dealt in a worker
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # The screen is mounted before its nested widgets are: the table waits for them.
        assert not screen.query("#table-input")
        SlowVertical.opened = True
        await seated(screen, pilot)
        assert screen.query_one("#table-input", Input) is screen._input
        assert "Throw 2 cards" in text_of(app, "#table-prompt")
        await play_game(pilot, stop=lambda s: s.hand.number > 1)  # and it plays on
        assert table(app).session.state.hand.number == 2
