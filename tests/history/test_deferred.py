"""The trainer's history: no file until the first answer, an empty history until then, and a
file that cannot be used refused at once, untouched."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.factories import HAND_8
from tests.history.known import answered, drill, show
from trainer.history import DB_NAME, StatsStore, StoreError
from trainer.history.writing import DeferredStore, create_game
from trainer.judge.claims import TotalClaim

NOW = datetime(2025, 6, 2, tzinfo=UTC)


def empty_reads(store: DeferredStore) -> None:
    """Every read the trainer makes, each of an empty history."""
    progress = store.progress(NOW)
    assert (dict(progress.drills), progress.due, progress.kinds) == ({}, 0, ())
    assert store.best(drill("warm-up")) is None
    assert store.report().overall.attempts == 0
    assert store.review_items() == []
    assert store.review_total() == 0
    assert store.review_counts().total == 0
    assert store.attempt_combos(1) == []
    assert store.drills() == {}
    assert store.due(NOW) == []
    assert store.due_count(NOW) == 0


def test_no_file_until_the_first_answer(tmp_path: Path) -> None:
    folder = tmp_path / "not-yet" / "muggins"
    store = DeferredStore.open(folder)
    try:
        assert store.path == folder / DB_NAME
        empty_reads(store)
        assert not store.created
        assert not (tmp_path / "not-yet").exists()  # not even the folder
        attempt_id = store.record(answered(show(HAND_8), TotalClaim(6)))
        assert store.created
        assert (folder / DB_NAME).is_file()
        assert [i.attempt_id for i in store.review_items()] == [attempt_id]
        assert store.report().overall.attempts == 1
        assert store.due_count(NOW) == 1
    finally:
        store.close()
    with StatsStore(folder / DB_NAME, create=False) as again:
        assert again.attempt_count() == 1


def test_a_file_made_by_another_trainer_is_read(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    store = DeferredStore(path)
    try:
        assert store.report().overall.attempts == 0
        with StatsStore(path) as other:
            other.record(answered(show(HAND_8), TotalClaim(6)))
        assert store.report().overall.attempts == 1
        assert store.created
    finally:
        store.close()


def test_an_existing_file_is_opened_at_once(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with StatsStore(path) as first:
        first.record(answered(show(HAND_8), TotalClaim(8)))
    store = DeferredStore(path)
    try:
        assert store.created
        assert store.drills() == {"warm-up": "Warm-up"}
    finally:
        store.close()


def test_a_damaged_file_is_refused_at_once_untouched(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_text("date,hand,score\n2025-01-01,5H 5C 5S JD 5D,29\n" * 10)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a Muggins stats database") as caught:
        DeferredStore(path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before


def test_a_newer_file_is_refused_at_once_untouched(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with StatsStore(path) as first:
        first.record(answered(show(HAND_8), TotalClaim(8)))
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA user_version = 9")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer Muggins"):
        DeferredStore(path)
    assert path.read_bytes() == before


def test_a_folder_that_can_never_hold_it_is_refused_at_once(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with pytest.raises(StoreError, match="read-only") as caught:
            DeferredStore(locked / "muggins" / DB_NAME)
        assert f"cannot create {locked / 'muggins' / DB_NAME}" in str(caught.value)
    finally:
        locked.chmod(0o755)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="is not a folder"):
        DeferredStore(blocker / DB_NAME)
    assert list(locked.iterdir()) == []


def test_a_context_manager_closes_what_it_opened(tmp_path: Path) -> None:
    with DeferredStore(tmp_path / DB_NAME) as store:
        store.record(answered(show(HAND_8), TotalClaim(6)))
    with pytest.raises(StoreError, match="closed"):
        store.report()


def test_a_game_makes_the_file_and_is_found_to_resume(tmp_path: Path) -> None:
    folder = tmp_path / "muggins"
    with DeferredStore.open(folder) as store:
        assert store.playing_game() is None  # no file: nothing to resume, nothing written
        assert not (folder / DB_NAME).exists()
        writer = store.writer()
        assert (folder / DB_NAME).exists()
        assert store.writer() is writer
        game = create_game(
            writer, uid="g1", variant="standard", seed=7, setup="{}", human_side=0, at=NOW
        )
        saved = store.playing_game()
        assert saved is not None
        assert (saved.id, saved.uid, saved.seed) == (game, "g1", 7)
    with DeferredStore.open(folder) as again:  # the next start finds it
        found = again.playing_game()
        assert found is not None
        assert found.uid == "g1"
