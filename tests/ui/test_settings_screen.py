"""The settings screen driven like a user: change, save, apply; a broken file survived."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static, Switch

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, drill, entry, notifications, revealing, running
from tests.ui.waiting import palette_offers, until
from trainer.drills.loader import DrillEntry
from trainer.settings import GameChoices, Settings, load_settings
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.settings import SettingsScreen
from trainer.ui.widgets.key_field import KeyField

SIZE = (100, 30)


async def test_change_save_and_apply(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "config" / "settings.yaml"
    app = app_for(builtin_entries, clock, recorder, settings_path=path)
    async with running(app, SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#muggins", Select).value = "hoyle"
        screen.query_one("#nineteen", Switch).value = False
        screen.query_one("#card-style", Select).value = "letters"
        screen.query_one("#theme", Select).value = "textual-light"
        screen.query_one("#announce-key", KeyField).focus()
        await pilot.press("x")
        assert "x" in str(screen.query_one("#announce-key", KeyField).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.settings == Settings("hoyle", False, "letters", "textual-light", "x")
        assert app.theme == "textual-light"
        assert app.plain_cards
    assert load_settings(path) == (app.settings, None)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["muggins"] == "hoyle"


async def test_the_tables_pause_and_reveal_and_counting_aloud_are_chosen_and_saved(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "config" / "settings.yaml"
    path.parent.mkdir()
    path.write_text("table_pause: 0.3\n", encoding="utf-8")  # kept among the offers
    settings, warning = load_settings(path)
    assert warning is None
    app = app_for(builtin_entries, clock, recorder, settings=settings, settings_path=path)
    async with running(app, SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        pause = screen.query_one("#table-pause", Select)
        assert pause.value == 0.3
        pause.value = 2.0
        screen.query_one("#reveal-accepted", Switch).value = False
        await pilot.pause()
        words = [str(label.render()) for label in screen.query(".switch-words")]
        assert "off: only a count you call opens its reveal" in words
        assert words[-1] == "off: show what was heard; Enter judges it"
        screen.query_one("#judge-at-once", Switch).value = True
        await until(
            pilot,
            lambda: (
                str(screen.query(".switch-words").last().render()) == "on: judge what I say at once"
            ),
            "the switch's words",
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert (app.settings.table_pause, app.settings.reveal_accepted) == (2.0, False)
        assert app.settings.judge_at_once
        assert app.voice.at_once()  # counting aloud reads the setting in use
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert (saved["table_pause"], saved["reveal_accepted"]) == (2.0, False)
    assert saved["judge_at_once"] is True


async def test_the_switch_says_in_words_what_on_and_off_mean(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, (80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)

        def line() -> str:
            drawn = [strip.text for strip in screen._compositor.render_strips()]
            (row,) = [text for text in drawn if "19 means nothing" in text]
            return row

        assert line().rstrip().endswith("on: typing 19 claims nothing")
        screen.query_one("#nineteen", Switch).focus()
        await pilot.press("space")
        await until(pilot, lambda: "off:" in line(), "the switch's words")
        assert line().rstrip().endswith("off: 19 is a count of 19 points")
        assert not screen.query_one("#nineteen", Switch).value


async def test_saving_keeps_the_game_choices(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "settings.yaml"
    game = GameChoices("three-hand", "strong", "bsd", "announce", True, 3)
    app = app_for(
        builtin_entries, clock, recorder, settings=Settings(game=game), settings_path=path
    )
    async with running(app, SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#muggins", Select).value = "off"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings == Settings(muggins="off", game=game)
    assert load_settings(path) == (app.settings, None)


async def test_escape_discards(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "settings.yaml"
    app = app_for(builtin_entries, clock, recorder, settings_path=path)
    async with running(app, SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#muggins", Select).value = "bsd"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.settings == Settings()
    assert not path.exists()


async def test_broken_settings_file_is_reported_and_kept(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("theme: [oops\n", encoding="utf-8")
    settings, warning = load_settings(path)
    app = app_for(
        builtin_entries,
        clock,
        recorder,
        settings=settings,
        settings_path=path,
        settings_warning=warning,
    )
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        messages = list(sent)
        assert any(str(path) in m and "not valid YAML" in m for m in messages)
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert (tmp_path / "settings.yaml.broken").read_text(encoding="utf-8") == "theme: [oops\n"
    assert load_settings(path) == (Settings(), None)


async def test_default_policy_applies_to_drills_that_choose_none(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    plain = drill({"name": "Plain", "description": "d", "hands": 1}, "plain")
    own = drill({"name": "Own", "description": "d", "hands": 1, "muggins": "off"}, "own")
    app = app_for([entry(plain), entry(own)], clock, recorder, settings=Settings(muggins="bsd"))
    async with running(app, SIZE) as pilot:
        for name, policy in (("plain", "bsd"), ("own", "off")):
            app.start(plain if name == "plain" else own)
            await pilot.pause()
            assert isinstance(app.screen, QuizScreen)
            assert app.runner.session is not None
            assert app.runner.session.drill.muggins == policy
            assert f"muggins: {policy}" in str(app.screen.query_one("#quiz-title").render())
            await pilot.press("escape")
            await pilot.pause()


async def test_spoken_count_key_on_the_reveal(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill({"name": "One", "description": "d", "hands": 1, "deal": {"score": 29}})
    app = app_for([entry(d)], clock, recorder, settings=Settings(announce_key="x"))
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#claim", Input).value = "29"
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        spoken = app.screen.query_one("#spoken", Static)
        assert not spoken.display
        await pilot.press("x")
        await pilot.pause()
        assert revealing(app)  # the key did not move on
        assert spoken.display
        assert str(spoken.render()).endswith("and nobs is twenty-nine.")


async def test_the_spoken_count_key_shows_what_is_pressed_and_refuses_the_reveals_keys(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "settings.yaml"
    app = app_for(builtin_entries, clock, recorder, settings_path=path)
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        field = app.screen.query_one("#announce-key", KeyField)
        field.focus()
        await pilot.press("k")
        assert field.value == "k"
        assert str(field.render()).startswith("[b]k[/b]")  # the key pressed, shown
        refused = {
            "enter": "enter is taken on the reveal (next deal): choose another key.",
            "up": "up is taken on the reveal (up in the list): choose another key.",
            "pagedown": "pagedown is taken on the reveal (page down in the list): choose another "
            "key.",
            "X": "X cannot be chosen: choose a lower-case letter or a digit.",
            "space": "space cannot be chosen: choose a lower-case letter or a digit.",
        }
        for key, message in refused.items():
            await pilot.press(key)
            await pilot.pause()
            assert sent[-1] == message
            assert field.value == "k"
            assert isinstance(app.screen, SettingsScreen)
        await pilot.press("7")
        assert field.value == "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.settings.announce_key == "7"
    assert load_settings(path)[0].announce_key == "7"


async def test_a_key_bound_on_the_reveal_is_refused(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    """Any key the reveal binds (beyond the spoken-count candidates) is refused by name."""
    from trainer.ui.screens.settings import reveal_keys

    app = app_for(builtin_entries, clock, recorder)
    async with running(app, SIZE):
        taken = reveal_keys(app)
        assert taken["enter"] == "next deal"
        assert taken["escape"] == "end drill"
        assert taken["home"] == "first in the list"
        assert taken["ctrl+p"] == "the command palette"
        assert not set(taken) & set("abcdefghijklmnopqrstuvwxyz0123456789")
        field = KeyField("s", taken={**taken, "t": "try again"}, where="the reveal")
        assert field.refusal("t") == "t is taken on the reveal (try again): choose another key."
        assert field.refusal("u") is None


async def test_a_theme_picked_in_the_palette_is_saved(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "settings.yaml"
    app = app_for(builtin_entries, clock, recorder, settings_path=path)
    async with running(app, SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"theme")
        await palette_offers(pilot, "theme")
        commands = app.screen
        await pilot.press("enter")  # "Theme": the palette of themes
        await until(
            pilot,
            lambda: isinstance(app.screen, CommandPalette) and app.screen is not commands,
            "the palette of themes",
        )
        await pilot.press(*"nord")
        await palette_offers(pilot, "nord")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen), "home again")
        await pilot.pause()
        assert app.theme == "nord"
        assert app.settings == Settings(theme="nord")
    assert load_settings(path) == (Settings(theme="nord"), None)


async def test_a_palette_theme_keeps_a_broken_settings_file_aside(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("muggins: never\n", encoding="utf-8")
    settings, warning = load_settings(path)
    assert warning is not None
    app = app_for(
        builtin_entries,
        clock,
        recorder,
        settings=settings,
        settings_path=path,
        settings_warning=warning,
    )
    async with running(app, SIZE) as pilot:
        app.theme = "gruvbox"  # what the palette's theme list does
        await pilot.pause()
        assert app.prefs.warning is None
    assert (tmp_path / "settings.yaml.broken").read_text(encoding="utf-8") == "muggins: never\n"
    assert load_settings(path) == (Settings(theme="gruvbox"), None)


def test_settings_snapshot(
    snap_compare: Callable[..., bool], builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    app = app_for(
        builtin_entries, FakeClock(), ListRecorder(), settings_path=Path("/config/settings.yaml")
    )

    async def open_settings(pilot: Pilot[Any]) -> None:
        await pilot.press("o")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_settings)


async def test_every_setting_shows_at_80x24_without_scrolling(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    """The ten fields, the note under them and the footer all fit a terminal of 80x24: no
    field is below the screen's edge, and nothing scrolls."""
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, (80, 24)) as pilot:
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings")
        screen = app.screen
        fields = [*screen.query("#settings-form > *")]
        assert len(fields) == 20  # ten labels, ten fields
        for field in fields:
            assert field.region.height >= 1
            assert field.region.bottom <= 22, field  # above the note and the footer
        assert screen.query_one(".hint").region.bottom <= 23
        assert all(w.max_scroll_y == 0 for w in screen.query("*")), [
            w for w in screen.query("*") if w.max_scroll_y
        ]
