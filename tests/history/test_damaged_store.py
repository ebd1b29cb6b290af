"""The reports read any store an import might have let in before imports were checked.

The rows are written straight through SQL, as an unchecked import (or a hand with a
SQLite shell) left them: a session shared by two drill sets, counts past what SQLite can
add up, summary rows that count no answers, a game's final score that is not a list,
and a drill set's median gone. Every read the trainer and ``muggins stats`` make must
answer, with what the rows can say; a row the trainer could not have written is left out
and named (`trainer.history.reading.damage`).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from tests.game.scripted import play_out
from tests.history.known import BASE, build_history
from tests.history.test_discard_history import throws
from tests.history.test_spoken import answered
from trainer.__main__ import main
from trainer.game.coach.kept_ledger import session_ledger
from trainer.game.coach.phase_stats import phase_report
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.file import export_games, rebuild_derived
from trainer.history.reading import Damaged
from trainer.quiz.attempt import SpokenTimes

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


NOT_A_LIST = (
    "the saved game 'g': final: '{\"not\": \"a list\"}' is not the points of 2 to 4 sides "
    "(0 to 121 each): the history's copy of it is damaged"
)


def test_home_games_and_review_read_it(store: StatsStore) -> None:
    progress = store.progress(NOW)
    assert set(progress.drills) == {"warm-up", "blitz"}
    game = store.game_report()
    assert (game.overall.played, game.overall.lost) == (0, 0)  # the one game is left out
    assert game.damaged == (NOT_A_LIST,)
    assert store.review_items(limit=None)
    store.review_counts()
    store.due(NOW)


@pytest.mark.parametrize("args", [["stats"], ["stats", "--json"], ["review"]])
def test_the_commands_read_it(
    args: list[str], damaged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--data-dir", str(damaged)]) == 0
    out, err = capsys.readouterr()
    assert bool(out)
    # Named once, though the games and the phases both read it.
    assert err == ("" if args == ["review"] else f"muggins: warning: {NOT_A_LIST}; left out\n")
    if args == ["stats", "--json"]:
        assert json.loads(out)["damaged"] == [NOT_A_LIST]


# ---------------------------------------------------------------- one bad row, named


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder holding two short games played out, their ledgers kept."""
    folder = tmp_path_factory.mktemp("games") / "home"
    with StatsStore.open(folder) as store:
        for seed in (5, 6):
            game = GameSession.start(store, variant("short"), seed, [None, "standard"])
            play_out(game)
            session_ledger(game)
    return folder


def _spoil(folder: Path, sql: str, *params: object) -> None:
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as conn, conn:
        conn.execute(sql, params)


def _first_uid(folder: Path) -> str:
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as conn:
        uid: str = conn.execute("SELECT uid FROM games WHERE id = 1").fetchone()[0]
    return uid


