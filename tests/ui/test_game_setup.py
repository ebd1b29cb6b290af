"""The game setup screen driven like a user: the remembered choices, keys, Deal, Escape."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual import on
from textual.app import App
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Select, Static, Switch

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, notifications, running
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.game.players.bots import LEVELS
from trainer.game.variants import VARIANTS, VariantId
from trainer.judge.policy import POLICIES
from trainer.settings import GAME_LEVELS, GameChoices, Settings, load_settings
from trainer.ui.app import MugginsApp
from trainer.ui.messages import ResumeGame, SettingsChanged, StartGame
from trainer.ui.screens.game_setup import LEVEL_WORDS, GameSetupScreen, describe
from trainer.ui.screens.help import HelpScreen, keys_of
from trainer.ui.screens.home import HomeScreen
from trainer.ui.settings_service import SettingsService

FIELDS = ["variant", "level", "muggins", "claim-style", "peg-own", "match"]


class SetupApp(App[None]):
    """The app's settings service, help and styles, with the setup screen over an empty one;
    what the screen posts up is kept in ``posted``, in order."""

    CSS_PATH = MugginsApp.CSS_PATH

    def __init__(self, settings: Settings, path: Path | None, *, broken: bool = False) -> None:
        super().__init__()
        self.prefs = SettingsService(
            self, settings, path, "the file was broken" if broken else None
        )
        self.posted: list[Message] = []

    @property
    def settings(self) -> Settings:
        return self.prefs.settings

    def on_mount(self) -> None:
        prefs = self.prefs
        self.push_screen(GameSetupScreen(prefs.settings, prefs.path, broken=prefs.broken))

    def action_help(self) -> None:
        self.push_screen(HelpScreen(keys_of(self.screen)))

    @on(StartGame)
    @on(ResumeGame)
    @on(SettingsChanged)
    def _posted(self, event: Message) -> None:
        self.posted.append(event)
        if isinstance(event, SettingsChanged):
            self.prefs.changed(event.settings)


@asynccontextmanager
async def setup(
    settings: Settings | None = None, path: Path | None = None, *, broken: bool = False
) -> AsyncIterator[tuple[SetupApp, GameSetupScreen, Pilot[None]]]:
    app = SetupApp(settings or Settings(), path, broken=broken)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameSetupScreen)
        yield app, app.screen, pilot


def shown(screen: GameSetupScreen) -> dict[str, object]:
    """What each field of the form holds."""
    values: dict[str, object] = {}
    for name in FIELDS:
        widget = screen.query_one(f"#{name}")
        assert isinstance(widget, Select | Switch)
        values[name] = widget.value
    return values


def started(app: SetupApp) -> list[GameChoices]:
    return [m.choices for m in app.posted if isinstance(m, StartGame)]


def about(screen: GameSetupScreen) -> str:
    return str(screen.query_one("#setup-about", Static).render())


async def test_the_form_opens_on_the_defaults() -> None:
    async with setup() as (app, screen, _pilot):
        assert shown(screen) == {
            "variant": "standard",
            "level": "standard",
            "muggins": "acc",
            "claim-style": "total",
            "peg-own": False,
            "match": 1,
        }
        assert screen.chosen() == GameChoices()
        assert app.focused is screen.query_one("#variant")
        assert (
            about(screen) == "2 players · 6 cards each, keep 4, throw 2 to the crib · first to 121"
        )
        match = screen.query_one("#match", Select)
        assert [v for _, v in match._options] == [1, 3, 5, 7]


async def test_the_form_opens_on_the_remembered_choices() -> None:
    game = GameChoices("three-hand", "easy", "bsd", "announce", True, 9)
    async with setup(Settings(game=game)) as (_app, screen, _pilot):
        assert screen.chosen() == game
        match = screen.query_one("#match", Select)
        assert [v for _, v in match._options] == [1, 3, 5, 7, 9]  # the file's own kept
        assert about(screen).startswith("3 players, each for themselves · 5 cards each")


async def test_choose_with_the_keys_then_deal_saves_and_starts(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.yaml"
    async with setup(Settings(theme="nord"), path) as (app, screen, pilot):
        await pilot.press("enter", "down", "down")  # the list of games open, five-card lit
        assert about(screen).endswith("the non-dealer pegs 3 as each hand begins")
        await pilot.press("enter")
        assert screen.query_one("#variant", Select).value == "five-card"
        focus = []
        for keys in (
            ("down", "down", "enter"),  # strong
            ("enter", "down", "down", "enter"),  # bsd
            ("enter", "down", "enter"),  # announce
            ("space",),  # peg your own play
            ("enter", "down", "down", "enter"),  # first to 5
        ):
            await pilot.press("tab", *keys)
            assert app.focused is not None
            focus.append(app.focused.id)
        assert focus == FIELDS[1:]
        assert not app.posted
        await pilot.press("ctrl+d")
        await pilot.pause()
        chosen = GameChoices("five-card", "strong", "bsd", "announce", True, 5)
        assert [type(m) for m in app.posted] == [SettingsChanged, StartGame]
        assert started(app) == [chosen]
        assert app.settings == Settings(theme="nord", game=chosen)
        assert isinstance(app.screen, GameSetupScreen)  # what comes next is the app's to say
    assert load_settings(path) == (Settings(theme="nord", game=chosen), None)


async def test_enter_opens_a_list_but_on_the_switch_deals() -> None:
    async with setup() as (app, screen, pilot):
        await pilot.press("enter")
        assert screen.query_one("#variant", Select).expanded
        await pilot.press("escape")  # closes the list, stays on the form
        assert not screen.query_one("#variant", Select).expanded
        assert isinstance(app.screen, GameSetupScreen)
        await pilot.press("tab", "tab", "tab", "tab")
        assert app.focused is screen.query_one("#peg-own")
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.query_one("#peg-own", Switch).value
        assert started(app) == [GameChoices()]


async def test_the_switch_says_in_words_what_on_and_off_mean() -> None:
    async with setup() as (_app, screen, pilot):

        def line() -> str:
            drawn = [strip.text for strip in screen._compositor.render_strips()]
            (row,) = [text for text in drawn if "Peg your own play" in text]
            return row.rstrip()

        assert line().endswith("off: your play is pegged for you")
        screen.query_one("#peg-own", Switch).focus()
        await pilot.press("space")
        await until(pilot, lambda: "on:" in line(), "the switch's words")
        assert line().endswith("on: you say what each card you lay pegs")


async def test_unchanged_choices_deal_without_saving(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    async with setup(Settings(), path) as (app, _screen, pilot):
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert [type(m) for m in app.posted] == [StartGame]
    assert not path.exists()


async def test_escape_goes_back_and_posts_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    async with setup(Settings(), path) as (app, screen, pilot):
        screen.query_one("#level", Select).value = "strong"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, GameSetupScreen)
        assert app.posted == []
        assert app.settings == Settings()
    assert not path.exists()


async def test_without_a_config_folder_the_choices_apply_for_the_session() -> None:
    async with setup(Settings(), None) as (app, screen, pilot):
        screen.query_one("#match", Select).value = 7
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert app.settings.game == GameChoices(match_points=7)
        assert started(app) == [GameChoices(match_points=7)]


async def test_a_broken_settings_file_is_kept_aside_once(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("game: [oops\n", encoding="utf-8")
    settings, warning = load_settings(path)
    assert warning is not None
    async with setup(settings, path, broken=True) as (app, screen, pilot):
        screen.query_one("#level", Select).value = "easy"
        await pilot.press("ctrl+d")
        await pilot.pause()
        screen.query_one("#level", Select).value = "strong"  # dealt again from the same form
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert started(app) == [GameChoices(level="easy"), GameChoices(level="strong")]
    assert (tmp_path / "settings.yaml.broken").read_text(encoding="utf-8") == "game: [oops\n"
    assert load_settings(path) == (Settings(game=GameChoices(level="strong")), None)


async def test_a_save_that_fails_is_said_and_the_game_still_starts(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    async with setup(Settings(), blocker / "settings.yaml") as (app, screen, pilot):
        sent = notifications(app)
        screen.query_one("#variant", Select).value = "short"
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert len(sent) == 1
        assert "cannot save the settings" in sent[0]
        assert [type(m) for m in app.posted] == [StartGame]
        assert started(app) == [GameChoices(variant="short")]
        assert app.settings == Settings()  # the app keeps what the file still says


async def test_help_lists_the_keys() -> None:
    async with setup() as (app, screen, pilot):
        keys = dict(screen.help_keys())
        assert "enter" in keys
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = dict(app.screen.keys)
        assert listed["ctrl+d"] == "Deal"
        assert listed["escape"] == "Back"
        assert listed["enter"] == keys["enter"]


def test_the_choices_offered_are_the_games_own() -> None:
    assert tuple(LEVEL_WORDS) == LEVELS == GAME_LEVELS
    assert POLICIES == ("off", "acc", "hoyle", "bsd")


async def test_the_games_are_named_as_the_variants_name_them() -> None:
    async with setup() as (_app, screen, _pilot):
        games = screen.query_one("#variant", Select)
        assert [(str(p), v) for p, v in games._options] == [
            (g.name, g.id) for g in VARIANTS.values()
        ]


@pytest.mark.parametrize(
    ("variant", "line"),
    [
        ("standard", "2 players · 6 cards each, keep 4, throw 2 to the crib · first to 121"),
        ("short", "2 players · 6 cards each, keep 4, throw 2 to the crib · first to 61"),
        (
            "five-card",
            "2 players · 5 cards each, keep 3, throw 2 to the crib · first to 61 · the non-dealer "
            "pegs 3 as each hand begins",
        ),
        (
            "three-hand",
            "3 players, each for themselves · 5 cards each, keep 4, throw 1 to the crib and 1 "
            "from the deck · first to 121",
        ),
        (
            "four-hand",
            "4 players, partners sit across · 5 cards each, keep 4, throw 1 to the crib · first "
            "to 121",
        ),
        (
            "four-hand-solo",
            "4 players, each for themselves · 6 cards each, keep 5, throw 1 to the crib · first "
            "to 121",
        ),
    ],
)
def test_the_line_about_each_game(variant: VariantId, line: str) -> None:
    assert describe(VARIANTS[variant]) == line


async def test_every_choice_fits_on_one_line_at_80x24() -> None:
    async with setup() as (_app, screen, pilot):
        for name in FIELDS:
            widget = screen.query_one(f"#{name}")
            if isinstance(widget, Select):
                for _, value in widget._options:
                    widget.value = value
                    await pilot.pause()
                    assert widget.query_one("#label").size.height == 1, (name, value)
        screen.query_one("#variant", Select).value = "five-card"  # the longest line about a game
        await pilot.pause()
        assert screen.query_one("#setup-about").region.bottom <= 23  # above the footer
        assert screen.max_scroll_y == 0


async def test_over_the_real_app_escape_is_back_home(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, (80, 24)) as pilot:
        app.push_screen(app.games.setup_screen())
        await pilot.pause()
        assert isinstance(app.screen, GameSetupScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def test_the_app_starts_without_the_setup_screen() -> None:
    """Cold start stays fast: the setup screen (and the game's tables) load when first asked."""
    code = "import sys, trainer.ui.app\nprint('trainer.ui.screens.game_setup' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_game_setup_snapshot(
    snap_compare: Callable[..., bool], builtin_entries: list[DrillEntry]
) -> None:
    app = app_for(
        builtin_entries, FakeClock(), ListRecorder(), settings_path=Path("/config/settings.yaml")
    )

    async def open_setup(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        app.push_screen(app.games.setup_screen())
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_setup)
