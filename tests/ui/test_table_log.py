"""The table's log follows its last line: when an answer box opens under it and the log
shrinks, the newest lines stay in sight; a log scrolled back stays where it was."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from trainer.ui.table.log import TableLog


class LogAndBox(App[None]):
    """A log over a box that opens on demand, as at the table."""

    CSS = "#box { height: 3; display: none; }"

    def compose(self) -> ComposeResult:
        yield TableLog(id="log")
        yield Static("answer", id="box")


LINES = [f"line {n}" for n in range(60)]


async def test_a_log_showing_its_end_still_shows_it_when_a_box_opens_under_it() -> None:
    app = LogAndBox()
    async with app.run_test(size=(40, 20)) as pilot:
        log = app.query_one(TableLog)
        await pilot.pause()
        log.say(LINES)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y == len(LINES) - 20
        app.query_one("#box").display = True
        await pilot.pause()
        await pilot.pause()
        assert log.size.height == 20 - 3
        assert log.max_scroll_y == len(LINES) - log.size.height
        assert log.scroll_y == log.max_scroll_y


async def test_a_log_scrolled_back_stays_where_it_was_when_a_box_opens_under_it() -> None:
    app = LogAndBox()
    async with app.run_test(size=(40, 20)) as pilot:
        log = app.query_one(TableLog)
        await pilot.pause()
        log.say(LINES)
        await pilot.pause()
        log.scroll_to(y=5, animate=False, immediate=True)
        app.query_one("#box").display = True
        await pilot.pause()
        await pilot.pause()
        assert log.size.height == 20 - 3
        assert log.scroll_y == 5
