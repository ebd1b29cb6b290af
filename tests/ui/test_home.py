"""Home: every drill set reachable in 80x24, and the weak-spots drill naming its aim."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, press, running, text_of
from trainer.drills.loader import DrillEntry
from trainer.ui.screens.quiz import QuizScreen

SIZE = (100, 30)


async def test_home_in_80x24_scrolls_to_every_drill_set(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, (80, 24)) as pilot:
        screen = app.screen
        table = screen.query_one("#drills", DataTable)
        shown = table.scrollable_content_region.height - table.header_height
        assert table.row_count == len(builtin_entries) == 18
        assert shown < table.row_count  # 80x24 cannot show them all: the list scrolls
        assert screen.query_one("#description").region.bottom <= 23  # above the footer
        assert table.border_subtitle == "1 of 18"
        last = builtin_entries[-1].drill
        assert last is not None
        await press(pilot, "end")
        assert table.cursor_row == 17
        assert table.scroll_y <= 17 < table.scroll_y + shown  # the cursor row is in view
        assert table.border_subtitle == "18 of 18"
        assert text_of(app, "#description") == last.description
        await press(pilot, "home")
        assert (table.cursor_row, table.scroll_y) == (0, 0)
        assert table.border_subtitle == "1 of 18"
        assert "Ten random hands" in text_of(app, "#description")
        await press(pilot, *["down"] * 16)
        assert table.scroll_y <= 16 < table.scroll_y + shown


# ---------------------------------------------------------------- weak spots


async def test_weak_spots_names_its_aim_on_home_and_in_the_quiz_title(
    builtin_entries: list[DrillEntry], clock: FakeClock, tmp_path: Path
) -> None:
    """On tests/history/known.py's history the worst kind is the double pair royal."""
    from tests.history.known import build_history
    from trainer.history import StatsStore

    with StatsStore(tmp_path / "stats.sqlite3") as history:
        build_history(history)
        app = app_for(builtin_entries, clock, history)
        async with running(app, SIZE) as pilot:
            row = [e.id for e in builtin_entries].index("weak-spots")
            app.screen.query_one("#drills", DataTable).move_cursor(row=row)
            await pilot.pause()
            assert text_of(app, "#description").startswith(
                "Aimed at double pairs royal (four of a kind), your weak spot: you missed 6 of"
            )
            await press(pilot, "enter")
            assert isinstance(app.screen, QuizScreen)
            assert text_of(app, "#quiz-title").startswith(
                "Weak spots: double pairs royal (four of a kind)  ·  1 of 10  ·  standard"
            )


async def test_weak_spots_without_a_weak_spot_says_random_hands(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    weak = next(e.drill for e in builtin_entries if e.id == "weak-spots")
    assert weak is not None
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, SIZE) as pilot:
        row = [e.id for e in builtin_entries].index("weak-spots")
        app.screen.query_one("#drills", DataTable).move_cursor(row=row)
        await pilot.pause()
        assert text_of(app, "#description") == weak.description
        await press(pilot, "enter")
        assert text_of(app, "#quiz-title").startswith("Weak spots: random hands  ·  1 of 10")
