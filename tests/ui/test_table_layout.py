"""The table in a small window: three players fit 80x24 (the prompt on the screen, the seats'
and the crib's labels whole, the log's lines wrapped to the width they are shown in); a
table that cannot fit says what size to make the window instead of drawing itself cut; the
match's standing stays in the title."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from tests.factories import FakeClock
from tests.ui.game_support import play_game, settle
from tests.ui.support import ListRecorder, app_for, running, text_of
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, GameVariantId, Settings
from trainer.ui.table.log import TableLog
from trainer.ui.table.screen import TableScreen
from trainer.ui.table.summary import HandSummaryScreen


def game_app(entries: list[DrillEntry], variant: GameVariantId, **choices: Any) -> Any:
    chosen = GameChoices(variant=variant, level="standard", **choices)
    return app_for(
        entries, FakeClock(), ListRecorder(), seed=3, bot_pause=0.0, settings=Settings(game=chosen)
    )


async def deal(pilot: Pilot[Any]) -> TableScreen:
    await pilot.press("g")
    await settle(pilot)
    await pilot.press("ctrl+d")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    return screen


def whole(screen: TableScreen, selector: str) -> str:
    """A one-row line of the table, checked to be on the screen and not cut."""
    widget = screen.query_one(selector, Static)
    region = widget.region
    assert region.height >= 1
    assert region.bottom <= screen.size.height - 1  # above the footer
    text = widget.render()
    assert isinstance(text, Content)
    assert text.cell_length <= region.width, f"{selector} is cut: {text.plain!r}"
    return text.plain


async def test_three_players_fit_80x24(builtin_entries: list[DrillEntry]) -> None:
    app = game_app(builtin_entries, "three-hand", match_points=3)
    async with running(app, size=(80, 24)) as pilot:
        screen = await deal(pilot)
        for stop in (
            lambda s: True,  # the throw: five cards a seat
            lambda s: s.hand.table is not None and len(s.hand.table.pile) >= 3,  # the play
        ):
            await play_game(pilot, stop=stop)
            prompt = whole(screen, "#table-prompt")
            assert prompt.startswith(("Throw", "Your turn", "Left is", "Right is"))
            seats = whole(screen, "#seats")
            assert "Left" in seats
            assert "Right" in seats
            assert " crib " in seats
            title = whole(screen, "#table-title")
            assert "match to 3: game 1, 0-0-0" in title
        # Every line of the log is wrapped to the width it is shown in.
        log = screen.query_one(TableLog)
        assert log.max_scroll_y > 0  # the log scrolls
        width = log.scrollable_content_region.width
        assert all(line.cell_length <= width for line in log.lines)


async def test_a_table_that_cannot_fit_says_what_size_to_make_the_window(
    builtin_entries: list[DrillEntry],
) -> None:
    app = game_app(builtin_entries, "four-hand-solo")
    async with running(app, size=(80, 24)) as pilot:
        screen = await deal(pilot)
        assert not screen.fit.fits
        said = text_of(app, "#table-too-small")
        assert "make the window at least 100x22 (or 80x27)" in said
        assert screen.query_one("#table-too-small").region.height > 0
        assert not screen.query_one("#table-view").display
        await pilot.resize_terminal(100, 24)
        await settle(pilot)
        assert screen.fit.fits
        assert screen.query_one("#table-view").display
        assert whole(screen, "#table-prompt").startswith(("Throw", "Left is", "Right is"))


async def test_the_title_and_the_seats_fit_under_a_hand_summary_at_80x24(
    builtin_entries: list[DrillEntry],
) -> None:
    app = game_app(builtin_entries, "three-hand", match_points=3)
    async with running(app, size=(80, 24)) as pilot:
        screen = await deal(pilot)
        # The table is drawn again as the last reveal of the hand closes, before its layout:
        # its lines must still be drawn to the width they are shown in.
        await play_game(pilot, until=lambda s: isinstance(s, HandSummaryScreen))
        assert isinstance(app.screen, HandSummaryScreen)
        title = whole(screen, "#table-title")
        assert "match to 3: game 1, 0-0-0" in title
        seats = whole(screen, "#seats")
        assert " crib " in seats
