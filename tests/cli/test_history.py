"""`muggins stats`, `review`, `export` and `import`, on the known fixture history."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.game.scripted import play_out, scripted
from tests.history.known import build_history
from trainer.__main__ import main
from trainer.game.coach.kept_ledger import stored_ledger
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, exchange
from trainer.history.writing import load_game


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder holding the fixture history."""
    folder = tmp_path / "home"
    with StatsStore.open(folder) as store:
        build_history(store)
    return folder


# ---------------------------------------------------------------- stats


def test_stats_with_no_history(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    code, out, err = run(capsys, "stats", "--data-dir", str(folder))
    assert (code, err) == (0, "")
    assert out.startswith("No answers recorded yet")
    code, out, _ = run(capsys, "--data-dir", str(folder), "stats", "--json")
    assert json.loads(out)["attempts"] == 0
    assert not folder.exists()  # reading never creates the store


def test_stats_text(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, err = run(capsys, "stats", "--data-dir", str(home))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"History: {home / DB_NAME}   18 answers"
    table = {line.split()[0]: line.split() for line in lines if line.startswith("warm-up")}
    # answers, exact, error, mugged, mean s, median s, streak, blitz
    assert table["warm-up"][1:9] == ["7", "71.4%", "0.86", "0.57", "6.7", "6.0", "3", "-"]
    blitz = next(line.split() for line in lines if line.startswith("blitz"))
    assert blitz[1:9] == ["8", "87.5%", "0.25", "0.25", "2.0", "2.0", "5", "4"]
    total = next(line for line in lines if line.startswith("all drill sets"))
    assert total.split()[3:11] == ["18", "72.2%", "2.28", "2.06", "6.8", "3.5", "5", "4"]
    assert "Misses by combination, from 3 itemised answers" in out
    row = next(line.split() for line in lines if line.startswith("fifteen-2"))
    assert row == ["fifteen-2", "7", "5", "71.4%", "1"]
    assert any(line.split()[:3] == ["2025-03-02", "6", "66.7%"] for line in lines)
    assert "By session" in out


def test_stats_json(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "--data-dir", str(home), "stats", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["store"] == str(home / DB_NAME)
    assert data["attempts"] == 18
    assert {d["drill"]: d["attempts"] for d in data["drills"]} == {
        "warm-up": 7,
        "count-aloud": 3,
        "blitz": 8,
    }
    assert data["overall"]["best_streak"] == 5
    assert data["overall"]["median_seconds"] == 3.5
    assert data["itemised_attempts"] == 3
    assert [k["kind"] for k in data["kinds"]][:2] == ["fifteen-2", "fifteen-3"]
    assert len(data["days"]) == 4
    assert len(data["sessions"]) == 5


@pytest.mark.parametrize("name", ["warm-up", "Warm-up"])
def test_stats_one_drill(capsys: pytest.CaptureFixture[str], home: Path, name: str) -> None:
    code, out, _ = run(capsys, "stats", "--drill", name, "--json", "--data-dir", str(home))
    assert code == 0
    data = json.loads(out)
    assert data["attempts"] == 7
    assert [d["drill"] for d in data["drills"]] == ["warm-up"]
    assert data["kinds"] == []


def test_stats_for_a_known_drill_never_practised(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    code, out, _ = run(capsys, "stats", "--drill", "nobs", "--data-dir", str(home))
    assert code == 0
    assert out.startswith("No answers recorded yet for nobs")


def test_stats_unknown_drill(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, err = run(capsys, "stats", "--drill", "nope", "--data-dir", str(home))
    assert (code, out) == (2, "")
    assert err == (
        "muggins: error: no drill set named 'nope' "
        "(drill sets with answers: blitz, count-aloud, warm-up)\n"
    )


# ---------------------------------------------------------------- review


def test_review_text(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, err = run(capsys, "review", "--data-dir", str(home), "--limit", "3")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "Missed and wrongly claimed combinations, and wrong totals, newest first "
        "(3 of 20; --limit 0 for all)"
    )
    # The newest: the blitz crib claimed as 3, a whole show.
    assert lines[2].split()[2:11] == [
        "blitz",
        "total",
        "total",
        "AS",
        "2H",
        "3D",
        "7C",
        "+",
        "JH",
    ]
    assert lines[2].endswith("  2  crib: you said 3, it is 5 (2 missed)")
    assert lines[3].split()[2:7] == ["count-aloud", "missed", "fifteen-2", "5S", "JD"]
    assert lines[3].endswith("hand 5H 5C 5S JD starter 5D (time ran out, it is 29)")
    # Every show answered wrong in the history is long due by now.
    assert "4 hand(s) due to be re-drilled now (a re-drill asks up to 20, the longest" in out


def test_review_wrong_totals(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, err = run(capsys, "review", "--kind", "total", "--data-dir", str(home))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "Missed and wrongly claimed combinations, and wrong totals, newest first (3 of 3)"
    )
    shown = [(line.split()[2], line.split("  ")[-1]) for line in lines[2:5]]
    assert shown == [
        ("blitz", "crib: you said 3, it is 5 (2 missed)"),
        ("warm-up", "hand: you said 10, it is 8 (2 too many)"),
        ("warm-up", "hand: you said 5, it is 9 (4 missed)"),
    ]
    assert "5S 6H 10C JC + JD" in lines[3]
    code, out, _ = run(capsys, "review", "--drill", "warm-up", "--json", "--data-dir", str(home))
    data = json.loads(out)
    assert (data["total"], data["shown"]) == (2, 2)
    assert data["items"][1] == {
        "at": "2025-03-01T12:00:20.000000+00:00",
        "drill": "warm-up",
        "drill_name": "Warm-up",
        "role": "total",
        "stat_kind": "total",
        "kind": "total",
        "cards": ["9D", "10D", "QD", "KD", "JS"],
        "points": 4,
        "reason": "under",
        "hand": ["9D", "10D", "QD", "KD"],
        "starter": "JS",
        "crib": False,
        "answer": "5",
        "claimed": 5,
        "actual": 9,
    }


def test_review_filters(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, _ = run(capsys, "review", "--kind", "nobs", "--json", "--data-dir", str(home))
    assert code == 0
    data = json.loads(out)
    assert (data["total"], data["shown"]) == (1, 1)
    assert data["items"][0] == {
        "at": "2025-03-02T18:00:59.000000+00:00",
        "drill": "count-aloud",
        "drill_name": "Count aloud",
        "role": "missed",
        "stat_kind": "nobs",
        "kind": "nobs",
        "cards": ["JD", "5D"],
        "points": 1,
        "reason": None,
        "hand": ["5H", "5C", "5S", "JD"],
        "starter": "5D",
        "crib": False,
        "answer": "(time out)",
        "claimed": 0,
        "actual": 29,
    }
    assert data["due"] == 4
    assert {tuple(d["hand"]) for d in data["due_hands"]} >= {("AS", "2H", "3D", "7C")}
    code, out, _ = run(
        capsys, "review", "--kind", "fifteen", "--drill", "warm-up", "--data-dir", str(home)
    )
    assert out.startswith("Nothing to review")
    assert "with these filters" in out
    code, out, _ = run(
        capsys, "review", "--kind", "fifteen", "--limit", "0", "--json", "--data-dir", str(home)
    )
    assert json.loads(out)["shown"] == 10


def test_review_bad_kind(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    code, out, err = run(capsys, "review", "--kind", "flushes", "--data-dir", str(home))
    assert (code, out) == (2, "")
    assert err.startswith("muggins: error: --kind: 'flushes' is not a kind of combination")
    assert err.count("\n") == 1


# ---------------------------------------------------------------- export and import


def exported(capsys: pytest.CaptureFixture[str], folder: Path, fmt: str) -> str:
    code, out, _ = run(capsys, "export", "--format", fmt, "--data-dir", str(folder))
    assert code == 0
    return out


def comparable(json_text: str) -> list[dict[str, Any]]:
    attempts: list[dict[str, Any]] = json.loads(json_text)["attempts"]
    return attempts


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_round_trip(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path, fmt: str
) -> None:
    target = tmp_path / f"export.{fmt}"
    code, out, err = run(
        capsys, "export", "--format", fmt, "-o", str(target), "--data-dir", str(home)
    )
    assert (code, out) == (0, "")
    assert err == f"Exported 18 answers to {target}\n"

    elsewhere = tmp_path / "new-machine"
    code, out, err = run(capsys, "import", str(target), "--data-dir", str(elsewhere))
    assert (code, err) == (0, "")
    assert out.startswith(f"Imported 18 answers from {target}; 0 already recorded, skipped")

    code, out, _ = run(capsys, "import", str(target), "--data-dir", str(elsewhere))
    assert out.startswith(f"Imported 0 answers from {target}; 18 already recorded, skipped")

    assert comparable(exported(capsys, elsewhere, "json")) == comparable(
        exported(capsys, home, "json")
    )
    with StatsStore.open(home) as a, StatsStore.open(elsewhere) as b:
        assert a.report().to_dict() == b.report().to_dict()
        mine, theirs = a.review_items(limit=None), b.review_items(limit=None)
        # The same list; only the local row ids may differ.
        assert [replace(i, attempt_id=0) for i in mine] == [
            replace(i, attempt_id=0) for i in theirs
        ]
        assert a.scheduled() == b.scheduled()


def test_import_merges_two_histories(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    records = comparable(exported(capsys, home, "json"))
    part = tmp_path / "part.json"
    part.write_text(
        json.dumps({"format": "muggins-history", "version": 2, "attempts": records[:5]})
    )
    other = tmp_path / "other"
    run(capsys, "import", str(part), "--data-dir", str(other))
    full = tmp_path / "full.csv"
    full.write_text(exported(capsys, home, "csv"))
    _, out, _ = run(capsys, "import", str(full), "--data-dir", str(other))
    assert out.startswith(f"Imported 13 answers from {full}; 5 already recorded, skipped")
    with StatsStore.open(other) as store:
        assert store.attempt_count() == 18


def test_csv_shape(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(exported(capsys, home, "csv"))))
    assert len(rows) == 18
    first = rows[0]
    assert (first["hand"], first["starter"], first["crib"], first["answer"]) == (
        "5H 5C 5S JD",
        "5D",
        "false",
        '{"type":"total","points":29}',
    )
    timed_out = next(r for r in rows if r["timed_out"] == "true")
    assert timed_out["answer"] == ""
    assert len(json.loads(timed_out["combos"])) == 15
    assert json.loads(timed_out["present"]) == {
        "double-pair-royal": 6,
        "fifteen-2": 4,
        "fifteen-3": 4,
        "nobs": 1,
    }


def test_export_of_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(exported(capsys, tmp_path / "none", "json"))
    assert (data["format"], data["version"], data["attempts"]) == ("muggins-history", 6, [])
    assert data["games"] == []
    assert exported(capsys, tmp_path / "none", "csv").startswith("uid,at,drill_id,")
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not an export at all\n", "not a Muggins export"),
        ('{"attempts": []}', "not a Muggins export"),
        ('{"format": "muggins-history", "version": 9, "attempts": []}', "newer than this"),
        ('{"format": "muggins-history", "version": 2, "attempts": [{"at": 1}]}', "record 1"),
        ("{broken", "not valid JSON"),
        (
            '{"format": "muggins-history", "version": 2, "attempts": [{"kind": "poker"}]}',
            "record 1: missing field",
        ),
    ],
)
def test_import_refuses_bad_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    target = tmp_path / "target"
    code, out, err = run(capsys, "import", str(bad), "--data-dir", str(target))
    assert (code, out) == (2, "")
    assert message in err
    assert str(bad) in err
    assert err.count("\n") == 1
    assert not target.exists()


def test_import_checks_kind_and_outcome(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    records = comparable(exported(capsys, home, "json"))
    records[2]["outcome"] = "perfect"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "muggins-history", "version": 2, "attempts": records}))
    code, _, err = run(capsys, "import", str(bad), "--data-dir", str(tmp_path / "t"))
    assert code == 2
    assert "record 3: outcome: 'perfect' is not one of exact, under, over, mixed" in err


def test_import_is_all_or_nothing(
    capsys: pytest.CaptureFixture[str], home: Path, tmp_path: Path
) -> None:
    records = comparable(exported(capsys, home, "json"))
    records[7]["hand"] = "5H 5H 5C"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "muggins-history", "version": 2, "attempts": records}))
    target = tmp_path / "target"
    StatsStore.open(target).close()
    code, _, err = run(capsys, "import", str(bad), "--data-dir", str(target))
    assert code == 2
    assert "record 8: hand: 5H is there twice" in err
    assert "nothing was imported" in err
    with StatsStore.open(target) as store:
        assert store.attempt_count() == 0


