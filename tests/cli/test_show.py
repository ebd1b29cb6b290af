"""The `muggins` command: score, peg, odds, their JSON, and one-line errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_29(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "5H", "5C", "5S", "JD", "5D")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "Hand 5H 5C 5S JD   starter 5D"
    items = [line.split() for line in lines if line.startswith("  ")]
    assert [i[0] for i in items] == ["fifteen"] * 8 + ["pair"] * 6 + ["nobs"]
    assert items[-1] == ["nobs", "JD", "5D", "1"]
    assert "fifteens 16  pairs 12  runs 0  flush 0  nobs 1" in lines
    assert lines[-1] == "Total: 29"
    assert lines[-2].startswith("Fifteen two, fifteen four,")
    assert lines[-2].endswith("and nobs is twenty-nine.")


def test_score_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--json", "5h", "5c", "5s", "jd", "5d")
    assert code == 0
    data = json.loads(out)
    assert list(data) == [
        "hand",
        "starter",
        "crib",
        "total",
        "fifteens",
        "pairs",
        "runs",
        "flush",
        "nobs",
        "items",
        "announce",
    ]
    assert data["hand"] == ["5H", "5C", "5S", "JD"]
    assert data["starter"] == "5D"
    assert data["crib"] is False
    assert (data["total"], data["fifteens"], data["pairs"], data["nobs"]) == (29, 16, 12, 1)
    assert len(data["items"]) == 15
    assert {"kind": "fifteen", "cards": ["5S", "JD"], "points": 2} in data["items"]
    assert sum(i["points"] for i in data["items"]) == 29


def test_crib_flag_changes_only_the_flush(capsys: pytest.CaptureFixture[str]) -> None:
    _, hand_out, _ = run(capsys, "score", "--json", "2H", "4H", "6H", "8H", "10S")
    _, crib_out, _ = run(capsys, "score", "--json", "--crib", "2H", "4H", "6H", "8H", "10S")
    hand, crib = json.loads(hand_out), json.loads(crib_out)
    assert hand["flush"] == 4
    assert crib["flush"] == 0
    assert crib["crib"] is True
    assert hand["total"] - crib["total"] == 4
    for key in ("fifteens", "pairs", "runs", "nobs"):
        assert hand[key] == crib[key]


def test_starter_option_and_ten_as_t(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--json", "--starter", "5D", "TH", "JH", "QH", "KH")
    assert code == 0
    data = json.loads(out)
    assert data["hand"] == ["10H", "JH", "QH", "KH"]
    assert data["runs"] == 4
    assert data["flush"] == 4
    assert data["fifteens"] == 8


def test_three_and_five_card_hands(capsys: pytest.CaptureFixture[str]) -> None:
    _, out3, _ = run(capsys, "score", "--json", "5H", "10H", "JH", "KH")
    assert json.loads(out3)["flush"] == 4  # three hearts and a heart starter
    _, out5, _ = run(capsys, "score", "--json", "AS", "2S", "3S", "4S", "5S", "9D")
    five = json.loads(out5)
    # A-2-3-4-5 is fifteen; with the 9: 9-A-5, 9-2-4, 9-A-2-3.
    assert (five["runs"], five["flush"], five["fifteens"]) == (5, 5, 8)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "5H", "5X", "5D", "4S", "AS"], "'5X' is not a card"),
        (["score", "5H", "5H", "5D", "4S", "AS"], "5H is given twice"),
        (["score", "5H", "6D", "AS"], "a hand has 3, 4 or 5 cards besides the starter, got 2"),
        (["score", "5H", "6D", "AS", "2C", "3C", "4C", "7C"], "got 6"),
        (["score", "5H"], "give the hand cards and then the starter"),
        (["score", "--starter", "5H", "5H", "6D", "AS", "2C"], "5H is given twice"),
        (["peg", "KH", "KS", "QD", "5S"], "the count would be 35"),
        (["peg", "KH", "KH"], "KH is given twice"),
        (["peg", "1H"], "'1H' is not a card"),
        (["score", "--crib", "5H", "5C", "5S", "5D"],
         "a crib has 4 cards besides the starter in every game, got 3 (5H 5C 5S; starter 5D)"),
        (["score", "--crib", "AS", "2H", "3D", "7C", "8D", "JH"],
         "a crib has 4 cards besides the starter in every game, got 5 (AS 2H 3D 7C 8D; "
         "starter JH)"),
        (["score", "--crib", "--starter", "JH", "AS", "2H", "3D"], "a crib has 4 cards"),
    ],
    ids=["bad-card", "duplicate", "too-few", "too-many", "no-hand", "starter-in-hand",
         "over-31", "peg-duplicate", "peg-bad-card", "crib-of-3", "crib-of-5",
         "crib-of-3-starter-given"],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("muggins: error: ")
    assert message in err


def test_a_crib_of_four_scores(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "--crib", "AS", "2H", "3D", "7C", "JH")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Crib AS 2H 3D 7C   starter JH"
    assert out.splitlines()[-1] == "Total: 5"


def test_peg_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "peg", "4H", "6D", "5S")
    assert code == 0
    assert "15: fifteen for 2, run of 3 for 3" in out
    assert out.splitlines()[-1] == "Total: 5"
    _, out, _ = run(capsys, "peg", "KH", "QS", "4D", "6C", "AH")
    assert out.splitlines() == [
        "Cards KH QS 4D 6C AH   count 31",
        "  thirty-one KH QS 4D 6C AH  2",
        "31: thirty-one for 2",
        "Total: 2",
    ]
    assert "thirty_one" not in out
    _, out, _ = run(capsys, "peg", "--json", "KH", "QS", "4D", "6C", "AH")
    data = json.loads(out)
    assert data == {
        "cards": ["KH", "QS", "4D", "6C", "AH"],
        "count": 31,
        "total": 2,
        "fifteen": 0,
        "thirty_one": 2,
        "pairs": 0,
        "run": 0,
        "items": [
            {"kind": "thirty_one", "cards": ["KH", "QS", "4D", "6C", "AH"], "points": 2},
        ],
    }


def test_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["crib"] is False
    assert data["hand_size"] == 4
    assert data["deals"] == 12_994_800
    assert data["mean"] == pytest.approx(4.7692, abs=1e-4)
    assert data["counts"]["0"] == 1_009_008
    assert data["counts"]["19"] == 0
    assert data["counts"]["29"] == 4


def test_odds_table_crib_and_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--crib")
    assert code == 0
    assert "4-card hand + starter, crib rules, 12,994,800 deals" in out
    assert any(line.split()[:2] == ["0", "1,022,208"] for line in out.splitlines())
    _, out, _ = run(capsys, "odds", "--json", "--hand-size", "3", "--crib")
    data = json.loads(out)
    assert (data["hand_size"], data["crib"], data["deals"]) == (3, True, 1_082_900)


def test_odds_rejects_other_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["odds", "--hand-size", "6"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "usage: muggins" in out
    for command in ("score", "peg", "odds", "drills", "deal"):
        assert command in out


def test_no_subcommand_starts_the_trainer(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[str | None] = []

    def fake_launch(args: object) -> int:
        launched.append(getattr(args, "drill", None))
        return 0

    monkeypatch.setattr("trainer.ui.launch.launch", fake_launch)
    assert main(["--drill", "warm-up"]) == 0
    assert launched == ["warm-up"]


def test_unknown_start_drill_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--drill", "no-such-drill"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("muggins: error: no drill set named 'no-such-drill'")


def test_installed_command_runs_without_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trainer", "score", "5H", "ZZ", "5D", "4S", "AS"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip() == (
        "muggins: error: 'ZZ' is not a card (expected rank A 2-10 J Q K, then suit S H D C)"
    )
