"""Text from files, settings, the history and paths is shown by the trainer as text: never
read as markup (``[/]`` crashed it, ``[@click=app.quit]`` was a live action) and never
passed on to the terminal as control characters (``ESC ] 0 ; … BEL`` retitles it).

Each test drives the real app headless and reads what it would draw: the rendered screen
(`screen_text`, every line the terminal would be sent) and the widgets' own content.
The drill files are in ``tests/data/hostile/ui/drills``, copied under a folder whose path
holds ``[/]`` and an ``ESC`` (a broken file's message quotes that path).
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from textual.command import CommandInput, CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Select, Static

from tests.factories import HAND_8, FakeClock, make_drill
from tests.history.known import answered, item, show
from tests.ui.game_support import settle
from tests.ui.support import answer_total, app_for, entry, press, running, text_of
from tests.ui.waiting import palette_offers, until
from trainer.drills.loader import DrillEntry, load_all
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.history.writing import DeferredStore
from trainer.judge.claims import AnnounceClaim
from trainer.settings import GameChoices, Settings, load_settings
from trainer.textguard import CONTROLS, strip_controls
from trainer.ui.app import MugginsApp
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.review import ReviewScreen
from trainer.ui.screens.settings import SettingsScreen
from trainer.ui.screens.stats import NAME_WIDTH, StatsScreen, wrapped
from trainer.ui.screens.store_error import StoreErrorScreen
from trainer.ui.table.screen import TableScreen

DRILLS: Final = Path(__file__).resolve().parents[1] / "data" / "hostile" / "ui" / "drills"
SIZE: Final = (100, 30)
RETITLE: Final = "\x1b]0;retitled\x07"
"""The sequence that sets a terminal's title."""
HOSTILE: Final = f"[/] {RETITLE}[B]x[/B] \x1b[31mred \x9b2J [@click=app.quit]q a\\"
"""Markup that crashes, markup escape() misses, control sequences (C0 and C1), a click
action and a trailing backslash, in one text."""


def screen_lines(app: MugginsApp) -> list[str]:
    """Every line of the screen as the terminal would be sent it (notifications too)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_text(app: MugginsApp) -> str:
    return "\n".join(screen_lines(app))


def assert_clean(app: MugginsApp) -> str:
    """No line of the screen holds a control character; returns the screen's text."""
    for line in screen_lines(app):
        found = CONTROLS.search(line)
        assert found is None, f"{found.group()!r} on screen: {line!r}"
    return screen_text(app)


async def toasts(pilot: Pilot[Any]) -> list[str]:
    """The text of each notification on the screen, once one is there: a notification is
    sent as a message and drawn by a widget mounted in its own time."""
    screen = pilot.app.screen
    await until(pilot, lambda: bool(screen.query("Toast")), "a notification on the screen")
    return [str(toast.render()) for toast in screen.query("Toast")]


def drawn(app: MugginsApp, selector: str) -> str:
    """What a widget on the current screen draws, line by line, right spaces trimmed."""
    widget = app.screen.query_one(selector)
    lines = widget.render_lines(widget.size.region)
    return "\n".join(strip.text.rstrip() for strip in lines)


def hostile_folder(tmp_path: Path) -> Path:
    """A folder whose path holds ``[/]``, a retitling sequence and ``[B]``."""
    folder = tmp_path / "[" / f"]{RETITLE}[B]"
    folder.mkdir(parents=True)
    return folder


def drill_files(tmp_path: Path) -> list[DrillEntry]:
    folder = hostile_folder(tmp_path) / "drills"
    shutil.copytree(DRILLS, folder)
    return load_all([(folder, False)], deep=False)


# ---------------------------------------------------------------- home and the quiz


