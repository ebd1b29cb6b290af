"""At the table, a mistyped number cannot decide a game: a call that cannot be right is refused
with the reason (nothing is taken), and a call that would hand the computer the game if it
were wrong is asked about first (n takes nothing, y takes the call)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.game_support import play_game, revealed, settle, table, type_in
from tests.ui.support import ListRecorder, app_for, notifications, running
from tests.ui.waiting import until, until_screen
from trainer.drills.loader import DrillEntry
from trainer.game.calls import most_missed
from trainer.game.engine import prompt
from trainer.game.state import GameState, Respond
from trainer.judge.claims import CatchAnswer
from trainer.settings import GameChoices, Settings
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.table.screen import TableScreen


def need(state: GameState) -> int:
    """What the claim waiting for an answer needs to win (0: none waits)."""
    pending = state.hand.pending
    if pending is None:
        return 0
    return state.rules.target - state.scores[state.rules.side_of(pending.seat)]


def most(state: GameState) -> int:
    """The most the claim waiting for an answer can have missed, as the table sees it."""
    pending = state.hand.pending
    assert pending is not None
    assert pending.box is not None
    return most_missed(pending.claimed, len(state.cards_of(pending.seat, pending.box)))


def risky_answer(state: GameState) -> bool:
    """You answer a computer's count that a wrong call of what it needs would win."""
    asked = prompt(state)
    if asked is None or asked.kind != "respond" or asked.seat != 0:
        return False
    return 0 < need(state) <= most(state)


async def at_a_risky_answer(pilot: Pilot[Any]) -> TableScreen:
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    await play_game(pilot, stop=risky_answer)
    screen = table(pilot.app)
    assert risky_answer(screen.session.state)
    assert screen.query_one("#table-input", Input).has_focus
    return screen


SETTINGS = Settings(game=GameChoices(variant="short", level="easy"), table_pause=0.0)


@pytest.mark.slow  # seconds of a whole game's work: in CI, not in the quick loop
async def test_a_call_that_could_lose_the_game_is_asked_first(
    builtin_entries: list[DrillEntry],
) -> None:
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=3, settings=SETTINGS)
    async with running(app) as pilot:
        screen = await at_a_risky_answer(pilot)
        state = screen.session.state
        needed = need(state)
        steps = len(screen.session.actions)
        await pilot.press(*str(needed), "enter")
        asked = await until_screen(pilot, ConfirmScreen, "the question before the call")
        assert asked.question == f"Call muggins for {needed}?"
        assert asked.detail == (
            f"If nothing was missed, Computer takes the {needed} and that wins the game "
            f"({needed} to go)."
        )
        await pilot.press("n")
        await until(pilot, lambda: pilot.app.screen is screen, "the table again")
        assert len(screen.session.actions) == steps  # nothing taken
        entry = screen.query_one("#table-input", Input)
        assert (entry.has_focus, entry.value) == (True, "")
        await pilot.press(*str(needed), "enter")
        await until_screen(pilot, ConfirmScreen, "the question again")
        await pilot.press("y")
        await until(pilot, lambda: revealed(screen) is not None, "the call's reveal")
        assert screen.session.actions[steps] == Respond(0, CatchAnswer(call=needed))


@pytest.mark.slow  # seconds of a whole game's work: in CI, not in the quick loop
async def test_a_call_that_cannot_be_right_is_refused_saying_why(
    builtin_entries: list[DrillEntry],
) -> None:
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=3, settings=SETTINGS)
    caught = notifications(app)
    async with running(app) as pilot:
        screen = await at_a_risky_answer(pilot)
        state = screen.session.state
        pending = state.hand.pending
        assert pending is not None
        steps = len(screen.session.actions)
        too_much = most(state) + 1
        await type_in(pilot, str(too_much))
        await until(pilot, lambda: bool(caught), "the refusal")
        assert caught[-1].startswith(
            f"muggins for {too_much} cannot be right: Computer claimed {pending.claimed}, and "
            f"a 4-card {pending.box} scores at most "
        )
        assert len(screen.session.actions) == steps
        assert pilot.app.screen is screen
        assert screen.query_one("#table-input", Input).display
