"""The stats store: what one answer writes, opening and upgrading files, and every refusal."""

from __future__ import annotations

import contextlib
import csv
import importlib
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from tests.factories import HAND_8, HAND_9_FLUSH, HAND_29, FakeClock
from tests.history.known import SUMMARY_TABLES, drill, item, show
from trainer.drills.model import DrillSet
from trainer.history import (
    BUSY_SECONDS,
    DB_NAME,
    StatsStore,
    StoreBusy,
    StoreError,
    store_path,
)
from trainer.history.exchange import (
    ImportFormatError,
    export_records,
    import_records,
    read_export,
    rows_from_records,
    write_csv,
)
from trainer.history.file import ATTEMPT_COLUMNS, SCHEMA_VERSION
from trainer.history.reading import rebuild_quarters
from trainer.judge.claims import AnnounceClaim, CatchAnswer, ClaimedItem, TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import CatchQuestion, make_question
from trainer.quiz.session import QuizSession
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show

T0 = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / DB_NAME


def rows(path: Path, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    """Rows read with a plain connection of the test's own, as dicts."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(r) for r in conn.execute(sql, params)]


def one_answer(
    answer: Any,
    question_cards: tuple[str, str],
    *,
    seconds: float = 7.5,
    drill_set: DrillSet | None = None,
) -> Attempt:
    d = drill("count-aloud") if isinstance(answer, AnnounceClaim) else drill("warm-up")
    d = drill_set or d
    clock = FakeClock(wall=T0)
    session = QuizSession(
        d,
        random.Random(0),
        clock=clock,
        now=clock.now,
        questions=[show(question_cards)],
        session_id="s1",
    )
    session.next_question()
    clock.advance(seconds)
    attempt = session.time_out() if answer is None else session.answer(answer)
    assert attempt is not None
    return attempt


def renumbered(attempt: Attempt, number: int) -> Attempt:
    """The same attempt as the ``number``-th question of its session (another identity)."""
    return replace(attempt, question=replace(attempt.question, number=number))


# ---------------------------------------------------------------- recording


def test_created_on_first_use_not_at_import(tmp_path: Path) -> None:
    home = tmp_path / "not-yet"
    code = (
        "import sys, trainer.history, trainer.practice, trainer.cli\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    env = {**os.environ, "MUGGINS_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, env=env, capture_output=True, text=True
    )
    assert done.stdout.strip() == "[]"  # domain modules never import Textual
    assert not home.exists()
    with pytest.raises(StoreError, match="does not exist"):
        StatsStore.open(home, create=False)
    assert not home.exists()
    with StatsStore.open(home) as store:
        assert store.path == home / DB_NAME == store_path(home)
        assert store.attempt_count() == 0
    assert (home / DB_NAME).is_file()


def test_opens_in_muggins_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUGGINS_HOME", str(tmp_path / "home"))
    with StatsStore.open() as store:
        assert store.path == tmp_path / "home" / DB_NAME


def test_pragmas(db: Path) -> None:
    with StatsStore(db):
        pass
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA application_id").fetchone()[0] == 0x4D554747


def test_record_a_total_claim(db: Path) -> None:
    attempt = one_answer(TotalClaim(5), HAND_9_FLUSH)
    with StatsStore(db) as store:
        first = store.record(attempt)
        assert store.record(attempt) == first  # the same answer twice is kept once
        assert store.attempt_count() == 1
    [row] = rows(db, "SELECT * FROM attempts")
    assert row == {
        "id": first,
        "uid": row["uid"],
        "at": "2025-06-01T09:00:07.500000+00:00",
        "drill_id": "warm-up",
        "drill_name": "Warm-up",
        "session_id": "s1",
        "number": 1,
        "variant": "standard",
        "kind": "hand",
        "policy": "acc",
        "hand": "9D 10D QD KD",
        "starter": "JS",
        "crib": 0,
        "seed": 0,
        "answer": '{"type":"total","points":5}',
        "answer_text": "5",
        "claimed": 5,
        "actual": 9,
        "outcome": "under",
        "kept": 5,
        "opponent": 4,
        "missed_points": 4,
        "excess_points": 0,
        "categories": '{"fifteens":0,"pairs":0,"runs":5,"flush":4,"nobs":0}',
        "ms": 7500,
        "timed_out": 0,
        "itemised": 0,
        "total_seconds": None,
        "opponent_claim": None,
        "utc_offset": 0,
        "loss": None,
    }
    assert len(row["uid"]) == 32
    # A total says nothing about which combination was missed: the whole show is kept,
    # with the points it was off, and no kinds present.
    assert rows(db, "SELECT * FROM combos") == [
        {
            "attempt_id": first,
            "role": "total",
            "stat_kind": "total",
            "kind": "total",
            "cards": "9D 10D QD KD JS",
            "points": 4,
            "at": "2025-06-01T09:00:07.500000+00:00",
            "drill_id": "warm-up",
            "reason": "under",
        }
    ]
    assert rows(db, "SELECT * FROM present") == []


def test_record_an_announcement(db: Path) -> None:
    claim = AnnounceClaim(
        (
            item("fifteen", "5S 10C"),
            item("fifteen", "5S JC"),
            item("pair", "JC JD"),
            item("fifteen", "6H 10C"),
        )
    )
    timed = replace(drill("count-aloud"), total_seconds=60.0)  # a drill clock is kept
    attempt = one_answer(claim, HAND_8, drill_set=timed)
    with StatsStore(db) as store:
        attempt_id = store.record(attempt)
    [row] = rows(db, "SELECT answer, outcome, itemised, total_seconds FROM attempts")
    assert json.loads(row.pop("answer")) == {
        "type": "announce",
        "items": [
            {"kind": "fifteen", "cards": ["5S", "10C"], "points": None},
            {"kind": "fifteen", "cards": ["5S", "JC"], "points": None},
            {"kind": "pair", "cards": ["JD", "JC"], "points": None},  # display order
            {"kind": "fifteen", "cards": ["6H", "10C"], "points": None},
        ],
    }
    assert row == {"outcome": "mixed", "itemised": 1, "total_seconds": 60.0}
    combos = rows(db, "SELECT attempt_id, role, stat_kind, kind, cards, points, at FROM combos")
    at = "2025-06-01T09:00:07.500000+00:00"
    assert combos == [
        {
            "attempt_id": attempt_id,
            "role": "missed",
            "stat_kind": "fifteen-2",
            "kind": "fifteen",
            "cards": "5S JD",
            "points": 2,
            "at": at,
        },
        {
            "attempt_id": attempt_id,
            "role": "wrong",
            "stat_kind": "fifteen-2",
            "kind": "fifteen",
            "cards": "6H 10C",
            "points": 2,
            "at": at,
        },
    ]
    present = rows(db, "SELECT stat_kind, n FROM present ORDER BY stat_kind")
    assert present == [{"stat_kind": "fifteen-2", "n": 3}, {"stat_kind": "pair", "n": 1}]


def test_record_a_time_out(db: Path) -> None:
    attempt = one_answer(None, HAND_29)
    with StatsStore(db) as store:
        store.record(attempt)
    [row] = rows(db, "SELECT answer, answer_text, timed_out, itemised, opponent FROM attempts")
    assert row == {
        "answer": None,
        "answer_text": "(time out)",
        "timed_out": 1,
        "itemised": 1,
        "opponent": 29,
    }
    kinds = rows(db, "SELECT stat_kind, count(*) AS n FROM combos GROUP BY stat_kind")
    assert {r["stat_kind"]: r["n"] for r in kinds} == {
        "fifteen-2": 4,
        "fifteen-3": 4,
        "double-pair-royal": 6,
        "nobs": 1,
    }


def test_record_catch_and_play(db: Path) -> None:
    catch, pegging = drill("catch"), drill("pegging")
    with StatsStore(db) as store:
        for d, reply in ((catch, CatchAnswer(too_many=True)), (pegging, TotalClaim(2))):
            session = QuizSession(d, random.Random(5), session_id=d.id)
            q = session.next_question()
            assert q is not None
            attempt = session.answer(reply)
            assert attempt is not None
            store.record(attempt)
    catch_row, play_row = rows(db, "SELECT * FROM attempts ORDER BY id")
    q = make_question(catch, 1, catch_row["seed"])
    assert isinstance(q, CatchQuestion)
    assert catch_row["opponent_claim"] == q.opponent.claimed
    assert catch_row["answer"] == '{"type":"catch","call":null,"too_many":true}'
    assert (catch_row["kind"], catch_row["itemised"]) == ("catch", 0)
    assert (play_row["kind"], play_row["starter"], play_row["itemised"]) == ("play", None, 0)
    assert play_row["answer"] == '{"type":"total","points":2}'


def test_closed_store_refuses(db: Path) -> None:
    store = StatsStore(db)
    store.close()
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.attempt_count()


def test_commits_never_checkpoint_a_thread_does(db: Path) -> None:
    with StatsStore(db) as store:
        with store.guard("reading") as conn:
            assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        checkpointer = store.checkpointer
        assert checkpointer is not None
        checkpointer.limit = 20  # rows changed: a few answers
        attempt = one_answer(TotalClaim(5), HAND_9_FLUSH)
        for n in range(10):
            store.record(renumbered(attempt, n + 1))
            assert checkpointer.wait(timeout=10)
        assert checkpointer.done >= 2
        with contextlib.closing(sqlite3.connect(db)) as conn:
            busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            assert (busy, copied) == (0, frames)
    assert "muggins-checkpoint" not in {t.name for t in threading.enumerate()}
    assert not Path(f"{db}-wal").exists()  # the last connection closed copies it all back
    assert rows(db, "SELECT count(*) AS n FROM attempts") == [{"n": 10}]


# ---------------------------------------------------------------- two writers


def test_two_stores_interleaving(db: Path) -> None:
    first, second = StatsStore(db), StatsStore(db)
    try:
        for n in range(10):
            who = first if n % 2 else second
            attempt = one_answer(TotalClaim(n), HAND_9_FLUSH)
            who.record(renumbered(attempt, n + 1))
        assert first.attempt_count() == second.attempt_count() == 10
        assert first.report().overall.attempts == 10
    finally:
        first.close()
        second.close()
    assert len(rows(db, "SELECT id FROM attempts")) == 10


WRITER = """
import random, sys
from trainer.drills.loader import builtin_drills_dir, find_drill, load_all
from trainer.judge.claims import TotalClaim
from trainer.quiz.session import QuizSession
from trainer.history import StatsStore, StoreBusy

path, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
drill = find_drill(load_all([(builtin_drills_dir(), True)]), "warm-up")
with StatsStore(path) as store:
    done = 0
    while done < count:
        session = QuizSession(drill, random.Random(seed + done))
        while done < count and (q := session.next_question()) is not None:
            attempt = session.answer(TotalClaim(q.actual + done % 2))
            while True:
                try:
                    store.record(attempt)
                    break
                except StoreBusy:
                    # The other writer held the lock past the wait (a busy machine can
                    # stretch one transaction that long): nothing was written, so try
                    # again, as the trainer's recorder does.
                    continue
            done += 1
print(done)
"""


def test_two_processes_record_every_answer(db: Path) -> None:
    db.parent.mkdir()
    StatsStore(db).close()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(db), str(seed), "150"],
            stdout=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 1000)
    ]
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0
        assert out.strip() == "150"
    with StatsStore(db) as store:
        assert store.attempt_count() == 300
        assert len({s.label for s in store.report().sessions}) == 30


# ---------------------------------------------------------------- refusals


def refuses(path: Path, *patterns: str) -> StoreError:
    """Opening ``path`` raises a StoreError naming the file and matching every pattern,
    and leaves the file byte for byte as it was."""
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(StoreError) as caught:
        StatsStore(path)
    message = str(caught.value)
    assert str(path) in message
    for pattern in patterns:
        assert pattern in message, message
    after = path.read_bytes() if path.is_file() else None
    assert after == before
    return caught.value


def test_refuses_a_file_that_is_not_a_database(db: Path) -> None:
    db.parent.mkdir()
    db.write_text("date,hand,score\n2025-01-01,5H 5C 5S JD 5D,29\n" * 10)
    refuses(db, "not a Muggins stats database", "move it aside", "start a new history")


def test_refuses_a_short_file(db: Path) -> None:
    db.parent.mkdir()
    db.write_bytes(b"SQLite format 3\x00 and then nothing")
    refuses(db, "not a Muggins stats database")


def test_refuses_another_programs_database(db: Path) -> None:
    db.parent.mkdir()
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.commit()
    refuses(db, "not a Muggins stats store", "recipes", "move it aside")


def test_refuses_a_newer_schema(db: Path) -> None:
    with StatsStore(db) as store:
        store.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA user_version = 9")
    refuses(db, "newer Muggins", "version 9", "knows up to 8", "upgrade Muggins")


def test_refuses_a_damaged_schema(db: Path) -> None:
    with StatsStore(db) as store:
        store.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
    data = bytearray(db.read_bytes())
    data[100:4096] = b"\xa5" * (4096 - 100)  # scribble over the schema page
    db.write_bytes(bytes(data))
    refuses(db, "is damaged", "left untouched", "move it aside")


def test_a_damaged_table_is_reported_not_rewritten(db: Path) -> None:
    with StatsStore(db) as store:
        attempt = one_answer(TotalClaim(5), HAND_9_FLUSH)
        for n in range(400):
            store.record(renumbered(attempt, n + 1))
    with contextlib.closing(sqlite3.connect(db)) as conn:  # spare the schema: damage tables
        schema = conn.execute(  # (and the token: a damaged token is refused at opening)
            "SELECT pageno FROM dbstat "
            "WHERE name IN ('sqlite_schema', 'sqlite_master', 'store_token')"
        ).fetchall()
    data = bytearray(db.read_bytes())
    page = 4096
    for start in range(3 * page, len(data) - page, 2 * page):
        if (start // page + 1,) not in schema:
            data[start : start + page] = b"\x5a" * page
    db.write_bytes(bytes(data))
    before = db.read_bytes()
    with StatsStore(db) as store, pytest.raises(StoreError) as caught:  # noqa: PT012
        store.report()
        store.review_items()
        export_records(store)
    assert str(db) in str(caught.value)
    assert "damaged" in str(caught.value)
    assert db.read_bytes() == before


def test_refuses_a_read_only_folder_for_a_new_store(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        path = folder / DB_NAME
        refuses(path, "read-only", "--data-dir")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_refuses_a_read_only_file(db: Path) -> None:
    with StatsStore(db) as store:
        store.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
    db.chmod(0o444)
    try:
        refuses(db, "is read-only", "left untouched", "chmod u+w")
    finally:
        db.chmod(0o644)


def test_refuses_a_folder_in_its_place(db: Path) -> None:
    db.mkdir(parents=True)
    refuses(db, "is not a file")


def test_empty_file_becomes_a_store(db: Path) -> None:
    db.parent.mkdir()
    db.write_bytes(b"")
    with StatsStore(db) as store:
        assert store.attempt_count() == 0


def test_sqlite_errors_become_store_errors(db: Path) -> None:
    with (
        StatsStore(db) as store,
        pytest.raises(StoreError, match="reading statistics failed: no such table"),
        store.guard("reading statistics") as conn,
    ):
        conn.execute("SELECT * FROM no_such_table")


# ---------------------------------------------------------------- migration from version 1

SCHEMA_V1 = """
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    drill_name TEXT NOT NULL,
    session_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    variant TEXT NOT NULL,
    kind TEXT NOT NULL,
    policy TEXT NOT NULL,
    hand TEXT NOT NULL,
    starter TEXT,
    crib INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    claim TEXT,
    answer_text TEXT NOT NULL,
    claimed INTEGER NOT NULL,
    actual INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    kept INTEGER NOT NULL,
    opponent INTEGER NOT NULL,
    missed_points INTEGER NOT NULL,
    excess_points INTEGER NOT NULL,
    categories TEXT NOT NULL,
    ms INTEGER NOT NULL,
    timed_out INTEGER NOT NULL
);
CREATE INDEX attempts_drill ON attempts(drill_id);
CREATE TABLE misses (
    attempt_id INTEGER NOT NULL REFERENCES attempts(id),
    kind TEXT NOT NULL,
    cards TEXT NOT NULL,
    points INTEGER NOT NULL
);
PRAGMA user_version = 1;
"""
"""The first schema: attempts, and missed combinations by scoring category only."""


def v1_rows() -> list[tuple[dict[str, Any], list[tuple[str, str, int]]]]:
    """Five attempts as version 1 stored them: (attempt row, missed combinations)."""
    base = {
        "drill_name": "Warm-up",
        "variant": "standard",
        "kind": "hand",
        "policy": "acc",
        "crib": 0,
        "timed_out": 0,
    }
    cats_29 = '{"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}'
    hand_29, starter_29 = parse_cards(HAND_29[0]), parse_card(HAND_29[1])
    all_29: list[tuple[str, str, int]] = [
        (i.kind, " ".join(map(str, i.cards)), i.points)
        for i in score_show(hand_29, starter_29).items
    ]
    announce = {
        "type": "announce",
        "items": [
            {"kind": "fifteen", "cards": ["5S", "10C"], "points": None},
            {"kind": "fifteen", "cards": ["5S", "JC"], "points": None},
            {"kind": "pair", "cards": ["JC", "JD"], "points": None},
            {"kind": "fifteen", "cards": ["6H", "10C"], "points": None},
        ],
    }
    return [
        (
            {
                **base,
                "id": 1,
                "at": "2024-11-02T20:15:03.120000+00:00",
                "drill_id": "warm-up",
                "session_id": "old-1",
                "number": 1,
                "hand": "9D 10D QD KD",
                "starter": "JS",
                "seed": 123456789,
                "claim": '{"type": "total", "points": 5}',
                "answer_text": "5",
                "claimed": 5,
                "actual": 9,
                "outcome": "under",
                "kept": 5,
                "opponent": 4,
                "missed_points": 4,
                "excess_points": 0,
                "categories": '{"fifteens": 0, "pairs": 0, "runs": 5, "flush": 4, "nobs": 0}',
                "ms": 10400,
            },
            [],
        ),
        (
            {
                **base,
                "id": 2,
                "at": "2024-11-02T20:20:00.000000+00:00",
                "drill_id": "count-aloud",
                "drill_name": "Count aloud",
                "session_id": "old-2",
                "number": 1,
                "hand": "5S 6H 10C JC",
                "starter": "JD",
                "seed": 5,
                "claim": json.dumps(announce),
                "answer_text": "fifteen 5S 10C for 2; …",
                "claimed": 8,
                "actual": 8,
                "outcome": "mixed",
                "kept": 6,
                "opponent": 2,
                "missed_points": 2,
                "excess_points": 2,
                "categories": '{"fifteens": 6, "pairs": 2, "runs": 0, "flush": 0, "nobs": 0}',
                "ms": 20000,
            },
            [("fifteen", "5S JD", 2)],
        ),
        (
            {
                **base,
                "id": 3,
                "at": "2024-11-02T20:21:00.000000+00:00",
                "drill_id": "count-aloud",
                "drill_name": "Count aloud",
                "session_id": "old-2",
                "number": 2,
                "hand": HAND_29[0],
                "starter": HAND_29[1],
                "seed": 6,
                "claim": None,
                "answer_text": "(time out)",
                "claimed": 0,
                "actual": 29,
                "outcome": "under",
                "kept": 0,
                "opponent": 29,
                "missed_points": 29,
                "excess_points": 0,
                "categories": cats_29,
                "ms": 30000,
                "timed_out": 1,
            },
            all_29,
        ),
        (
            {
                **base,
                "id": 4,
                "at": "2024-11-03T08:00:00.000000+00:00",
                "drill_id": "pegging",
                "drill_name": "Pegging counts",
                "kind": "play",
                "session_id": "old-3",
                "number": 1,
                "hand": "4H 6D 5S",
                "starter": None,
                "seed": 7,
                "claim": '{"type": "total", "points": 3}',
                "answer_text": "3",
                "claimed": 3,
                "actual": 5,
                "outcome": "under",
                "kept": 5,
                "opponent": 0,
                "missed_points": 2,
                "excess_points": 0,
                "categories": '{"fifteen": 2, "run": 3}',
                "ms": 4000,
            },
            [],
        ),
        (
            {
                **base,
                "id": 5,
                "at": "2024-11-03T08:05:00.000000+00:00",
                "drill_id": "warm-up",
                "session_id": "old-4",
                "number": 1,
                "hand": HAND_29[0],
                "starter": HAND_29[1],
                "seed": 8,
                "claim": '{"type": "total", "points": 29}',
                "answer_text": "29",
                "claimed": 29,
                "actual": 29,
                "outcome": "exact",
                "kept": 29,
                "opponent": 0,
                "missed_points": 0,
                "excess_points": 0,
                "categories": cats_29,
                "ms": 6000,
            },
            [],
        ),
    ]


def write_v1(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.executescript(SCHEMA_V1)
        for attempt, missed in v1_rows():
            columns = ", ".join(attempt)
            marks = ", ".join("?" * len(attempt))
            conn.execute(
                f"INSERT INTO attempts ({columns}) VALUES ({marks})", list(attempt.values())
            )
            conn.executemany(
                "INSERT INTO misses VALUES (?, ?, ?, ?)",
                [(attempt["id"], *m) for m in missed],
            )
        conn.commit()


def schema_of(path: Path) -> list[tuple[str, str]]:
    """Each table's and index's SQL, its spacing made even (a column added by ALTER TABLE
    is written ``...\n, name TYPE)``, the same column in CREATE TABLE ``..., name TYPE\n)``)."""
    return [
        (r["name"], re.sub(r" ([,)])", r"\1", " ".join(r["sql"].split())))
        for r in rows(
            path, "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
        )
    ]


SUMMARIES_V2 = """
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    drill_id TEXT NOT NULL,
    drill_name TEXT NOT NULL,
    start TEXT NOT NULL,
    last TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    exact INTEGER NOT NULL,
    error INTEGER NOT NULL,
    opponent INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    itemised INTEGER NOT NULL,
    total_seconds REAL,
    lead INTEGER NOT NULL,
    tail INTEGER NOT NULL,
    best INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_start ON sessions(start);
