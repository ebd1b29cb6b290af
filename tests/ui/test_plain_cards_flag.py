"""``--plain-cards`` holds for the whole session: settings saved since (a new game's choices,
the settings screen's card style) never turn it off."""

from __future__ import annotations

from textual.widgets import Select

from tests.factories import FakeClock
from tests.ui.game_support import settle
from tests.ui.support import ListRecorder, app_for, running
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, Settings
from trainer.ui.screens.game_setup import GameSetupScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.table.screen import TableScreen
from trainer.ui.widgets.playing_card import PlayingCard


async def test_changing_the_game_keeps_the_plain_cards_of_the_command_line(
    builtin_entries: list[DrillEntry],
) -> None:
    settings = Settings(card_style="symbols", game=GameChoices(variant="short"))
    app = app_for(
        builtin_entries,
        FakeClock(),
        ListRecorder(),
        plain_cards=True,
        bot_pause=0.0,
        settings=settings,
    )
    async with running(app) as pilot:
        await pilot.press("g")
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, GameSetupScreen)
        setup.query_one("#variant", Select).value = "standard"  # a new choice: saved, applied
        await pilot.press("ctrl+d")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert app.settings.game.variant == "standard"
        assert app.plain_cards
        assert table.plain
        cards = list(table.query(PlayingCard))
        assert cards
        assert all(card.plain for card in cards)
        home = app.screen_stack[0]
        assert isinstance(home, HomeScreen)
        assert home.plain
