"""Home: every drill set reachable in 80x24, and the weak-spots drill naming its aim."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, press, running, text_of
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry, builtin_drills_dir, load_all
from trainer.ui.app import MugginsApp
from trainer.ui.screens.home import HomeScreen
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
        assert table.row_count == len(builtin_entries) == 20
        assert shown == 14  # 80x24 cannot show them all: the list scrolls
        assert screen.query_one("#description").region.bottom <= 23  # above the footer
        assert table.border_subtitle == "1 of 20 · 6 more below ↓"
        assert any("1 of 20 · 6 more below ↓" in line for line in screen_lines(app))
        last = builtin_entries[-1].drill
        assert last is not None
        await press(pilot, "end")
        assert table.cursor_row == 19
        assert table.scroll_y <= 19 < table.scroll_y + shown  # the cursor row is in view
        assert table.border_subtitle == "20 of 20"
        assert text_of(app, "#description") == last.description
        await press(pilot, "home")
        assert (table.cursor_row, table.scroll_y) == (0, 0)
        assert table.border_subtitle == "1 of 20 · 6 more below ↓"
        assert "Ten random hands" in text_of(app, "#description")
        await press(pilot, *["down"] * 15)
        assert table.scroll_y <= 15 < table.scroll_y + shown
        below = 20 - round(table.scroll_y) - shown
        assert below == 4
        assert table.border_subtitle == "16 of 20 · 4 more below ↓"


def screen_lines(app: MugginsApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def test_home_resized_draws_as_home_started_at_that_size(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    """The drill list keeps the rows it drew across a resize (its columns have fixed
    widths): what it shows then is what a trainer started at the new size shows."""
    pictures = []
    for start, end in (((80, 24), (110, 34)), ((110, 34), (80, 24)), ((80, 24), (80, 24))):
        app = app_for(builtin_entries, clock, recorder)
        async with running(app, start) as pilot:
            if end != start:
                await pilot.resize_terminal(*end)
                await until(pilot, lambda: app.size == end, "the new size")  # noqa: B023
                await pilot.pause()
            await press(pilot, "down", "down")
            pictures.append(screen_lines(app))
    fresh = {}
    for size in ((110, 34), (80, 24)):
        app = app_for(builtin_entries, clock, recorder)
        async with running(app, size) as pilot:
            await press(pilot, "down", "down")
            fresh[size] = screen_lines(app)
    assert pictures == [fresh[(110, 34)], fresh[(80, 24)], fresh[(80, 24)]]
    assert any("Hidden fifteens" in line for line in fresh[(80, 24)])


YAML = """name: Added while running
description: A drill file written while the trainer was open.
hands: 3
"""


async def test_a_drill_file_added_while_the_trainer_runs_is_on_home_when_back(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    folder = tmp_path / "drills"
    folder.mkdir()
    (folder / "first.yaml").write_text(YAML.replace("Added while running", "First"))
    dirs = ((folder, False),)
    app = app_for(load_all(dirs), clock, recorder, drill_dirs=dirs)
    async with running(app, SIZE) as pilot:
        table = app.screen.query_one("#drills", DataTable)
        assert table.row_count == 1
        await press(pilot, "s")  # stats, over home
        (folder / "later.yaml").write_text(YAML)
        (folder / "first.yaml").unlink()
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
        await until(
            pilot, lambda: table.row_count == 1 and app.entries[0].id == "later", "the new list"
        )
        assert [str(c) for c in table.get_row_at(0)[:1]] == ["Added while running"]
        assert [e.id for e in app.screen.entries] == ["later"]
        await press(pilot, "enter")
        assert isinstance(app.screen, QuizScreen)
        assert app.runner.session is not None
        assert app.runner.session.drill.name == "Added while running"


async def test_home_shown_again_with_nothing_new_keeps_its_list(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    dirs = ((builtin_drills_dir(), True),)
    app = app_for(builtin_entries, clock, recorder, drill_dirs=dirs)
    async with running(app, SIZE) as pilot:
        await press(pilot, "f1")
        await press(pilot, "escape")
        await app.workers.wait_for_complete()
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert app.entries == builtin_entries
        assert all(a is b for a, b in zip(home.entries, builtin_entries, strict=True))


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
