"""``muggins stats``: points lost a hand by phase over your last games, in the table and in
``--json`` (``"phases"``), the same figures as the game layer's report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.game.scripted import play_out
from tests.history.test_discard_history import throws
from trainer.__main__ import main
from trainer.game.coach.kept_ledger import session_ledger
from trainer.game.session import GameSession
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.history import StatsStore


def stats(capsys: pytest.CaptureFixture[str], folder: Path, *more: str) -> str:
    code = main(["stats", "--data-dir", str(folder), *more])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A history with two short games played to the end, the first one's ledger kept."""
    folder = tmp_path / "home"
    with StatsStore.open(folder) as store:
        for seed in (5, 6):
            game = GameSession.start(
                store, variant("short"), seed, [None, "standard"], options=GameOptions()
            )
            play_out(game)
            if seed == 5:
                session_ledger(game)
    return folder


def test_stats_json_gives_points_lost_a_hand_by_phase(
    capsys: pytest.CaptureFixture[str], played: Path
) -> None:
    data = json.loads(stats(capsys, played, "--json"))
    phases = data["phases"]
    assert phases["games"] == 2
    assert phases["unread"] == 0
    games = phases["by_game"]
    assert [g["variant"] for g in games] == ["short", "short"]
    assert phases["hands"] == sum(g["hands"] for g in games)
    for g in games:
        lost, hands = g["lost"], g["hands"]
        assert g["per_hand"]["discard"] == pytest.approx(lost["discard"] / hands, abs=1e-6)
        assert g["per_hand"]["play"] == pytest.approx(lost["play"] / hands, abs=1e-6)
        assert g["per_hand"]["count"] == pytest.approx(
            (lost["count"] + lost["calls"]) / hands, abs=1e-6
        )
    total = {k: sum(g["lost"][k] for g in games) for k in ("discard", "play", "count", "calls")}
    average = phases["per_hand"]
    assert average["discard"] == pytest.approx(total["discard"] / phases["hands"], abs=1e-6)
    assert average["total"] == pytest.approx(
        average["discard"] + average["play"] + average["count"], abs=1e-5
    )
    again = json.loads(stats(capsys, played, "--json"))  # the second ledger is kept now
    assert again["phases"] == phases


def test_stats_text_has_the_phase_table(capsys: pytest.CaptureFixture[str], played: Path) -> None:
    out = stats(capsys, played)
    data = json.loads(stats(capsys, played, "--json"))["phases"]
    lines = out.splitlines()
    head = lines.index("Points lost a hand by phase, your games (2 games), by the coach's ledger")
    assert lines[head + 1].split() == ["game", "ended", "hands", "discard", "play", "count", "all"]
    everything = lines[head + 4].split()
    assert everything[0] == "all"
    assert everything[1:] == [
        str(data["hands"]),
        *(f"{data['per_hand'][k]:.2f}" for k in ("discard", "play", "count", "total")),
    ]


def test_no_games_no_phase_figures(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(stats(capsys, tmp_path / "empty", "--json"))
    assert data["phases"] == {
        "games": 0,
        "hands": 0,
        "unread": 0,
        "per_hand": None,
        "by_game": [],
    }


def test_stats_gives_your_throws_in_discard_drills(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "throws"
    with StatsStore.open(folder) as store:
        for attempt in throws((0, 3, 1, 2)):
            store.record(attempt)
        expected = store.discard_report().to_dict()
    data = json.loads(stats(capsys, folder, "--json"))
    assert data["discards"] == expected
    assert data["discards"]["throws"] == 4
    narrowed = json.loads(stats(capsys, folder, "--json", "--drill", "keep"))
    assert narrowed["discards"] == expected
    lines = stats(capsys, folder).splitlines()
    head = lines.index("Discard drills: your throws against the best, by the coach's values")
    assert lines[head + 1].split() == ["throws", "to", "throws", "best", "lost", "a", "hand"]
    everything = lines[head + 4].split()
    assert everything[:2] == ["all", "4"]
    assert everything[-1] == f"{expected['lost_per_hand']:.2f}"
