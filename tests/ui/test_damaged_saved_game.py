"""A saved game too damaged to read (its row changed by hand or by another program) never
stops a new game: dealing one asks first, naming the damage, and yes gives it up."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

from tests.factories import FakeClock
from tests.ui.game_support import settle
from tests.ui.support import app_for, running
from tests.ui.waiting import until_screen
from trainer.drills.loader import DrillEntry
from trainer.history import DB_NAME, StatsStore
from trainer.history.writing import game_count
from trainer.settings import GameChoices, Settings
from trainer.ui.flow.game_start import new_session
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.table.screen import TableScreen


async def test_a_new_game_over_a_damaged_saved_game_asks_then_deals(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    choices = GameChoices(variant="short")
    with StatsStore.open(tmp_path) as store:
        damaged = new_session(store, choices, random.Random(1)).uid
    with contextlib.closing(sqlite3.connect(tmp_path / DB_NAME)) as conn, conn:
        conn.execute("UPDATE games SET updated = 'yesterday' WHERE uid = ?", (damaged,))
    with StatsStore.open(tmp_path) as store:
        app = app_for(
            builtin_entries, FakeClock(), store, seed=5, bot_pause=0.0,
            settings=Settings(game=choices),
        )  # fmt: skip
        async with running(app) as pilot:
            await pilot.press("g")
            await settle(pilot)
            await pilot.press("ctrl+d")
            asked = await until_screen(pilot, ConfirmScreen, "the question")
            said = asked.query_one("#confirm-detail").render()
            assert f"the saved game '{damaged}': updated: 'yesterday' is not a time" in str(said)
            assert "(it cannot be resumed)" in str(said)
            await pilot.press("y")
            dealt = await until_screen(pilot, TableScreen, "the table")
            assert dealt.session.uid != damaged
        assert game_count(store, "abandoned") == 1
        assert game_count(store, "playing") == 1
