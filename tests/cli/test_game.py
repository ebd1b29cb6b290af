"""``muggins simulate``: bot-only games summed per seat, or every record as JSON."""

from __future__ import annotations

import json

import pytest

from trainer.__main__ import main
from trainer.game.variants import variant


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_summary_has_a_row_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--games", "4", "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("4 games of Two players, to 121, ")
    assert "hands a second" in lines[0]
    assert lines[2].split()[:2] == ["0", "standard"]
    assert lines[3].split()[:2] == ["1", "easy"]
    wins = [int(line.split()[2].rstrip("%")) for line in lines[2:4]]
    assert sum(wins) == 100


def test_the_json_is_every_record_and_the_same_seed_gives_the_same_bytes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, first, _ = run(capsys, "--games", "2", "--seed", "7", "--json")
    _, again, _ = run(capsys, "--games", "2", "--seed", "7", "--json")
    assert first == again
    data = json.loads(first)
    assert (data["variant"], data["seed"], data["bots"]) == ("standard", 7, ["standard", "easy"])
    assert [g["seed"] for g in data["games"]] == [7001, 7002]
    for game in data["games"]:
        assert game["final"][game["winner"]] == 121
        assert game["hands"][-1]["events"][-1] == {"type": "game-over", "winner": game["winner"]}
        assert "seconds" not in json.dumps(game)


@pytest.mark.parametrize(
    ("variant_id", "bots"),
    [("three-hand", "easy,standard,easy"), ("four-hand-solo", "standard,easy,easy,standard")],
)
def test_every_size_of_table(
    capsys: pytest.CaptureFixture[str], variant_id: str, bots: str
) -> None:
    code, out, _ = run(capsys, "--variant", variant_id, "--bots", bots, "--games", "1", "--json")
    assert code == 0
    game = json.loads(out)["games"][0]
    assert game["target"] == variant(variant_id).target
    assert len(game["seats"]) == variant(variant_id).players


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "standard"], "--bots: Two players, to 121 needs 2 bots, got 1 (standard)"),
        (
            ["--bots", "standard,genius"],
            "--bots: 'genius' is not a level (known: easy, standard, strong)",
        ),
        (["--games", "0"], "--games must be at least 1, got 0"),
        (["--muggins", "sometimes"], "sometimes"),
    ],
)
def test_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("muggins: error: ")
    assert message in err
    assert len(err.splitlines()) == 1
