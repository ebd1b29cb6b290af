"""The answer to your count opens its reveal with no frame of the table drawn in between
(the frame is held while the computer's answer is taken); an answer that takes long does
not hold the screen: after `HOLD_LIMIT` the table is drawn, and the reveal when it comes."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from tests.ui.game_support import play_game, settle, sit_down, table_app
from tests.ui.support import running
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.game.engine import prompt
from trainer.game.state import GameState
from trainer.rules.show import score_show
from trainer.settings import GameChoices
from trainer.ui.table import step_workers
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.screen import TableScreen


def your_count(state: GameState) -> bool:
    asked = prompt(state)
    return asked is not None and asked.kind == "count" and asked.seat == 0


CHOICES = GameChoices(variant="standard", level="easy")


async def at_your_count(pilot: Pilot[Any]) -> TableScreen:
    """Deal from home and play (the computer's moves at once) until you are asked your count."""
    await sit_down(pilot)
    await play_game(pilot, stop=your_count)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def frames_seen(app: App[Any]) -> list[bool]:
    """From now on, for each frame the app draws: whether the reveal is shown in it."""
    seen: list[bool] = []
    display = app._display

    def drawn(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            seen.append(isinstance(screen, TableScreen) and screen.revealed is not None)
        display(screen, renderable)

    app._display = drawn  # type: ignore[method-assign]
    return seen


async def test_the_reveal_is_the_first_frame_after_enter_on_your_count(
    builtin_entries: list[DrillEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(step_workers, "HOLD_LIMIT", 600.0)  # never reached: a busy machine
    app = table_app(builtin_entries, CHOICES, seed=4)
    async with running(app, (80, 24)) as pilot:
        screen = await at_your_count(pilot)
        state = screen.session.state
        seat, box = state.hand.to_show[0]
        show = score_show(state.cards_of(seat, box), state.hand.dealt.starter, crib=box == "crib")
        await pilot.press(*str(show.total))
        await settle(pilot)
        frames = frames_seen(app)
        await pilot.press("enter")
        await until(pilot, lambda: screen.revealed is not None, "the reveal")
        await until(pilot, lambda: bool(frames), "a frame")
        assert all(frames), frames  # no frame of the table before the reveal
        assert not app._batch_count


async def test_an_answer_that_takes_long_does_not_hold_the_screen(
    builtin_entries: list[DrillEntry], monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on = threading.Event()
    move = TableRunner.bot_move

    def slow(runner: TableRunner, *args: Any, **kwargs: Any) -> Any:
        if runner.state.hand.pending is not None:  # the answer to your count
            go_on.wait(60)
        return move(runner, *args, **kwargs)

    app = table_app(builtin_entries, CHOICES, seed=4)
    async with running(app, (80, 24)) as pilot:
        screen = await at_your_count(pilot)
        monkeypatch.setattr(TableRunner, "bot_move", slow)
        await pilot.press("0")
        await settle(pilot)
        frames = frames_seen(app)
        try:
            await pilot.press("enter")
            # The limit passes with the answer still being taken: the table is drawn.
            await until(pilot, lambda: bool(frames), "a frame while the answer is taken")
            assert not app._batch_count
            assert screen.revealed is None
        finally:
            go_on.set()
        await until(pilot, lambda: screen.revealed is not None, "the reveal")
        await until(pilot, lambda: frames[-1], "the reveal drawn")
        assert not app._batch_count
