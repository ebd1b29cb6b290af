"""`muggins import` of hostile exports: refused in one line naming the file, record and field,
nothing imported, and the reports still read the store afterwards.

Each file in tests/data/hostile/imports/ is a real export with one thing spoiled (the
audit's cases: numbers past SQLite's integers, times that leave the calendar in some
time zone, JSON nested past Python's recursion limit, hands of the wrong size or holding
the starter, unknown kinds, a session shared by two drill sets, terminal controls in
names, broken games). The command runs in a child under a memory and time cap.
"""

from __future__ import annotations

import copy
import io
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.game.scripted import play_out, scripted
from tests.history.known import build_history
from tests.hostile.support import DATA, muggins
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import StatsStore, exchange
from trainer.history.exchange import export_records

IMPORTS = DATA / "imports"

REFUSED = [
    ("int-2-63.json", "record 1", "claimed: 9223372036854775808"),
    ("int-4000-digits.json", "record 1", "seed: a 4000-digit number is not a seed"),
    ("year-1.json", "record 1", "at: '0001-01-01T00:00:00+00:00' is out of range"),
    ("year-1-offset.json", "record 1", "at: '0001-01-01T09:00:00+10:00' is out of range"),
    ("year-9999.json", "record 1", "at: '9999-12-31T12:00:00+00:00' is out of range"),
    ("year-9999-offset.json", "record 1", "at: '9999-12-31T20:00:00-05:00' is out of range"),
    ("deep.json", "nested deeper than an export is"),
    ("deep-12.json", "nested deeper than an export is (12 levels)"),
    ("hand-3-cards.json", "record 1", "hand: '5H 5C 5S' is not a hand of standard (4 cards)"),
    ("hand-5-cards.json", "record 1", "hand: '5H 5C 5S JD 2C' is not a hand of standard"),
    ("starter-in-hand.json", "record 1", "starter: 5H is in the hand too"),
    ("card-twice.json", "record 1", "hand: 5H is there twice"),
    ("kind-unknown.json", "record 1", "kind: 'poker' is not one of hand, crib, play, catch"),
    ("variant-unknown.json", "record 1", "variant: 'whist' is not one of standard"),
    ("policy-unknown.json", "record 1", "policy: 'always' is not one of off, acc, hoyle, bsd"),
    ("uid-number.json", "record 1", "uid: 12345 is not text"),
    ("name-osc.json", "record 1", "drill_name:", "control character (U+001B)"),
    ("name-sgr.json", "record 1", "drill_name:", "control character (U+001B) at character 1"),
    ("id-bidi.json", "record 1", "drill_id:", "control character (U+202E)"),
    ("ms-negative.json", "record 1", "ms: -1 is not an answer time in ms"),
    ("outcome-wrong.json", "record 1", "outcome: 'exact' does not fit 9 missed"),
    ("missed-wrong.json", "record 1", "missed_points: 0 is not the difference of 20 and 29"),
    ("answer-disagrees.json", "record 1", "claimed: 12 is not what the answer says (29)"),
    ("nan.json", "not valid JSON", "NaN"),
    ("not-utf8.json", "is not UTF-8 text"),
    ("shared-session.json", "record 2", "session_id: 'warm-up-03011200' is a session of"),
    ("uid-twice.json", "record 2", "uid:", "is record 1's uid too"),
    ("game-uid-control.json", "game 1", "uid:", "control character (U+001B)"),
    ("game-seed-2-63.json", "game 1", "seed: 9223372036854775808 is not a seed"),
    ("game-created-year-1.json", "game 1", "created: '0001-01-01T01:00:00+02:00' is out of"),
    ("game-variant-unknown.json", "game 1", "variant: 'whist' is not one of standard"),
    ("game-seat-name.json", "game 1", "setup:", "control character (U+001B)"),
    ("game-final.json", "game 1", "final[1]: '121' is not a whole number"),
    ("game-action-card-huge.json", "game 1: action 0: card: 'XXXXXXXX", "is not a card"),
    ("game-action-claim-huge.json", "game 1: action 0: claim:", "must be a whole number"),
    ("csv-int-2-63.csv", "record 1", "ms: '9223372036854775808' is not an answer time"),
    ("csv-crlf-name.csv", "record 1", "drill_name:", "control character (U+000D) at character 5"),
    ("csv-name-osc.csv", "record 1", "drill_name:", "control character (U+001B)"),
    ("csv-hand-3-cards.csv", "record 1", "hand: '5H 5C 5S' is not a hand of standard"),
    ("csv-number-words.csv", "record 1", "number: '\u0661' is not a whole number"),
    ("csv-short-row.csv", "record 1", "27 cells, but the header names 30"),
]


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder holding the known history (copied by each test that writes to it)."""
    folder = tmp_path_factory.mktemp("history") / "home"
    with StatsStore.open(folder) as store:
        build_history(store)
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(("name", "fragments"), [(c[0], c[1:]) for c in REFUSED], ids=str)
def test_a_hostile_export_is_refused_whole(
    name: str, fragments: tuple[str, ...], history: Path, tmp_path: Path
) -> None:
    """Refused before the store is opened: the folder is left byte for byte as it was, so
    the reports read it as before."""
    home = tmp_path / "home"
    shutil.copytree(history, home)
    before = _snapshot(home)
    run = muggins("import", str(IMPORTS / name), home=home)
    line = run.refused(str(IMPORTS / name), *fragments)
    run.clean()
    assert len(line) < len(str(IMPORTS / name)) + 400  # values quoted short, never whole
    assert _snapshot(home) == before


@pytest.mark.parametrize("name", ["int-2-63.json", "deep.json", "shared-session.json"])
def test_a_refused_import_creates_no_store(name: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    muggins("import", str(IMPORTS / name), home=home).refused(str(IMPORTS / name))
    assert not home.exists()


def test_a_session_of_another_drill_set_in_the_store_is_refused(
    history: Path, tmp_path: Path
) -> None:
    """An answer joining a session that the store holds under another drill set: refused
    inside the import's transaction, and the store keeps what it had."""
    home = tmp_path / "home"
    shutil.copytree(history, home)
    with StatsStore.open(home) as store:
        before = export_records(store)
    text = (IMPORTS / "good.json").read_text(encoding="utf-8")
    moved = tmp_path / "moved.json"
    moved.write_text(text.replace('"warm-up-03011200"', '"blitz-03030900"'), encoding="utf-8")
    run = muggins("import", str(moved), home=home)
    run.refused(
        str(moved),
        "record 1",
        "session_id: 'blitz-03030900' is a session of 'blitz'",
        "nothing was imported",
    )
    with StatsStore.open(home) as store:
        assert export_records(store) == before
    stats = muggins("stats", home=home)
    assert (stats.status, stats.err) == (0, "")


