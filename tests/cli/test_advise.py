"""``muggins advise``: the coach's values for scripts, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest

from trainer.__main__ import main
from trainer.game.advice_discard import discard_advice
from trainer.game.variants import variant
from trainer.rules.cards import parse_cards


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["advise", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_discard_lists_every_throw_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "discard", "5H", "5S", "JD", "JH", "4D", "6C", "--dealer")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Dealt 5H 5S JD JH 4D 6C: Two players, to 121, your crib"
    assert lines[2].split() == ["keep", "throw", "hand", "crib", "net"]
    rows = [line.split() for line in lines[3:18]]
    assert rows[0] == ["5H", "5S", "4D", "6C", "JD", "JH", "15.96", "5.55", "21.51"]
    nets = [float(r[-1]) for r in rows]
    assert nets == sorted(nets, reverse=True)
    assert lines[18] == ""


def test_discard_json_is_the_advice_to_six_places(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "discard", "jh,5h,2h,9h,kh", "--pone", "--variant", "five-card", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["throws"]
    expected = discard_advice(parse_cards("JH 5H 2H 9H KH"), variant("five-card"), own_crib=False)
    assert data["throws"] == [t.to_dict() for t in expected]
    first = data["throws"][0]
    assert list(first) == ["keep", "throw", "hand", "crib", "net"]
    assert len(first["keep"]) == 3
    assert len(first["throw"]) == 2
    assert first["net"] == pytest.approx(first["hand"] - first["crib"], abs=2e-6)
    assert first["hand"] == round(expected[0].hand, 6)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["5H", "5S", "JD", "JH", "4D", "5S", "--dealer"], "5S is given twice"),
        (["5H", "5S", "JD", "JH", "4D", "5X", "--dealer"], "'5X' is not a card"),
        (
            ["5H", "5S", "JD", "JH", "4D", "--pone"],
            "Two players, to 121 deals 6 cards a player, got 5 (5H 5S JD JH 4D)",
        ),
        (
            ["5H", "5S", "JD", "JH", "4D", "6C", "--pone", "--variant", "four-hand"],
            "Four players in partners, to 121 deals 5 cards a player, got 6",
        ),
        (["5H", "5S", "JD", "JH", "4D", "6C"], "one of the arguments --dealer --pone is required"),
        (["5H", "5S", "JD", "JH", "4D", "6C", "--dealer", "--pone"], "not allowed with"),
        (["5H", "5S", "JD", "JH", "4D", "--pone", "--variant", "six-hand"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        code, out, err = run(capsys, "discard", *argv)
    except SystemExit as stop:  # argparse's own errors
        code = int(stop.code or 0)
        out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert message in err
    assert "Traceback" not in err
