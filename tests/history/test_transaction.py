"""A write transaction whose commit fails leaves nothing half done: it is rolled back, and the
store's next write begins as usual (a connection left inside the failed transaction refused
every write after it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import HAND_9_FLUSH
from tests.history.test_store import one_answer
from trainer.history import DB_NAME, StatsStore, StoreError
from trainer.judge.claims import TotalClaim


def test_a_commit_that_fails_is_rolled_back_and_the_next_write_goes_on(tmp_path: Path) -> None:
    with StatsStore(tmp_path / DB_NAME) as store:
        with store.guard("setting up") as conn:  # a constraint checked only at the commit
            conn.execute("CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY)")
            conn.execute(
                "CREATE TEMP TABLE child (parent INTEGER "
                "REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)"
            )
        with (
            pytest.raises(StoreError, match="FOREIGN KEY constraint failed"),
            store.transaction("adding an orphan") as conn,
        ):
            conn.execute("INSERT INTO child VALUES (5)")
        with store.guard("looking") as conn:
            assert not conn.in_transaction
            assert conn.execute("SELECT count(*) FROM child").fetchone() == (0,)
        store.record(one_answer(TotalClaim(5), HAND_9_FLUSH))
        assert store.attempt_count() == 1
