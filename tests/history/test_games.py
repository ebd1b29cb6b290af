"""Games in the stats store: the version-5 tables, the upgrades from versions 4 and 6 (the
ledgers), saving a step and a ledger."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.factories import HAND_9_FLUSH, FakeClock
from tests.history.known import build_history, drill, show
from tests.history.test_store import as_version_4, as_version_6, rows, schema_of
from trainer.history import DB_NAME, StatsStore, StoreError
from trainer.history.exchange import export_records
from trainer.history.file import SCHEMA_VERSION
from trainer.history.writing import (
    GameConflictError,
    GameEnd,
    abandon_game,
    create_game,
    finish_game,
    game_count,
    games_over,
    latest_playing,
    load_game,
    save_ledger,
    save_step,
)
from trainer.judge.claims import TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.session import QuizSession

T0 = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)


def an_attempt(session_id: str = "game-uid") -> Attempt:
    """A judged answer (the 9 claimed as 5), as a game's count would be."""
    clock = FakeClock(wall=T0)
    session = QuizSession(
        drill("warm-up"),
        random.Random(0),
        clock=clock,
        now=clock.now,
        questions=[show(HAND_9_FLUSH)],
        session_id=session_id,
    )
    session.next_question()
    clock.advance(5)
    attempt = session.answer(TotalClaim(5))
    assert attempt is not None
    return attempt


def new_game(store: StatsStore, uid: str = "g1", at: datetime = T0) -> int:
    return create_game(
        store, uid=uid, variant="standard", seed=7, setup='{"x":1}', human_side=0, at=at
    )


def actions(path: Path) -> list[dict[str, Any]]:
    return rows(path, "SELECT game_id, n, action FROM game_actions ORDER BY game_id, n")


# ---------------------------------------------------------------- the upgrade