@pytest.mark.parametrize(
    ("final", "problem"),
    [
        ("x", "'x' is not JSON text"),
        ("[1e999, 61]", "'[1e999, 61]' is not the points of 2 to 4 sides (0 to 121 each)"),
        ("5", "'5' is not the points of 2 to 4 sides (0 to 121 each)"),
    ],
    ids=["not-json", "infinite", "a-number"],
)
def test_a_damaged_finished_game_is_named_and_the_other_shown(
    final: str,
    problem: str,
    two_games: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A game over whose ``final`` is not JSON (or not the points of its sides): `stats`
    names the game and the field once and shows the other game; `export` refuses, naming
    the same (an export holding it could not be imported), and writes nothing."""
    folder = tmp_path / "home"
    shutil.copytree(two_games, folder)
    _spoil(folder, "UPDATE games SET final = ? WHERE id = 1", final)
    note = (
        f"the saved game {_first_uid(folder)!r}: final: {problem}: the history's copy of it "
        "is damaged"
    )
    assert main(["stats", "--data-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert err == f"muggins: warning: {note}; left out\n"
    lines = out.splitlines()
    games = lines[lines.index("Games you played to the end, and your counts at the table") + 2]
    assert games.split()[:2] == ["short", "1"]  # the other game, played to the end
    assert "Points lost a hand by phase, your games (1 game)" in out
    assert main(["stats", "--json", "--data-dir", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["games"]["played"], data["phases"]["games"]) == (1, 1)
    assert (data["phases"]["unread"], data["damaged"]) == (1, [note])
    target = tmp_path / "history.json"
    assert main(["export", "-o", str(target), "--data-dir", str(folder)]) == 2
    assert capsys.readouterr().err == f"muggins: error: {note}\n"
    assert not target.exists()


def test_an_export_can_leave_a_damaged_game_out_naming_it(two_games: Path, tmp_path: Path) -> None:
    """The row layer's choice for an export that goes on: the damaged game told, the others
    given."""
    folder = tmp_path / "home"
    shutil.copytree(two_games, folder)
    _spoil(folder, "UPDATE games SET setup = 'not json' WHERE id = 1")
    skipped: list[str] = []
    with StatsStore.open(folder) as store, store.guard("exporting") as conn:
        games = export_games(conn, skipped=lambda err: skipped.append(str(err)))
        with pytest.raises(Damaged) as caught:
            export_games(conn)
    assert len(games) == 1
    assert skipped == [str(caught.value)]
    assert skipped[0].startswith(f"the saved game {_first_uid(folder)!r}: setup: 'not json' is ")
    assert skipped[0].endswith(": the history's copy of it is damaged")


@pytest.mark.parametrize(
    ("loss", "shown"),
    [("1e999", "inf"), ("-2.5", "-2.5"), ("'lots'", "'lots'"), ("76", "76.0")],
    ids=["infinite", "negative", "text", "past-any-throw"],
)
def test_a_throws_loss_no_throw_can_lose_is_named_and_the_rest_counted(
    loss: str, shown: str, tmp_path: Path
) -> None:
    """Written straight into the file: the discards' figures are those of the other throws,
    and the bad one is named by its id and field."""
    path = tmp_path / DB_NAME
    with StatsStore(path) as store:
        for attempt in throws((0, 3, 1)):
            store.record(attempt)
        before = store.discard_report()
    _spoil(tmp_path, f"UPDATE attempts SET loss = {loss} WHERE id = 2")
    with StatsStore(path) as store:
        report = store.discard_report()
    assert report.overall.throws == before.overall.throws - 1
    assert report.damaged == (
        f"the saved answer 2: loss: {shown} is not the points a throw can lose (0 to 75): "
        "the history's copy of it is damaged",
    )


@pytest.mark.parametrize(
    ("end", "shown"),
    [
        ("1" + "0" * 400, "a 401-digit number is not seconds of a count said aloud (0 to 60)"),
        ("Infinity", "inf is not seconds of a count said aloud (0 to 60)"),
        ("-1", "-1 is not seconds of a count said aloud (0 to 60)"),
        ('"soon"', "'soon' is not a number of seconds"),
    ],
    ids=["400-digits", "infinity", "negative", "text"],
)
def test_a_counts_speed_no_count_has_is_named_and_the_rest_read(end: str, shown: str) -> None:
    """A count's end of 10**400 seconds (an import before imports were bounded let it in)
    made the Stats screen raise OverflowError on every visit."""
    with StatsStore(":memory:") as store:
        answered(store, 1, spoken=SpokenTimes(0.4, 3.0), right=True)
        answered(store, 2, spoken=SpokenTimes(0.6, 5.0), right=False)
        with store.transaction("spoiling") as conn:
            (answer,) = conn.execute("SELECT answer FROM attempts WHERE id = 2").fetchone()
            conn.execute(
                "UPDATE attempts SET answer = ? WHERE id = 2",
                (answer.replace('"end":5.0', f'"end":{end}'),),
            )
        speed = store.spoken_speed()
    assert speed.line() == (
        "Counted aloud: 1 hand, 100% exact, 3.0 s a count (first word after 0.4 s)"
    )
    assert speed.damaged == (
        f"the saved answer 2: answer: spoken: end: {shown}: the history's copy of it is damaged",
    )


def test_review_names_a_row_it_cannot_read_and_lists_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Text where a number of points is kept, an infinite combination, a hand that is no
    cards: each answer named with its field, once, and the other rows listed; the JSON
    stays JSON (no Infinity)."""
    folder = tmp_path / "home"
    with StatsStore.open(folder) as store:
        build_history(store)
        before = len(store.review_items(limit=None))
        with store.guard("counting") as conn:
            rows = dict(conn.execute("SELECT attempt_id, count(*) FROM combos GROUP BY 1"))
    _spoil(folder, "UPDATE attempts SET claimed = 'lots' WHERE id = 3")
    _spoil(folder, "UPDATE combos SET points = 1e999 WHERE attempt_id = 4")
    _spoil(folder, "UPDATE attempts SET hand = 'abc' WHERE id = 8")
    assert main(["review", "--limit", "0", "--json", "--data-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in the JSON"))
    notes = [
        "the saved answer 8: hand: 'abc' is not cards (5H 10D JS): the history's copy of it "
        "is damaged",
        "the saved answer 4: combos: points: inf is not a number of points: the history's "
        "copy of it is damaged",
        "the saved answer 3: claimed: 'lots' is not a number of points: the history's copy of "
        "it is damaged",
    ]
    assert data["damaged"] == notes  # newest first, once for each answer's rows
    assert err == "".join(f"muggins: warning: {note}; left out\n" for note in notes)
    assert data["shown"] == before - rows[3] - rows[4] - rows[8]
    assert main(["review", "--data-dir", str(folder)]) == 0
    assert capsys.readouterr().out.startswith("Missed and wrongly claimed combinations")


def test_a_game_that_cannot_be_played_through_is_named_by_the_phases(
    two_games: Path, tmp_path: Path
) -> None:
    """Its ledger not kept and its actions cut short: the phases name what stops it, and
    read the other game."""
    folder = tmp_path / "home"
    shutil.copytree(two_games, folder)
    _spoil(folder, "UPDATE games SET ledger = NULL WHERE id = 1")
    _spoil(folder, "DELETE FROM game_actions WHERE game_id = 1 AND n >= 10")
    with StatsStore.open(folder) as store:
        report = phase_report(store)
        with store.guard("reading") as conn:
            (steps,) = conn.execute("SELECT steps FROM games WHERE id = 1").fetchone()
    assert (len(report.games), report.unread) == (1, 1)
    assert report.damaged == (
        f"the saved game {_first_uid(folder)!r}: {steps} steps are saved but 10 actions: the "
        "history's copy of it is damaged",
    )


@pytest.mark.parametrize(
    ("damage", "note"),
    [
        (
            "UPDATE attempts SET hand = 'XX YY' WHERE id = 4",
            "the saved answer 4: hand: 'XX' is not a card (rank A 2-10 J Q K, then suit S H D C)",
        ),
        ("UPDATE attempts SET at = 'yesterday' WHERE id = 6", "the saved answer 6: at: "
         "'yesterday' is not an ISO 8601 time"),
        ("UPDATE attempts SET itemised = 'x' WHERE id = 7", "the saved answer 7: itemised: 'x' "
         "is not 0 or 1"),
    ],
    ids=["hand", "time", "flag"],
)  # fmt: skip
def test_an_import_beside_a_damaged_answer_names_it_and_adds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str, note: str
) -> None:
    """New answers are imported into a store holding an answer no summary can be made from
    (the summaries are rebuilt from every answer): the import stops naming it, not with a
    traceback or SQLite's words, and the store is as it was."""
    folder, other = tmp_path / "home", tmp_path / "other"
    with StatsStore.open(folder) as store:
        build_history(store)
    with StatsStore.open(other) as store:
        build_history(store)
    exported = tmp_path / "export.json"
    assert main(["export", "-o", str(exported), "--data-dir", str(other)]) == 0
    data = json.loads(exported.read_text())
    for record in data["attempts"]:  # the other machine's answers: new here
        record["uid"] = record["uid"][::-1]
    exported.write_text(json.dumps(data))
    _spoil(folder, damage)
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as conn:
        before = conn.execute("SELECT count(*) FROM attempts").fetchone()
    capsys.readouterr()
    assert main(["import", str(exported), "--data-dir", str(folder)]) == 2
    assert capsys.readouterr().err == (
        f"muggins: error: nothing was imported: {note}: the history's copy of it is damaged "
        "(the reports leave it out; the summaries are rebuilt from every answer when answers "
        "are imported)\n"
    )
    with contextlib.closing(sqlite3.connect(folder / DB_NAME)) as conn:
        assert conn.execute("SELECT count(*) FROM attempts").fetchone() == before