CREATE INDEX sessions_drill ON sessions(drill_id, start);
CREATE TABLE quarters (
    quarter TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    exact INTEGER NOT NULL,
    ms INTEGER NOT NULL,
    PRIMARY KEY (quarter, drill_id)
) WITHOUT ROWID;
"""
"""The summaries of version 2 as it shipped (kind_totals is unchanged in versions 3 and 4)."""

SESSION_V2_COLUMNS = (
    "session_id, drill_id, drill_name, start, last, attempts, exact, error, opponent, ms, "
    "itemised, total_seconds, lead, tail, best"
)


COMBOS_V3 = """
CREATE TABLE combos (
    attempt_id INTEGER NOT NULL REFERENCES attempts(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('missed', 'wrong')),
    stat_kind TEXT NOT NULL,
    kind TEXT NOT NULL,
    cards TEXT NOT NULL,
    points INTEGER NOT NULL,
    at TEXT NOT NULL,
    drill_id TEXT NOT NULL,
    reason TEXT
);
CREATE INDEX combos_at ON combos(at, attempt_id);
CREATE INDEX combos_attempt ON combos(attempt_id);
CREATE INDEX combos_kind ON combos(stat_kind, at, attempt_id);
CREATE INDEX combos_drill ON combos(drill_id, at, attempt_id);
"""
"""The combos table of version 3 as it shipped: no row for a wrong total."""

COMBO_COLUMNS = "attempt_id, role, stat_kind, kind, cards, points, at, drill_id, reason"


def as_version_7(path: Path) -> None:
    """Turn a store into the file version 7 would have kept for the same answers and games:
    no losses (it had no discard drills)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        assert (
            conn.execute("SELECT count(*) FROM attempts WHERE loss IS NOT NULL").fetchone()[0] == 0
        )
        conn.execute("DROP INDEX attempts_loss")
        conn.execute("ALTER TABLE attempts DROP COLUMN loss")
        conn.execute("PRAGMA user_version = 7")
        conn.commit()
        conn.execute("VACUUM")


