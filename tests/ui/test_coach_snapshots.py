"""Seeded pictures of the coach at 80x24: a game's review, a hand at a time, and the hint in
the discard. Update the baselines after a deliberate change of look with
``--snapshot-update``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from tests.ui.game_support import settle
from tests.ui.test_game_snapshots import app, at, at_the_end
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.ui.screens.game_review import GameReviewScreen

SnapCompare = Callable[..., bool]
SIZE = (80, 24)


def test_the_review_of_a_game(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await at_the_end(pilot)
        await pilot.press("r")
        screen = pilot.app.screen
        assert isinstance(screen, GameReviewScreen)
        await until(pilot, lambda: screen.review is not None, "the review")
        await pilot.press("right")
        await settle(pilot)

    ended = app(builtin_entries, "short", 5, last_hand=True)
    assert snap_compare(ended, terminal_size=SIZE, run_before=run)


def test_the_hint_in_the_discard(
    snap_compare: SnapCompare, builtin_entries: list[DrillEntry]
) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await at(stop=lambda s: True)(pilot)
        await pilot.press("h")
        await settle(pilot)

    assert snap_compare(app(builtin_entries), terminal_size=SIZE, run_before=run)
