"""Killing the trainer (SIGKILL) loses at most the hand that was not yet answered.

A child process runs a quiz session over a drill and records each answer the
moment it is judged, printing the number of answers recorded. The parent
kills it, then opens the store and counts the rows.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from trainer.history import DB_NAME, StatsStore

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop

CHILD = """
import random, sys
from trainer.drills.schema import parse_drill
from trainer.judge.claims import AnnounceClaim, ClaimedItem
from trainer.quiz.session import QuizSession
from trainer.history import StatsStore

path, step = sys.argv[1], sys.argv[2] == "step"
drill = parse_drill(
    {"name": "Kill test", "description": "Announce, missing the first combination.",
     "hands": 1000, "claim": "announce", "deal": {"score": {"min": 2}}},
    drill_id="kill-test", source="kill-test",
)
session = QuizSession(drill, random.Random(42))
with StatsStore(path) as store:
    recorded = 0
    while (q := session.next_question()) is not None:
        if step:
            print("asked", q.number, flush=True)
            sys.stdin.readline()  # wait for the parent: the hand is on screen, unanswered
        claim = AnnounceClaim(tuple(ClaimedItem(i.kind, i.cards) for i in q.breakdown.items[1:]))
        store.record(session.answer(claim))
        recorded += 1
        print("recorded", recorded, flush=True)
"""


def start(path: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def kill(child: subprocess.Popen[str]) -> None:
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    for stream in (child.stdin, child.stdout):
        if stream is not None:
            stream.close()


def check_complete(path: Path) -> int:
    """The store opens; every attempt has all its rows; returns the number of attempts."""
    with StatsStore(path) as store:
        count = store.attempt_count()
        assert store.report().overall.attempts == count
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        # Each answer missed exactly one combination and announced the rest.
        incomplete = conn.execute(
            "SELECT a.id FROM attempts AS a WHERE a.itemised = 0 "
            "OR (SELECT count(*) FROM combos AS c WHERE c.attempt_id = a.id) <> 1 "
            "OR (SELECT sum(points) FROM combos AS c WHERE c.attempt_id = a.id) "
            "   <> a.missed_points "
            "OR NOT EXISTS (SELECT 1 FROM present AS p WHERE p.attempt_id = a.id)"
        ).fetchall()
        assert incomplete == []
    return count


def test_kill_with_a_hand_on_screen(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    child = start(path, "step")
    assert child.stdin is not None
    assert child.stdout is not None
    answered = 7
    for n in range(1, answered + 1):
        assert child.stdout.readline().split() == ["asked", str(n)]
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().split() == ["recorded", str(n)]
    assert child.stdout.readline().split() == ["asked", str(answered + 1)]
    kill(child)  # the eighth hand is dealt and unanswered
    assert check_complete(path) == answered


@pytest.mark.parametrize("delay", [0.0, 0.003, 0.011])
def test_kill_at_any_moment(tmp_path: Path, delay: float) -> None:
    path = tmp_path / DB_NAME
    child = start(path, "run")
    assert child.stdout is not None
    reported = 0
    while reported < 25:
        words = child.stdout.readline().split()
        assert words[0] == "recorded"
        reported = int(words[1])
    time.sleep(delay)  # somewhere in the middle of recording the next answers
    kill(child)
    count = check_complete(path)
    # Every answer reported was committed; at most the ones after it were also written.
    assert count >= reported
