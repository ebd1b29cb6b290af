"""The stats screen on a known history: the table, the chart's points, the weakest kind first,
the drill-set filter, going back, and an empty history.

The history is the one `tests/history/known.py` builds (every figure there is worked out by
hand), recorded into a real store in a temporary folder; the app opens it through
``connect`` after its first paint, as the trainer does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from tests.factories import FIXED_NOW, HAND_8, HAND_9_NOBS, HAND_29, FakeClock
from tests.history.known import BASE, History, build_history, show, total
from tests.history.known import drill as builtin_drill
from tests.ui.support import app_for, press, running, started
from trainer.drills.loader import DrillEntry
from trainer.history import StatsStore
from trainer.history.reading import KindStats
from trainer.ui.app import MugginsApp
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.stats import StatsScreen
from trainer.ui.text import ago
from trainer.ui.widgets.miss_bars import MissBars, bar_line, weakest_first
from trainer.ui.widgets.progress_chart import ProgressChart, seconds_top, tick_indices

SIZE = (80, 24)
SnapCompare = Callable[..., bool]

TABLE = {
    "blitz": ["Sixty-second blitz", "8", "88%", "2.0", "0.25", "5", "4", "2025-03-04"],
    "count-aloud": ["Count aloud", "3", "33%", "19.7", "10.33", "1", "-", "2025-03-02"],
    "warm-up": ["Warm-up", "7", "71%", "6.7", "0.57", "3", "-", "2025-03-02"],
    "all": ["All drill sets", "18", "72%", "6.8", "2.06", "5", "4", "2025-03-04"],
}
"""The fixture's figures as the table shows them (see test_stats: 5 of 7 exact in 47 s with
4 points mugged on the warm-up; 1 of 3 in 59 s with 31 mugged aloud; 7 of 8 in 16 s, 2
mugged, on the blitz; 13 of 18 in 122 s with 37 mugged in all)."""

WEAKEST_FIRST = ["double-pair-royal", "fifteen-3", "fifteen-2", "nobs", "pair", "double-run"]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        build_history(s)
        yield s


@pytest.fixture
def empty_store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "empty.sqlite3") as s:
        yield s


def stats_app(entries: list[DrillEntry], store: StatsStore) -> MugginsApp:
    return app_for(entries, FakeClock(), store)


async def open_stats(app: MugginsApp, pilot: Pilot[Any]) -> StatsScreen:
    """From home, press s (the store opens after the first paint, so wait for that first)."""
    await started(pilot)
    assert isinstance(app.screen, HomeScreen)
    await press(pilot, "s")
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def rows(screen: StatsScreen) -> dict[str, list[str]]:
    table = screen.query_one("#stats-drills", DataTable)
    return {
        str(row.key.value): [str(cell) for cell in table.get_row(row.key)]
        for row in table.ordered_rows
    }


def text(screen: StatsScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def chart(screen: StatsScreen) -> ProgressChart:
    return screen.query_one("#stats-chart", ProgressChart)


def bars(screen: StatsScreen) -> MissBars:
    return screen.query_one("#stats-kinds", MissBars)


def points(screen: StatsScreen) -> list[tuple[str, float, float]]:
    """The chart's points, their values to 4 places."""
    return [(p.label, round(p.accuracy, 4), round(p.seconds, 4)) for p in chart(screen).points]


# ---------------------------------------------------------------- the whole history


