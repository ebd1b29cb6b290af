"""The discard drill on screen: six cards dealt, pick two by their numbers, Enter; the reveal
shows every throw's value with yours marked, and the throw is recorded with its loss."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.factories import FakeClock
from tests.ui.support import (
    ListRecorder,
    app_for,
    drill,
    entry,
    notifications,
    press,
    running,
    started,
)
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.judge.discard import DiscardVerdict
from trainer.quiz.questions import DiscardQuestion
from trainer.ui.app import MugginsApp
from trainer.ui.screens.discard import DiscardScreen
from trainer.ui.screens.stats import StatsScreen
from trainer.ui.screens.summary import SummaryScreen

SMALL = (80, 24)
SnapCompare = Callable[..., bool]


def keep_four(**fields: Any) -> Any:
    return drill({"name": "Keep four", "description": "d", "kind": "discard", **fields})


def asked(app: MugginsApp) -> DiscardQuestion:
    q = app.runner.question
    assert isinstance(q, DiscardQuestion)
    assert isinstance(app.screen, DiscardScreen)
    return q


def keys_for(q: DiscardQuestion, pick: int) -> list[str]:
    """The number keys that pick the throw in place ``pick`` (0: the best)."""
    return [str(q.deal.dealt.index(c) + 1) for c in q.throws[pick].throw]


@pytest.mark.parametrize(("variant", "dealt"), [("standard", 6), ("five-card", 5)])
async def test_a_throw_picked_by_keys_is_judged_and_revealed(
    clock: FakeClock, recorder: ListRecorder, variant: str, dealt: int
) -> None:
    app = app_for([entry(keep_four(variant=variant, hands=2))], clock, recorder)
    async with running(app, SMALL) as pilot:
        await press(pilot, "enter")
        q = asked(app)
        assert len(q.deal.dealt) == dealt
        await press(pilot, *keys_for(q, 2), "enter")
        screen = app.screen
        assert isinstance(screen, DiscardScreen)
        assert screen.revealed is not None
        (attempt,) = recorder.attempts
        verdict = attempt.judgement
        assert isinstance(verdict, DiscardVerdict)
        assert verdict.chosen == q.throws[2]
        assert attempt.loss == pytest.approx(q.throws[0].net - q.throws[2].net)
        items = screen.query_one("#items", OptionList)
        assert items.option_count == len(q.throws) + 1  # the header and every throw
        assert items.highlighted == 3  # on yours
        assert "you" in str(items.get_option_at_index(3).prompt)
        await press(pilot, "space")  # the next deal
        q2 = asked(app)
        assert q2.number == 2
        await press(pilot, *keys_for(q2, 0), "enter")
        await press(pilot, "space")
        assert isinstance(app.screen, SummaryScreen)
        assert [a.exact for a in recorder.attempts] == [
            q.throws[2].net >= q.throws[0].net - 0.05,
            True,
        ]


async def test_enter_wants_the_whole_throw_and_a_card_again_unpicks(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(keep_four(hands=1))], clock, recorder)
    async with running(app, SMALL) as pilot:
        caught = notifications(app)
        await press(pilot, "enter")
        q = asked(app)
        await press(pilot, "1", "enter")
        assert caught[-1] == "Pick 2 cards to throw first"
        assert not recorder.attempts
        await press(pilot, "2", "3")
        assert "You throw 2" in caught[-1]
        await press(pilot, "1", "backspace")
        screen = app.screen
        assert isinstance(screen, DiscardScreen)
        assert screen.picked == []
        await press(pilot, *keys_for(q, 0), "enter")
        assert recorder.attempts[0].exact


def test_discard_reveal_snapshot(
    snap_compare: SnapCompare, builtin_entries: list[DrillEntry]
) -> None:
    """The built-in keep-four drill, seeded: the fourth-best throw made, its reveal at 80x24."""
    (keep,) = [e.drill for e in builtin_entries if e.id == "keep-four"]
    assert keep is not None
    app = app_for(builtin_entries, FakeClock(), ListRecorder(), start_drill=keep)

    async def run(pilot: Pilot[Any]) -> None:
        await started(pilot)
        await until(pilot, lambda: isinstance(pilot.app.screen, DiscardScreen), "the drill")
        assert isinstance(pilot.app, MugginsApp)
        q = asked(pilot.app)
        await press(pilot, *keys_for(q, 3), "enter")

    assert snap_compare(app, terminal_size=SMALL, run_before=run)


async def test_the_stats_screen_has_a_line_on_your_throws(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(keep_four(hands=2))], clock, recorder)
    async with running(app, SMALL) as pilot:
        await press(pilot, "enter")
        await press(pilot, *keys_for(asked(app), 0), "enter", "space")
        await press(pilot, *keys_for(asked(app), 1), "enter", "space")
        assert isinstance(app.screen, SummaryScreen)
        await press(pilot, "h", "s")
        assert isinstance(app.screen, StatsScreen)
        line = str(app.screen.query_one("#stats-discards", Static).render())
        report = recorder.discard_report()
        lost = report.overall.lost_per_hand
        assert lost is not None
        assert line.startswith(f"Discards: 2 throws, {report.overall.best_share:.0%} the best")
        assert f"{lost:.2f} lost a hand" in line


async def test_the_throws_missed_are_dealt_again(clock: FakeClock, recorder: ListRecorder) -> None:
    app = app_for([entry(keep_four(hands=2))], clock, recorder)
    async with running(app, SMALL) as pilot:
        await press(pilot, "enter")
        first = asked(app)
        await press(pilot, *keys_for(first, len(first.throws) - 1), "enter", "space")
        await press(pilot, *keys_for(asked(app), 0), "enter", "space")
        assert isinstance(app.screen, SummaryScreen)
        await press(pilot, "m")  # re-drill the throws that were not the best
        again = asked(app)
        assert (again.deal, again.throws) == (first.deal, first.throws)
        await press(pilot, *keys_for(again, 0), "enter")
        assert recorder.attempts[-1].exact


async def test_a_throw_not_made_in_time_is_judged_the_worst(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(keep_four(hands=1, time={"per_hand": 5}))], clock, recorder)
    async with running(app, SMALL) as pilot:
        await press(pilot, "enter")
        q = asked(app)
        await press(pilot, "1")  # picked, not thrown
        clock.advance(6)
        await until(pilot, lambda: bool(recorder.attempts), "the time-out")
        (attempt,) = recorder.attempts
        assert attempt.timed_out
        assert attempt.loss == pytest.approx(q.throws[0].net - q.throws[-1].net)
        assert attempt.judgement.summary().startswith("Time!")


async def test_a_quick_1_2_enter_throws_the_two_cards(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    """The keys arrive together, as from a quick typist or a browser: Enter waits for the
    number keys before it (a priority binding ran ahead of them and refused the throw)."""
    app = app_for([entry(keep_four(hands=1))], clock, recorder)
    async with running(app, SMALL) as pilot:
        await press(pilot, "enter")
        q = asked(app)
        first, second = keys_for(q, 0)
        for key, character in ((first, first), (second, second), ("enter", "\r")):
            app.post_message(events.Key(key, character))
        await until(pilot, lambda: bool(recorder.attempts), "the throw")
        assert recorder.attempts[0].exact