# ---------------------------------------------------------------- games in the export


@pytest.fixture
def with_games(home: Path) -> Path:
    """The fixture history and two games: one played out, one a few steps in."""
    with StatsStore.open(home) as store:
        over = GameSession.start(store, variant("standard"), 5, [None, "standard"])
        play_out(over)
        playing = GameSession.start(store, variant("three-hand"), 6, ["easy", None, "easy"])
        while playing.state.steps < 25:
            if playing.bot_step() is None:
                asked = playing.prompt
                assert asked is not None
                playing.act(scripted(playing.state, asked))
    return home


def test_games_round_trip(
    capsys: pytest.CaptureFixture[str], with_games: Path, tmp_path: Path
) -> None:
    target = tmp_path / "export.json"
    code, _, err = run(capsys, "export", "-o", str(target), "--data-dir", str(with_games))
    assert code == 0
    with StatsStore.open(with_games) as store:
        answers = store.attempt_count()
        games = exchange.export_game_records(store)
        playing = GameSession.resume(store)
        assert playing is not None
    assert err == f"Exported {answers} answers and 2 games to {target}\n"
    assert [(g["variant"], g["status"]) for g in games] == [
        ("standard", "over"),
        ("three-hand", "playing"),
    ]
    assert games[0]["record"]["winner"] == games[0]["winner"]
    assert len(games[1]["actions"]) == 25
    assert games[1]["record"] is None

    elsewhere = tmp_path / "new-machine"
    code, out, err = run(capsys, "import", str(target), "--data-dir", str(elsewhere))
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == "Imported 2 games; 0 already kept, skipped"
    code, out, _ = run(capsys, "import", str(target), "--data-dir", str(elsewhere))
    assert out.splitlines()[1] == "Imported 0 games; 2 already kept, skipped"
    with StatsStore.open(elsewhere) as store:
        assert exchange.export_game_records(store) == games
        assert store.attempt_count() == answers
        here = GameSession.resume(store)
        assert here is not None
        assert (here.uid, here.state) == (playing.uid, playing.state)


