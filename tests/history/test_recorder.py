"""The recorder: answers written off the caller's thread, in order, each tried until it is
written; what could not be written at closing kept in a file and brought back later."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from tests.factories import HAND_8, HAND_29
from tests.history.known import answered, show, total
from trainer.history import DB_NAME, StatsStore
from trainer.history.exchange import read_export
from trainer.history.file import StoreBusy
from trainer.history.writing import DeferredStore, Notice, Recorder, keep, pending_files
from trainer.quiz.attempt import Attempt


def several(count: int) -> list[Attempt]:
    return [
        answered(show(HAND_29 if n % 2 else HAND_8), total(n), session_id=f"s{n}")
        for n in range(count)
    ]


class Flaky(StatsStore):
    """A store in memory that refuses its first ``fails`` writes as busy."""

    def __init__(self, fails: int) -> None:
        super().__init__(":memory:")
        self.fails = fails
        self.order: list[str] = []
        self.threads: set[str] = set()

    def record(self, attempt: Attempt) -> int:
        self.threads.add(threading.current_thread().name)
        if self.fails:
            self.fails -= 1
            raise StoreBusy("the history is busy")
        self.order.append(attempt.session_id)
        return super().record(attempt)


def test_answers_are_written_in_order_off_the_callers_thread_through_failures() -> None:
    told: list[Notice] = []
    store = Flaky(fails=3)
    recorder = Recorder(told.append, first_pause=0.01, longest_pause=0.02)
    given = several(5)
    for attempt in given[:2]:
        recorder.put(attempt)  # before there is a history: they wait
    assert recorder.waiting == 2
    recorder.attach(store)
    for attempt in given[2:]:
        recorder.put(attempt)
    assert recorder.flush(10)
    assert store.order == [a.session_id for a in given]
    assert store.threads == {"muggins-recorder"}
    assert [n.trouble for n in told] == [True, False]  # told once, then told it is saved
    waiting = "answers are waiting to be saved: the history is busy (another program holds it)"
    assert waiting in told[0].text  # 2 to 5 of them, as the thread met its first refusal
    assert told[1].text == "5 answers that waited are saved in the history now."
    assert recorder.close(1) is None
    store.close()


def test_a_flush_returns_once_the_saved_notice_is_told() -> None:
    """The notice that the answers which waited are saved is told outside the recorder's
    lock, after the queue empties: a flush (what quitting and the tests wait on) waits for
    it too, however slow the telling (a loaded machine's thread switch, here a sleep)."""
    told: list[Notice] = []
    telling = threading.Event()

    def slowly(notice: Notice) -> None:
        if not notice.trouble:
            telling.set()
            threading.Event().wait(0.3)
        told.append(notice)

    store = Flaky(fails=1)
    recorder = Recorder(slowly, first_pause=0.01, longest_pause=0.02)
    recorder.attach(store)
    recorder.put(several(1)[0])
    assert recorder.flush(10)
    assert telling.is_set()
    assert [n.text for n in told][-1] == "1 answer that waited is saved in the history now."
    assert recorder.close(1) is None
    store.close()


def test_closing_with_no_history_says_what_was_not_saved() -> None:
    recorder = Recorder()
    recorder.put(several(1)[0])
    unsaved = recorder.close(0.1)
    assert unsaved is not None
    assert (unsaved.count, unsaved.kept) == (1, None)
    assert unsaved.text == (
        "1 answer could not be saved in the history (the history was not open), and it could "
        "not be kept in a file: there is no history file to keep them beside."
    )


def test_kept_answers_are_an_export_and_come_back_once(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    given = several(3)
    first = keep(path, given[:2])
    second = keep(path, given[1:])  # one of them twice: stored once
    assert pending_files(path) == sorted([first, second])
    data = json.loads(first.read_text(encoding="utf-8"))
    assert data["format"] == "muggins-history"
    assert [r["session_id"] for r in read_export(first).attempts] == ["s0", "s1"]
    assert not list(tmp_path.glob(".*.tmp"))
    told: list[Notice] = []
    store = DeferredStore(path)
    recorder = Recorder(told.append)
    recorder.attach(store)
    assert recorder.flush(10)
    assert store.report().overall.attempts == 3
    assert pending_files(path) == []
    assert told == [
        Notice("3 answers kept from an earlier session are saved in the history now.", False)
    ]
    assert recorder.close(1) is None
    store.close()


def test_a_damaged_file_of_kept_answers_is_left_and_said(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    damaged = keep(path, several(1))
    damaged.write_text("{not json", encoding="utf-8")
    told: list[Notice] = []
    store = DeferredStore(path)
    recorder = Recorder(told.append)
    recorder.attach(store)
    recorder.put(several(2)[1])  # answers given now are still written
    assert recorder.flush(10)
    assert store.report().overall.attempts == 1
    assert damaged.read_text(encoding="utf-8") == "{not json"
    assert len(told) == 1
    assert told[0].trouble
    assert str(damaged) in told[0].text
    assert "it is left as it was" in told[0].text
    assert recorder.close(1) is None
    store.close()


def test_closing_tries_again_at_once_then_pauses_and_keeps_what_failed(tmp_path: Path) -> None:
    class Full(StatsStore):
        tries = 0

        def record(self, attempt: Attempt) -> int:
            Full.tries += 1
            raise OSError("No space left on device")

    store = Full(tmp_path / DB_NAME)
    recorder = Recorder(first_pause=0.05, longest_pause=5.0)
    recorder.attach(store)
    recorder.put(several(1)[0])
    assert not recorder.flush(0.3)
    before = Full.tries
    unsaved = recorder.close(1.0)
    # Closing wakes the thread once; then pauses of 0.05, 0.1, 0.2, 0.4 s: a few tries, not
    # a loop spinning on a disk that fails at once.
    assert 1 <= Full.tries - before <= 6
    assert unsaved is not None
    assert unsaved.count == 1
    assert unsaved.reason == "No space left on device"
    assert unsaved.kept is not None
    assert [p.name for p in pending_files(tmp_path / DB_NAME)] == [unsaved.kept.name]
    store.close()
