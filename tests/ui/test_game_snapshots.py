"""Seeded pictures of the game at the table: the discard, the play, the show (your count and
its reveal), a hand's summary and the game over, at 80x24 with two players and 100x30 with
four. Update the baselines after a deliberate change of look with ``--snapshot-update``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.factories import FakeClock
from tests.ui.flow.game_plans import saved_at_its_last_hand, two_short
from tests.ui.game_support import play_game, resume, revealed, settle
from tests.ui.support import ListRecorder, app_for
from trainer.drills.loader import DrillEntry
from trainer.game.state import GameState
from trainer.settings import GameChoices, GameVariantId, Settings
from trainer.ui.table.summary import HandSummaryScreen

SnapCompare = Callable[..., bool]
SIZE = (80, 24)


def app(
    entries: list[DrillEntry],
    variant: GameVariantId = "standard",
    seed: int = 2,
    *,
    last_hand: bool = False,
) -> Any:
    """The app on ``seed`` with a game of ``variant`` to deal; ``last_hand``: with that game
    saved at the deal of its last hand, for home's c to resume (`at_the_end`)."""
    choices = GameChoices(variant=variant, level="standard")
    store = ListRecorder()
    if last_hand:
        saved_at_its_last_hand(store, choices, seed)
    return app_for(
        entries, FakeClock(), store, seed=seed, bot_pause=0.0, settings=Settings(game=choices)
    )


def at(**play: Any) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Deal a game from home and play it with keys until ``play``'s stop or until."""

    async def run(pilot: Pilot[Any]) -> None:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await play_game(pilot, **play)
        await settle(pilot)

    return run


async def at_the_end(pilot: Pilot[Any]) -> None:
    """The game an app made with ``last_hand`` saved resumed (home → c) and played to its
    end: the game over, as `at()` reaches it, for one hand's keys."""
    await resume(pilot)
    await play_game(pilot)
    await settle(pilot)


def your_turn_in_the_play(state: GameState) -> bool:
    table = state.hand.table
    return state.phase == "play" and table is not None and len(table.pile) >= 2 and table.turn == 0


def test_the_discard(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await at(stop=lambda s: True)(pilot)
        await pilot.press("1", "3")  # two cards picked, not yet thrown
        await settle(pilot)

    assert snap_compare(app(builtin_entries), terminal_size=SIZE, run_before=run)


def test_the_play(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    run = at(stop=your_turn_in_the_play)
    assert snap_compare(app(builtin_entries), terminal_size=SIZE, run_before=run)


def test_your_count_in_the_show(
    snap_compare: SnapCompare, builtin_entries: list[DrillEntry]
) -> None:
    def counting(state: GameState) -> bool:
        return state.phase == "show" and state.hand.to_show[0][0] == 0 and not state.hand.pending

    assert snap_compare(app(builtin_entries), terminal_size=SIZE, run_before=at(stop=counting))


def test_the_reveal_of_a_short_count(
    snap_compare: SnapCompare, builtin_entries: list[DrillEntry]
) -> None:
    def mugged(screen: Any) -> bool:
        return (reveal := revealed(screen)) is not None and reveal.shown.mugged > 0

    run = at(count=two_short, until=mugged)
    assert snap_compare(app(builtin_entries), terminal_size=SIZE, run_before=run)


def test_a_hand_summary(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    run = at(until=lambda s: isinstance(s, HandSummaryScreen))
    assert snap_compare(app(builtin_entries), terminal_size=SIZE, run_before=run)


@pytest.mark.slow  # a whole game played to its end first: over 10 s (the log's length shows)
def test_the_game_over(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    assert snap_compare(app(builtin_entries, "short", 5), terminal_size=SIZE, run_before=at())


def test_four_hands_at_100x30(snap_compare: SnapCompare, builtin_entries: list[DrillEntry]) -> None:
    run = at(stop=your_turn_in_the_play)
    assert snap_compare(
        app(builtin_entries, "four-hand", 8), terminal_size=(100, 30), run_before=run
    )
