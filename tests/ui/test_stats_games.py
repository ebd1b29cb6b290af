"""The stats screen's games line: won, lost, skunks and your counting in games beside drills,
for every game or a game's drill set; one short line with no games; all of it on screen at
80 by 24 and 100 by 30."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.containers import VerticalScroll

from tests.factories import FakeClock
from tests.history.known import build_history
from tests.history.known_games import build_games
from tests.ui.support import app_for, press, running
from tests.ui.test_stats_screen import open_stats
from trainer.drills.loader import DrillEntry
from trainer.history import StatsStore
from trainer.history.reading import Counting, GameReport, GameTally
from trainer.ui.app import MugginsApp
from trainer.ui.screens.stats import StatsScreen
from trainer.ui.widgets.games_panel import GamesPanel, games_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((100, 30), id="100x30")]

ALL_GAMES = "Games: 3 won, 2 lost · you skunked 2, were skunked 2 · 75% exact (drills 72%)"
"""Five games (a plain win, a skunk and a double skunk given, skunked and double skunked),
3 of 4 counts exact at the table, 13 of the known history's 18 in drills."""
STANDARD = "Games: 3 won, 1 lost · you skunked 2, were skunked 1 · 75% exact (drills 72%)"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        build_history(s)
        build_games(s)
        yield s


@pytest.fixture
def no_games(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "no-games.sqlite3") as s:
        build_history(s)
        yield s


def stats_app(entries: list[DrillEntry], store: StatsStore) -> MugginsApp:
    return app_for(entries, FakeClock(), store)


def panel(screen: StatsScreen) -> GamesPanel:
    return screen.query_one("#stats-games", GamesPanel)


def shown(screen: StatsScreen) -> str:
    return str(panel(screen).render())


def on_screen(screen: StatsScreen) -> bool:
    """Whether the games line is on screen, in one line, without scrolling."""
    region = panel(screen).region
    body = screen.query_one("#stats-body", VerticalScroll)
    return region.height == 1 and body.region.contains_region(region) and body.scroll_y == 0


@pytest.mark.parametrize("size", SIZES)
async def test_the_games_line(
    builtin_entries: list[DrillEntry], store: StatsStore, size: tuple[int, int]
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, size) as pilot:
        screen = await open_stats(app, pilot)
        assert panel(screen).display
        assert shown(screen) == ALL_GAMES
        assert on_screen(screen)
        assert screen.games is not None
        assert screen.games.overall.played == 5


async def test_a_games_drill_set_shows_its_variant_and_a_drill_none(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, (80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        assert screen.choices[1] == "game-standard"  # practised last
        await press(pilot, "d")
        assert screen.drill_id == "game-standard"
        assert shown(screen) == STANDARD
        await press(pilot, "d")
        assert screen.drill_id == "blitz"
        assert not panel(screen).display  # a drill's figures have nothing of the games
        await press(pilot, "a")
        assert shown(screen) == ALL_GAMES


@pytest.mark.parametrize("size", SIZES)
async def test_no_games_is_one_short_line_and_the_screen_still_fits(
    builtin_entries: list[DrillEntry], no_games: StatsStore, size: tuple[int, int]
) -> None:
    app = stats_app(builtin_entries, no_games)
    async with running(app, size) as pilot:
        screen = await open_stats(app, pilot)
        assert shown(screen) == "Games: none played yet."
        assert on_screen(screen)
        body = screen.query_one("#stats-body", VerticalScroll)
        assert body.max_scroll_y == 0  # everything on screen, the kinds' note too
        assert screen.query_one("#stats-kinds-note").region.bottom <= size[1] - 1


# ---------------------------------------------------------------- the words


def report(overall: GameTally, *variants: GameTally, drills: Counting | None = None) -> GameReport:
    return GameReport(overall, variants, drills or Counting())


@pytest.mark.parametrize(
    ("given", "variant_id", "expected"),
    [
        pytest.param(report(GameTally(None)), None, "Games: none played yet.", id="nothing"),
        pytest.param(
            report(GameTally(None, counting=Counting(2, 1)), drills=Counting(4, 4)),
            None,
            "Games: none finished yet · 50% exact (drills 100%)",
            id="counts-but-no-game-finished",
        ),
        pytest.param(
            report(GameTally(None, played=2, won=1, lost=1)),
            None,
            "Games: 1 won, 1 lost · no skunks",
            id="no-counts-no-skunks",
        ),
        pytest.param(
            report(GameTally(None, 3, 3, 0, double_skunks=1, counting=Counting(1, 1))),
            None,
            "Games: 3 won, 0 lost · you skunked 1, were skunked 0 · 100% exact",
            id="a-double-skunk-is-a-skunk-no-drills",
        ),
        pytest.param(
            report(GameTally(None, 1, 1, 0), GameTally("short", 1, 1, 0)),
            "standard",
            "Games: none played yet.",
            id="a-variant-never-played",
        ),
        pytest.param(
            report(GameTally(None, 2, 1, 1), GameTally("short", 1, 0, 1, skunked=1)),
            "short",
            "Games: 0 won, 1 lost · you skunked 0, were skunked 1",
            id="one-variant",
        ),
    ],
)
def test_games_text(given: GameReport, variant_id: str | None, expected: str) -> None:
    assert games_text(given, variant_id).replace("[b]", "").replace("[/b]", "") == expected
