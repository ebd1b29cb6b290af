"""A crash of the trainer is not a success: the process exits with the app's error status."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from trainer.cli.parser import parse
from trainer.ui import launch as launching
from trainer.ui.app import MugginsApp
from trainer.ui.screens.home import HomeScreen


def test_a_crash_of_the_trainer_exits_non_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real trainer, started as `muggins` starts it (headless), with home's compose
    broken: the exception ends the app, and `launch` returns 1, not 0."""

    def broken(self: HomeScreen) -> ComposeResult:
        raise RuntimeError("a bug in home")

    def headless(self: MugginsApp) -> None:
        App.run(self, headless=True)

    monkeypatch.setattr(HomeScreen, "compose", broken)
    monkeypatch.setattr(MugginsApp, "run", headless)
    assert launching.launch(parse([])) == 1


def test_a_trainer_left_normally_exits_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same start, quit at once: status 0 (so the status above says the crash)."""

    def quits(self: MugginsApp) -> None:
        self.call_later(self.exit)
        App.run(self, headless=True)

    monkeypatch.setattr(MugginsApp, "run", quits)
    assert launching.launch(parse([])) == 0
