"""The stats screen's chart of points lost a hand by phase over your last games, beside your
counting there; hidden with no game over."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.factories import FakeClock
from tests.game.scripted import play_out
from tests.history.known import build_history
from tests.ui.support import app_for, press, running, started, text_of
from tests.ui.waiting import until
from trainer.game.coach.phase_stats import phase_report
from trainer.game.session import GameSession
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.ui.app import MugginsApp
from trainer.ui.screens.stats import StatsScreen
from trainer.ui.widgets.phase_chart import PhaseChart

SIZE = (80, 24)
SnapCompare = Callable[..., bool]


def play_games(store: StatsStore, seeds: tuple[int, ...] = (5, 6, 7)) -> None:
    """Short games against the standard bot, an hour apart on a clock that stands still
    while each is played (so the screen is the same every run)."""
    clock = FakeClock()
    for seed in seeds:
        clock.advance(3600)
        game = GameSession.start(
            store,
            variant("short"),
            seed,
            [None, "standard"],
            options=GameOptions(muggins="hoyle"),
            now=clock.now,
        )
        play_out(game)


@pytest.fixture
def games(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        play_games(s)
        yield s


@pytest.fixture
def drills_only(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "drills.sqlite3") as s:
        build_history(s)
        yield s


async def open_stats(app: MugginsApp, pilot: Pilot[Any]) -> StatsScreen:
    await started(pilot)
    await press(pilot, "s")
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


async def test_the_chart_is_each_games_loss_a_hand_by_phase(games: StatsStore) -> None:
    expected = phase_report(games)
    app = app_for([], FakeClock(), games)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        chart = screen.query_one("#stats-phases", PhaseChart)
        assert chart.display
        assert chart.games == tuple(g.per_hand() for g in expected.games)
        assert len(chart.games) == 3
        title = str(screen.query_one("#stats-phases-title", Static).render())
        average = expected.per_hand()
        assert average is not None
        counting = games.game_report().overall.counting.accuracy
        assert counting is not None
        assert title.startswith(
            f"Points lost a hand in your last 3 games: {average['total']:.2f} "
            f"(your counts there: {counting:.0%} exact)"
        )
        legend = (  # the legend, each phase with its loss a hand, to the hundredth
            f"██ discard {average['discard']:.2f}  ██ play {average['play']:.2f}  "
            f"██ count and calls {average['count']:.2f}, game by game"
        )
        assert legend in title
        assert chart.region.bottom <= SIZE[1] - 1  # on the first screen at 80x24


async def test_no_game_over_no_chart(drills_only: StatsStore) -> None:
    app = app_for([], FakeClock(), drills_only)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        assert not screen.query_one("#stats-phases", PhaseChart).display
        assert not screen.query_one("#stats-phases-title", Static).display


def test_stats_phases_snapshot(snap_compare: SnapCompare, games: StatsStore) -> None:
    app = app_for([], FakeClock(), games)

    async def run(pilot: Pilot[Any]) -> None:
        await open_stats(app, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


async def test_a_damaged_game_is_named_and_the_others_charted(tmp_path: Path) -> None:
    """A game over whose final score is not JSON (written by another program): the screen
    names it and the field, and charts and counts the other games."""
    path = tmp_path / "muggins.sqlite3"
    with StatsStore(path) as store:
        play_games(store)
    with contextlib.closing(sqlite3.connect(path)) as conn, conn:
        (uid,) = conn.execute("SELECT uid FROM games WHERE id = 2").fetchone()
        conn.execute("UPDATE games SET final = 'x' WHERE id = 2")
    with StatsStore(path) as store:
        app = app_for([], FakeClock(), store)
        async with running(app, SIZE) as pilot:
            screen = await open_stats(app, pilot)
            chart = screen.query_one("#stats-phases", PhaseChart)
            await until(pilot, lambda: screen.phases is not None, "the phases read")
            assert len(chart.games) == 2
            assert screen.games is not None
            assert screen.games.overall.played == 2
            assert text_of(app, "#stats-damaged") == (
                "Left out, damaged in your history:\n"
                f"the saved game '{uid}': final: 'x' is not JSON text: the history's copy of "
                "it is damaged"
            )
