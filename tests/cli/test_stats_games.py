"""`muggins stats` with games: the games table (all, and a game's drill set), the ``games`` key
of ``--json``, and one line with no games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.history.known import build_history
from tests.history.known_games import build_games
from trainer.__main__ import main
from trainer.history import StatsStore

STAND_INS = "".join(
    f"muggins: warning: the saved game '{uid}': setup: '{{}}' is not a setup: the history's "
    "copy of it is damaged; left out\n"
    for uid in ("s1", "s2", "s3", "s4", "h1")
)
"""The known games are stand-ins with no setup: the games table counts them, and the phases
(which play each game through) name each and leave it out."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    out, err = capsys.readouterr()
    assert err in ("", STAND_INS)
    return out


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder holding the known history and the known games."""
    folder = tmp_path / "home"
    with StatsStore.open(folder) as store:
        build_history(store)
        build_games(store)
    return folder


def games_part(out: str) -> list[str]:
    lines = out.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("Games"))
    end = lines.index("", start)
    return lines[start:end]


def test_the_games_table(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    part = games_part(run(capsys, "stats", "--data-dir", str(home)))
    assert part[0] == "Games you played to the end, and your counts at the table"
    assert part[1].split() == [
        "game",
        "played",
        "won",
        "lost",
        "skunks",
        "doubles",
        "skunked",
        "doubled",
        "counts",
        "exact",
    ]
    rows = {line.split()[0]: line.split()[1:] for line in part[2:5]}
    assert rows == {
        "standard": ["4", "3", "1", "1", "1", "1", "0", "4", "75.0%"],
        "short": ["1", "0", "1", "0", "0", "0", "1", "0", "-"],
        "all": ["games", "5", "3", "2", "1", "1", "1", "1", "4", "75.0%"],
    }
    assert part[-1] == "  finished or not (in drills: 72.2% exact of 18 answers)"


def test_a_games_drill_set_shows_its_variant_and_a_drill_none(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    part = games_part(run(capsys, "stats", "--drill", "game-standard", "--data-dir", str(home)))
    assert part[2].split() == ["standard", "4", "3", "1", "1", "1", "1", "0", "4", "75.0%"]
    assert part[3].startswith("  skunks, doubles:")  # one variant: no row for all games
    out = run(capsys, "stats", "--drill", "warm-up", "--data-dir", str(home))
    assert not any(line.startswith("Games") for line in out.splitlines())


def test_no_games_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "drills-only"
    with StatsStore.open(folder) as store:
        build_history(store)
    part = games_part(run(capsys, "stats", "--data-dir", str(folder)))
    assert part == ["Games: none played yet (your games against the computer show here)"]
    data = json.loads(run(capsys, "stats", "--json", "--data-dir", str(folder)))
    assert data["games"]["played"] == 0
    assert data["games"]["variants"] == []


def test_json_has_a_games_key(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    data = json.loads(run(capsys, "stats", "--json", "--data-dir", str(home)))
    assert {"store", "attempts", "overall", "drills", "kinds", "days", "sessions"} < set(data)
    games = data["games"]
    assert {k: games[k] for k in ("played", "won", "lost")} == {"played": 5, "won": 3, "lost": 2}
    assert (games["skunks"], games["double_skunks"]) == (1, 1)
    assert (games["skunked"], games["double_skunked"]) == (1, 1)
    assert games["counting"] == {"attempts": 4, "exact": 3, "accuracy": 0.75}
    assert games["drills"] == {"attempts": 18, "exact": 13, "accuracy": 13 / 18}
    assert [v["variant"] for v in games["variants"]] == ["standard", "short"]
    assert games["variants"][1]["counting"] == {"attempts": 0, "exact": 0, "accuracy": None}


def test_no_history_has_empty_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(run(capsys, "stats", "--json", "--data-dir", str(tmp_path / "none")))
    assert data["games"]["played"] == 0
    assert not (tmp_path / "none").exists()