async def test_table_shows_each_drill_set_and_the_total(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        assert rows(screen) == TABLE
        # Most recently practised first, the total last.
        assert list(rows(screen)) == ["blitz", "count-aloud", "warm-up", "all"]
        title = text(screen, "#stats-title")
        assert "All drill sets (1 of 4" in title
        assert "18 hands, 72% exact" in title
        assert not screen.query_one("#stats-empty").display


async def test_names_come_from_the_drill_list_else_as_recorded(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    entries = []
    for e in builtin_entries:
        if e.id == "count-aloud":
            continue  # no longer on the list: its recorded name is shown
        if e.id == "warm-up" and e.drill is not None:
            e = dataclasses.replace(e, drill=dataclasses.replace(e.drill, name="Warming up"))
        entries.append(e)
    app = stats_app(entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        names = {key: cells[0] for key, cells in rows(screen).items()}
        assert names == {
            "blitz": "Sixty-second blitz",
            "count-aloud": "Count aloud",
            "warm-up": "Warming up",
            "all": "All drill sets",
        }


async def test_a_long_name_is_shown_whole_at_80_columns(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    """A name wider than its column goes on in the lines below, never cut (issue 23)."""
    long = "Flushes and crib traps, the long way"
    entries = []
    for e in builtin_entries:
        if e.id == "warm-up" and e.drill is not None:
            e = dataclasses.replace(e, drill=dataclasses.replace(e.drill, name=long))
        entries.append(e)
    app = stats_app(entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        assert rows(screen)["warm-up"][0] == "Flushes and crib\ntraps, the long\nway"
        drawn = [strip.text for strip in screen._compositor.render_strips()]
        at = next(n for n, line in enumerate(drawn) if "Flushes and crib " in line)
        assert drawn[at].split()[3:6] == ["7", "71%", "6.7"]  # the figures on its first line
        assert drawn[at + 1].strip() == "traps, the long"
        assert drawn[at + 2].strip() == "way"
        assert all(len(line) <= 80 for line in drawn)


async def test_chart_has_a_point_a_day(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        plot = chart(screen)
        assert plot.by == "day"
        assert points(screen) == [
            ("1 Mar", 0.5, 8.0),
            ("2 Mar", round(4 / 6, 4), round(74 / 6, 4)),
            ("3 Mar", 0.75, 2.0),
            ("4 Mar", 1.0, 2.0),
        ]
        drawn = str(plot.render())
        for label in ("1 Mar", "2 Mar", "3 Mar", "4 Mar", "100%", "0%", "20s", "0s"):
            assert label in drawn
        assert "Progress by day (4 days)" in text(screen, "#stats-chart-title")


async def test_weakest_kind_comes_first(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        shown = bars(screen)
        assert [k.kind for k in shown.kinds] == WEAKEST_FIRST
        lines = str(shown.render()).splitlines()
        assert len(lines) == len(WEAKEST_FIRST)
        assert lines[0].split() == ["double-pair-royal", "100%", "█" * 16, "(6", "of", "6)"]
        assert lines[2].startswith("fifteen-2")
        assert "71%  ███████████░░░░░  (5 of 7) · 1 claimed wrongly" in lines[2]
        assert "░" * 16 + "  (0 of 2)" in lines[4]
        assert "from 3 announced counts and time-outs" in text(screen, "#stats-kinds-title")
        note = text(screen, "#stats-kinds-note")
        assert note == "Only announced counts and time-outs say which combination was missed."


# ---------------------------------------------------------------- the filter


async def test_d_cycles_through_the_drill_sets(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        assert screen.choices == [None, "blitz", "count-aloud", "warm-up"]

        await press(pilot, "d")
        assert screen.drill_id == "blitz"
        assert rows(screen) == {"blitz": TABLE["blitz"]}
        assert "Sixty-second blitz (2 of 4" in text(screen, "#stats-title")
        assert points(screen) == [("3 Mar", 0.75, 2.0), ("4 Mar", 1.0, 2.0)]
        assert bars(screen).kinds == ()  # total claims never say which combination was missed
        assert "only announced counts" in str(bars(screen).render())
        assert not screen.query_one("#stats-kinds-note").display

        await press(pilot, "d")
        assert screen.drill_id == "count-aloud"
        assert rows(screen) == {"count-aloud": TABLE["count-aloud"]}
        assert points(screen) == [("2 Mar", round(1 / 3, 4), round(59 / 3, 4))]
        assert [k.kind for k in bars(screen).kinds] == WEAKEST_FIRST  # all from count-aloud

        await press(pilot, "d")
        assert screen.drill_id == "warm-up"
        assert rows(screen) == {"warm-up": TABLE["warm-up"]}
        assert points(screen) == [("1 Mar", 0.5, 8.0), ("2 Mar", 1.0, 5.0)]

        await press(pilot, "d")  # round to the start
        assert screen.drill_id is None
        assert rows(screen) == TABLE

        await press(pilot, "D")  # backwards
        assert screen.drill_id == "warm-up"
        await press(pilot, "a")
        assert screen.drill_id is None
        assert len(chart(screen).points) == 4


async def test_chart_shows_sessions_when_there_are_few_days(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    with StatsStore(tmp_path / "one-day.sqlite3") as one_day:
        history = History(one_day)
        warm = builtin_drill("warm-up")
        history.session(warm, BASE, [(show(HAND_29), total(29), 4.0)])
        history.session(
            warm,
            BASE + timedelta(hours=3),
            [(show(HAND_8), total(8), 6.0), (show(HAND_9_NOBS), total(7), 10.0)],
        )
        history.session(warm, BASE + timedelta(hours=6), [(show(HAND_8), total(10), 3.0)])
        app = stats_app(builtin_entries, one_day)
        async with running(app, SIZE) as pilot:
            screen = await open_stats(app, pilot)
            assert chart(screen).by == "session"
            # A session's time is that of its first answer.
            assert points(screen) == [
                ("01 Mar 12:00", 1.0, 4.0),
                ("01 Mar 15:00", 0.5, 8.0),
                ("01 Mar 18:00", 0.0, 3.0),
            ]
            assert "Progress by session (3 sessions)" in text(screen, "#stats-chart-title")
            assert "01 Mar 18:00" in str(chart(screen).render())


# ---------------------------------------------------------------- leaving, and no history


async def test_escape_goes_back_home(builtin_entries: list[DrillEntry], store: StatsStore) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        await open_stats(app, pilot)
        await press(pilot, "d")
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
        assert len(app.screen_stack) == 1


async def test_no_history_says_to_count_some_hands_first(
    builtin_entries: list[DrillEntry], empty_store: StatsStore
) -> None:
    app = stats_app(builtin_entries, empty_store)
    async with running(app, SIZE) as pilot:
        screen = await open_stats(app, pilot)
        message = screen.query_one("#stats-empty", Static)
        assert message.display
        assert "No hands counted yet" in str(message.render())
        assert "Count some hands first" in str(message.render())
        for selector in ("#stats-drills", "#stats-chart", "#stats-kinds"):
            assert not screen.query_one(selector).display
        assert chart(screen).points == ()
        assert "next_drill" not in {b.binding.action for b in screen.active_bindings.values()}
        await press(pilot, "d")  # nothing to cycle through: no error
        assert screen.drill_id is None
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_a_store_that_cannot_be_read_is_a_message(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        store.close()  # every query now fails with the store's error
        await press(pilot, "s")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        message = str(screen.query_one("#stats-empty", Static).render())
        assert message.startswith("Could not read your stats:")
        assert "closed" in message


# ---------------------------------------------------------------- the picture


def test_stats_snapshot(
    snap_compare: SnapCompare, builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app = stats_app(builtin_entries, store)

    async def run(pilot: Pilot[Any]) -> None:
        await open_stats(app, pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


# ---------------------------------------------------------------- the pieces


@pytest.mark.parametrize(
    ("count", "room", "expected"),
    [
        pytest.param(0, 5, [], id="none"),
        pytest.param(1, 5, [0], id="one"),
        pytest.param(4, 5, [0, 1, 2, 3], id="all-fit"),
        pytest.param(30, 4, [0, 10, 19, 29], id="spread"),
        pytest.param(30, 1, [29], id="only-the-latest"),
        pytest.param(30, 0, [29], id="no-room"),
    ],
)
def test_tick_indices(count: int, room: int, expected: list[int]) -> None:
    assert tick_indices(count, room) == expected


@pytest.mark.parametrize(
    ("slowest", "top"),
    [(0.0, 2), (1.8, 2), (2.0, 4), (12.3, 20), (19.7, 30), (590.0, 660), (1000.0, 1140)],
)
def test_seconds_top(slowest: float, top: int) -> None:
    assert seconds_top([1.0, slowest]) == top


@pytest.mark.parametrize(
    ("when", "expected"),
    [
        (FIXED_NOW - timedelta(hours=1), "today"),
        (FIXED_NOW - timedelta(days=1), "yesterday"),
        (FIXED_NOW - timedelta(days=6), "6 days ago"),
        (FIXED_NOW - timedelta(days=7), "2026-11-23"),
        (None, "never"),
    ],
)
def test_ago(when: datetime | None, expected: str) -> None:
    assert ago(when, FIXED_NOW) == expected


def test_ago_counts_days_where_now_is() -> None:
    # Noon UTC on the 30th is still the 29th thirteen hours behind UTC, as is 20:00 UTC
    # on the 29th.
    evening = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    assert ago(evening, FIXED_NOW) == "yesterday"
    assert ago(evening, FIXED_NOW.astimezone(timezone(timedelta(hours=-13)))) == "today"


def test_kinds_never_present_come_last() -> None:
    kinds = [KindStats("nobs", 0, 0, 2), KindStats("pair", 4, 1, 0), KindStats("run-3", 4, 1, 1)]
    assert [k.kind for k in weakest_first(kinds)] == ["pair", "run-3", "nobs"]
    assert bar_line(kinds[0]).plain.endswith("never came up · 2 claimed wrongly")
