"""A trainer killed (SIGKILL) before its history is open loses at most the hand on screen.

A child process runs the trainer as ``muggins`` builds it, headless, its history's opening
held for good (as on a machine too loaded to open it yet), answers two hands of the
warm-up, and says so once they are kept; the parent kills it with the third hand on
screen, then starts again on the same folder as the trainer does (the store, and the
answers kept beside it brought back) and counts them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Final

from trainer.history import DB_NAME
from trainer.history.writing import DeferredStore, Notice, Recorder, pending_files

ROOT: Final = Path(__file__).resolve().parents[2]

CHILD: Final = """
import asyncio, threading
from tests.ui.test_slow_start import answer_hands
from trainer.cli.parser import parse
from trainer.history.writing import DeferredStore
from trainer.ui.launch import build

never = threading.Event()

def held(override=None):
    never.wait()  # the history never opens in this run
    raise AssertionError("opened")

DeferredStore.open = held

async def main():
    app, _ = build(parse([]))
    async with app.run_test(size=(100, 30)) as pilot:
        await answer_hands(pilot, app, 2)
        assert app.runner.history is None
        assert app.runner.early is not None and app.runner.early.flush(60)
        print("answered", app.runner.unwritten, "hand", app.runner.question.number, flush=True)
        await asyncio.sleep(3600)  # the third hand on screen, until the kill

asyncio.run(main())
"""


def test_two_hands_then_a_kill_before_the_history_opens_lose_only_the_hand_on_screen(
    muggins_home: Path,
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert child.stdout is not None
    try:
        line = child.stdout.readline()
        if not line:
            _, err = child.communicate(timeout=60)
            raise AssertionError(f"the trainer ended first:\n{err[-3000:]}")
        assert line.split() == ["answered", "2", "hand", "3"]
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=60)
    assert child.returncode == -signal.SIGKILL
    path = muggins_home / DB_NAME
    assert not path.exists()  # never opened, never made
    assert len(pending_files(path)) == 1
    told: list[Notice] = []
    with DeferredStore(path) as store:  # the next start, as the trainer's recorder makes it
        recorder = Recorder(told.append)
        recorder.attach(store)
        assert recorder.flush(60)
        assert recorder.close(5) is None
        assert store.report().overall.attempts == 2
    assert pending_files(path) == []
    assert told == [
        Notice("2 answers kept from an earlier session are saved in the history now.", False)
    ]
