"""``muggins simulate``: bot-only games summed per seat, or every record as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.game.record_check import check_record
from trainer.__main__ import main
from trainer.game.coach.analysis import game_ledger
from trainer.game.variants import VARIANTS, variant


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


DEFAULTS = {
    "standard": ["standard", "easy"],
    "short": ["standard", "easy"],
    "five-card": ["standard", "easy"],
    "three-hand": ["standard", "easy", "easy"],
    "four-hand": ["standard", "easy", "standard", "easy"],  # partners: seats 0 and 2
    "four-hand-solo": ["standard", "easy", "easy", "easy"],
}


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variant_has_a_default_level_a_seat(
    capsys: pytest.CaptureFixture[str], variant_id: str
) -> None:
    """No --bots: standard for the first side, easy for every other seat (issue 23: three
    players asked for three bots and got the two-player default)."""
    code, out, err = run(capsys, "--variant", variant_id, "--games", "1", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["bots"] == DEFAULTS[variant_id]
    assert len(data["games"][0]["seats"]) == variant(variant_id).players


def test_one_level_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--variant", "four-hand", "--bots", "easy", "--games", "1")
    assert code == 0
    assert [line.split()[1] for line in out.splitlines()[2:6]] == ["easy"] * 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--bots", "standard,easy,easy"],
            "--bots: Two players, to 121 needs 2 levels (or one for every seat), "
            "got 3 (standard,easy,easy)",
        ),
        (
            ["--bots", "standard,genius"],
            "--bots: 'genius' is not a level (known: easy, standard, strong)",
        ),
        (["--games", "0"], "--games must be from 1 to 100000, got 0"),
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


@pytest.mark.parametrize("variant_id", list(VARIANTS))
@pytest.mark.parametrize("policy", ["acc", "hoyle"])
def test_every_variant_plays_to_the_end_and_checks_out_event_by_event(
    capsys: pytest.CaptureFixture[str], variant_id: str, policy: str
) -> None:
    rules = variant(variant_id)
    levels = ",".join(["easy", "standard", "standard", "easy"][: rules.players])
    _, out, _ = run(
        capsys, "--variant", variant_id, "--games", "3", "--bots", levels, "--muggins", policy
    )
    _, out, _ = run(
        capsys,
        *("--variant", variant_id, "--games", "3", "--bots", levels),
        *("--muggins", policy, "--json"),
    )
    for game in json.loads(out)["games"]:
        check_record(rules, game)


def _first_show(game: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in game["hands"][0]["events"] if e["type"] == "show")


def _swap_first_plays(game: dict[str, Any]) -> None:
    events = game["hands"][0]["events"]
    first, second = [n for n, e in enumerate(events) if e["type"] == "play"][:2]
    events[first], events[second] = events[second], events[first]


BREAKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "a show's points": lambda g: _first_show(g).update(points=_first_show(g)["points"] + 1),
    "a show's pegging": lambda g: _first_show(g).update(pegged=_first_show(g)["pegged"] + 1),
    "the play's order": _swap_first_plays,
    "the dealer": lambda g: g["hands"][0].update(dealer=1 - g["hands"][0]["dealer"]),
    "the final score": lambda g: g.update(final=[g["final"][0], g["final"][1] + 1]),
}


@pytest.mark.parametrize("broken", list(BREAKS))
def test_the_record_check_fails_a_record_that_breaks_the_rules(
    capsys: pytest.CaptureFixture[str], broken: str
) -> None:
    _, out, _ = run(capsys, "--games", "1", "--seed", "4", "--json")
    game = json.loads(out)["games"][0]
    rules = variant("standard")
    check_record(rules, game)
    BREAKS[broken](game)
    with pytest.raises(AssertionError):
        check_record(rules, game)


def test_analyse_gives_each_hand_its_ledger_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--games", "1", "--seed", "3", "--json", "--analyse")
    assert code == 0
    game = json.loads(out)["games"][0]
    ledger = game_ledger(variant("standard"), game, "acc")
    assert game["ledger"] == [ledger.totals(s).to_dict() for s in range(2)]
    for hand, costed in zip(game["hands"], ledger.hands, strict=True):
        assert hand["ledger"] == costed.to_list()
        assert len(hand["ledger"]) == 2
        for seat in hand["ledger"]:
            assert list(seat)[:5] == ["discard", "play", "count", "calls", "hinted"]
            assert list(seat)[5:] == ["throw", "lays", "counts", "answers"]
    throws = [s["throw"] for h in game["hands"] for s in h["ledger"] if s["throw"]]
    assert throws
    assert all(t["best_value"] >= t["value"] for t in throws)
    assert any(round(t["value"], 3) != t["value"] for t in throws)  # more than three places
    for seat in (0, 1):
        total = sum(h["ledger"][seat]["discard"] for h in game["hands"])
        assert game["ledger"][seat]["discard"] == pytest.approx(total, abs=1e-5)
    plain = json.loads(run(capsys, "--games", "1", "--seed", "3", "--json")[1])["games"][0]
    assert "ledger" not in plain
    assert all("ledger" not in h for h in plain["hands"])


def test_analyse_sums_up_the_points_lost_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--games", "2", "--seed", "3", "--analyse")
    assert code == 0
    lines = out.splitlines()
    at = lines.index("Points lost a hand (the coach's ledger):")
    assert lines[at + 1].split() == ["seat", "discard", "play", "count", "calls", "all"]
    for n, level in enumerate(("standard", "easy")):
        row = lines[at + 2 + n].split()
        assert row[:2] == [str(n), level]
        parts = [float(x) for x in row[2:]]
        assert parts[-1] == pytest.approx(sum(parts[:-1]), abs=0.02)
