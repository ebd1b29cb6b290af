"""Your move at the table while another program holds the history: tried once at once (the
screen never waits for a lock), then saved in a worker, tried again until it is, and shown
then; nothing moves meanwhile, and it is saved once. The computer's move waits the same way
in its worker. Another connection holds the lock until the save has begun to wait for it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.factories import FakeClock
from tests.history.test_store import held, lock_waits
from tests.ui.table.flow.test_runner import drive, said
from trainer.game.session import GameSession
from trainer.game.step_save import PendingStep
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, StoreBusy
from trainer.history.writing import load_game
from trainer.ui.flow.game_start import seat_names
from trainer.ui.table.flow.effects import BotTurn, Home, LogBack, Notice, SaveYours
from trainer.ui.table.flow.hint import hint_ask
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.flow.your_move import YOURS_SAVED, YOURS_WAIT


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / DB_NAME


@pytest.fixture
def store(db: Path) -> Iterator[StatsStore]:
    with StatsStore(db) as opened:
        yield opened


def at_the_throw(store: StatsStore) -> TableRunner:
    """A runner at a new game against an easy computer, waiting for your throw."""
    rules = variant("short")
    names = seat_names(rules.players, False)
    session = GameSession.start(store, rules, 5, [None, "easy"], names=names)
    runner = TableRunner(session, pause=0.0, clock=FakeClock(), now=FakeClock())
    drive(runner, runner.opening())
    asked = runner.asked
    assert asked is not None
    assert (asked.seat, asked.kind) == (runner.human, "discard")
    return runner


def saved_steps(store: StatsStore, runner: TableRunner) -> int:
    saved = load_game(store, runner.session.uid)
    assert saved is not None
    assert saved.steps == len(saved.actions)
    return saved.steps


def test_your_move_waits_for_a_busy_store_and_is_shown_once_it_is_saved(
    db: Path, store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = at_the_throw(store)
    before = runner.state
    held_cards = runner.held()
    runner.key("1")
    runner.key("2")
    with held(db, 60) as let_go:
        effects = runner.key("enter")
        assert effects == [Notice(YOURS_WAIT, "warning", 10), SaveYours()]
        assert runner.saving is not None
        assert runner.state is before  # not taken, not shown
        assert runner.session.state is before
        assert runner.picked == list(held_cards[:2])  # still picked, as you left them
        # Nothing moves while it waits: keys, clicks, typing, a hint, another try.
        assert runner.key("3") == []
        assert runner.key("enter") == []
        assert runner.key("escape") is None  # the screen's (leave): still its own
        assert runner.clicked(held_cards[3]) is None
        assert runner.typed("5") == []
        assert hint_ask(runner) is None
        assert isinstance(runner.saving, PendingStep)
        assert runner.take(runner.saving.action) == []
        waits = lock_waits(monkeypatch, then=let_go)  # let go once the save waits for it
        runner.save_yours()  # in the screen's worker
    assert len(waits) == 1
    assert runner.session.state is not before  # saved and taken (in the worker)
    assert runner.state is before  # shown only when the screen applies it
    shown = runner.yours_saved()
    assert shown[0] == Notice(YOURS_SAVED, timeout=4)
    assert any(line.startswith("You throw") for line in said(shown))
    assert shown[-1] == BotTurn()  # the game goes on: the computer throws next
    assert runner.saving is None
    assert runner.picked == []
    assert runner.state is runner.session.state
    assert runner.state.hand.thrown[runner.human] == tuple(held_cards[:2])
    assert saved_steps(store, runner) == before.steps + 1  # saved once
    assert runner.yours_saved() == []  # nothing more to show


def test_a_free_store_saves_your_move_at_once(store: StatsStore) -> None:
    runner = at_the_throw(store)
    before = runner.state
    runner.key("1")
    runner.key("2")
    effects = runner.key("enter")
    assert effects is not None
    assert SaveYours() not in effects
    assert effects[-1] == BotTurn()
    assert runner.saving is None
    assert saved_steps(store, runner) == before.steps + 1


def test_your_count_that_waited_gives_back_the_log_and_its_answer_once(
    db: Path, store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = at_the_throw(store)
    while (asked := runner.asked) is not None and asked.kind != "count":
        held_now = runner.held()
        if asked.kind == "discard":
            runner.key("1")
            runner.key("2")
            drive(runner, runner.key("enter") or [])
        else:
            table = runner.state.hand.table
            assert table is not None
            card = table.playable(runner.human)[0]
            drive(runner, runner.key(str(held_now.index(card) + 1)) or [])
    runner.announce = False
    with held(db, 60) as let_go:
        assert runner.typed("2")[-1] == SaveYours()
        waits = lock_waits(monkeypatch, then=let_go)
        runner.save_yours()
    assert len(waits) == 1
    shown = runner.yours_saved()
    assert LogBack() not in shown  # typed, not announced: the log never left
    assert shown[-1] == BotTurn(at_once=True)  # the computer answers your count at once
    assert len(runner.session.attempts) == 1
    with store.guard("counting") as conn:
        assert conn.execute("SELECT count(*) FROM attempts").fetchone() == (1,)


def test_a_move_stopped_while_it_waits_is_neither_saved_nor_shown(
    db: Path, store: StatsStore
) -> None:
    """Leaving the table (or quitting) cancels the worker: the move stops being tried."""
    runner = at_the_throw(store)
    before = runner.state
    runner.key("1")
    runner.key("2")
    stop = threading.Event()
    stop.set()
    with held(db, 60):
        assert runner.key("enter") == [Notice(YOURS_WAIT, "warning", 10), SaveYours()]
        with pytest.raises(StoreBusy):
            runner.save_yours(stop)
    assert runner.session.state is before
    assert saved_steps(store, runner) == before.steps


def test_a_move_that_cannot_be_saved_for_another_reason_goes_home(store: StatsStore) -> None:
    runner = at_the_throw(store)
    runner.key("1")
    runner.key("2")
    store.close()  # not busy: gone
    effects = runner.key("enter")
    assert effects is not None
    assert effects[-1] == Home()
    assert isinstance(effects[0], Notice)
    assert effects[0].severity == "error"
    assert effects[0].text.startswith("Could not save your move: ")
    assert runner.saving is None


def test_the_computer_s_move_waits_in_its_worker_and_says_so_once(
    db: Path, store: StatsStore
) -> None:
    runner = at_the_throw(store)
    runner.key("1")
    runner.key("2")
    effects = runner.key("enter")
    assert effects is not None
    assert effects[-1] == BotTurn()
    before = runner.session.state
    told: list[StoreBusy] = []
    with held(db, 60) as let_go:

        def waiting(busy: StoreBusy) -> None:
            told.append(busy)
            let_go()

        move = runner.bot_move(waiting=waiting)  # in the screen's worker
    assert move is not None
    assert len(told) == 1
    assert move.before is before
    assert saved_steps(store, runner) == before.steps + 1
    assert any("Computer throws" in line for line in said(runner.bot_moved(move)))