@pytest.mark.parametrize("name", ["good.json", "good.csv", "markup-name.json"])
def test_a_good_export_imports_and_reads(name: str, tmp_path: Path) -> None:
    """The same files unspoiled import (a drill named ``[/]`` is a name, not markup), with a
    byte order mark too, and the reports read them."""
    source = tmp_path / name
    source.write_bytes(b"\xef\xbb\xbf" + (IMPORTS / name).read_bytes())
    home = tmp_path / "home"
    run = muggins("import", str(source), home=home)
    assert (run.status, run.err) == (0, ""), run.err
    assert run.out.startswith(f"Imported 1 answers from {source}")
    stats = muggins("stats", "--json", home=home)
    assert stats.status == 0
    names = [d["name"] for d in json.loads(stats.out)["drills"]]
    assert names == ["[/]" if name == "markup-name.json" else "Warm-up"]


@pytest.mark.parametrize("kind", ["fifo", "device", "huge"])
def test_an_import_that_is_no_file_is_refused_at_once(kind: str, tmp_path: Path) -> None:
    """A named pipe would block the reader for ever, /dev/zero never ends, and a sparse 3 GB
    file is over the limit before any of it is read."""
    if kind == "fifo":
        path = tmp_path / "export.json"
        os.mkfifo(path)
        reason = "is a named pipe, not a file"
    elif kind == "device":
        path = Path("/dev/zero")
        reason = "is a device, not a file"
    else:
        path = tmp_path / "export.json"
        with path.open("wb") as sparse:
            sparse.truncate(3 * 10**9)
        reason = "is larger than 2 GB"
    home = tmp_path / "home"
    run = muggins("import", str(path), home=home, seconds=5)  # CPU seconds: at once, unread
    run.refused(str(path), reason)
    assert not home.exists()


