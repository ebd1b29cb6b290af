"""The saved game on home: known on home's first frame (its row read before it, not once the
history is open), resumed with c at once, and never given up by a new game without asking."""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime
from pathlib import Path

from tests.factories import FIXED_NOW, FakeClock
from tests.ui.game_support import settle
from tests.ui.support import app_for, running
from tests.ui.waiting import until
from trainer.cli.parser import parse
from trainer.drills.loader import DrillEntry
from trainer.game.session import GameSession
from trainer.game.state import Discard
from trainer.game.variants import variant
from trainer.history import StatsStore, store_path
from trainer.history.writing import game_count, latest_playing
from trainer.saved_peek import peek_saved_game
from trainer.settings import GameChoices, Settings
from trainer.ui.flow.game_start import peeked_line, saved_line, when_played
from trainer.ui.launch import build
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.screens.game_setup import GameSetupScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.table.screen import TableScreen


def saved_game(store: StatsStore) -> GameSession:
    """A game of two players to 61 against the computer, its first throw saved."""
    session = GameSession.start(store, variant("short"), 12, [None, "easy"])
    session.run_bots()
    held = session.state.hand.dealt.hands[0]
    if session.human_turn:
        session.act(Discard(0, held[:2]))
    return session


def test_the_trainer_reads_the_saved_game_before_its_first_frame() -> None:
    path = store_path(None)
    with StatsStore(path) as store:
        session = saved_game(store)
        saved = latest_playing(store)
    assert saved is not None
    before = sorted(os.listdir(path.parent))
    app, opened = build(parse([]))
    try:
        now = app.options.now()
        assert app.options.saved_game == peeked_line("short", saved.steps, saved.updated, now)
        assert app.options.saved_game.startswith(f"{variant('short').name} · ")
        home = app.get_default_screen()  # what the first frame draws, before any worker
        assert isinstance(home, HomeScreen)
        assert home.saved == app.options.saved_game
        assert home.check_action("resume_game", ())
        assert "c resumes it" in home._saved_text().plain
        assert session.uid == saved.uid
    finally:
        for opened_store in opened:
            opened_store.close()
    assert sorted(os.listdir(path.parent)) == before  # the read made no file


def test_the_read_before_the_first_frame_finds_no_game_where_there_is_none(tmp_path: Path) -> None:
    before = sorted(os.listdir(tmp_path))
    assert peek_saved_game(tmp_path / "none.sqlite3") is None
    assert sorted(os.listdir(tmp_path)) == before
    (tmp_path / "text.sqlite3").write_text("not a database\n")
    assert peek_saved_game(tmp_path / "text.sqlite3") is None
    with StatsStore(tmp_path / "done.sqlite3") as store:
        over = GameSession.start(store, variant("short"), 3, ["easy", "easy"])
        over.run_bots()
        assert over.over
    assert peek_saved_game(tmp_path / "done.sqlite3") is None


def test_the_read_before_the_first_frame_sees_a_game_another_trainer_is_writing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "open.sqlite3"
    with StatsStore(path) as store:  # still open: the game's steps are in its WAL
        session = saved_game(store)
        assert os.path.lexists(f"{path}-wal")
        peeked = peek_saved_game(path)
        assert peeked is not None
        assert (peeked.variant, peeked.steps) == ("short", session.state.steps)


def test_a_saved_game_is_named_with_its_score_and_when_it_was_last_played() -> None:
    store = StatsStore(":memory:")
    try:
        session = saved_game(store)
        saved = latest_playing(store)
        assert saved is not None
        you, computer = session.state.scores
        line = saved_line(store, saved, saved.updated)
        assert line.startswith(f"{variant('short').name} · You {you}, Computer {computer} · ")
        assert line.endswith(f"last played {when_played(saved.updated, saved.updated)}")
    finally:
        store.close()
    noon = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert when_played(datetime(2026, 11, 30, 9, 5, tzinfo=UTC), noon) == "today at 09:05"
    assert when_played(datetime(2026, 11, 29, 21, 40, tzinfo=UTC), noon) == "yesterday at 21:40"
    assert when_played(datetime(2026, 11, 27, 9, 0, tzinfo=UTC), noon) == "3 days ago"
    assert when_played(datetime(2026, 11, 2, 9, 0, tzinfo=UTC), noon) == "2026-11-02"
    assert peeked_line("short", 1, noon, noon).endswith("· 1 move in · last played today at 12:00")


