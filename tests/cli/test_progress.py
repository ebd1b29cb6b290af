"""A long import says how far it has got on a terminal: nothing in its first second, then
one line rewritten in place at most once a second; a short import, or one whose standard
error is a pipe, stays silent."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tests.game.scripted import play_out
from tests.history.known import build_history
from trainer.__main__ import main
from trainer.cli import progress as progress_module
from trainer.cli.progress import Progress
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, exchange


class Clock:
    """A clock that moves on ``tick`` seconds each time it is read."""

    def __init__(self, tick: float) -> None:
        self.now = 100.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_said_in_the_first_second() -> None:
    err = Terminal()
    progress = Progress(err, Clock(0.1))
    for n in range(1, 9):
        progress.step("checking games", n, 20)
    progress.say("writing them to the history")
    progress.done()
    assert err.getvalue() == ""


def test_a_pipe_is_told_nothing() -> None:
    err = io.StringIO()
    progress = Progress(err, Clock(5.0))
    progress.step("checking games", 1, 2)
    progress.say("writing them to the history")
    progress.done()
    assert err.getvalue() == ""


def test_a_line_a_second_and_the_last_step_always() -> None:
    err = Terminal()
    progress = Progress(err, Clock(0.4))  # started at 100.4, each step 0.4 s on
    for n in range(1, 11):
        progress.step("checking games", n, 10)
    progress.done()
    assert err.getvalue().split("\r") == [
        "",
        "muggins: checking games: 3 of 10",  # 1.2 s in
        "muggins: checking games: 6 of 10",  # 1.2 s after the last line
        "muggins: checking games: 9 of 10",
        "muggins: checking games: 10 of 10\n",  # the last is always said
    ]


def test_a_terminal_sees_one_line_rewritten_then_ended() -> None:
    err = Terminal()
    progress = Progress(err, Clock(1.5))
    progress.step("checking answers", 1_000, 12_345)
    progress.step("checking answers", 12_345, 12_345)
    progress.say("writing them to the history")
    progress.done()
    assert err.getvalue() == (
        "\rmuggins: checking answers: 1,000 of 12,345"
        "\rmuggins: checking answers: 12,345 of 12,345"
        "\rmuggins: writing them to the history…      "  # six spaces: the last line's end
        "\n"
    )


@pytest.mark.parametrize("tick", [0.0, 0.3])
def test_an_import_says_how_far_it_has_got_when_it_runs_long(
    tick: float,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the clock still, the import is silent on a terminal as it always was; with it
    moving 0.3 s at each step, the answers and the games are counted out on the terminal,
    and the output is the same."""
    with StatsStore.open(tmp_path / "home") as store:
        build_history(store)
        play_out(GameSession.start(store, variant("standard"), 5, [None, "standard"]))
        with (tmp_path / "history.json").open("w", encoding="utf-8") as file:
            answers, games = exchange.write_export(store, file)
    assert games == 1
    monkeypatch.setattr(progress_module, "now", Clock(tick))
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["import", str(tmp_path / "history.json"), "--data-dir", str(tmp_path)]) == 0
    out, _ = capsys.readouterr()
    assert out.splitlines() == [
        f"Imported {answers} answers from {tmp_path / 'history.json'}; 0 already recorded, "
        f"skipped (history: {tmp_path / DB_NAME})",
        "Imported 1 game; 0 already kept, skipped",
    ]
    shown = [line.rstrip() for line in terminal.getvalue().split("\r")]
    if tick == 0.0:
        assert shown == [""]
    else:
        assert shown[-3:] == [
            f"muggins: checking answers: {answers} of {answers}",
            "muggins: checking games: 1 of 1",
            "muggins: writing them to the history…",
        ]
        assert terminal.getvalue().endswith("\n")
        assert all(line.startswith("muggins: checking answers: ") for line in shown[1:-3])
