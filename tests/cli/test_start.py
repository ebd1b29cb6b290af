"""`muggins` with no subcommand: the trainer, run headless through the real command line.

No tmux: `MugginsApp.run` is given Textual's headless mode and an autopilot that drives it,
so the command's whole path (parsing, `launch`, the stats file, the exit status) runs.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.ui import waiting
from trainer.__main__ import main
from trainer.history import DB_NAME
from trainer.ui.app import MugginsApp
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.store_error import StoreErrorScreen

Steps = Callable[[Pilot[object]], Coroutine[Any, Any, None]]


def trainer(monkeypatch: pytest.MonkeyPatch, argv: list[str], steps: Steps) -> int:
    """Run ``muggins ARGV`` with the app headless, ``steps`` pressing its keys."""
    run = MugginsApp.run

    def headless(self: MugginsApp, **_: Any) -> None:
        run(self, headless=True, size=(100, 30), auto_pilot=steps)

    monkeypatch.setattr(MugginsApp, "run", headless)
    return main(argv)


async def until(pilot: Pilot[object], ready: Callable[[], bool]) -> None:
    """Let the app run until ``ready()`` (the history open, say), or fail after a minute."""
    await waiting.until(pilot, ready, "the app to get there")


def attempts(path: Path) -> list[dict[str, Any]]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(r) for r in conn.execute("SELECT drill_id, seed, claimed FROM attempts")]


def test_start_and_quit_writes_no_stats_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    seen: list[str] = []

    async def look_and_quit(pilot: Pilot[object]) -> None:
        app = pilot.app
        assert isinstance(app, MugginsApp)
        await until(pilot, lambda: app.runner.history is not None)  # the history is "open"
        seen.append(type(app.screen).__name__)
        await pilot.press("s")  # stats, on no history yet
        await until(pilot, lambda: type(app.screen).__name__ == "StatsScreen")
        await pilot.press("escape", "r")  # and the review
        await until(pilot, lambda: type(app.screen).__name__ == "ReviewScreen")
        await app.workers.wait_for_complete()
        await pilot.press("escape", "ctrl+q")

    assert trainer(monkeypatch, ["--data-dir", str(home)], look_and_quit) == 0
    assert seen == [HomeScreen.__name__]
    assert not (home / DB_NAME).exists()
    assert not home.exists()  # nothing at all was written


def test_the_first_answer_makes_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    asked: list[int] = []

    async def answer_one(pilot: Pilot[object]) -> None:
        app = pilot.app
        assert isinstance(app, MugginsApp)
        await until(pilot, lambda: isinstance(app.screen, QuizScreen))
        await until(pilot, lambda: app.runner.history is not None)
        await until(pilot, lambda: bool(app.screen.query("#claim")))  # mounted, not only pushed
        assert not (home / DB_NAME).exists()  # a question on screen writes nothing
        question = app.runner.question
        assert question is not None
        asked.append(question.seed)
        app.screen.query_one("#claim", Input).value = "7"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+q")

    argv = ["--drill", "warm-up", "--seed", "12", "--data-dir", str(home)]
    assert trainer(monkeypatch, argv, answer_one) == 0
    assert attempts(home / DB_NAME) == [{"drill_id": "warm-up", "seed": asked[0], "claimed": 7}]
    # The question the trainer asked is the one `deal` deals from the same seed.
    capsys.readouterr()
    assert main(["deal", "warm-up", "--seed", "12", "--json", "--data-dir", str(home)]) == 0
    assert json.loads(capsys.readouterr().out)["deal_seed"] == asked[0]


def test_a_damaged_stats_file_is_its_own_screen_at_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / DB_NAME).write_text("not a database, but something of yours\n" * 40)
    before = (home / DB_NAME).read_bytes()
    shown: list[str] = []

    async def read_and_quit(pilot: Pilot[object]) -> None:
        screen = await waiting.until_screen(pilot, StoreErrorScreen)  # mounted, not only pushed
        shown.append(str(screen.query_one("#store-error").render()))
        await pilot.press("q")

    assert trainer(monkeypatch, ["--data-dir", str(home)], read_and_quit) == 2
    assert "is not a Muggins stats database" in shown[0]
    assert (home / DB_NAME).read_bytes() == before


def test_a_seed_out_of_range_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def never(pilot: Pilot[object]) -> None:
        raise AssertionError("the trainer must not start")

    for seed, problem in (
        ("-1", "must be a whole number 0 or more, got -1"),
        (str(2**63), f"must be less than 2**63 ({2**63}), got {2**63}"),
    ):
        assert trainer(monkeypatch, ["--seed", seed], never) == 2
        assert capsys.readouterr().err == f"muggins: error: --seed {problem}\n"
