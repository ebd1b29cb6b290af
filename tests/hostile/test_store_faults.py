"""The store keeps its promises under faults: foreign files and logs, locks held, clocks.

- A write-ahead log copied beside the store from another database (a Muggins store
  or not, or an older copy of the store's own) is refused before SQLite can replay
  it: every command names both files and leaves both byte for byte as they were.
- Another program's database that happens to carry a Muggins-like ``user_version`` is
  refused before anything writes to it (it is not even switched to WAL mode).
- A lock held by another program past the store's wait loses no answer and never
  holds up the trainer's screen; quitting while it is held keeps the answers in a
  file beside the store, which the next start (or ``muggins import``) brings back.
- Recording costs the same late in a long session as at its start, and days are
  counted where each answer was given.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from tests.factories import FakeClock, make_drill
from tests.game.scripted import scripted
from tests.history.test_store import as_version_5, lock_waits
from tests.hostile.support import Run, muggins
from tests.ui.support import app_for, entry, notifications, revealing, running
from tests.ui.waiting import PATIENCE, until
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, StoreBusy, StoreError
from trainer.history.exchange import read_export
from trainer.history.file import attempt_rows
from trainer.history.writing import PREFIX, DeferredStore, load_game, pending_files
from trainer.judge.claims import TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.session import QuizSession
from trainer.ui.flow.drill_runner import DrillRunner

START = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)


def answers(count: int, *, seed: int, session: str, start: datetime = START) -> list[Attempt]:
    """``count`` judged answers of one session, three seconds apart (a right count, or one
    too many every third hand)."""
    clock = FakeClock(wall=start)
    drill = make_drill(drill_id=f"drill-{seed}", time={"total": 86_400})  # as many as asked
    quiz = QuizSession(drill, random.Random(seed), clock=clock, now=clock.now, session_id=session)
    judged = []
    for n in range(count):
        question = quiz.next_question()
        assert question is not None
        clock.advance(3)
        attempt = quiz.answer(TotalClaim(question.actual + (n % 3 == 0)))
        assert attempt is not None
        judged.append(attempt)
    return judged


def history(folder: Path, count: int, *, seed: int) -> Path:
    """A store in ``folder`` holding ``count`` answers, closed (no WAL left)."""
    path = folder / DB_NAME
    with StatsStore(path) as store:
        for attempt in answers(count, seed=seed, session=f"session-{seed}"):
            store.record(attempt)
    assert not path.with_name(f"{DB_NAME}-wal").exists()
    return path


def files(folder: Path) -> dict[str, bytes]:
    """Every file in the folder but SQLite's ``-shm`` scratch file, byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith("-shm")}


def wal_of(path: Path) -> Path:
    return path.with_name(f"{path.name}-wal")


def live_wal(folder: Path, count: int, *, seed: int) -> bytes:
    """The write-ahead log of another Muggins store with ``count`` answers, as it is while
    that store is open (as a crash leaves it)."""
    path = folder / DB_NAME
    store = StatsStore(path)
    try:
        for attempt in answers(count, seed=seed, session=f"other-{seed}"):
            store.record(attempt)
        return wal_of(path).read_bytes()
    finally:
        store.close()


