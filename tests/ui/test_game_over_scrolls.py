"""A game's summary longer than the window scrolls with the arrows, and its keys stay in
sight on its bottom edge."""

from __future__ import annotations

from textual.containers import VerticalScroll

from tests.factories import FakeClock
from tests.ui.flow.game_plans import saved_at_its_last_hand
from tests.ui.game_support import play_game, resume
from tests.ui.support import ListRecorder, app_for, running
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, Settings
from trainer.ui.table.summary import GameOverScreen


async def test_the_game_over_scrolls_and_keeps_its_keys_in_sight(
    builtin_entries: list[DrillEntry],
) -> None:
    choices = GameChoices(variant="short", level="easy")
    store = ListRecorder()
    saved_at_its_last_hand(store, choices, 3)
    app = app_for(
        builtin_entries, FakeClock(), store, seed=3, bot_pause=0.0, settings=Settings(game=choices)
    )
    async with running(app, (80, 24)) as pilot:
        await resume(pilot)  # the game's last hand
        await play_game(pilot)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game's end")
        screen = app.screen
        coach = screen.query_one("#game-coach")
        await until(pilot, lambda: "costliest" in str(coach.render()), "the coach's lines")
        await pilot.resize_terminal(80, 14)  # a window too short for the whole summary
        box = screen.query_one("#game-over", VerticalScroll)
        await until(pilot, lambda: box.max_scroll_y > 0, "the summary to overflow")
        assert box.border_subtitle == "Enter or Escape: home"
        assert box.has_focus
        await pilot.press("end")
        await until(pilot, lambda: box.scroll_y == box.max_scroll_y, "the summary's end")
        assert box.region.bottom <= 13  # the box, its bottom edge with the keys, above the footer
        await pilot.press("home")
        await until(pilot, lambda: box.scroll_y == 0, "the summary's top")
