"""u (or ctrl+z) at the table takes back your last decision in a game on its own: the log says
so and the game asks it again, the same as resuming it would; in a match it is refused."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.factories import FakeClock
from tests.ui.game_support import play_game, settle, table
from tests.ui.support import ListRecorder, app_for, notifications, running
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.game.engine import prompt
from trainer.game.session import GameSession
from trainer.game.state import Discard, GameState
from trainer.settings import GameChoices, Settings
from trainer.ui.table.screen import TableScreen


def your_first_card(state: GameState) -> bool:
    asked = prompt(state)
    return state.phase == "play" and asked is not None and asked.seat == 0


async def dealt_and_thrown(pilot: Pilot[Any]) -> TableScreen:
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    await play_game(pilot, stop=your_first_card)
    return table(pilot.app)


async def test_u_takes_your_throw_back(builtin_entries: list[DrillEntry]) -> None:
    settings = Settings(game=GameChoices(variant="short", level="easy"), table_pause=0.0)
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=3, settings=settings)
    async with running(app) as pilot:
        screen = await dealt_and_thrown(pilot)
        session = screen.session
        throw = next(a for a in session.actions if isinstance(a, Discard) and a.seat == 0)
        await pilot.press("u")
        await until(pilot, lambda: session.state.phase == "discard", "the throw taken back")
        assert any(line.startswith("Undone: your throw ") for line in screen.log_lines)
        assert screen.runner.held() == session.state.hand.dealt.hands[0]
        assert screen.runner.asked is not None
        assert screen.runner.asked.kind == "discard"
        resumed = GameSession.resume(session.store)
        assert resumed is not None
        assert resumed.state == session.state
        keys = [str(screen.runner.held().index(c) + 1) for c in throw.cards]
        await pilot.press(*keys, "enter")  # the same throw again: the same game goes on
        await until(pilot, lambda: session.state.phase == "play", "the throw made again")
        assert session.undos == 1


async def test_in_a_match_there_is_no_undo(builtin_entries: list[DrillEntry]) -> None:
    choices = GameChoices(variant="short", level="easy", match_points=3)
    settings = Settings(game=choices, table_pause=0.0)
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=3, settings=settings)
    caught = notifications(app)
    async with running(app) as pilot:
        screen = await dealt_and_thrown(pilot)
        steps = screen.session.saved
        await pilot.press("ctrl+z")
        await until(pilot, lambda: bool(caught), "the refusal")
        assert caught[-1] == "No undo in a match: its games count as played."
        assert screen.session.saved == steps
