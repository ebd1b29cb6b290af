"""At 80x24 with three or four players the answer box opens under the computer's spoken
count, never over it, and says whose count it is."""

from __future__ import annotations

import pytest

from tests.ui.game_support import play_game, settle, sit_down, table_app
from tests.ui.support import running
from trainer.drills.loader import DrillEntry
from trainer.game.engine import prompt
from trainer.game.state import GameState
from trainer.settings import GameChoices, GameVariantId
from trainer.ui.table.screen import TableScreen


def answering_a_computer(state: GameState) -> bool:
    """You are asked to answer a computer's count of a hand or a crib."""
    asked, pending = prompt(state), state.hand.pending
    return (
        asked is not None
        and asked.kind == "respond"
        and asked.seat == 0
        and pending is not None
        and pending.box is not None
        and pending.seat != 0
    )


@pytest.mark.parametrize("game", ["three-hand", "four-hand"])
async def test_the_answer_box_keeps_the_spoken_count_in_sight_and_names_its_owner(
    builtin_entries: list[DrillEntry], game: GameVariantId
) -> None:
    choices = GameChoices(variant=game, level="standard")
    app = table_app(builtin_entries, choices, seed=4)
    async with running(app, (80, 24)) as pilot:
        await sit_down(pilot)
        await play_game(pilot, stop=answering_a_computer)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await settle(pilot)
        pending = screen.session.state.hand.pending
        assert pending is not None
        owner = screen.runner.names[pending.seat]
        box = screen.query_one("#table-input")
        assert box.display
        assert box.border_title == f"{owner}'s {pending.box}"
        log = screen.query_one("#log")
        assert log.region.bottom <= box.region.y  # the box is under the log, not over it
        assert log.scroll_y == log.max_scroll_y  # the log shows its last lines
        assert screen.log_lines[-1].startswith(f"{owner} ({pending.box}): ")
