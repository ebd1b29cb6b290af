"""A new game gives up the game saved as playing, even one whose row is too damaged to read
(a file changed by hand or by another program): a damaged saved game never stops a player
from starting a new one, and it stays in the store, given up, for the reports to name."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

import pytest

from trainer.history import DB_NAME, StatsStore
from trainer.history.writing import UnreadableGame, game_count, latest_playing
from trainer.settings import GameChoices
from trainer.ui.flow.game_start import new_session


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE games SET updated = 'yesterday'",
        "UPDATE games SET created = 42",
        "UPDATE games SET final = 'not json'",
    ],
)
def test_a_new_game_gives_up_a_saved_game_too_damaged_to_read(tmp_path: Path, damage: str) -> None:
    choices = GameChoices(variant="short")
    with StatsStore.open(tmp_path) as store:
        first = new_session(store, choices, random.Random(1)).uid
    with contextlib.closing(sqlite3.connect(tmp_path / DB_NAME)) as conn, conn:
        conn.execute(f"{damage} WHERE uid = ?", (first,))
    with StatsStore.open(tmp_path) as store:
        with pytest.raises(UnreadableGame, match=first):
            latest_playing(store)  # what home offers to resume: the damage named
        second = new_session(store, choices, random.Random(2)).uid
        saved = latest_playing(store)
        assert saved is not None
        assert saved.uid == second != first
        assert game_count(store, "abandoned") == 1
        assert game_count(store, "playing") == 1
