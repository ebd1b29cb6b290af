"""Answering the computer's count at the table: a accepts in one key (no Enter), the reveal of
an accepted count opens only if the settings say so (a call's always does), and the
computer's pause is the settings' (0 to 2 s)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.game_support import play_game, revealed, settle, table
from tests.ui.support import ListRecorder, app_for, running
from trainer.drills.loader import DrillEntry
from trainer.game.engine import prompt
from trainer.game.state import GameState, Respond
from trainer.judge.claims import CatchAnswer
from trainer.settings import GameChoices, Settings
from trainer.ui.table.screen import TableScreen


def your_answer(state: GameState) -> bool:
    asked = prompt(state)
    return asked is not None and asked.kind == "respond" and asked.seat == 0


async def to_your_answer(pilot: Pilot[Any], settings: Settings) -> TableScreen:
    """Deal the game of ``settings`` and play it to the first computer's count you answer."""
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    await play_game(pilot, stop=your_answer)
    screen = table(pilot.app)
    assert screen.runner.asked is not None
    assert screen.runner.asked.kind == "respond"
    assert screen.query_one("#table-input", Input).has_focus
    return screen


@pytest.mark.parametrize("reveal_accepted", [True, False], ids=["reveal on", "reveal off"])
async def test_a_accepts_the_computers_count_in_one_key(
    builtin_entries: list[DrillEntry], reveal_accepted: bool
) -> None:
    settings = Settings(
        game=GameChoices(variant="short", level="easy"),
        table_pause=0.0,
        reveal_accepted=reveal_accepted,
    )
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=3, settings=settings)
    async with running(app) as pilot:
        screen = await to_your_answer(pilot, settings)
        assert screen.runner.pause == 0.0  # the settings' pause (no command-line one)
        steps = len(screen.session.actions)
        await pilot.press("a")  # no Enter
        await settle(pilot)
        assert screen.session.actions[steps] == Respond(0, CatchAnswer())
        shown = revealed(screen)
        if reveal_accepted:
            assert shown is not None
            assert shown.answered is not None
            assert shown.answered.answer == CatchAnswer()
        else:
            assert shown is None
            assert "accept" in " ".join(screen.log_lines[-4:])  # the log still says it


async def test_a_call_opens_its_reveal_even_with_accepts_unrevealed(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="short", level="easy")
    settings = Settings(game=choices, table_pause=0.0, reveal_accepted=False)
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=3, settings=settings)
    async with running(app) as pilot:
        screen = await to_your_answer(pilot, settings)
        await pilot.press("t")  # waits for Enter: "t" may begin "ten"
        await settle(pilot)
        assert revealed(screen) is None
        assert screen.query_one("#table-input", Input).value == "t"
        await pilot.press("enter")
        await settle(pilot)
        shown = revealed(screen)
        assert shown is not None
        assert shown.answered is not None
        assert shown.answered.answer == CatchAnswer(too_many=True)


async def test_the_computers_pause_is_the_settings(builtin_entries: list[DrillEntry]) -> None:
    settings = Settings(game=GameChoices(variant="short"), table_pause=1.6)
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), settings=settings)
    async with running(app) as pilot:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert table(app).runner.pause == 1.6


async def test_a_pause_given_on_the_command_line_holds_over_the_settings(
    builtin_entries: list[DrillEntry],
) -> None:
    settings = Settings(game=GameChoices(variant="short"), table_pause=2.0)
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), bot_pause=0.0, settings=settings)
    async with running(app) as pilot:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert table(app).runner.pause == 0.0