# ---------------------------------------------------------------- games that cannot be played


def _play(session: GameSession, steps: int) -> None:
    """The bots and the scripted player, until ``steps`` actions are saved."""
    while session.state.steps < steps:
        if session.bot_step() is None:
            asked = session.prompt
            assert asked is not None
            session.act(scripted(session.state, asked))


@pytest.fixture(scope="module")
def games_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real export of two games: one played out, one 20 steps in."""
    with StatsStore(tmp_path_factory.mktemp("games") / "played.sqlite3") as store:
        play_out(GameSession.start(store, variant("standard"), 5, [None, "standard"]))
        _play(GameSession.start(store, variant("standard"), 6, [None, "easy"]), 20)
        buffer = io.StringIO()
        exchange.write_json(
            exchange.export_records(store), buffer, exchange.export_game_records(store)
        )
    data: dict[str, Any] = json.loads(buffer.getvalue())
    return data


@pytest.fixture(scope="module")
def own_game(history: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The known history and the player's own game, 10 steps in and still playing."""
    folder = tmp_path_factory.mktemp("own") / "home"
    shutil.copytree(history, folder)
    with StatsStore.open(folder) as store:
        _play(GameSession.start(store, variant("standard"), 7, [None, "standard"]), 10)
    return folder


def _go_for_ever(data: dict[str, Any]) -> str:
    game = data["games"][1]
    game["actions"] += [{"type": "go", "seat": 1}] * 100_000
    return "game 2: action 20: "


def _a_card_laid_twice(data: dict[str, Any]) -> str:
    actions = data["games"][0]["actions"]
    first = next(n for n, a in enumerate(actions) if a["type"] == "lay")
    actions.insert(first + 1, actions[first])
    return f"game 1: action {first + 1}: "


def _over_too_soon(data: dict[str, Any]) -> str:
    actions = data["games"][0]["actions"]
    del actions[-10:]
    return f"game 1: it is saved as over, but its {len(actions)} actions do not finish it"


def _points_not_made(data: dict[str, Any]) -> str:
    game = data["games"][0]
    loser = 1 - game["winner"]
    game["final"][loser] -= 1
    game["record"]["final"] = game["final"]
    return "game 1: winner 1 with"


@pytest.mark.parametrize(
    "spoil",
    [_go_for_ever, _a_card_laid_twice, _over_too_soon, _points_not_made],
    ids=lambda spoil: spoil.__name__.strip("_"),
)
def test_a_game_that_cannot_be_played_through_is_refused_and_changes_nothing(
    spoil: Callable[[dict[str, Any]], str],
    games_export: dict[str, Any],
    own_game: Path,
    tmp_path: Path,
) -> None:
    """Every imported game is played through the rules first: one whose actions the rules
    refuse (100,000 goes, a card laid twice), or that its actions do not end as it says,
    refuses the whole file, naming the game and its first illegal action; the folder is
    left byte for byte, and the player's own game is the one resumed."""
    data = copy.deepcopy(games_export)
    fragment = spoil(data)
    source = tmp_path / "games.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    home = tmp_path / "home"
    shutil.copytree(own_game, home)
    before = _snapshot(home)
    run = muggins("import", str(source), home=home)
    line = run.refused(str(source), fragment, "nothing was imported")
    run.clean()
    assert len(line) < len(str(source)) + 400, line
    assert _snapshot(home) == before
    with StatsStore.open(home) as store:
        resumed = GameSession.resume(store)
        assert resumed is not None
        assert resumed.setup.seed == 7


def test_games_that_play_through_are_imported(
    games_export: dict[str, Any], own_game: Path, tmp_path: Path
) -> None:
    source = tmp_path / "games.json"
    source.write_text(json.dumps(games_export), encoding="utf-8")
    home = tmp_path / "home"
    shutil.copytree(own_game, home)
    run = muggins("import", str(source), home=home)
    assert (run.status, run.err) == (0, ""), run.err
    assert run.out.splitlines()[1] == "Imported 2 games; 0 already kept, skipped"