def as_version_6(path: Path) -> None:
    """Turn a store into the file version 6 would have kept for the same answers and games:
    no ledgers."""
    as_version_7(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("ALTER TABLE games DROP COLUMN ledger")
        conn.execute("PRAGMA user_version = 6")
        conn.commit()
        conn.execute("VACUUM")


def as_version_5(path: Path) -> None:
    """Turn a store into the file version 5 would have kept for the same answers: no token,
    no offsets (days by the quarter hour in UTC), sessions indexed by time."""
    as_version_6(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("UPDATE attempts SET utc_offset = 0")
        rebuild_quarters(conn)  # in UTC, as version 5 counted them
        conn.execute("DROP TABLE store_token")
        conn.execute("DROP INDEX attempts_session")
        conn.execute("ALTER TABLE attempts DROP COLUMN utc_offset")
        conn.execute("CREATE INDEX attempts_session ON attempts(session_id, at)")
        conn.execute("PRAGMA user_version = 5")
        conn.commit()
        conn.execute("VACUUM")


def as_version_4(path: Path) -> None:
    """Turn a store into the file version 4 would have kept for the same answers: no games."""
    as_version_5(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("DROP TABLE game_actions")
        conn.execute("DROP INDEX games_status")
        conn.execute("DROP TABLE games")
        conn.execute("PRAGMA user_version = 4")
        conn.commit()
        conn.execute("VACUUM")


def as_version_3(path: Path) -> None:
    """Turn a store into the file version 3 would have kept for the same answers."""
    as_version_4(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        for index in ("combos_at", "combos_attempt", "combos_kind", "combos_drill"):
            conn.execute(f"DROP INDEX {index}")
        conn.execute("ALTER TABLE combos RENAME TO combos_v4")
        conn.executescript(COMBOS_V3)
        conn.execute(
            f"INSERT INTO combos ({COMBO_COLUMNS}) SELECT {COMBO_COLUMNS} FROM combos_v4 "
            "WHERE role != 'total' ORDER BY rowid"
        )
        conn.execute("DROP TABLE combos_v4")
        conn.execute("PRAGMA user_version = 3")
        conn.commit()
        conn.execute("VACUUM")


def as_version_2(path: Path) -> None:
    """Turn a store into the file version 2 would have kept for the same answers."""
    as_version_3(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("DROP INDEX combos_attempt")
        conn.execute("ALTER TABLE combos DROP COLUMN reason")
        for (index,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
            "AND tbl_name IN ('sessions', 'quarters')"
        ).fetchall():
            conn.execute(f"DROP INDEX {index}")
        for table in ("sessions", "quarters"):
            conn.execute(f"ALTER TABLE {table} RENAME TO {table}_v3")
        for table in SUMMARY_TABLES:
            if table not in ("sessions", "quarters", "kind_totals"):
                conn.execute(f"DROP TABLE {table}")
        conn.executescript(SUMMARIES_V2)
        conn.execute(f"INSERT INTO sessions SELECT {SESSION_V2_COLUMNS} FROM sessions_v3")
        conn.execute(
            "INSERT INTO quarters SELECT quarter, drill_id, attempts, exact, ms FROM quarters_v3"
        )
        conn.execute("DROP TABLE sessions_v3")
        conn.execute("DROP TABLE quarters_v3")
        conn.execute("PRAGMA user_version = 2")
        conn.commit()


def test_migrates_version_2_finding_why_each_wrong_claim_is_wrong(db: Path) -> None:
    claim = AnnounceClaim(
        (
            item("fifteen", "5S 10C"),
            item("fifteen", "5S 10C"),  # said twice
            item("pair", "JC JD"),
            item("fifteen", "6H 10C"),  # 16: no combination
            item("pair", "5S JD"),  # a fifteen, not a pair
            ClaimedItem("pair", parse_cards("JD JC"), 3),  # a pair is 2
        )
    )
    with StatsStore(db) as store:
        store.record(one_answer(claim, HAND_8))
    combos = "SELECT role, stat_kind, kind, cards, points, reason FROM combos ORDER BY rowid"
    recorded = rows(db, combos)
    as_version_2(db)
    with StatsStore(db) as store:
        assert store.attempt_count() == 1
    assert rows(db, combos) == recorded
    assert [(r["role"], r["cards"], r["reason"]) for r in recorded] == [
        ("missed", "5S JD", None),
        ("missed", "5S JC", None),
        ("wrong", "5S 10C", "duplicate"),
        ("wrong", "6H 10C", "not-a-combination"),
        ("wrong", "5S JD", "wrong-kind"),
        ("wrong", "JD JC", "wrong-points"),
    ]
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        indexes = {r[1] for r in conn.execute("PRAGMA index_list(combos)")}
        assert "combos_attempt" in indexes


def test_migrates_version_2_summaries_to_the_same_figures(tmp_path: Path) -> None:
    from tests.history.known import build_history

    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        build_history(store)
        report = store.report()
        drills = store.drills()
    kept = summary_rows(db)
    as_version_2(db)
    with StatsStore(db) as store:
        assert store.report() == report
        assert store.drills() == drills
    assert summary_rows(db) == kept
    fresh = tmp_path / "fresh" / DB_NAME
    StatsStore(fresh).close()
    # Every table and index as a new file has them (combos' added column is spelled apart).
    assert [(n, sql) for n, sql in schema_of(db) if n != "combos"] == [
        (n, sql) for n, sql in schema_of(fresh) if n != "combos"
    ]
    assert [n for n, _ in schema_of(db)] == [n for n, _ in schema_of(fresh)]


def test_migrates_version_3_recording_each_wrong_total(tmp_path: Path) -> None:
    from tests.history.known import build_history

    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        build_history(store)
        report, review = store.report(), store.review_items(limit=None)
        scheduled = store.scheduled()
    by_answer = (
        f"SELECT {COMBO_COLUMNS} FROM combos ORDER BY attempt_id, rowid"  # each answer's, in order
    )
    recorded, kept = rows(db, by_answer), summary_rows(db)
    as_version_3(db)
    assert rows(db, "SELECT count(*) AS n FROM combos WHERE role = 'total'") == [{"n": 0}]
    with StatsStore(db) as store:
        assert store.report() == report  # the figures never counted the totals by kind
        assert store.scheduled() == scheduled
        # Wrong totals have no combinations of their own: each comes back as the newest row
        # of its answer, so the list is the same as one recorded live.
        assert store.review_items(limit=None) == review
    assert rows(db, by_answer) == recorded
    assert summary_rows(db) == kept
    totals = rows(db, "SELECT cards, points, reason FROM combos WHERE role = 'total'")
    assert totals == [  # the warm-up's 9 claimed as 5 and 8 as 10, the blitz crib's 3 of 5
        {"cards": "9D 10D QD KD JS", "points": 4, "reason": "under"},
        {"cards": "5S 6H 10C JC JD", "points": 2, "reason": "over"},
        {"cards": "AS 2H 3D 7C JH", "points": 2, "reason": "under"},
    ]
    fresh = tmp_path / "fresh" / DB_NAME
    StatsStore(fresh).close()
    assert schema_of(db) == schema_of(fresh)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_failed_migration_leaves_version_3(tmp_path: Path) -> None:
    from tests.history.known import build_history

    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        build_history(store)
    as_version_3(db)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("UPDATE attempts SET missed_points = 'lots' WHERE claimed = 5")
        conn.commit()
    combos = rows(db, "SELECT * FROM combos ORDER BY rowid")
    with pytest.raises(StoreError, match="cannot be upgraded from stats schema version 3"):
        StatsStore(db)
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
        table = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'combos'").fetchone()
        assert "('missed', 'wrong')" in table[0]
    assert rows(db, "SELECT * FROM combos ORDER BY rowid") == combos


def summary_rows(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of every summary table (what each recorded answer keeps)."""
    return {t: rows(path, f"SELECT * FROM {t} ORDER BY 1, 2") for t in SUMMARY_TABLES}


def test_migrates_version_1_keeping_every_row(tmp_path: Path) -> None:
    old = tmp_path / "old" / DB_NAME
    write_v1(old)
    with StatsStore(old) as store:
        assert store.attempt_count() == 5
        report = store.report()
        assert report.overall.attempts == 5
        assert report.itemised == 2  # the announcement and the time-out
    with contextlib.closing(sqlite3.connect(old)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION

    fresh = tmp_path / "fresh" / DB_NAME
    StatsStore(fresh).close()
    assert schema_of(old) == schema_of(fresh)

    migrated = rows(old, "SELECT * FROM attempts ORDER BY id")
    for (before, _), after in zip(v1_rows(), migrated, strict=True):
        for column, value in before.items():
            if column == "claim":
                assert after["answer"] == value
            else:
                assert after[column] == value, column
        assert len(after["uid"]) == 32
        assert after["total_seconds"] is None
    assert [r["itemised"] for r in migrated] == [0, 1, 1, 0, 0]
    assert len({r["uid"] for r in migrated}) == 5

    combos = rows(
        old, "SELECT attempt_id, role, stat_kind, cards, points FROM combos ORDER BY rowid"
    )
    assert combos[:3] == [  # the 9 claimed as 5, then the announcement's miss and wrong claim
        {
            "attempt_id": 1,
            "role": "total",
            "stat_kind": "total",
            "cards": "9D 10D QD KD JS",
            "points": 4,
        },
        {
            "attempt_id": 2,
            "role": "missed",
            "stat_kind": "fifteen-2",
            "cards": "5S JD",
            "points": 2,
        },
        {
            "attempt_id": 2,
            "role": "wrong",
            "stat_kind": "fifteen-2",
            "cards": "6H 10C",
            "points": 2,
        },
    ]
    assert len(combos) == 3 + 15  # and every item of the timed-out 29
    kinds = {k.kind: (k.present, k.missed, k.wrong) for k in report.kinds}
    assert kinds == {
        "fifteen-2": (7, 5, 1),
        "fifteen-3": (4, 4, 0),
        "pair": (1, 0, 0),
        "double-pair-royal": (6, 6, 0),
        "nobs": (1, 1, 0),
    }
    # The schedule is replayed from the history: three shows were answered wrong, and the
    # 29 was answered right after its time-out (a second review).
    with StatsStore(old) as store:
        scheduled = {e.key: e.reviews for e in store.scheduled()}
    assert scheduled == {
        "hand:9D 10D QD KD|JS": 1,
        "hand:5S 6H 10C JC|JD": 1,
        "hand:5S 5H 5C JD|5D": 2,
    }


def test_a_failed_migration_leaves_version_1(tmp_path: Path) -> None:
    old = tmp_path / DB_NAME
    write_v1(old)
    with contextlib.closing(sqlite3.connect(old)) as conn:
        conn.execute("UPDATE attempts SET claim = '{not json' WHERE id = 2")
        conn.commit()
    with pytest.raises(StoreError, match="cannot be upgraded from stats schema version 1"):
        StatsStore(old)
    with contextlib.closing(sqlite3.connect(old)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM attempts").fetchone()[0] == 5
        assert conn.execute("SELECT count(*) FROM misses").fetchone()[0] == 16


@pytest.fixture
def history(tmp_path: Path) -> Iterator[StatsStore]:
    from tests.history.known import build_history

    with StatsStore(tmp_path / "h.sqlite3") as store:
        build_history(store)
        yield store


def test_mean_error_agrees_with_the_session(history: StatsStore, tmp_path: Path) -> None:
    from tests.history.known import build_history

    with StatsStore(tmp_path / "again.sqlite3") as store:
        attempts = build_history(store).attempts
    for d in history.report().drills:
        mine = [a for a in attempts if a.drill.id == d.drill_id]
        assert d.mean_error == pytest.approx(sum(a.error for a in mine) / len(mine))
        assert d.mugged_per_hand == pytest.approx(
            sum(a.judgement.opponent for a in mine) / len(mine)
        )


def test_times_are_utc_whatever_the_input(db: Path) -> None:
    attempt = one_answer(TotalClaim(9), HAND_9_FLUSH)
    local = attempt.at.astimezone(UTC).replace(tzinfo=None)  # naive: taken as UTC
    naive = replace(renumbered(attempt, 2), at=local)
    ahead = replace(renumbered(attempt, 3), at=attempt.at.astimezone(timezone(timedelta(hours=5))))
    with StatsStore(db) as store:
        for a in (attempt, naive, ahead):
            store.record(a)
    assert {r["at"] for r in rows(db, "SELECT at FROM attempts")} == {
        "2025-06-01T09:00:07.500000+00:00"
    }


# ---------------------------------------------------------------- a lock held, a zone's rules


@contextlib.contextmanager
def held(path: Path, seconds: float) -> Iterator[Callable[[], None]]:
    """Another connection holds the write lock for ``seconds``, or until the block ends or
    the yielded function is called if that is sooner (in a thread of its own; the function
    returns once the lock is let go)."""
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
            conn.execute("BEGIN IMMEDIATE")
            taken.set()
            done.wait(seconds)
            conn.execute("ROLLBACK")

    holder = threading.Thread(target=hold)
    holder.start()
    assert taken.wait(60)

    def let_go() -> None:
        done.set()
        holder.join()

    try:
        yield let_go
    finally:
        let_go()


def lock_waits(
    monkeypatch: pytest.MonkeyPatch, then: Callable[[], None] | None = None
) -> list[int]:
    """The store's waits for another program's lock, listed as they begin (each with the
    pauses it took), so that a test counts them rather than timing them; ``then`` is called
    as each wait begins. (Each wait is one run of the store's schedule of pauses, which it
    draws from ``_pauses``, by its name: no interface offers it.)"""
    waits: list[int] = []
    pauses = importlib.import_module("trainer.history.store")._pauses

    def counted() -> Iterator[float]:
        for n, pause in enumerate(pauses()):
            if n == 0:
                waits.append(0)
                if then is not None:
                    then()
            waits[-1] += 1
            yield pause

    monkeypatch.setattr("trainer.history.store._pauses", counted)
    return waits


def test_a_write_waits_for_a_lock_let_go_within_its_wait(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The lock is let go once the write has begun to wait for it (not after so many
    # seconds, which a busy machine could stretch past the wait).
    with StatsStore(db) as store, held(db, 60) as let_go:
        waits = lock_waits(monkeypatch, then=let_go)
        store.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
        assert store.attempt_count() == 1
    assert len(waits) == 1


def test_a_lock_held_past_the_wait_writes_nothing_and_says_busy(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Held until the write gives up (or for a minute): giving up at all shows the wait is
    # bounded, whatever the machine's load.
    waits = lock_waits(monkeypatch)
    with StatsStore(db) as store, held(db, 60):
        started = time.monotonic()
        with pytest.raises(StoreBusy) as caught:
            store.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
        assert time.monotonic() - started >= BUSY_SECONDS  # the whole wait
        assert len(waits) == 1  # one wait, not two
        assert str(db) in str(caught.value)
        assert "is busy" in str(caught.value)
        assert store.attempt_count() == 0


@pytest.fixture
def berlin(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The process's local time zone: Central European, summer time from March to October
    (a POSIX rule, so no zone database is needed)."""
    monkeypatch.setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_answers_from_before_offsets_get_the_zones_offset_for_their_moment(
    db: Path, berlin: None
) -> None:
    summer = replace(
        one_answer(TotalClaim(5), HAND_9_FLUSH), at=datetime(2025, 6, 30, 22, 30, tzinfo=UTC)
    )
    winter = replace(renumbered(summer, 2), at=datetime(2025, 1, 15, 23, 30, tzinfo=UTC))
    with StatsStore(db) as store:
        store.record(summer)
        store.record(winter)
    as_version_5(db)
    with StatsStore(db) as store:
        days = [(p.label, p.attempts) for p in store.report().days]
    assert rows(db, "SELECT utc_offset FROM attempts ORDER BY at") == [
        {"utc_offset": 60},  # winter: an hour ahead, so 00:30 on 16 January
        {"utc_offset": 120},  # summer: two, so 00:30 on 1 July
    ]
    assert days == [("2025-01-16", 1), ("2025-07-01", 1)]


def test_an_export_from_before_offsets_imports_with_the_zones(db: Path, berlin: None) -> None:
    summer = replace(
        one_answer(TotalClaim(5), HAND_9_FLUSH), at=datetime(2025, 6, 30, 22, 30, tzinfo=UTC)
    )
    with StatsStore(":memory:") as old:
        old.record(summer)
        records = export_records(old)
    assert records[0]["utc_offset"] == 0
    del records[0]["utc_offset"]  # as Muggins wrote it before keeping offsets
    with StatsStore(db) as store:
        assert import_records(store, records) == (1, 0)
        assert [p.label for p in store.report().days] == ["2025-07-01"]
    assert rows(db, "SELECT utc_offset FROM attempts") == [{"utc_offset": 120}]


def test_an_offset_out_of_any_zones_reach_is_refused_and_a_csv_without_one_imports(
    db: Path, tmp_path: Path, berlin: None
) -> None:
    with StatsStore(":memory:") as old:
        old.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
        records = export_records(old)
    with pytest.raises(ImportFormatError, match=r"utc_offset: 900 is not an offset from UTC"):
        rows_from_records([{**records[0], "utc_offset": 900}])
    csv_file = tmp_path / "before-offsets.csv"
    with csv_file.open("w", encoding="utf-8", newline="") as out:
        write_csv(records, out)
    header, row = csv_file.read_text(encoding="utf-8").splitlines()
    columns = header.split(",")
    at = columns.index("utc_offset")
    assert columns[at : at + 2] == ["utc_offset", "loss"]
    assert at == len(ATTEMPT_COLUMNS) - 2
    cells = next(csv.reader([row]))
    del columns[at : at + 2], cells[at : at + 2]  # as before offsets (and losses) were kept
    with csv_file.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out, lineterminator="\n").writerows([columns, cells])
    with StatsStore(db) as store:
        assert import_records(store, read_export(csv_file).attempts) == (1, 0)
    assert rows(db, "SELECT utc_offset FROM attempts") == [{"utc_offset": 120}]  # June, CEST
