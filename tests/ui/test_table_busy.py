"""The table while another program holds the history: your move waits to be saved in a worker
(the screen answers meanwhile and says why the game waits), and is shown once it is saved,
never refused and never sending you home. The lock is held until the test lets it go."""

from __future__ import annotations

from pathlib import Path

from tests.history.test_store import held
from tests.ui.game_support import settle
from tests.ui.support import notifications, running
from tests.ui.test_game_table import deal, game_app
from tests.ui.waiting import until, until_screen
from trainer.drills.loader import DrillEntry
from trainer.history import DB_NAME, StatsStore
from trainer.history.writing import load_game
from trainer.settings import GameChoices
from trainer.ui.screens.help import HelpScreen
from trainer.ui.table.flow.your_move import YOURS_SAVED, YOURS_WAIT
from trainer.ui.table.screen import TableScreen


async def test_a_busy_history_holds_your_move_up_and_never_the_screen(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    path = tmp_path / DB_NAME
    with StatsStore(path) as store:
        app = game_app(builtin_entries, store, GameChoices(variant="short"), 2)
        sent = notifications(app)
        async with running(app) as pilot:
            table = await deal(pilot)
            runner = table.runner

            def your_throw() -> bool:
                asked = runner.asked
                return asked is not None and asked.seat == runner.human and runner.bot is None

            await until(pilot, your_throw, "your throw")
            before = runner.state
            held_cards = runner.held()
            with held(path, 60) as let_go:
                await pilot.press("1", "2", "enter")
                await until(pilot, lambda: YOURS_WAIT in sent, "the notice that your move waits")
                assert runner.saving is not None
                assert runner.state is before
                # The screen answers while the move waits: Help opens over the table, and
                # closes again, the move still waiting.
                await pilot.press("f1")
                await until_screen(pilot, HelpScreen)
                await pilot.press("escape")
                await until_screen(pilot, TableScreen)
                assert runner.saving is not None
                assert app.screen is table
                let_go()
            await until(pilot, lambda: YOURS_SAVED in sent, "the notice that your move is saved")
            await settle(pilot)
            assert app.screen is table  # still at the table: not sent home
            assert runner.saving is None
            assert runner.state.hand.thrown[runner.human] == tuple(held_cards[:2])
            saved = load_game(store, runner.session.uid)
            assert saved is not None
            assert saved.steps >= before.steps + 1
            assert len(saved.actions) == saved.steps
            assert not any(text.startswith("Could not save") for text in sent)
