"""`GameSession.resume` refuses a saved game it cannot read or replay with `SavedGameError`
(docs/api.md), naming the game and what is wrong, and leaves the game stored as it was;
the store's own errors stay the store's."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.game.scripted import scripted
from trainer.game import course as course_module
from trainer.game.session import GameSession, SavedGameError
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, StoreError
from trainer.history.reading import DAMAGED
from trainer.history.writing import UnreadableGame, game_count, load_game

DEEP = "[" * 100_000 + "]" * 100_000
POINTS = "the points of 2 to 4 sides (0 to 121 each)"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[StatsStore]:
    with StatsStore(db) as opened:
        yield opened


def playing(store: StatsStore) -> GameSession:
    """A short game against the computer, a few steps in."""
    session = GameSession.start(store, variant("short"), 5, [None, "easy"])
    while session.state.steps < 4:
        if session.bot_step() is None:
            asked = session.prompt
            assert asked is not None
            session.act(scripted(session.state, asked))
    return session


def damage(db: Path, sql: str, *args: object) -> None:
    """Change the file behind the open store's back, as another program would."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute(sql, args)
        conn.commit()


def refused(store: StatsStore, uid: str) -> str:
    """What resuming says of the game: `SavedGameError` naming it, kept as it was."""
    with pytest.raises(SavedGameError) as raised:
        GameSession.resume(store)
    error = raised.value
    assert error.uid == uid
    assert str(error).startswith(f"the saved game {uid} cannot be resumed: {error.problem}; ")
    assert str(error).endswith("it has been kept as it was (abandon it to start another)")
    assert game_count(store, "playing") == 1
    return error.problem


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("UPDATE games SET created = 'nope'", "created: 'nope' is not a time (ISO 8601 text)"),
        ("UPDATE games SET updated = 12", "updated: '12' is not a time (ISO 8601 text)"),
        ("UPDATE games SET final = 'x'", f"final: 'x' is not JSON text: {DAMAGED}"),
        ("UPDATE games SET final = x'ff'", f"final: b'\\xff' is not {POINTS}: {DAMAGED}"),
        ("UPDATE games SET final = '5'", f"final: '5' is not {POINTS}: {DAMAGED}"),
        (
            f"UPDATE games SET final = '{DEEP}'",
            f"final: '{'[' * 17}...{']' * 18}' is not JSON text: {DAMAGED}",
        ),
    ],
)
def test_a_row_that_cannot_be_read_is_a_saved_game_error(
    db: Path, store: StatsStore, change: str, problem: str
) -> None:
    session = playing(store)
    damage(db, change)
    assert refused(store, session.uid).startswith(problem)
    with pytest.raises(UnreadableGame) as raised:  # reading it by its uid says the same
        load_game(store, session.uid)
    assert raised.value.uid == session.uid
    assert raised.value.problem.startswith(problem)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("UPDATE games SET setup = ?", "setup: nested too deep to be read"),
        ("UPDATE game_actions SET action = ? WHERE n = 0", "action 0: nested too deep to be read"),
    ],
)
def test_json_nested_past_python_s_depth_is_a_saved_game_error(
    db: Path, store: StatsStore, change: str, problem: str
) -> None:
    session = playing(store)
    damage(db, change, DEEP)
    assert refused(store, session.uid) == problem


def test_a_setup_the_rules_cannot_deal_from_is_a_saved_game_error(
    store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = playing(store)

    def cannot_deal(*args: object) -> None:
        raise ValueError("no deal for this setup")

    monkeypatch.setattr(course_module, "new_game", cannot_deal)
    assert refused(store, session.uid) == "setup: no deal for this setup"


def test_a_step_that_cannot_be_followed_is_a_saved_game_error(
    store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = playing(store)

    def lost(*args: object) -> None:
        raise ValueError("the hands do not follow")

    monkeypatch.setattr(course_module, "hands_after", lost)
    assert refused(store, session.uid) == "action 0: the hands do not follow"


def test_the_store_s_own_errors_stay_the_store_s(store: StatsStore) -> None:
    playing(store)
    store.close()
    with pytest.raises(StoreError, match="the stats store is closed") as raised:
        GameSession.resume(store)
    assert not isinstance(raised.value, SavedGameError)
