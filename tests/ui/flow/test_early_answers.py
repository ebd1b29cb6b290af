"""Answers judged before the history is open are kept in a file beside it as they come, and
go to the history once it opens (the file deleted once they are written), or at quitting,
or, after a crash, at the next start: never lost, never written twice."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.factories import FakeClock, make_drill
from trainer.history import DB_NAME, StatsStore
from trainer.history.exchange import read_export
from trainer.history.file import attempt_rows
from trainer.history.writing import PREFIX, DeferredStore, Notice, Recorder, pending_files
from trainer.judge.claims import TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.ui.flow.drill_runner import Ask, DrillRunner, Reveal
from trainer.ui.flow.early_answers import EarlyAnswers

THREE = make_drill(hands=3)


def uids(attempts: Sequence[Attempt]) -> list[str]:
    return [str(attempt_rows(a).attempt[0]) for a in attempts]


def kept_uids(path: Path) -> list[str]:
    return [str(r["uid"]) for r in read_export(path).attempts]


def answered(run: DrillRunner, count: int, *, begin: bool = True) -> list[Attempt]:
    """Answer ``count`` hands of a three-hand drill, right (the drill begun, or going on)."""
    if begin:
        assert isinstance(run.begin(THREE), Ask)
    given = []
    for _ in range(count):
        question = run.question
        assert question is not None
        shown = run.answer(TotalClaim(question.actual))
        assert isinstance(shown, Reveal)
        given.append(shown.attempt)
        run.next_question()
    return given


def early_runner(store: Path, told: list[Notice] | None = None) -> DrillRunner:
    clock = FakeClock()
    notify = None if told is None else told.append
    return DrillRunner(random.Random(3), clock=clock, now=clock.now, beside=store, notify=notify)


def test_each_answer_is_kept_in_one_new_file_beside_the_store(tmp_path: Path) -> None:
    store = tmp_path / "not yet" / DB_NAME  # its folder is made with the first answer
    run = early_runner(store)
    given = answered(run, 1)
    early = run.early
    assert early is not None
    assert early.flush(60)
    first = early.path
    assert first is not None
    assert pending_files(store) == [first]
    assert first.name.startswith(PREFIX)
    assert kept_uids(first) == uids(given)
    given += answered(run, 2, begin=False)
    assert early.flush(60)
    assert early.path != first
    assert pending_files(store) == [early.path]  # the one before deleted once it was written
    assert early.path is not None
    assert kept_uids(early.path) == uids(given)
    assert not store.exists()  # the history is made by the first answer written to it


def test_the_answers_go_to_the_history_once_it_opens_and_their_file_goes(
    tmp_path: Path,
) -> None:
    path = tmp_path / DB_NAME
    told: list[Notice] = []
    run = early_runner(path, told)
    given = answered(run, 3)
    assert run.unwritten == 3
    with DeferredStore(path) as store:
        run.connect(store)
        assert run.early is None
        assert run.flush(60)
        assert run.close(5) is None
        assert store.report().overall.attempts == 3
    with StatsStore(path) as opened, opened.guard("reading") as conn:
        stored = [r[0] for r in conn.execute("SELECT uid FROM attempts ORDER BY number")]
    assert stored == uids(given)  # each once, in order
    assert pending_files(path) == []
    assert told == []  # not "kept from an earlier session": they are this one's


def test_quitting_before_the_history_opens_writes_them_to_the_one_opened_meanwhile(
    tmp_path: Path,
) -> None:
    path = tmp_path / DB_NAME
    run = early_runner(path)
    answered(run, 2)
    with DeferredStore(path) as store:  # opened as the app stopped, never connected
        assert run.close(5, history=store) is None
        assert store.report().overall.attempts == 2
    assert pending_files(path) == []


def test_quitting_with_no_history_keeps_them_and_the_next_start_saves_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / DB_NAME
    run = early_runner(path)
    given = answered(run, 2)
    unsaved = run.close(5)  # the history could not be opened
    assert unsaved is not None
    assert unsaved.count == 2
    assert unsaved.kept is not None
    assert pending_files(path) == [unsaved.kept]
    assert kept_uids(unsaved.kept) == uids(given)
    assert unsaved.text == (
        "2 answers could not be saved in the history (the history was not open); they are "
        f"kept in {unsaved.kept}, and the next start saves them "
        f"(or run: muggins import {unsaved.kept})."
    )
    told: list[Notice] = []
    with DeferredStore(path) as store:  # the next start
        recorder = Recorder(told.append)
        recorder.attach(store)
        assert recorder.flush(60)
        assert recorder.close(5) is None
        assert store.report().overall.attempts == 2
    assert pending_files(path) == []
    assert told == [
        Notice("2 answers kept from an earlier session are saved in the history now.", False)
    ]


def test_a_file_that_cannot_be_written_leaves_them_waiting_and_says_why(tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    run = early_runner(blocked / DB_NAME)
    answered(run, 1)
    assert run.early is not None
    assert run.early.flush(60)
    assert run.early.path is None
    assert run.early.failure is not None
    assert run.unwritten == 1  # still waiting for the history, in memory
    unsaved = run.close(5)
    assert unsaved is not None
    assert unsaved.kept is None
    assert unsaved.failure is not None
    assert "File exists" in unsaved.failure or "Not a directory" in unsaved.failure


def test_a_later_write_that_fails_keeps_the_file_before(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    writes: list[int] = []

    def keep(store: Path, attempts: Sequence[Attempt]) -> Path:
        from trainer.ui.flow.early_answers import keep_beside

        writes.append(len(attempts))
        if len(writes) == 2:
            raise OSError("No space left on device")
        return keep_beside(store, attempts)

    run = early_runner(path)
    run.early = EarlyAnswers(path, keep)
    given = answered(run, 1)
    assert run.early.flush(60)
    given += answered(run, 1, begin=False)
    assert run.early.flush(60)
    assert writes == [1, 2]
    assert run.early.failure == "No space left on device"
    assert run.early.kept == 1
    assert run.early.path is not None
    assert kept_uids(run.early.path) == uids(given[:1])  # the file before, still whole
    unsaved = run.close(5)  # the last try, at quitting, keeps them all
    assert unsaved is not None
    assert unsaved.kept is not None
    assert kept_uids(unsaved.kept) == uids(given)
    assert pending_files(path) == [unsaved.kept]


@pytest.mark.parametrize("count", [1, 3])
def test_another_trainer_bringing_the_file_back_loses_nothing(tmp_path: Path, count: int) -> None:
    """A trainer starting meanwhile brings back every pending file beside the store, this
    one's too: the answers are then in the history, and this trainer's own writes of them
    later are the same answers, stored once."""
    path = tmp_path / DB_NAME
    run = early_runner(path)
    given = answered(run, count)
    assert run.early is not None
    assert run.early.flush(60)
    with DeferredStore(path) as store:
        other = Recorder()
        other.attach(store)  # the other trainer's start
        assert other.flush(60)
        assert other.close(5) is None
        run.connect(store)
        assert run.flush(60)
        assert run.close(5) is None
        assert store.report().overall.attempts == count
    assert pending_files(path) == []
    assert len(uids(given)) == count
