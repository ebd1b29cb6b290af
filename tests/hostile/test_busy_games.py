"""Trainers recording drill answers as fast as they can while games are played on the same
store: no step is refused, nothing is lost, no step is saved twice.

The audit's run (16 recorders, 4 games) kept every answer but refused every game a step
(`StoreBusy` after the store's 2 s wait), and the table sent the player home. Here each
recorder is a process writing its answers through a `Recorder`, as
`tests/hostile/test_concurrency.py`'s writers do, and each game a process playing at the
table's runner without Textual (`tests.hostile.table_player`: the screen's effects applied
as the screen applies them, its workers' saves made in line). Every game is dealt before
the recorders start, and plays once they have: a busy store must delay its steps, never
refuse them.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest

from tests.hostile.test_concurrency import WRITER
from trainer.game.session import GameSession
from trainer.game.state import Count
from trainer.history import DB_NAME, StatsStore
from trainer.history.writing import load_game

pytestmark = pytest.mark.slow

RECORDERS: Final = 16
ANSWERS: Final = 100
"""Answers each recorder gives."""
GAMES: Final = 4
STEPS: Final = 60
"""Actions each game plays to (fewer if it is over first)."""
ROOT: Final = Path(__file__).resolve().parents[2]


def child(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def test_games_played_beside_busy_recorders_lose_and_refuse_nothing(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    StatsStore(path).close()
    games = [
        child(["-m", "tests.hostile.table_player", str(path), str(seed), str(STEPS)])
        for seed in range(1, GAMES + 1)
    ]
    uids = []
    for game in games:
        assert game.stdout is not None
        words = game.stdout.readline().split()
        assert words[0] == "dealt", (words, game.stderr.read() if game.stderr else "")
        uids.append(words[1])
    recorders = [
        child(["-c", WRITER, str(path), str(who), str(ANSWERS)]) for who in range(RECORDERS)
    ]
    played: list[dict[str, Any]] = []
    try:
        for game in games:  # the recorders at work: the games play now
            assert game.stdin is not None
            game.stdin.write("go\n")
            game.stdin.flush()
        for recorder in recorders:
            out, err = recorder.communicate(timeout=900)
            assert recorder.returncode == 0, err[-3000:]
            assert out.strip() == "0", (out, err[-3000:])  # nothing left unsaved
        for game in games:
            out, err = game.communicate(timeout=900)
            assert game.returncode == 0, err[-3000:]
            played.append(json.loads(out))
    finally:
        for process in (*games, *recorders):
            if process.poll() is None:
                process.kill()
                process.wait()
    yours, bots = (sum(p[key] for p in played) for key in ("yours_waited", "bots_waited"))
    print(
        f"your moves saved in the worker: {yours}; the computer's moves tried again past the "
        f"store's wait: {bots}",
        file=sys.stderr,
    )
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        per_recorder = dict(
            conn.execute("SELECT session_id, count(*) FROM attempts GROUP BY session_id")
        )
    with StatsStore(path) as store:
        for uid, result in zip(uids, played, strict=True):
            assert result["uid"] == uid
            assert result["errors"] == []  # nothing refused
            assert not result["home"]  # nobody sent home
            assert result["over"] or result["steps"] >= STEPS
            saved = load_game(store, uid)
            assert saved is not None
            assert saved.steps == len(saved.actions) == result["steps"]  # every step, once
            assert saved.status == ("over" if result["over"] else "playing")
            # Played through again from what was saved, it is the game played: no step
            # missing or saved twice, and each count of yours an answer once.
            again = GameSession.played(store, saved)
            assert again.state.steps == result["steps"]
            counts = sum(isinstance(a, Count) and a.seat == 0 for a in again.actions)
            assert per_recorder.pop(uid, 0) == counts
    assert per_recorder == {f"writer-{who}": ANSWERS for who in range(RECORDERS)}