def test_csv_keeps_the_answers_and_says_where_the_games_are(
    capsys: pytest.CaptureFixture[str], with_games: Path, tmp_path: Path
) -> None:
    target = tmp_path / "export.csv"
    code, _, err = run(
        capsys, "export", "--format", "csv", "-o", str(target), "--data-dir", str(with_games)
    )
    assert code == 0
    assert err.endswith(
        f"to {target} (CSV keeps the answers only: export JSON to keep the 2 games)\n"
    )


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda g: g.pop("uid"), "game 2: missing field 'uid'"),
        (
            lambda g: g.update(status="paused"),
            "game 2: status: 'paused' is not one of playing, over",
        ),
        (lambda g: g.update(record=None), "game 1: record must be an object for a game over"),
        (lambda g: g["actions"][5].update(seat="two"), "game 2: action 5: seat: expected a whole"),
        (lambda g: g["setup"].update(variant="whist"), "game 2: setup: variant: 'whist' is not"),
    ],
)
def test_a_bad_game_stops_the_whole_import(
    capsys: pytest.CaptureFixture[str],
    with_games: Path,
    tmp_path: Path,
    spoil: Any,
    message: str,
) -> None:
    data = json.loads(exported(capsys, with_games, "json"))
    spoil(data["games"][0 if message.startswith("game 1") else 1])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    target = tmp_path / "target"
    code, _, err = run(capsys, "import", str(bad), "--data-dir", str(target))
    assert code == 2
    assert message in err
    assert "nothing was imported" in err
    assert not target.exists()