async def test_home_lists_hostile_drill_files_as_text(tmp_path: Path) -> None:
    """Every name and description is shown as written, highlighting each row is safe, and
    a broken file's message (quoting the folder's path) is shown and notified as text."""
    entries = drill_files(tmp_path)
    app = app_for(entries, FakeClock(), None)
    async with running(app, SIZE, toasts=True) as pilot:
        table = app.screen.query_one("#drills", DataTable)
        assert table.row_count == len(entries) == 8
        for row, e in enumerate(entries):
            table.move_cursor(row=row)
            await pilot.pause()
            shown = assert_clean(app)
            if e.drill is None:  # broken.yaml, or a file refused for its control characters
                assert e.error is not None
                assert f"⚠ {e.id}" in shown
                assert text_of(app, "#description") == strip_controls(
                    f"This file cannot be used: {e.error}"
                )
                continue
            assert strip_controls(e.drill.name) in drawn(app, "#drills")
            assert text_of(app, "#description") == strip_controls(e.drill.description)
            assert strip_controls(e.drill.description) in shown
        broken = [e.id for e in entries].index("broken")
        table.move_cursor(row=broken)
        await press(pilot, "enter")
        assert isinstance(app.screen, HomeScreen)
        error = entries[broken].error
        assert error is not None
        assert "[/]" in error
        assert RETITLE in error
        assert await toasts(pilot) == [strip_controls(error)]
        assert "got '[/]" in assert_clean(app)


async def test_enter_on_a_click_markup_name_starts_it_and_its_title_is_text() -> None:
    """``[@click=app.quit]`` in a name is text: Enter starts the drill, and a click on the
    quiz's title (where the name is) does not quit."""
    entries = [entry(make_drill({"name": "[@click=app.quit]q"}, drill_id="click"))]
    app = app_for(entries, FakeClock(), None)
    async with running(app, SIZE) as pilot:
        await press(pilot, "enter")
        assert isinstance(app.screen, QuizScreen)
        assert text_of(app, "#quiz-title").startswith("[@click=app.quit]q  ·  1 of 10")
        await pilot.click("#quiz-title", offset=(1, 0))
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, QuizScreen)
        assert_clean(app)


async def test_control_characters_that_arrive_another_way_become_spaces() -> None:
    """A drill set not read from a file (validation refuses control characters in files):
    its name and description still reach no terminal, on home, in the quiz and at the end."""
    drill = replace(make_drill(drill_id="ctl", hands=1), name=HOSTILE, description=HOSTILE)
    app = app_for([entry(drill)], FakeClock(), None)
    async with running(app, SIZE) as pilot:
        shown = assert_clean(app)
        assert text_of(app, "#description") == strip_controls(HOSTILE)
        assert strip_controls(HOSTILE) in shown
        await press(pilot, "enter")
        assert isinstance(app.screen, QuizScreen)
        assert text_of(app, "#quiz-title").startswith(strip_controls(HOSTILE))
        assert_clean(app)
        await answer_total(app, pilot, 0)
        await press(pilot, "enter")
        assert text_of(app, "#summary-title") == f"{strip_controls(HOSTILE)}: done"
        assert_clean(app)


async def test_the_palette_finds_a_drill_named_closing_tag_and_shows_it_as_text(
    tmp_path: Path,
) -> None:
    entries = drill_files(tmp_path)
    app = app_for(entries, FakeClock(), None)
    async with running(app, SIZE) as pilot:
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        palette = app.screen
        names = [strip_controls(f"Drill: {e.drill.name}") for e in entries if e.drill is not None]

        def listed_all() -> bool:
            listed = _palette_prompts(palette)
            return all(any(name in p for p in listed) for name in names)

        await until(pilot, listed_all, f"the palette to list {names}")  # it searches in a worker
        assert_clean(app)
        palette.query_one(CommandInput).value = "[/]"
        await palette_offers(pilot, "Drill: [/]")
        assert _palette_prompts(palette)[0].startswith("Drill: [/]")
        assert_clean(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, QuizScreen)
        assert text_of(app, "#quiz-title").startswith("[/]  ·  1 of 3")


def _palette_prompts(palette: Any) -> list[str]:
    commands = palette.query_one(CommandList)
    assert isinstance(commands, OptionList)
    return [str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)]


# ---------------------------------------------------------------- settings


