"""Undo at the table, without Textual: the game goes back to just before your last decision,
the log says what was taken back, the pegs move back and you are asked again; refused while
the table moves, in a match, and before your first decision. While another program holds
the history the undo is saved as your move is, in a worker, and the table goes back then."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.history.test_store import held, lock_waits
from tests.ui.table.flow.test_runner import drive, your_move
from trainer.game.session import GameSession
from trainer.game.state import Discard
from trainer.history import DB_NAME, StatsStore
from trainer.settings import GameChoices
from trainer.ui.flow.game_start import new_session
from trainer.ui.table.flow.effects import Asked, Home, Notice, Pegs, SaveYours, Say
from trainer.ui.table.flow.opening import board_pegs
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.flow.undo import undo_last
from trainer.ui.table.flow.your_move import UNDO_SAVED, UNDO_WAIT


@pytest.fixture
def store() -> Iterator[StatsStore]:
    with StatsStore(":memory:") as opened:
        yield opened


def seated(store: StatsStore, match_points: int = 1) -> TableRunner:
    choices = GameChoices(variant="short", level="easy", match_points=match_points)
    runner = TableRunner(new_session(store, choices, random.Random(3)), pause=0.0, plain=True)
    drive(runner, runner.opening())
    return runner


def test_undo_takes_your_throw_back_and_asks_for_it_again(store: StatsStore) -> None:
    runner = seated(store)
    session = runner.session
    assert runner.asked is not None
    assert runner.asked.kind == "discard"
    before = session.state
    drive(runner, your_move(runner))  # your throw, and the computer's moves after it
    throw = next(a for a in session.actions if isinstance(a, Discard) and a.seat == 0)
    after = len(session.actions) - before.steps - 1
    effects = undo_last(runner)
    cards = " ".join(str(c) for c in throw.cards)
    steps = f", and the {after} step{'s' if after != 1 else ''} after it" if after else ""
    assert effects == [
        Say((f"Undone: your throw {cards}{steps}. Play it again.",)),
        board_pegs(session),
        Asked(),
    ]
    assert isinstance(effects[1], Pegs)
    assert runner.state == session.state == before
    assert runner.held() == session.state.hand.dealt.hands[0]
    assert runner.picked == []


def test_undo_is_refused_before_your_first_decision_and_in_a_match(store: StatsStore) -> None:
    runner = seated(store)
    steps = runner.session.saved
    assert undo_last(runner) == [
        Notice("There is no throw, card, count or answer of yours to undo yet.", "warning", 6)
    ]
    assert runner.session.saved == steps
    match = seated(store, match_points=3)
    drive(match, your_move(match))
    assert undo_last(match) == [
        Notice("No undo in a match: its games count as played.", "warning", 6)
    ]


def test_undo_waits_while_the_table_moves(store: StatsStore) -> None:
    runner = seated(store)
    drive(runner, your_move(runner))
    runner.busy = True  # a reveal or a summary open
    saved = runner.session.saved
    (refused,) = undo_last(runner)
    assert isinstance(refused, Notice)
    assert refused.text.startswith("Nothing can be undone while the table moves")
    assert runner.session.saved == saved


def test_undo_waits_for_a_busy_store_in_a_worker_and_goes_back_once_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        runner = seated(store)
        session = runner.session
        before = session.state
        drive(runner, your_move(runner))
        after, saved = session.state, session.saved
        throw = next(a for a in session.actions if isinstance(a, Discard) and a.seat == 0)
        with held(db, 60) as let_go:
            assert undo_last(runner) == [Notice(UNDO_WAIT, "warning", 10), SaveYours()]
            assert runner.saving is not None
            assert session.state is after  # not taken back yet, nor shown
            assert runner.state is after
            (again,) = undo_last(runner)  # nothing moves while it waits
            assert isinstance(again, Notice)
            assert again.text.startswith("Nothing can be undone while the table moves")
            assert runner.key("1") == []
            waits = lock_waits(monkeypatch, then=let_go)
            runner.save_yours()  # in the screen's worker
        assert len(waits) == 1
        assert session.state == before  # taken back (in the worker)
        assert runner.state is after  # shown only when the screen applies it
        cards = " ".join(str(c) for c in throw.cards)
        assert after.steps - before.steps == 2  # your throw, then the computer's
        assert runner.yours_saved() == [
            Notice(UNDO_SAVED, timeout=4),
            Say((f"Undone: your throw {cards}, and the 1 step after it. Play it again.",)),
            board_pegs(session),
            Asked(),
        ]
        assert runner.saving is None
        assert runner.state == before
        assert session.saved == saved + 1  # saved once
        resumed = GameSession.resume(store)
        assert resumed is not None
        assert (resumed.state, resumed.undos) == (before, 1)


def test_an_undo_that_cannot_be_saved_for_another_reason_goes_home(store: StatsStore) -> None:
    runner = seated(store)
    drive(runner, your_move(runner))
    pending = runner.session.prepare_undo()
    runner.saving = pending  # as if it had waited in the worker, and failed there
    (said, home) = runner.save_failed("disk full")
    assert (said, home) == (Notice("Could not save the undo: disk full", "error", 10), Home())
    assert runner.saving is None
    after = runner.session.state
    store.close()  # not busy: gone
    (said, home) = undo_last(runner)
    assert isinstance(said, Notice)
    assert said.text.startswith("Could not save the undo: ")
    assert (said.severity, home) == ("error", Home())
    assert runner.session.state is after
