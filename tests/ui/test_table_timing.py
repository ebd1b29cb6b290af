"""The table whatever the timing: a computer's move still returning when the next is asked for
is not cancelled (waiting for the workers failed), and a summary opened over the table covers
its log at its end however late the computer's last move came (the snapshot of the game's end
flaked on both)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.message import Message
from textual.pilot import Pilot
from textual.worker import Worker, WorkerState

from tests.factories import FakeClock
from tests.ui.flow.game_plans import saved_at_its_last_hand
from tests.ui.game_support import play_game, resume, settle, table
from tests.ui.support import ListRecorder, app_for, running
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, Settings
from trainer.ui.table.flow.effects import BotMove
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.log import TableLog
from trainer.ui.table.messages import BotMoved
from trainer.ui.table.screen import TableScreen
from trainer.ui.table.summary import GameOverScreen, HandSummaryScreen

HELD_MOVES = 8
"""How many of the computer's moves are held back after they are posted."""
HOLD_LIMIT = 0.5
"""Seconds a held move waits for the next at most (none comes when it is your turn)."""


def game_app(
    entries: list[DrillEntry], variant: Any = "short", seed: int = 5, *, last_hand: bool = False
) -> Any:
    """The app on ``seed`` with a game of ``variant`` to deal; ``last_hand``: with that game
    saved at the deal of its last hand, for home's c to resume."""
    choices = GameChoices(variant=variant, level="standard")
    store = ListRecorder()
    if last_hand:
        saved_at_its_last_hand(store, choices, seed)
    return app_for(
        entries, FakeClock(), store, seed=seed, bot_pause=0.0, settings=Settings(game=choices)
    )


async def deal(pilot: Pilot[Any]) -> TableScreen:
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    return table(pilot.app)


async def test_a_computers_move_still_returning_is_not_cancelled_by_the_next(
    builtin_entries: list[DrillEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each of the first moves, once posted, holds its worker until the next move has begun:
    # the next worker starts while this one is still running, every time.
    next_began = threading.Event()
    held = [HELD_MOVES]
    move, post = TableRunner.bot_move, TableScreen.post_message

    def bot_move(runner: TableRunner, *args: Any) -> BotMove | None:
        next_began.set()
        return move(runner, *args)

    def post_message(screen: TableScreen, message: Message) -> bool:
        posted = post(screen, message)
        if isinstance(message, BotMoved) and held[0] > 0:
            held[0] -= 1
            next_began.clear()
            next_began.wait(HOLD_LIMIT)
        return posted

    cancelled: list[str] = []
    cancel = Worker.cancel

    def cancel_running(worker: Worker[Any]) -> None:
        if worker.state == WorkerState.RUNNING:
            cancelled.append(worker.group)
        cancel(worker)

    monkeypatch.setattr(TableRunner, "bot_move", bot_move)
    monkeypatch.setattr(TableScreen, "post_message", post_message)
    monkeypatch.setattr(Worker, "cancel", cancel_running)
    app = game_app(builtin_entries)
    async with running(app) as pilot:
        await deal(pilot)
        await play_game(pilot, until=lambda s: isinstance(s, HandSummaryScreen))
        assert isinstance(app.screen, HandSummaryScreen)
        assert held[0] == 0
    assert "bot" not in cancelled


def drawn_log_end(app: Any) -> bool:
    """Whether the screen as drawn shows the log's last line (under what covers it)."""
    log = app.screen_stack[-2].query_one(TableLog)
    svg = app.export_screenshot().replace("&#160;", " ")
    return log.said[-1][-20:] in svg


async def test_the_game_over_covers_the_log_at_its_end_with_a_slow_computer(
    builtin_entries: list[DrillEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = game_app(builtin_entries, last_hand=True)
    move = TableRunner.bot_move

    def after_a_refresh(runner: TableRunner, *args: Any) -> BotMove | None:
        """Each of the computer's moves taken once the screen has been drawn twice more."""
        drawn = threading.Event()
        app.call_from_thread(app.call_after_refresh, app.call_after_refresh, drawn.set)
        drawn.wait(5)
        return move(runner, *args)

    monkeypatch.setattr(TableRunner, "bot_move", after_a_refresh)
    async with running(app) as pilot:
        await resume(pilot)  # the game's last hand
        await play_game(pilot)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert drawn_log_end(app)