async def test_a_theme_of_closing_tag_starts_with_a_plain_warning(tmp_path: Path) -> None:
    """``theme: '[/]'`` is not a theme's name: the settings keep the default theme and warn,
    the trainer starts and shows the warning (quoting ``'[/]'``) as text, the settings
    screen draws as text, and the file is kept as it was."""
    path = tmp_path / "settings.yaml"
    path.write_text("theme: '[/]'\n", encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings.theme == "textual-dark"
    assert warning is not None
    assert "theme" in warning
    assert "'[/]'" in warning
    app = app_for(
        [], FakeClock(), None, settings=settings, settings_path=path, settings_warning=warning
    )
    async with running(app, SIZE, toasts=True) as pilot:
        assert app.is_running
        assert any("'[/]'" in toast for toast in await toasts(pilot))
        assert "'[/]'" in assert_clean(app)
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#theme", Select).value == "textual-dark"
        assert_clean(app)
    assert path.read_text(encoding="utf-8") == "theme: '[/]'\n"  # kept as it was


async def test_an_unknown_theme_is_said_as_text(tmp_path: Path) -> None:
    """A theme name of the right shape that Textual does not have: the trainer starts with
    its own theme and says which name it did not know, as text."""
    path = tmp_path / "settings.yaml"
    path.write_text("theme: no-such-theme\n", encoding="utf-8")
    settings, warning = load_settings(path)
    assert (settings.theme, warning) == ("no-such-theme", None)
    app = app_for([], FakeClock(), None, settings=settings, settings_path=path)
    async with running(app, SIZE, toasts=True) as pilot:
        assert app.is_running
        assert await toasts(pilot) == ["Unknown theme 'no-such-theme': keeping textual-dark"]
        assert_clean(app)


async def test_broken_settings_in_a_hostile_folder_warn_as_text(tmp_path: Path) -> None:
    """The warning names the file (its path holds ``[/]`` and a control sequence) and quotes
    the bad value: a notification as text, the settings screen's line about the file too."""
    path = hostile_folder(tmp_path) / "settings.yaml"
    path.write_text('muggins: "[/] \\e]0;retitled\\a [B]x"\n', encoding="utf-8")
    settings, warning = load_settings(path)
    assert warning is not None
    assert "[/]" in warning
    app = app_for(
        [], FakeClock(), None, settings=settings, settings_path=path, settings_warning=warning
    )
    async with running(app, SIZE, toasts=True) as pilot:
        assert await toasts(pilot) == [strip_controls(warning)]
        assert_clean(app)
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        assert text_of(app, ".hint").endswith(strip_controls(f"Saved in {path}."))
        assert_clean(app)


# ---------------------------------------------------------------- the store


async def test_the_store_error_screen_shows_a_hostile_path_as_text(tmp_path: Path) -> None:
    """A damaged store in a folder whose path holds ``[/]`` and an ``ESC``: its message
    (which names the file) is shown as text."""
    folder = hostile_folder(tmp_path)
    store = DeferredStore.open(folder)
    store.path.write_bytes(b"not a database" * 100)
    app = app_for([], FakeClock(), None, history=lambda: DeferredStore.open(folder))
    async with running(app, SIZE):
        assert isinstance(app.screen, StoreErrorScreen)
        assert app.store_error is not None
        assert "[/]" in app.store_error
        assert text_of(app, "#store-error") == strip_controls(app.store_error)
        assert "]0;retitled" in assert_clean(app)


def _rename_drill(path: Path, drill_id: str, new_id: str, new_name: str) -> None:
    """Give a recorded drill set another id and name in every table, as an import from a
    hostile file could (written with SQL, past any check of the trainer's)."""
    with closing(sqlite3.connect(path)) as conn, conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            columns = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
            if "drill_id" not in columns:
                continue
            conn.execute(f"UPDATE {table} SET drill_id = ? WHERE drill_id = ?", (new_id, drill_id))
            for name in {"drill_name", "to_name"} & columns:
                conn.execute(
                    f"UPDATE {table} SET {name} = ? WHERE drill_id = ?", (new_name, new_id)
                )
        conn.execute(
            "UPDATE combos SET kind = ?, reason = ? WHERE drill_id = ? AND role = 'wrong'",
            (HOSTILE, HOSTILE, new_id),
        )


IMPORTED_ID: Final = f"[/]{RETITLE}id"
IMPORTED_NAME: Final = f"[/] imported {RETITLE}[B]x a\\"


async def test_an_imported_record_shows_on_review_and_stats_as_text(tmp_path: Path) -> None:
    db = tmp_path / "muggins.sqlite3"
    announced = AnnounceClaim((item("fifteen", "5S 10C"), item("fifteen", "6H 10C")))
    with StatsStore(db) as store:  # a fifteen missed, one claimed wrongly (6H 10C is 16)
        store.record(answered(show(HAND_8), announced, drill_id="count-aloud"))
    _rename_drill(db, "count-aloud", IMPORTED_ID, IMPORTED_NAME)
    name = strip_controls(IMPORTED_NAME)
    with StatsStore(db) as store:
        app = app_for([], FakeClock(), store)
        async with running(app, SIZE) as pilot:
            await press(pilot, "r")
            review = app.screen
            assert isinstance(review, ReviewScreen)
            await cycle_to(pilot, lambda: review.drill == IMPORTED_ID)
            assert_clean(app)
            assert text_of(app, "#review-filters").startswith(f"Kind all (k)  ·  Drill set {name}")
            rows = review.query_one("#review-list", DataTable)
            assert rows.row_count == len(review.items) > 1
            wrong_row = next(n for n, i in enumerate(review.items) if i.role == "wrong")
            for row in (0, wrong_row):  # a missed combination, then the wrong one
                rows.move_cursor(row=row)
                await settle(pilot)
                assert text_of(app, "#review-caption").startswith(f"{name}\n")
                assert strip_controls(IMPORTED_ID)[:11] in drawn(app, "#review-list")
                assert_clean(app)
            lines = [str(o.prompt) for o in _options(app, "#review-items")]
            assert any(strip_controls(HOSTILE) in line for line in lines), lines
            await press(pilot, "escape", "s")
            stats = app.screen
            assert isinstance(stats, StatsScreen)
            table = drawn(app, "#stats-drills")
            for line in wrapped(name, NAME_WIDTH).splitlines():  # whole, in its column
                assert line in table, (line, table)
            assert_clean(app)
            await cycle_to(pilot, lambda: stats.drill_id == IMPORTED_ID)
            assert text_of(app, "#stats-title").startswith(f"Stats · {name} (")
            assert_clean(app)


async def cycle_to(pilot: Pilot[None], there: Callable[[], bool]) -> None:
    """Press d (the next drill set) until ``there``."""
    for _ in range(5):
        if there():
            return
        await press(pilot, "d")
    assert there()


def _options(app: MugginsApp, selector: str) -> list[Any]:
    options = app.screen.query_one(selector, OptionList)
    return [options.get_option_at_index(i) for i in range(options.option_count)]


# ---------------------------------------------------------------- the game


async def test_a_saved_game_with_a_hostile_seat_name_is_resumed_as_text(tmp_path: Path) -> None:
    """Seat names come back from the saved game: the table's seats, prompt and log show
    them as written."""
    db = tmp_path / "muggins.sqlite3"
    with StatsStore(db) as store:
        GameSession.start(store, variant("short"), 11, [None, "standard"], names=["You", HOSTILE])
    with StatsStore(db) as store:
        settings = Settings(game=GameChoices(variant="short"))
        app = app_for([], FakeClock(), store, bot_pause=0.0, settings=settings)
        async with running(app, SIZE) as pilot:
            await pilot.press("c")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            name = strip_controls(HOSTILE)
            seats = app.screen.query_one("#seats", Static).render()
            assert str(seats).startswith(name)
            log = app.screen.log_lines
            assert any(HOSTILE in line for line in log), log  # what was said, as it was said
            assert_clean(app)
