"""Seeded, fixed-size pictures of the main screens (pytest-textual-snapshot, SVG baselines).

Update the baselines after a deliberate change of look with
``.venv/bin/python -m pytest tests/ui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for
from trainer.drills.loader import DrillEntry

SnapCompare = Callable[..., bool]
SIZE = (80, 24)


def _answer(points_from_truth: Callable[[int], int]) -> Callable[[Pilot[Any]], Any]:
    async def run(pilot: Pilot[Any]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        app: Any = pilot.app
        question = app.runner.question
        app.screen.query_one("#claim", Input).value = str(points_from_truth(question.actual))
        await pilot.press("enter")
        await pilot.pause()

    return run


def test_home(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    app = app_for(builtin_entries, FakeClock(), ListRecorder())
    assert snap_compare(app, terminal_size=SIZE)


def test_quiz(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    app = app_for(builtin_entries, FakeClock(), ListRecorder())
    assert snap_compare(app, terminal_size=SIZE, press=["enter"])


def test_reveal_after_an_undercount(
    snap_compare: SnapCompare, builtin_entries: list[DrillEntry]
) -> None:
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=11)
    assert snap_compare(app, terminal_size=SIZE, run_before=_answer(lambda t: max(0, t - 2)))


def test_summary(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), seed=5)

    async def run(pilot: Pilot[Any]) -> None:
        await _answer(lambda t: t)(pilot)
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)
