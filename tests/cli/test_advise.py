"""``muggins advise``: the coach's values for scripts, and one-line errors for bad input."""

from __future__ import annotations

import json

import pytest

from trainer.__main__ import main
from trainer.game.coach.discard import discard_advice
from trainer.game.variants import variant
from trainer.rules.cards import parse_cards


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command line that must be refused: status 2, one line on stderr, no output."""
    try:
        code, out, err = run(capsys, *argv)
    except SystemExit as stop:  # argparse's own errors
        code = int(stop.code or 0)
        out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err
    return err


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
    assert message in refused(capsys, "discard", *argv)


def test_play_lists_every_card_that_fits_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "play",
        "--hand",
        "5H",
        "10D",
        "4C",
        "6S",
        "--pile",
        "9S",
        "--seen",
        "KH",
        "--dealer",
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Your hand 5H 10D 4C 6S, the pile 9S (count 9); your opponent holds 3"
    assert lines[2].split() == ["card", "value"]
    rows = [line.split() for line in lines[3:7]]
    assert sorted(r[0] for r in rows) == ["10D", "4C", "5H", "6S"]
    values = [float(r[1]) for r in rows]
    assert values == sorted(values, reverse=True)
    assert lines[-1].endswith(
        "48 deals (the same each time) of the cards you have not seen to your opponent, "
        "each solved to the end"
    )


def test_play_json_repeats_and_is_the_advice(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--hand", "3d", "6s", "--pile", "10S", "10H", "5C", "--go", "25", "--pone"]
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    assert run(capsys, *argv, "--json")[1] == out
    data = json.loads(out)
    assert list(data) == ["count", "cards", "deals", "exact", "ahead"]
    assert data["count"] == 25
    assert data["exact"] is True
    assert data["ahead"] is None  # solved to the end
    assert data["cards"][0]["card"] == "6S"  # 31 for two
    assert all(list(c) == ["card", "value"] for c in data["cards"])


def test_play_when_nothing_fits_says_go(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--hand", "KD", "--pile", "10S", "10H", "5C", "3D", "--pone")
    assert code == 0
    assert out.splitlines()[-1] == "No card fits: you say go."
    code, out, _ = run(
        capsys, "play", "--hand", "KD", "--pile", "10S", "10H", "5C", "3D", "--pone", "--json"
    )
    assert json.loads(out)["cards"] == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hand", "5H", "5H", "--pone"], "5H is given twice"),
        (["--hand", "5H", "QX", "--pone"], "'QX' is not a card"),
        (["--hand", "5H", "--pile", "KS", "QS", "JS", "5C", "--pone"], "count is 35"),
        (["--hand", "5H", "6D", "--seen", "6D", "--pone"], "6D is given as seen but it is in"),
        (["--hand", "5H", "6D", "7C", "8C", "9C", "--pone"], "at most 4 cards in the play, got 5"),
        (["--hand", "5H", "--pone", "--variant", "three-hand"], "invalid choice"),
        (["--hand", "5H", "--pone", "--theirs", "9"], "your opponent holds 0 to 4 cards, not 9"),
        (["--hand", "5H", "--pile", "9S", "--pone", "--go", "3"], "the count was never 3"),
        (["--hand", "5H", "--pone", "--earlier-go", "12"], "a go comes at a count of 22 to 30"),
        (["--pile", "9S", "--pone"], "the following arguments are required: --hand"),
    ],
)
def test_play_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in refused(capsys, "play", *argv)


def test_play_told_of_an_earlier_go_says_so_and_deals_only_what_it_allows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "--hand", "3D", "6S", "--pile", "10S", "10H", "--pone"]
    seen = ["--seen", "5C", "4C", "9D", "2H", "KS"]
    code, out, _ = run(capsys, *argv, *seen, "--earlier-go", "27")
    assert code == 0
    assert out.splitlines()[0] == (
        "Your hand 3D 6S, the pile 10S 10H (count 20); your opponent holds 2 and said go at 27 "
        "earlier this hand"
    )
    told = json.loads(run(capsys, *argv, *seen, "--earlier-go", "27", "--json")[1])
    plain = json.loads(run(capsys, *argv, *seen, "--json")[1])
    assert told["cards"] != plain["cards"]  # it holds no card of 4 or less: other deals
    assert told["deals"] < plain["deals"]
