"""The reports read any store an import might have let in before imports were checked.

The rows are written straight through SQL, as an unchecked import (or a hand with a
SQLite shell) left them: a session shared by two drill sets, counts past what SQLite can
add up, summary rows that count no answers, a game's final score that is not a list,
and a drill set's median gone. Every read the trainer and ``muggins stats`` make must
answer, with what the rows can say.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from tests.history.known import BASE, build_history
from trainer.__main__ import main
from trainer.history import DB_NAME, StatsStore
from trainer.history.file import rebuild_derived

NOW = BASE + timedelta(days=30)


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A data folder whose store holds the known history and then the damage."""
    folder = tmp_path / "home"
    with StatsStore.open(folder) as store:
        build_history(store)
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as conn, conn:
        # A blitz answer joins warm-up's first session; the summaries are rebuilt from it.
        conn.execute(
            "UPDATE attempts SET session_id = 'warm-up-03011200' "
            "WHERE id = (SELECT min(id) FROM attempts WHERE drill_id = 'blitz')"
        )
        rebuild_derived(conn)
        # Sums no SQLite integer holds: two drill sets' counts of one kind.
        conn.execute(
            "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) VALUES "
            f"('warm-up', 'pair', {2**62}, {2**62}, 0), ('blitz', 'pair', {2**62}, 1, 0)"
        )
        # Summary rows that count no answers.
        conn.execute("UPDATE sessions SET attempts = 0 WHERE session_id = 'blitz-03040900'")
        conn.execute(
            "UPDATE sessions SET to_attempts = 0 WHERE session_id = "
            "(SELECT session_id FROM sessions WHERE drill_id = 'count-aloud')"
        )
        conn.execute("DELETE FROM medians WHERE drill_id = 'blitz'")
        # A finished game whose final score is not a list of points.
        conn.execute(
            "INSERT INTO games (uid, variant, seed, status, setup, steps, record, created, "
            "updated, human_side, winner, final, human_result) VALUES ('g', 'standard', 1, "
            "'over', '{}', 0, '{}', ?, ?, 0, 1, '{\"not\": \"a list\"}', 'lost')",
            (BASE.isoformat(), BASE.isoformat()),
        )
    return folder


@pytest.fixture
def store(damaged: Path) -> Iterator[StatsStore]:
    with StatsStore.open(damaged) as s:
        yield s


def test_the_report_reads_what_it_can(store: StatsStore) -> None:
    report = store.report()
    by_id = {d.drill_id: d for d in report.drills}
    assert "count-aloud" not in by_id  # its figures count no answers: nothing to divide
    assert by_id["blitz"].median_seconds is None
    assert report.overall.attempts == by_id["blitz"].attempts + by_id["warm-up"].attempts
    pair = next(k for k in report.kinds if k.kind == "pair")
    assert pair.present > 2**63  # past SQLite's integers
    assert pair.missed > 2**62
    assert all(p.attempts > 0 for p in report.sessions)
    json.dumps(report.to_dict())
    for drill in ("warm-up", "blitz", "count-aloud"):
        store.report(drill).to_dict()


def test_home_games_and_review_read_it(store: StatsStore) -> None:
    progress = store.progress(NOW)
    assert set(progress.drills) == {"warm-up", "blitz"}
    game = store.game_report()
    assert (game.overall.played, game.overall.lost) == (1, 1)
    assert store.review_items(limit=None)
    store.review_counts()
    store.due(NOW)


@pytest.mark.parametrize("args", [["stats"], ["stats", "--json"], ["review"]])
def test_the_commands_read_it(
    args: list[str], damaged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--data-dir", str(damaged)]) == 0
    out, err = capsys.readouterr()
    assert (bool(out), err) == (True, "")
