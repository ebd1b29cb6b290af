"""Start-up and the stats file: the app opens the player's history in the background, and the
file appears with the first answer, never just for starting and quitting."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import app_for, drill, entry, running
from trainer.history import DB_NAME
from trainer.history.writing import DeferredStore
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen

TEN = drill({"name": "Ten", "description": "d", "hands": 2})


async def test_start_and_quit_makes_no_file(tmp_path: Path) -> None:
    path = tmp_path / "data" / DB_NAME
    opened: list[DeferredStore] = []

    def open_history() -> DeferredStore:
        opened.append(DeferredStore(path))
        return opened[-1]

    app = app_for([entry(TEN)], FakeClock(), None, history=open_history)
    async with running(app) as pilot:
        assert isinstance(app.screen, HomeScreen)
        assert app.runner.history is opened[0]
        await pilot.press("ctrl+q")
    opened[0].close()
    assert not path.parent.exists()


async def test_the_first_answer_makes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "data" / DB_NAME
    store = DeferredStore(path)
    app = app_for([entry(TEN)], FakeClock(), None, history=lambda: store)
    try:
        async with running(app) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, QuizScreen)
            assert not path.exists()
            app.screen.query_one("#claim", Input).value = "4"
            await pilot.press("enter")
            await pilot.pause()
            assert path.is_file()
            assert store.report().overall.attempts == 1
    finally:
        store.close()
