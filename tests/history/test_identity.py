"""Knowing a file and its write-ahead log are the store's: the token, the raw reads of
SQLite's files, and what opening checks before anything writes."""

from __future__ import annotations

import contextlib
import io
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.factories import HAND_8
from tests.history.known import answered, show, total
from trainer.history import DB_NAME, StatsStore, StoreError
from trainer.history.file import alone, commits, copied_from, identify, token_row, wal_problem
from trainer.textguard import printable


def token_of(path: Path, how: str = "immutable=1") -> tuple[int, bytes, int]:
    """The token's page, the token and its count, read by SQLite from the file alone (or,
    with ``mode=ro``, through its WAL)."""
    with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?{how}", uri=True)) as conn:
        page, token, writes = conn.execute(
            "SELECT rootpage, token, writes FROM sqlite_master, store_token "
            "WHERE name = 'store_token'"
        ).fetchone()
    return page, token, writes


@pytest.mark.parametrize("writes", [0, 1, 127, 128, 40_000, 2**31, 2**47 + 5, -3])
def test_the_token_row_read_as_bytes_is_what_sqlite_reads(tmp_path: Path, writes: int) -> None:
    path = tmp_path / DB_NAME
    StatsStore(path).close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("UPDATE store_token SET writes = ?", (writes,))
        conn.commit()
    page, token, stored = token_of(path)
    assert stored == writes
    assert len(token) == 16
    assert token_row(path, page, 4096) == (token, writes)
    assert token_row(path, page + 1, 4096) is None  # another page: no such row
    assert token_row(path, 1, 4096) is None


def test_every_write_moves_the_count_and_every_commit_writes_its_page(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with StatsStore(path) as store:
        page, token, before = token_of(path, "mode=ro")  # as set up (all of it in the WAL)
        store.record(answered(show(HAND_8), total(8)))
        store.record(answered(show(HAND_8), total(7), session_id="t"))
        with (path.parent / f"{DB_NAME}-wal").open("rb") as log:
            found = commits(log, page)
        after = token_of(path, "mode=ro")
    assert found.whole >= 3  # setting up, then each answer
    assert found.each_wrote
    assert after == (page, token, before + 2)


def test_a_wal_header_is_judged_before_anything_reads_through_it() -> None:
    good = (0x377F0682).to_bytes(4, "big") + (3007000).to_bytes(4, "big")
    assert wal_problem(good + (4096).to_bytes(4, "big") + bytes(20), 4096) is None
    assert "pages are 1024 bytes" in str(
        wal_problem(good + (1024).to_bytes(4, "big") + bytes(20), 4096)
    )
    assert "not a write-ahead log" in str(wal_problem(b"x" * 32, 4096))
    assert "not a write-ahead log" in str(wal_problem(good, 4096))  # cut short
    assert commits(io.BytesIO(good)).whole == 0


def test_the_file_alone_is_judged_by_its_own_tables(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE attempts (id INTEGER PRIMARY KEY, at TEXT)")
        conn.execute("CREATE TABLE misses (attempt_id INTEGER)")
        conn.execute("PRAGMA user_version = 1")  # a version-1 store: no application id yet
        conn.commit()
    assert alone(path).version == 1
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE extra (x)")  # not exactly version 1's tables any more
        conn.commit()
    with pytest.raises(StoreError, match=r"not a Muggins stats store \(it holds attempts, extra"):
        alone(path)


def test_a_name_in_a_foreign_file_is_quoted_harmlessly(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute('CREATE TABLE "\x1b]0;owned\x07" (x)')
        conn.commit()
    with pytest.raises(StoreError) as caught:
        identify(path)
    assert "\x1b" not in str(caught.value)
    assert printable("\x1b]0;owned\x07") in str(caught.value)


def _live(folder: Path, answers: int) -> Path:
    """A new store with ``answers`` answers, copied while it is open: the WAL holds every
    commit, and the file only what switching to WAL mode wrote."""
    live = folder.with_name(f"{folder.name}-live")
    store = StatsStore(live / DB_NAME)
    assert store.checkpointer is not None
    store.checkpointer.limit = 2**62  # no checkpoint in the background: all in the WAL
    try:
        for n in range(answers):
            store.record(answered(show(HAND_8), total(8 - n % 2), session_id=f"s{n}"))
        shutil.copytree(live, folder)
    finally:
        store.close()
    return folder / DB_NAME


def test_a_file_holding_only_pages_of_its_wal_is_the_wals(tmp_path: Path) -> None:
    """A first checkpoint stopped part way (the disk full): the file holds the WAL's first
    pages, the last cut short, and no token. It holds nothing of its own, so the WAL is
    taken as its own; a file with a page that is not the WAL's is refused."""
    path = _live(tmp_path / "half", 40)
    shutil.copytree(path.parent, tmp_path / "whole")
    whole = tmp_path / "whole" / DB_NAME
    StatsStore(whole).close()  # the checkpoint done: the file as the WAL makes it
    page, _, _ = token_of(whole)
    assert 4 < page < len(whole.read_bytes()) // 4096
    copied = whole.read_bytes()[: (page - 2) * 4096 + 1000]
    path.write_bytes(copied)
    with (path.parent / f"{DB_NAME}-wal").open("rb") as log:
        assert copied_from(path, log, 4096)
    assert token_row(path, page, 4096) is None
    identify(path)

    spoiled = tmp_path / "spoiled"
    shutil.copytree(path.parent, spoiled)
    (spoiled / DB_NAME).write_bytes(copied[:5000] + b"x" + copied[5001:])
    with pytest.raises(StoreError, match="holds no token where the history keeps it"):
        identify(spoiled / DB_NAME)

    with StatsStore(path) as store:
        assert store.attempt_count() == 40
    assert path.read_bytes() == whole.read_bytes()  # the copy finished