async def test_home_offers_the_saved_game_before_the_history_is_open(
    builtin_entries: list[DrillEntry],
) -> None:
    store = StatsStore(":memory:")
    session = saved_game(store)
    opened = threading.Event()

    def open_history() -> StatsStore:
        opened.wait(60)  # held until the test has pressed c
        return store

    line = "Short · 3 moves in · last played today at 11:00"
    app = app_for(builtin_entries, FakeClock(), None, history=open_history, saved_game=line)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            home = app.screen
            assert isinstance(home, HomeScreen)
            assert not app.runner.history  # still being opened
            assert home.saved == line
            assert "c resumes it" in home._saved_text().plain
            assert home.check_action("resume_game", ())
            await pilot.press("c")  # the resume waits for the history...
            opened.set()
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            table = app.screen
            assert isinstance(table, TableScreen)
            assert table.session.uid == session.uid
            # The saved game, resumed where it was (the computer may have moved on since).
            assert table.session.actions[: len(session.actions)] == session.actions
            assert table.session.state.steps >= session.state.steps
            await settle(pilot)
    finally:
        opened.set()
        store.close()


async def test_a_new_game_over_a_saved_one_asks_first_naming_it(
    builtin_entries: list[DrillEntry],
) -> None:
    store = StatsStore(":memory:")
    session = saved_game(store)
    saved = latest_playing(store)
    assert saved is not None
    line = saved_line(store, saved, FIXED_NOW)
    assert "You " in line  # the score
    settings = Settings(game=GameChoices(variant="short"))
    app = app_for(builtin_entries, FakeClock(), store, bot_pause=0.0, settings=settings)
    try:
        async with running(app) as pilot:
            await until(pilot, lambda: app.screen.saved == line, "home's saved game")  # type: ignore[attr-defined]
            await pilot.press("g")
            await settle(pilot)
            setup = app.screen
            assert isinstance(setup, GameSetupScreen)
            said = setup.query_one("#setup-saved")
            assert said.display
            assert line in str(said.render())
            await pilot.press("ctrl+d")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            ask = app.screen
            assert isinstance(ask, ConfirmScreen)
            assert line in ask.detail
            await pilot.press("n")  # keep it
            await settle(pilot)
            assert app.screen is setup
            assert game_count(store, "abandoned") == 0
            kept = latest_playing(store)
            assert kept is not None
            assert kept.uid == session.uid
            await pilot.press("ctrl+d")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            await pilot.press("y")  # give it up
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session.uid != session.uid
            await settle(pilot)
        assert game_count(store, "abandoned") == 1
    finally:
        store.close()


async def test_a_game_dealt_before_the_history_is_open_still_asks_about_the_saved_one(
    builtin_entries: list[DrillEntry],
) -> None:
    store = StatsStore(":memory:")
    session = saved_game(store)
    opened = threading.Event()

    def open_history() -> StatsStore:
        opened.wait(60)  # held until the test has dealt
        return store

    settings = Settings(game=GameChoices(variant="short"))
    app = app_for(
        builtin_entries, FakeClock(), None, history=open_history, bot_pause=0.0, settings=settings
    )
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("g", "ctrl+d")  # home knew of no game: the deal still asks
            opened.set()
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("escape")  # no
            await settle(pilot)
            assert isinstance(app.screen, GameSetupScreen)
            kept = latest_playing(store)
            assert kept is not None
            assert kept.uid == session.uid
            assert game_count(store, "abandoned") == 0
            app.runner.close(0)
    finally:
        opened.set()
        store.close()
