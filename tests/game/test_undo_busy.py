"""An undo is a game's step like any other: while another program holds the store it waits
and is tried again until it is saved, once, never refused; one try at the lock (the table's
own) takes nothing back; a resumed game after it comes to the same place. Another connection
holds the store's write lock until the undo has been found busy, then lets it go."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.game.test_step_retry import dealt, rows, saved_actions
from tests.game.test_undo import play_until
from tests.history.test_store import held, lock_waits
from trainer.game.codec import dumps, undo_to_data
from trainer.game.session import GameSession
from trainer.game.state import GameError
from trainer.history import DB_NAME, StatsStore, StoreBusy


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[StatsStore]:
    with StatsStore(db) as opened:
        yield opened


def test_an_undo_waits_for_a_lock_and_is_saved_once_it_is_let_go(
    db: Path, store: StatsStore
) -> None:
    game = dealt(store)
    (before,) = play_until(game, 1)
    steps = len(saved_actions(db))
    told: list[str] = []
    with held(db, 60) as let_go:

        def waiting(busy: StoreBusy) -> None:
            told.append(str(busy))
            let_go()

        pending = game.prepare_undo()
        undone = game.save_undo(pending, waiting=waiting)
    assert len(told) == 1
    assert "is busy" in told[0]
    assert undone == list(pending.undone)
    assert len(undone) == pending.span == steps - before.steps
    assert game.state == before
    assert game.saved == steps + 1
    assert saved_actions(db)[-1] == (steps, dumps(undo_to_data(pending.span)))
    assert len(saved_actions(db)) == steps + 1  # the undo once
    assert rows(db, "SELECT steps FROM games") == [(steps + 1,)]
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert resumed.state == game.state
    assert (resumed.saved, resumed.undos) == (steps + 1, 1)


def test_one_try_at_the_lock_takes_nothing_back(
    db: Path, store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not patient (the table's own try), a held lock is `StoreBusy` at once: the game as it
    was, nothing saved; saved patiently after, the same undo lands."""
    game = dealt(store)
    (before,) = play_until(game, 1)
    after, steps = game.state, len(saved_actions(db))
    waits = lock_waits(monkeypatch)
    pending = game.prepare_undo()
    with held(db, 60), pytest.raises(StoreBusy):
        game.save_undo(pending, patient=False)
    assert waits == []
    assert (game.state, game.saved, game.undos) == (after, steps, 0)
    assert len(saved_actions(db)) == steps
    game.save_undo(pending)
    assert (game.state, game.saved, game.undos) == (before, steps + 1, 1)


def test_an_undo_stopped_while_it_waits_is_not_saved_nor_taken(db: Path, store: StatsStore) -> None:
    game = dealt(store)
    play_until(game, 1)
    after, steps = game.state, len(saved_actions(db))
    stop = threading.Event()
    pending = game.prepare_undo()
    with held(db, 60), pytest.raises(StoreBusy):
        game.save_undo(pending, stop=stop, waiting=lambda busy: stop.set())
    assert (game.state, game.saved) == (after, steps)
    assert len(saved_actions(db)) == steps


def test_an_undo_worked_out_before_the_game_moved_on_is_refused(
    db: Path, store: StatsStore
) -> None:
    game = dealt(store)
    play_until(game, 1)
    stale = game.prepare_undo()
    game.undo()
    steps = len(saved_actions(db))
    with pytest.raises(GameError, match="the game has moved on since this undo was worked out"):
        game.save_undo(stale)
    assert len(saved_actions(db)) == steps
    assert game.undos == 1
