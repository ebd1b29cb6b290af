"""A busy store delays a game's step and never refuses it: the step is tried again until it
is saved, once. Another connection holds the store's write lock until the step has been
found busy (never for so many seconds), then lets it go."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.game.scripted import scripted
from tests.history.test_store import held, lock_waits
from trainer.game.session import GameSession
from trainer.game.state import Count, GameError
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, StoreBusy
from trainer.history.writing import GameConflictError, save_step


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[StatsStore]:
    with StatsStore(db) as opened:
        yield opened


def dealt(store: StatsStore) -> GameSession:
    """A short game against the computer, the computer's first steps taken: yours to move."""
    game = GameSession.start(store, variant("short"), 5, [None, "easy"])
    game.run_bots()
    assert game.human_turn
    return game


def at_your_count(store: StatsStore) -> GameSession:
    """A game played on (the scripted human, the computer) until you are to count."""
    game = dealt(store)
    while True:
        game.run_bots()
        asked = game.prompt
        assert asked is not None
        if asked.kind == "count":
            return game
        game.act(scripted(game.state, asked))


def rows(db: Path, sql: str) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        return conn.execute(sql).fetchall()


def saved_actions(db: Path) -> list[tuple[int, str]]:
    return [(n, text) for n, text in rows(db, "SELECT n, action FROM game_actions ORDER BY n")]


def test_a_step_waits_for_a_lock_and_is_saved_once_it_is_let_go(
    db: Path, store: StatsStore
) -> None:
    game = dealt(store)
    before = game.state
    told: list[str] = []
    with held(db, 60) as let_go:

        def waiting(busy: StoreBusy) -> None:
            told.append(str(busy))
            let_go()  # found busy past the store's own wait: the lock goes now

        pending = game.prepare(scripted(game.state, game.prompt))  # type: ignore[arg-type]
        events = game.save(pending, waiting=waiting)
    assert len(told) == 1
    assert "is busy" in told[0]
    assert "nothing was written" in told[0]
    assert events == pending.events
    assert game.state is pending.after
    assert game.state.steps == before.steps + 1
    assert saved_actions(db)[-1] == (before.steps, pending.text)
    assert len(saved_actions(db)) == before.steps + 1  # the step once
    assert rows(db, "SELECT steps FROM games") == [(before.steps + 1,)]


def test_one_try_at_the_lock_refuses_at_once_and_takes_nothing(
    db: Path, store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not patient (the screen's own try), a held lock is `StoreBusy` without the store's
    wait: no pause taken, nothing saved, the game as it was; saved patiently after, it lands."""
    game = dealt(store)
    before = game.state
    waits = lock_waits(monkeypatch)
    pending = game.prepare(scripted(game.state, game.prompt))  # type: ignore[arg-type]
    with held(db, 60), pytest.raises(StoreBusy):
        game.save(pending, patient=False)
    assert waits == []  # the store's schedule of pauses never began
    assert game.state is before
    assert len(saved_actions(db)) == before.steps
    game.save(pending)
    assert game.state.steps == before.steps + 1
    assert len(saved_actions(db)) == before.steps + 1


def test_a_step_stopped_while_it_waits_is_not_saved_nor_taken(db: Path, store: StatsStore) -> None:
    game = dealt(store)
    before = game.state
    stop = threading.Event()
    pending = game.prepare(scripted(game.state, game.prompt))  # type: ignore[arg-type]
    with held(db, 60), pytest.raises(StoreBusy):
        game.save(pending, stop=stop, waiting=lambda busy: stop.set())
    assert game.state is before
    assert len(saved_actions(db)) == before.steps
    game.save(pending)  # the lock gone: the same step is saved
    assert game.state.steps == before.steps + 1


class LostAcknowledgement(StatsStore):
    """A store whose next game step, once ``armed``, is committed and then reported busy, as
    if the commit's acknowledgement were lost: the step must be tried again, and not doubled."""

    armed = False
    lost = 0

    @contextlib.contextmanager
    def transaction(self, action: str, *, patient: bool = True) -> Iterator[sqlite3.Connection]:
        with super().transaction(action, patient=patient) as conn:
            yield conn
        if self.armed and action == "saving the game":
            self.armed = False
            self.lost += 1
            raise StoreBusy("the history is busy (its acknowledgement was lost)")


@pytest.mark.parametrize("whose", ["yours", "the computer's"])
def test_a_step_committed_whose_acknowledgement_was_lost_is_saved_once(
    db: Path, whose: str
) -> None:
    with contextlib.closing(LostAcknowledgement(db)) as store:
        game = at_your_count(store)
        attempts = rows(db, "SELECT count(*) FROM attempts")
        if whose == "yours":
            before = game.state
            store.armed = True
            asked = game.prompt
            assert asked is not None
            action = scripted(game.state, asked)
            assert isinstance(action, Count)
            told: list[StoreBusy] = []
            pending = game.prepare(action, seconds=3.0)
            game.save(pending, waiting=told.append)
            assert len(told) == 1  # it was tried again
            assert pending.attempt is not None
            assert game.attempts == [pending.attempt]
            assert rows(db, "SELECT count(*) FROM attempts") == [(attempts[0][0] + 1,)]  # once
        else:
            game.act(scripted(game.state, game.prompt))  # type: ignore[arg-type]
            before = game.state
            store.armed = True
            assert game.bot_step() is not None
        assert store.lost == 1
        assert game.state.steps == before.steps + 1
        assert len(saved_actions(db)) == before.steps + 1
        assert rows(db, "SELECT steps, status FROM games") == [(before.steps + 1, "playing")]


def test_again_takes_only_the_very_action_as_saved(db: Path, store: StatsStore) -> None:
    """``again`` takes action ``n`` already saved as this one for the step (the schema keys
    actions by the game and ``n``: never two); another action there is still a conflict, and
    without ``again`` the same action is refused as ever."""
    game = dealt(store)
    n = game.state.steps
    pending = game.prepare(scripted(game.state, game.prompt))  # type: ignore[arg-type]
    game.save(pending)
    save_step(store, game.game_id, n, pending.text, pending.at, again=True)
    assert saved_actions(db)[n:] == [(n, pending.text)]
    with pytest.raises(GameConflictError, match="has moved on without this trainer"):
        save_step(store, game.game_id, n, pending.text, pending.at)
    other = '{"type": "go", "seat": 0}'
    with pytest.raises(GameConflictError, match="has moved on without this trainer"):
        save_step(store, game.game_id, n, other, pending.at, again=True)
    assert saved_actions(db)[n:] == [(n, pending.text)]


def test_a_step_worked_out_before_the_game_moved_on_is_not_saved(store: StatsStore) -> None:
    game = dealt(store)
    first = game.prepare(scripted(game.state, game.prompt))  # type: ignore[arg-type]
    game.save(first)
    with pytest.raises(GameError, match="moved on since this step was worked out"):
        game.save(first)