@pytest.mark.slow  # seconds of a whole game's work: in CI, not in the quick loop
def test_a_games_ledger_goes_with_it_and_is_checked_on_the_way_in(
    capsys: pytest.CaptureFixture[str], with_games: Path, tmp_path: Path
) -> None:
    with StatsStore.open(with_games) as store:
        over = next(g for g in exchange.export_game_records(store) if g["status"] == "over")
        saved = load_game(store, over["uid"])
        assert saved is not None
        ledger = stored_ledger(store, saved).to_dict()
    data = json.loads(exported(capsys, with_games, "json"))
    assert data["games"][0]["ledger"] == ledger
    assert data["games"][1]["ledger"] is None  # still playing
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    elsewhere = tmp_path / "elsewhere"
    code, _, err = run(capsys, "import", str(good), "--data-dir", str(elsewhere))
    assert (code, err) == (0, "")
    with StatsStore.open(elsewhere) as store:
        assert exchange.export_game_records(store)[0]["ledger"] == ledger

    def refused(game: int, spoil: Any) -> str:
        spoilt = json.loads(json.dumps(data))
        spoil(spoilt["games"][game])
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(spoilt))
        target = tmp_path / "target"
        code, _, err = run(capsys, "import", str(bad), "--data-dir", str(target))
        assert code == 2
        assert not target.exists()
        return err

    def more_play(game: dict[str, Any]) -> None:
        game["ledger"]["hands"][0]["ledger"][1]["play"] += 1

    err = refused(0, more_play)
    assert "game 1: ledger: hand 1 is not what its record gives; nothing was imported" in err
    err = refused(1, lambda g: g.update(ledger=ledger))
    assert "game 2: ledger: " in err
    assert "is given for a game still playing: only a game over has one; nothing" in err
    err = refused(1, lambda g: g.update(status="abandoned", ledger=ledger))
    assert "is given for an abandoned game: only a game over has one; nothing" in err
    err = refused(0, lambda g: g.update(ledger=[1, 2]))
    assert "game 1: ledger: [1, 2] is not a game's ledger (an object); nothing" in err
    assert "for a over" not in err
    err = refused(0, lambda g: g["ledger"].update(model="\x1b[31m"))
    assert "game 1: ledger: " in err


# ---------------------------------------------------------------- a store that cannot be opened


@pytest.mark.parametrize("command", ["stats", "review", "export", "import"])
def test_unusable_store_one_line_exit_2(tmp_path: Path, command: str) -> None:
    folder = tmp_path / "home"
    folder.mkdir()
    db = folder / DB_NAME
    db.write_bytes(b"I am a shopping list, not a database.\n" * 20)
    before = db.read_bytes()
    export = tmp_path / "export.json"
    export.write_text('{"format": "muggins-history", "version": 2, "attempts": []}')
    args = [command] + ([str(export)] if command == "import" else [])
    result = subprocess.run(
        [sys.executable, "-m", "trainer", *args, "--data-dir", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"muggins: error: {db} is not a Muggins stats database")
    assert "move it aside" in result.stderr
    assert db.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == [DB_NAME]