def test_migrates_version_4_keeping_every_answer(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        build_history(store)
        records, report = export_records(store), store.report()
        scheduled, review = store.scheduled(), store.review_items(limit=None)
    as_version_4(db)
    assert "games" not in {n for n, _ in schema_of(db)}
    with StatsStore(db) as store:
        assert export_records(store) == records
        assert store.report() == report
        assert store.scheduled() == scheduled
        assert store.review_items(limit=None) == review
        assert game_count(store) == 0
        new_game(store)  # and the new tables work
        assert game_count(store, "playing") == 1
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    fresh = tmp_path / "fresh" / DB_NAME
    StatsStore(fresh).close()
    assert schema_of(db) == schema_of(fresh)


def test_a_failed_upgrade_from_version_4_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        build_history(store)
    as_version_4(db)
    with contextlib.closing(sqlite3.connect(db)) as conn:  # a table in the way of the upgrade
        conn.execute("CREATE TABLE games (mine TEXT)")
        conn.execute("INSERT INTO games VALUES ('keep me')")
        conn.commit()
    before = rows(db, "SELECT * FROM attempts ORDER BY id")
    with pytest.raises(StoreError) as raised:
        StatsStore(db)
    assert str(raised.value) == (
        f"{db} cannot be upgraded from stats schema version 4 (it already holds games); "
        "it has been left as it was"
    )
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
        assert conn.execute("SELECT mine FROM games").fetchall() == [("keep me",)]
        assert (
            conn.execute("SELECT name FROM sqlite_master WHERE name = 'game_actions'").fetchall()
            == []
        )
    assert rows(db, "SELECT * FROM attempts ORDER BY id") == before


def test_version_1_files_come_up_with_the_games_tables(tmp_path: Path) -> None:
    from tests.history.test_store import write_v1

    old = tmp_path / "old" / DB_NAME
    write_v1(old)
    with StatsStore(old) as store:
        assert game_count(store) == 0
    fresh = tmp_path / "fresh" / DB_NAME
    StatsStore(fresh).close()
    assert schema_of(old) == schema_of(fresh)


# ---------------------------------------------------------------- saving


def test_each_step_appends_one_row(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        game_id = new_game(store)
        for n in range(3):
            save_step(store, game_id, n, f'{{"n":{n}}}', T0 + timedelta(seconds=n))
        saved = latest_playing(store)
        assert saved is not None
        assert (saved.uid, saved.status, saved.steps) == ("g1", "playing", 3)
        assert saved.actions == ('{"n":0}', '{"n":1}', '{"n":2}')
        assert (saved.created, saved.updated) == (T0, T0 + timedelta(seconds=2))
        assert saved.record is None
    assert [r["n"] for r in actions(db)] == [0, 1, 2]


def test_a_step_and_its_answer_are_one_transaction(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        game_id = new_game(store)
        save_step(store, game_id, 0, "{}", T0, attempt=an_attempt())
        assert store.attempt_count() == 1
        assert store.report().overall.attempts == 1
        bad_end = GameEnd("{}", 0, (121, 80), "triumphant")  # type: ignore[arg-type]
        with pytest.raises(StoreError, match="CHECK constraint"):
            save_step(store, game_id, 1, "{}", T0, attempt=an_attempt("other"), end=bad_end)
        assert store.attempt_count() == 1  # nothing of the failed step was kept
        saved = load_game(store, "g1")
        assert saved is not None
        assert (saved.steps, saved.status) == (1, "playing")
    assert len(actions(db)) == 1


def test_the_last_step_ends_the_game(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        game_id = new_game(store)
        save_step(store, game_id, 0, "{}", T0)
        end = GameEnd('{"winner":1}', 1, (88, 121), "skunked")
        save_step(store, game_id, 1, "{}", T0 + timedelta(minutes=30), end=end)
        assert latest_playing(store) is None
        saved = load_game(store, "g1")
        assert saved is not None
        assert (saved.status, saved.record, saved.winner, saved.final, saved.human_result) == (
            "over",
            '{"winner":1}',
            1,
            (88, 121),
            "skunked",
        )
        with pytest.raises(GameConflictError, match="g1 is over"):
            save_step(store, game_id, 2, "{}", T0)
        with pytest.raises(GameConflictError, match="g1 is over"):
            finish_game(store, game_id, end, T0)


def test_only_a_game_over_keeps_a_ledger(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        game_id = new_game(store)
        with pytest.raises(GameConflictError, match=f"game {game_id} is not a game over"):
            save_ledger(store, game_id, '{"model":1}')
        save_step(store, game_id, 0, "{}", T0, end=GameEnd('{"winner":1}', 1, (88, 121), None))
        saved = load_game(store, "g1")
        assert saved is not None
        assert saved.ledger is None
        save_ledger(store, game_id, '{"model":1}')
        saved = load_game(store, "g1")
        assert saved is not None
        assert saved.ledger == '{"model":1}'


def test_the_games_over_are_listed_latest_first_without_their_actions(tmp_path: Path) -> None:
    with StatsStore(tmp_path / DB_NAME) as store:
        assert games_over(store) == []
        first = new_game(store, "g1")
        save_step(store, first, 0, "{}", T0, end=GameEnd("{}", 0, (121, 90), "won"))
        save_ledger(store, first, '{"model":1}')
        second = new_game(store, "g2")
        later = T0 + timedelta(hours=2)
        save_step(store, second, 0, "{}", later, end=GameEnd("{}", 1, (70, 121), "skunked"))
        new_game(store, "g3")  # still playing: not listed
        listed = games_over(store)
        assert [(g.uid, g.human_result, g.final, g.ledger) for g in listed] == [
            ("g2", "skunked", (70, 121), None),
            ("g1", "won", (121, 90), '{"model":1}'),
        ]
        assert listed[0].ended == later
        assert [g.uid for g in games_over(store, limit=1)] == ["g2"]


def test_migrates_version_6_keeping_every_game_without_a_ledger(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as store:
        build_history(store)
        game_id = new_game(store)
        save_step(store, game_id, 0, "{}", T0, end=GameEnd('{"winner":0}', 0, (121, 80), "won"))
        save_ledger(store, game_id, '{"model":1}')
        kept = load_game(store, "g1")
        records = export_records(store)
    as_version_6(db)
    assert "ledger" not in {r["name"] for r in rows(db, "PRAGMA table_info(games)")}
    with StatsStore(db) as store:
        assert export_records(store) == records
        again = load_game(store, "g1")
        assert kept is not None
        assert again is not None
        assert again == replace(kept, ledger=None)
        save_ledger(store, game_id, '{"model":1}')
    with contextlib.closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    fresh = tmp_path / "fresh" / DB_NAME
    StatsStore(fresh).close()
    assert schema_of(db) == schema_of(fresh)


def test_a_save_from_a_trainer_left_behind_is_refused(tmp_path: Path) -> None:
    db = tmp_path / DB_NAME
    with StatsStore(db) as one, StatsStore(db) as two:
        game_id = new_game(one)
        save_step(one, game_id, 0, '{"by":"one"}', T0)
        save_step(two, game_id, 1, '{"by":"two"}', T0)  # the other trainer plays on
        with pytest.raises(GameConflictError, match="moved on without this trainer"):
            save_step(one, game_id, 1, '{"by":"one"}', T0)
        with pytest.raises(GameConflictError, match="2 steps saved, this one holds 1"):
            save_step(one, game_id, 1, '{"by":"one"}', T0, attempt=an_attempt())
        assert one.attempt_count() == 0
    assert [r["action"] for r in actions(db)] == ['{"by":"one"}', '{"by":"two"}']


def test_abandoned_games_are_kept_and_never_resumed(tmp_path: Path) -> None:
    with StatsStore(tmp_path / DB_NAME) as store:
        first = new_game(store, "old", T0)
        second = new_game(store, "new", T0 + timedelta(hours=1))
        saved = latest_playing(store)
        assert saved is not None
        assert saved.uid == "new"
        abandon_game(store, second, T0 + timedelta(hours=2))
        saved = latest_playing(store)
        assert saved is not None
        assert saved.uid == "old"
        save_step(store, first, 0, "{}", T0 + timedelta(hours=3))
        abandon_game(store, first, T0 + timedelta(hours=4))
        assert latest_playing(store) is None
        assert game_count(store, "abandoned") == game_count(store) == 2
        with pytest.raises(GameConflictError, match="old is abandoned"):
            save_step(store, first, 1, "{}", T0)
        with pytest.raises(GameConflictError, match="not in the stats store"):
            abandon_game(store, 99, T0)
        kept = load_game(store, "old")
        assert kept is not None
        assert kept.actions == ("{}",)


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        ("updated", "2025-13-45T00:00:00", "'2025-13-45T00:00:00'"),
        ("updated", "garbage\nmore", "'garbage\\nmore'"),
        ("created", 12345, "'12345'"),
        ("updated", "0001-01-01T00:00:00+01:00", "'0001-01-01T00:00:00+01:00'"),
    ],
)
def test_a_saved_game_with_a_time_that_is_none_is_named_with_the_field(
    tmp_path: Path, field: str, value: object, shown: str
) -> None:
    """A game row whose time is not one (the file changed by hand): reading it says which
    game and which field, on one line, and the game is left as it is."""
    path = tmp_path / DB_NAME
    with StatsStore(path) as store:
        new_game(store, uid="g-bad")
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"UPDATE games SET {field} = ?", (value,))
        conn.commit()
    with StatsStore(path) as store:
        for read in (latest_playing, lambda s: load_game(s, "g-bad")):
            with pytest.raises(ValueError, match="damaged") as caught:
                read(store)
            message = str(caught.value)
            assert message.startswith(f"the saved game 'g-bad': {field}: {shown} is not a time")
            assert "\n" not in message
        assert game_count(store, "playing") == 1
