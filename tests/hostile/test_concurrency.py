"""Sixteen trainers recording into one store while four read it: every answer is kept.

Each writer is a process recording its answers as the trainer does, through a
`Recorder` (a thread of its own, retrying each answer until it is written), as fast
as it can, so the writers fight for the lock all the time. Each reader opens the
store again and again while they write (so the checks of the file and its WAL run
against live writers and checkpoints) and reads what the trainer and ``muggins
stats`` read. Afterwards every answer of every writer is in the store, once, the
file is sound and the summaries are what a rebuild gives.

The audit recorded 8,000 answers this way and lost 2 ("database is locked");
``MUGGINS_AUDIT_ANSWERS=8000`` reruns it (default: 800, about 20 s here).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest

from trainer.history import DB_NAME, StatsStore
from trainer.history.reading import rebuild_summaries

pytestmark = pytest.mark.slow

WRITERS: Final = 16
READERS: Final = 4
ANSWERS: Final = int(os.environ.get("MUGGINS_AUDIT_ANSWERS", "800"))
ROOT: Final = Path(__file__).resolve().parents[2]

WRITER: Final = """
import random, sys
from trainer.drills.schema import parse_drill
from trainer.history.writing import Recorder
from trainer.history import StatsStore
from trainer.judge.claims import TotalClaim
from trainer.quiz.session import QuizSession

path, who, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
drill = parse_drill(
    {"name": "Audit", "description": "As many hands as asked.", "time": {"total": 86_400}},
    drill_id="audit", source="audit",
)
session = QuizSession(drill, random.Random(who), session_id=f"writer-{who}")
store = StatsStore(path)
recorder = Recorder()
recorder.attach(store)
for n in range(count):
    question = session.next_question()
    recorder.put(session.answer(TotalClaim(question.actual + n % 2)))
unsaved = recorder.close(timeout=300)
store.close()
print(0 if unsaved is None else unsaved.count)
"""

READER: Final = """
import os, sys
from datetime import UTC, datetime
from trainer.history import StatsStore

path, stop = sys.argv[1], sys.argv[2]
reads = 0
while not os.path.exists(stop) or reads == 0:
    with StatsStore(path, create=False) as store:
        store.report()
        store.progress(datetime.now(UTC))
        store.review_items()
    reads += 1
print(reads)
"""


def child(code: str, *args: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def test_sixteen_writers_and_four_readers_keep_every_answer(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    stop = tmp_path / "stop"
    StatsStore(path).close()
    each = ANSWERS // WRITERS
    readers = [child(READER, path, stop) for _ in range(READERS)]
    writers = [child(WRITER, path, who, each) for who in range(WRITERS)]
    try:
        for writer in writers:
            out, err = writer.communicate(timeout=900)
            assert writer.returncode == 0, err[-3000:]
            assert out.strip() == "0", (out, err[-3000:])  # nothing left unsaved
    finally:
        stop.touch()
        for reader in readers:
            out, err = reader.communicate(timeout=120)
            assert reader.returncode == 0, err[-3000:]
            assert int(out) >= 1
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        per_writer = dict(
            conn.execute("SELECT session_id, count(*) FROM attempts GROUP BY session_id")
        )
    assert per_writer == {f"writer-{who}": each for who in range(WRITERS)}
    with StatsStore(path) as store:
        report = store.report()
        assert report.overall.attempts == each * WRITERS
        with store.transaction("rebuilding") as conn:
            rebuild_summaries(conn)
        assert store.report() == report