def sqlite_wal(folder: Path, build: Callable[[sqlite3.Connection], None]) -> bytes:
    """The live write-ahead log of a database ``build`` writes (in WAL mode, never
    checkpointed)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "other.db"
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        build(conn)
        return wal_of(path).read_bytes()


def commands(home: Path, tmp_path: Path, *, every: bool) -> list[Run]:
    """The commands that open the store (``every``: all four, else ``stats``), on ``home``."""
    if not every:
        return [muggins("stats", home=home)]
    export = tmp_path / "to-import.json"
    export.write_text(json.dumps({"format": "muggins-history", "version": 4, "attempts": []}))
    return [
        muggins("stats", home=home),
        muggins("review", home=home),
        muggins("export", home=home),
        muggins("import", str(export), home=home),
    ]


def refused_everywhere(home: Path, tmp_path: Path, *fragments: str, every: bool = False) -> None:
    """Opening the store (as the trainer does, and ``muggins stats``; ``every`` command with
    ``every``) is refused naming every fragment, and leaves every file byte for byte as it
    was."""
    before = files(home)
    path = home / DB_NAME
    for opener in (StatsStore, DeferredStore):
        with pytest.raises(StoreError) as caught:
            opener(path)
        for fragment in fragments:
            assert fragment in str(caught.value), str(caught.value)
        assert files(home) == before
    for run in commands(home, tmp_path, every=every):
        line = run.refused(*fragments)
        assert "left untouched" in line, line
        assert files(home) == before, run.args  # what it said is true


# ---------------------------------------------------------------- foreign write-ahead logs


def test_a_wal_from_another_muggins_store_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = history(home, 60, seed=1)
    wal_of(path).write_bytes(live_wal(tmp_path / "other", 5, seed=2))
    refused_everywhere(
        home, tmp_path, str(path), str(wal_of(path)), "another history's", every=True
    )
    wal_of(path).unlink()  # moved aside, as the message says: the history is as it was
    with StatsStore(path) as store:
        assert store.attempt_count() == 60


def test_a_wal_from_another_programs_database_is_refused(tmp_path: Path) -> None:
    def recipes(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE recipes (name TEXT, steps TEXT)")
        for n in range(50):
            conn.execute("INSERT INTO recipes VALUES (?, ?)", (f"soup {n}", "stir " * 40))

    home = tmp_path / "home"
    path = history(home, 60, seed=1)
    wal_of(path).write_bytes(sqlite_wal(tmp_path / "other", recipes))
    refused_everywhere(home, tmp_path, str(path), str(wal_of(path)), "move muggins.sqlite3-wal")


def test_a_wal_that_leaves_the_token_alone_is_refused(tmp_path: Path) -> None:
    """Another program's WAL, from a database at least as large, whose commit writes
    neither the store's schema nor the page holding its token: read through it, the store,
    its token and its count look the store's own, so only the frames tell it is foreign."""
    home = tmp_path / "home"
    path = history(home, 60, seed=1)
    with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True)) as conn:
        token_page, token = conn.execute(
            "SELECT rootpage, (SELECT token FROM store_token) FROM sqlite_master "
            "WHERE name = 'store_token'"
        ).fetchone()

    def larger(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.executemany("INSERT INTO notes VALUES (?)", [("x" * 900,)] * 400)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all in its file: the WAL holds
        conn.execute("UPDATE notes SET text = 'y' WHERE rowid = 400")  # one page of it

    wal = sqlite_wal(tmp_path / "other", larger)
    page_size = int.from_bytes(wal[8:12], "big")
    frames = range(32, len(wal), 24 + page_size)
    assert {int.from_bytes(wal[f : f + 4], "big") for f in frames}.isdisjoint({1, token_page})
    wal_of(path).write_bytes(wal)
    with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as view:
        assert view.execute("SELECT token FROM store_token").fetchone()[0] == token
    refused_everywhere(home, tmp_path, str(wal_of(path)), "do not write this history's token")


def test_an_older_copy_of_the_stores_own_wal_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = home / DB_NAME
    store = StatsStore(path)
    try:
        for attempt in answers(10, seed=1, session="first"):
            store.record(attempt)
        stale = wal_of(path).read_bytes()  # a backup taken while the trainer ran
        for attempt in answers(10, seed=2, session="second"):
            store.record(attempt)
    finally:
        store.close()
    wal_of(path).write_bytes(stale)
    refused_everywhere(home, tmp_path, str(wal_of(path)), "an older copy of this history's")


def test_a_wal_beside_an_older_store_from_another_store_is_refused(tmp_path: Path) -> None:
    """The audit's case: stores of schema 5 (no token yet) and another's WAL copied in."""
    home = tmp_path / "home"
    path = history(home, 60, seed=1)
    as_version_5(path)
    other = history(tmp_path / "other", 100, seed=2)  # larger: its pages read as a store
    as_version_5(other)
    with contextlib.closing(sqlite3.connect(other, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute("UPDATE attempts SET ms = ms + 1")  # an older Muggins writing to it
        wal_of(path).write_bytes(wal_of(other).read_bytes())
    refused_everywhere(home, tmp_path, str(wal_of(path)), "newest attempt is not there")


def test_a_wal_beside_no_store_or_an_empty_one_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = home / DB_NAME
    wal_of(path).write_bytes(live_wal(tmp_path / "other", 3, seed=2))
    before = files(home)
    for opener in (StatsStore, DeferredStore):
        with pytest.raises(StoreError, match="beside no"):
            opener(path)
    for command in ("stats", "review", "export"):  # the reading commands say so too
        muggins(command, home=home).refused(f"{path}-wal", "beside no")
    path.write_bytes(b"")
    with pytest.raises(StoreError, match="beside an empty"):
        StatsStore(path)
    assert files(home) == {**before, DB_NAME: b""}  # SQLite would have deleted the WAL


def test_the_stores_own_wal_left_by_a_crash_is_replayed(tmp_path: Path) -> None:
    """What a SIGKILL leaves (the store, its WAL and its index, copied while it is open)
    opens with every answer committed."""
    home, crashed = tmp_path / "home", tmp_path / "crashed"
    store = StatsStore(home / DB_NAME)
    try:
        for attempt in answers(30, seed=1, session="s"):
            store.record(attempt)
        shutil.copytree(home, crashed)
    finally:
        store.close()
    assert wal_of(crashed / DB_NAME).stat().st_size > 0
    with StatsStore(crashed / DB_NAME) as again:
        assert again.attempt_count() == 30
        assert again.report().overall.attempts == 30


# ---------------------------------------------------------------- foreign databases


def test_another_programs_database_with_user_version_2_is_left_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    path = home / DB_NAME
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE attempts (id INTEGER PRIMARY KEY, note TEXT)")
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
        conn.execute("PRAGMA user_version = 2")
        conn.commit()
    assert path.read_bytes()[18:20] == b"\x01\x01"  # a rollback-journal database
    refused_everywhere(
        home, tmp_path, str(path), "not a Muggins stats store", "recipes", every=True
    )
    assert path.read_bytes()[18:20] == b"\x01\x01"  # never switched to WAL mode
    assert sorted(p.name for p in home.iterdir()) == [DB_NAME]


# ---------------------------------------------------------------- a lock held


HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


@contextlib.contextmanager
def locked(path: Path) -> Iterator[Callable[[], None]]:
    """Another program holds the store's write lock until the yielded function is called."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "held"

    def release() -> None:
        if holder.poll() is None:
            assert holder.stdin is not None
            holder.stdin.write("\n")
            holder.stdin.close()
            holder.wait(timeout=30)

    try:
        yield release
    finally:
        release()
        if holder.stdout is not None:
            holder.stdout.close()


async def test_a_lock_held_past_the_wait_loses_nothing_and_holds_up_no_screen(
    tmp_path: Path,
) -> None:
    path = tmp_path / DB_NAME
    clock = FakeClock()
    drill = make_drill({"name": "One", "description": "d", "hands": 3})
    with StatsStore(path) as store:
        app = app_for([entry(drill)], clock, store)
        sent = notifications(app)
        revealing_when_told: dict[str, bool] = {}
        tell = app.notify

        def told(message: str, **options: Any) -> None:
            revealing_when_told.setdefault(message, revealing(app))
            tell(message, **options)

        app.notify = told  # type: ignore[method-assign]
        waiting = (
            "1 answer is waiting to be saved: the history is busy (another "
            "program holds it); it is kept until it can be written."
        )
        async with running(app) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            for held in (False, True):
                question = app.runner.question
                assert question is not None
                app.screen.query_one("#claim", Input).value = str(question.actual)
                with locked(path) if held else contextlib.nullcontext() as release:
                    await pilot.press("enter")
                    await pilot.pause()
                    assert revealing(app)
                    if not held:
                        assert app.runner.flush(PATIENCE)
                        await pilot.press("enter")  # the next hand
                        await pilot.pause()
                        continue
                    assert release is not None
                    await until(pilot, lambda: waiting in sent, "the notice of an answer waiting")
                    # The reveal was up before the store's wait for the lock ran out (the
                    # notice says it has): the screen never waited for the store.
                    assert revealing_when_told[waiting]
                    assert store.attempt_count() == 1  # the first hand's
                    assert app.runner.unwritten == 1
                    release()
                    assert app.runner.flush(PATIENCE)
            assert store.attempt_count() == 2
            saved = "1 answer that waited is saved in the history now."
            await until(pilot, lambda: saved in sent, "the recorder's notice, from its thread")


def test_a_game_step_waits_for_another_program_s_lock_and_is_saved_once_it_is_let_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game keeps its rule (a step not saved is not taken) and a busy store delays a step,
    never refuses it: the step is tried again past the store's wait until the lock is let
    go (once the step has been found busy), then saved once."""
    path = tmp_path / DB_NAME
    with StatsStore(path) as store:
        game = GameSession.start(store, variant("standard"), 7, [None, "easy"])
        game.run_bots()
        asked = game.prompt
        assert asked is not None
        before = game.state
        waits = lock_waits(monkeypatch)
        told: list[str] = []
        with locked(path) as release:
            pending = game.prepare(scripted(game.state, asked))
            with pytest.raises(StoreBusy):  # one try, as the table's own: refused at once
                game.save(pending, patient=False)
            assert game.state == before  # not taken
            assert waits == []

            def found_busy(busy: StoreBusy) -> None:
                told.append(str(busy))
                assert game.state == before  # still not taken while it waits
                release()

            game.save(pending, waiting=found_busy)
        assert len(told) == 1
        assert "is busy" in told[0]
        assert len(waits) == 1  # the store's wait that ran out; the lock gone, none more
        assert game.state.steps == before.steps + 1
        saved = load_game(store, game.uid)
        assert saved is not None
        assert saved.steps == len(saved.actions) == before.steps + 1
        assert saved.actions[-1] == pending.text


def test_quitting_while_locked_keeps_the_answers_and_the_next_start_saves_them(
    tmp_path: Path,
) -> None:
    path = history(tmp_path, 3, seed=1)
    given = answers(4, seed=5, session="late")
    store = DeferredStore(path)
    runner = DrillRunner(random.Random(1))
    runner.connect(store)
    assert runner.recorder is not None
    with locked(path):
        for attempt in given:
            runner.recorder.put(attempt)
        unsaved = runner.close(timeout=0.5)
    store.close()
    assert unsaved is not None
    assert unsaved.count == 4
    assert unsaved.kept is not None
    assert unsaved.kept.name.startswith(PREFIX)
    assert f"kept in {unsaved.kept}" in unsaved.text
    assert pending_files(path) == [unsaved.kept]
    kept = read_export(unsaved.kept).attempts
    assert [r["uid"] for r in kept] == [attempt_rows(a).attempt[0] for a in given]
    # The next start brings them back, before anything else is written, and deletes the file.
    again = DeferredStore(path)
    runner = DrillRunner(random.Random(1))
    runner.connect(again)
    assert runner.flush(10)
    assert runner.close(5) is None
    assert again.report().overall.attempts == 7
    again.close()
    assert pending_files(path) == []


def test_answers_kept_at_quitting_import_like_an_export(tmp_path: Path) -> None:
    path = history(tmp_path / "home", 2, seed=1)
    runner = DrillRunner(random.Random(1))
    store = DeferredStore(path)
    runner.connect(store)
    assert runner.recorder is not None
    with locked(path):
        for attempt in answers(3, seed=5, session="late"):
            runner.recorder.put(attempt)
        unsaved = runner.close(timeout=0.5)
    store.close()
    assert unsaved is not None
    assert unsaved.kept is not None
    run = muggins("import", str(unsaved.kept), home=tmp_path / "home")
    assert run.status == 0, run.err
    assert "Imported 3 answers" in run.out


# ---------------------------------------------------------------- clocks


SESSION_ANSWERS = int(os.environ.get("MUGGINS_AUDIT_SESSION", "3000"))
"""How long the session is before its last answers (the audit's: 20,000)."""


def test_recording_costs_the_same_late_in_a_long_session() -> None:
    """The work recording one answer takes (SQLite's virtual-machine steps, counted), for
    the last answers of a long session, given after the clock was set back two minutes, is
    what it was for the session's first answers. (Each answer timed before the session's
    last used to recount the whole session: 24 ms an answer after 20,000.)"""
    steps = 0

    def tick() -> int:
        nonlocal steps
        steps += 1
        return 0

    judged = answers(SESSION_ANSWERS + 20, seed=3, session="long")
    late = [replace(a, at=a.at - timedelta(minutes=2)) for a in judged[-20:]]
    costs = []
    with StatsStore(":memory:") as store:
        with store.guard("counting") as conn:
            conn.set_progress_handler(tick, 10)
        for attempt in judged[:-20] + late:
            steps = 0
            store.record(attempt)
            costs.append(steps)
        assert store.attempt_count() == SESSION_ANSWERS + 20
    first, last = statistics.mean(costs[1:21]), statistics.mean(costs[-20:])
    assert last < 1.5 * first, (first, last)


def test_days_are_counted_where_each_answer_was_given(tmp_path: Path) -> None:
    """An answer at 00:30 on 1 July in summer (UTC+2) stays on 1 July when the stats are
    read in winter (UTC+1): its day is where and when it was given."""
    home = tmp_path / "home"
    summer = datetime(2025, 7, 1, 0, 30, tzinfo=timezone(timedelta(hours=2)))
    [night] = answers(1, seed=1, session="night", start=summer - timedelta(seconds=3))
    assert night.at == summer
    with StatsStore(home / DB_NAME) as store:
        store.record(night)
    run = muggins("stats", "--json", home=home, env={"TZ": "CET-1"})  # winter: UTC+1
    assert run.status == 0, run.err
    assert [d["day"] for d in json.loads(run.out)["days"]] == ["2025-07-01"]
