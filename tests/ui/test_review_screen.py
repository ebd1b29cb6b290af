"""The review screen driven like a user, over a real store holding a known history.

The history (recorded by real quiz sessions, see `record_history`):

- count-aloud, 28 Nov 2026 09:00 UTC: hand 5S 6H 10C JC, starter JD (8) announced
  as 5-10, 5-J(C), the jacks and a wrong fifteen 6H 10C: the fifteen 5S JD is
  missed and 6H 10C wrongly claimed; then 7H 4S 4C 9D, starter KC (4) announced as
  the pair of fours only: the three-card fifteen 7H 4S 4C is missed.
- warm-up, 29 Nov 09:00: QD JH 4D JD, starter KH (9) timed out: the pair of
  jacks, the double run J-Q-K (two runs) and nobs are all missed.

So the list, newest first: pair, double-run, double-run, nobs (warm-up), then
fifteen-3, fifteen-2 missed, fifteen-2 wrong (count-aloud). All three hands
were answered wrong, so all three are due a minute later (FIXED_NOW is 30 Nov).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

from tests.factories import FakeClock
from tests.ui.support import app_for, notifications, press, running, started
from tests.ui.waiting import palette_offers
from trainer.drills.loader import DrillEntry, find_drill
from trainer.drills.model import DrillSet
from trainer.history import StatsStore
from trainer.judge.claims import AnnounceClaim, ClaimedItem
from trainer.quiz.questions import DiscardQuestion, PlayQuestion, question_from_cards
from trainer.quiz.session import QuizSession
from trainer.rules.cards import Card, parse_card, parse_cards
from trainer.rules.combos import classify as stat_kind
from trainer.ui.app import MugginsApp
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.review import ReviewScreen
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.review_detail import ReviewDetail

SIZE = (100, 30)
BASE = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)

HAND_8 = ("5S 6H 10C JC", "JD")
HAND_744 = ("7H 4S 4C 9D", "KC")
HAND_9 = ("QD JH 4D JD", "KH")

ROWS = [  # (drill, role, kind, cards, points), newest first
    ("warm-up", "missed", "pair", "JH JD", 2),
    ("warm-up", "missed", "double-run", "JH QD KH", 3),
    ("warm-up", "missed", "double-run", "JD QD KH", 3),
    ("warm-up", "missed", "nobs", "JH KH", 1),
    ("count-aloud", "missed", "fifteen-3", "4S 4C 7H", 2),
    ("count-aloud", "missed", "fifteen-2", "5S JD", 2),
    ("count-aloud", "wrong", "fifteen-2", "6H 10C", 2),
]

Answer = AnnounceClaim | Literal["timeout"]


def announce(*items: tuple[str, str]) -> AnnounceClaim:
    return AnnounceClaim(tuple(ClaimedItem(kind, parse_cards(cards)) for kind, cards in items))


def play(store: StatsStore, drill: DrillSet, start: datetime, plays: list[Any]) -> None:
    """One quiz session over the given shows and answers, each recorded in the store."""
    t = [0.0]
    questions = [
        question_from_cards(n, parse_cards(h), parse_card(s), crib=False)
        for n, ((h, s), _, _) in enumerate(plays, 1)
    ]
    session = QuizSession(
        drill,
        random.Random(0),
        clock=lambda: t[0],
        now=lambda: start + timedelta(seconds=t[0]),
        questions=questions,
        session_id=f"{drill.id}-{start:%d%H%M}",
    )
    for _, answer, seconds in plays:
        assert session.next_question() is not None
        t[0] += seconds
        attempt = session.time_out() if answer == "timeout" else session.answer(answer)
        assert attempt is not None
        store.record(attempt)


def record_history(store: StatsStore, entries: list[DrillEntry]) -> None:
    aloud, warm = find_drill(entries, "count-aloud"), find_drill(entries, "warm-up")
    announce_8 = announce(
        ("fifteen", "5S 10C"), ("fifteen", "5S JC"), ("pair", "JC JD"), ("fifteen", "6H 10C")
    )
    play(
        store,
        aloud,
        BASE,
        [(HAND_8, announce_8, 20.0), (HAND_744, announce(("pair", "4S 4C")), 15.0)],
    )
    play(store, warm, BASE + timedelta(days=1), [(HAND_9, "timeout", 30.0)])


@pytest.fixture
def store(tmp_path: Path, builtin_entries: list[DrillEntry]) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        record_history(s, builtin_entries)
        yield s


@pytest.fixture
def empty_store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "empty.sqlite3") as s:
        yield s


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Times are shown in the local time zone: make it UTC so the tests read the same anywhere."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def review_app(
    entries: list[DrillEntry], store: StatsStore, **options: Any
) -> tuple[MugginsApp, FakeClock]:
    clock = FakeClock()
    return app_for(entries, clock, store, **options), clock


async def open_review(app: MugginsApp, pilot: Pilot[Any]) -> ReviewScreen:
    await started(pilot)
    await press(pilot, "r")
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


def rows_of(screen: ReviewScreen) -> list[tuple[str, str, str, str, int]]:
    return [
        (i.drill_id, i.role, i.stat_kind, " ".join(map(str, i.cards)), i.points)
        for i in screen.items
    ]


def cells_of(table: DataTable[Any], row: int) -> list[str | tuple[str, str]]:
    """A row's cells: a plain cell as its text, a styled one as its text and style."""
    return [
        (c.plain, str(c.style)) if isinstance(c, Text) and c.style else str(c)
        for c in table.get_row_at(row)
    ]


def filters(screen: ReviewScreen) -> str:
    return str(screen.query_one("#review-filters", Static).render())


def lit(screen: ReviewScreen) -> set[str]:
    """The cards lit on the detail's table."""
    table = screen.query_one("#review-cards", CardTable)
    return {str(w.card) for w in table.card_widgets() if w.highlight}


def items_text(screen: ReviewScreen) -> list[str]:
    options = screen.query_one("#review-items", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def move_to(pilot: Pilot[Any], screen: ReviewScreen, row: int) -> None:
    screen.query_one("#review-list", DataTable).move_cursor(row=row)
    await pilot.pause()
    await pilot.pause()


def cards(text: str) -> set[str]:
    return set(text.split())


# ---------------------------------------------------------------- the list


async def test_rows_newest_first(builtin_entries: list[DrillEntry], store: StatsStore) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        assert rows_of(screen) == ROWS
        table = screen.query_one("#review-list", DataTable)
        assert table.row_count == 7
        assert table.has_focus
        first = cells_of(table, 0)
        assert first[:4] == ["29 Nov 09:00", "warm-up", ("missed", "red"), "pair"]
        assert first[5] == "  2"
        last = cells_of(table, 6)
        assert last[:4] == ["28 Nov 09:00", "count-aloud", ("wrong", "yellow"), "fifteen-2"]
        text = filters(screen)
        assert "Kind all" in text
        assert "Drill set all" in text
        assert "7 listed" in text
        assert "3 hands due" in text


async def test_filters_by_kind_and_drill_set(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        assert screen.kinds == [None, "fifteen-2", "fifteen-3", "pair", "double-run", "nobs"]
        assert screen.drills == [None, "warm-up", "count-aloud"]  # in the home list's order
        await press(pilot, "k")
        assert rows_of(screen) == ROWS[5:]
        assert "Kind fifteen-2" in filters(screen)
        assert "2 listed" in filters(screen)
        await press(pilot, "k", "k", "k")
        assert rows_of(screen) == ROWS[1:3]
        await press(pilot, "K")  # back one
        assert rows_of(screen) == ROWS[:1]
        await press(pilot, "k", "k", "k", "k")  # double-run, nobs, all, then fifteen-2
        assert rows_of(screen) == ROWS[5:]
        await press(pilot, "d")  # warm-up: no fifteen-2 there
        assert screen.items == []
        assert "Drill set Warm-up" in filters(screen)
        assert "0 listed" in filters(screen)
        await pilot.pause()
        assert "Nothing matches these filters" in str(
            screen.query_one("#review-empty", Static).render()
        )
        await press(pilot, "d")  # count-aloud
        assert rows_of(screen) == ROWS[5:]
        await press(pilot, "K")  # back to all kinds
        assert screen.kind is None
        assert rows_of(screen) == ROWS[4:]
        await press(pilot, "D")  # back to warm-up
        assert rows_of(screen) == ROWS[:4]
        await press(pilot, "d", "d")  # round to all drill sets
        assert rows_of(screen) == ROWS


# ---------------------------------------------------------------- the show of a row


async def test_a_row_shows_its_hand_with_the_missed_cards_lit(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        await pilot.pause()
        detail = screen.query_one("#review-detail", ReviewDetail)
        assert detail.item is screen.items[0]
        table = screen.query_one("#review-cards", CardTable)
        assert [str(c) for c in table.cards] == ["QD", "JH", "4D", "JD"]
        assert str(table.starter) == "KH"
        # The timed-out 9: every item missed, the pair of jacks (this row) lit.
        assert lit(screen) == cards("JH JD")
        texts = items_text(screen)
        # The double run that holds the reviewed pair is opened: its row, then each of
        # its pair and two runs, then nobs.
        assert len(texts) == 5
        assert all("(missed)" in t for t in texts)
        assert "a double run of three is eight" in texts[0]
        assert [t.split("[/]")[1].split()[0] for t in texts[1:4]] == ["pair", "run", "run"]
        assert "nobs is nine" in texts[4]
        caption = str(screen.query_one("#review-caption", Static).render())
        assert "Warm-up" in caption
        assert "hand of 9 · time ran out" in caption

        # The three-card fifteen of 7H 4S 4C 9D | KC: only it was missed.
        await move_to(pilot, screen, 4)
        assert detail.item is screen.items[4]
        assert lit(screen) == cards("7H 4S 4C")
        texts = items_text(screen)
        assert len(texts) == 2
        assert "fifteen two" in texts[0]
        assert "(missed)" in texts[0]
        assert texts[1].startswith("✓ pair")
        assert "(missed)" not in texts[1]
        options = screen.query_one("#review-items", OptionList)
        assert options.highlighted == 0
        caption = str(screen.query_one("#review-caption", Static).render())
        assert "hand of 4 · you said 2" in caption
        assert "2 missed · 0 too many" in caption

        # The wrongly claimed fifteen of the 8: listed after the count, its cards lit.
        await move_to(pilot, screen, 6)
        assert lit(screen) == cards("6H 10C")
        texts = items_text(screen)
        assert len(texts) == 5  # three fifteens and a pair, then the wrong claim
        assert "wrong: these cards do not score together" in texts[4]
        missed = [t for t in texts[:4] if "(missed)" in t]
        assert len(missed) == 1
        assert "5♠" in missed[0]
        assert "J[red]♦" in missed[0] or "J♦" in missed[0]
        assert screen.query_one("#review-items", OptionList).highlighted == 4

        # Enter (or Tab) walks the show's items, lighting each one's cards.
        await press(pilot, "enter")
        assert screen.query_one("#review-items", OptionList).has_focus
        await press(pilot, "up")
        assert lit(screen) == cards("JC JD")  # the pair
        await press(pilot, "shift+tab")
        assert screen.query_one("#review-list", DataTable).has_focus


# ---------------------------------------------------------------- re-drill and practice


async def test_redrill_starts_a_quiz_over_the_due_hands(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        await open_review(app, pilot)
        await press(pilot, "r")
        assert isinstance(app.screen, QuizScreen)
        session = app.runner.session
        assert session is not None
        assert session.drill.id == "review"
        assert session.questions is not None
        shows = [
            (" ".join(map(str, q.deal.hand)), str(q.deal.starter))
            for q in session.questions
            if not isinstance(q, PlayQuestion | DiscardQuestion)
        ]
        # The longest overdue first: the 8 and the 4 of 28 Nov, then the 9.
        assert [sorted(h.split()) for h, _ in shows] == [
            sorted(HAND_8[0].split()),
            sorted(HAND_744[0].split()),
            sorted(HAND_9[0].split()),
        ]
        assert len(app.screen_stack) == 2  # home, then the quiz


async def test_redrill_with_nothing_due_says_when(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    # An hour after the 8 and the 4 came due: due. Before any: the next one is named.
    early = BASE - timedelta(minutes=30)
    app, _ = review_app(builtin_entries, store, now=lambda: early)
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        assert "none due" in filters(screen)
        await press(pilot, "r")
        assert app.screen is screen
        messages = list(sent)
        assert "Nothing is due yet: the next hand comes back in 31 minutes." in messages


async def test_practise_the_kind_of_a_row(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        await move_to(pilot, screen, 4)  # the missed three-card fifteen
        await press(pilot, "p")
        assert isinstance(app.screen, QuizScreen)
        assert len(app.screen_stack) == 2
        session = app.runner.session
        assert session is not None
        drill = session.drill
        assert drill.id == "practice-fifteen-3"
        assert drill.name == "Practice: three-card fifteens"
        assert drill.claim == "announce"  # as in count-aloud, where it was missed
        q = app.runner.question
        assert q is not None
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        show: list[Card] = [*q.deal.hand, q.deal.starter]
        found = {stat_kind(i.kind, i.cards, show, crib=False) for i in q.breakdown.items}
        assert "fifteen-3" in found


async def test_practise_a_kind_missed_in_a_total_drill(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        await open_review(app, pilot)
        await press(pilot, "down", "p")  # the double run of the timed-out warm-up hand
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        session = app.runner.session
        assert session is not None
        assert (session.drill.id, session.drill.claim) == ("practice-double-run", "total")
        q = app.runner.question
        assert q is not None
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        show = [*q.deal.hand, q.deal.starter]
        found = {stat_kind(i.kind, i.cards, show, crib=False) for i in q.breakdown.items}
        assert "double-run" in found


async def test_escape_goes_home(builtin_entries: list[DrillEntry], store: StatsStore) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        await open_review(app, pilot)
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
        assert len(app.screen_stack) == 1


async def test_review_actions_in_the_command_palette(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        await press(pilot, "ctrl+p")
        await press(pilot, *"next kind")
        await palette_offers(pilot, "next kind")
        await press(pilot, "enter")
        assert app.screen is screen
        assert screen.kind == "fifteen-2"


async def test_a_store_that_fails_is_a_message(
    builtin_entries: list[DrillEntry], store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, store)
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        store.close()
        await press(pilot, "k", "r")
        assert app.screen is screen
        messages = list(sent)
        assert len(messages) == 2
        assert all("Could not read your history" in m for m in messages)
        assert all("the stats store is closed" in m for m in messages)


# ---------------------------------------------------------------- no history


async def test_empty_history(builtin_entries: list[DrillEntry], empty_store: StatsStore) -> None:
    app, _ = review_app(builtin_entries, empty_store)
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        await pilot.pause()
        assert screen.items == []
        assert not screen.query_one("#review-list", DataTable).display
        message = str(screen.query_one("#review-empty", Static).render())
        assert "Nothing to review yet." in message
        assert "announce your count" in message
        await press(pilot, "k", "d", "p", "r")
        assert app.screen is screen
        messages = list(sent)
        assert "Pick a missed combination first." in messages
        assert any(m.startswith("Nothing to re-drill") for m in messages)
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_a_wrong_total_is_listed_as_its_whole_hand(
    builtin_entries: list[DrillEntry], empty_store: StatsStore
) -> None:
    """A total claimed wrong lists its hand, what was said and the truth, with the whole
    count below; it is due, and re-drilled, like any hand counted wrong."""
    from trainer.judge.claims import TotalClaim

    warm = find_drill(builtin_entries, "warm-up")
    play(empty_store, warm, BASE, [(HAND_8, TotalClaim(6), 5.0), (HAND_744, TotalClaim(6), 4.0)])
    app, _ = review_app(builtin_entries, empty_store)
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        await pilot.pause()
        assert rows_of(screen) == [
            ("warm-up", "total", "total", "7H 4S 4C 9D KC", 2),  # the 4 claimed as 6
            ("warm-up", "total", "total", "5S 6H 10C JC JD", 2),  # the 8 claimed as 6
        ]
        table = screen.query_one("#review-list", DataTable)
        assert cells_of(table, 0)[2:4] == [("total", "yellow"), "said 6, is 4"]
        assert cells_of(table, 1)[2:4] == [("total", "red"), "said 6, is 8"]
        assert screen.kinds == [None, "total"]
        assert "2 hands due" in filters(screen)

        await move_to(pilot, screen, 1)
        caption = str(screen.query_one("#review-caption", Static).render())
        assert "hand of 8 · you said 6" in caption
        assert "2 missed · 0 too many" in caption
        cards_table = screen.query_one("#review-cards", CardTable)
        assert [str(c) for c in cards_table.cards] == HAND_8[0].split()
        texts = items_text(screen)
        assert len(texts) == 4  # the whole count: three fifteens and the pair, none marked
        assert not any("(missed)" in t or t.startswith("✓") for t in texts)
        assert "fifteen two" in texts[0]
        assert texts[3].endswith("a pair is eight")
        assert lit(screen) == cards("5S 10C")  # the first fifteen, as the count is said

        await press(pilot, "p")
        assert app.screen is screen
        assert any("A total names no combination" in m for m in sent)
        await press(pilot, "r")
        assert isinstance(app.screen, QuizScreen)
        session = app.runner.session
        assert session is not None
        assert session.questions is not None
        assert len(session.questions) == 2


async def test_due_hands_with_nothing_listed(
    builtin_entries: list[DrillEntry], empty_store: StatsStore
) -> None:
    """With nothing listed, the empty review says how many hands are due."""
    from trainer.judge.claims import TotalClaim

    warm = find_drill(builtin_entries, "warm-up")
    play(empty_store, warm, BASE, [(HAND_8, TotalClaim(6), 5.0)])
    with empty_store.transaction("forgetting the list") as conn:
        conn.execute("DELETE FROM combos")
    app, _ = review_app(builtin_entries, empty_store)
    async with running(app, SIZE) as pilot:
        screen = await open_review(app, pilot)
        await pilot.pause()
        message = str(screen.query_one("#review-empty", Static).render())
        assert "1 hand is due for a re-drill: press r." in message
        await press(pilot, "r")
        assert isinstance(app.screen, QuizScreen)


# ---------------------------------------------------------------- the weak-spots drill


async def test_weak_spots_from_home_aims_at_the_worst_kind(
    builtin_entries: list[DrillEntry], tmp_path: Path
) -> None:
    """On tests/history/known.py's history the worst kind is the double pair royal (6 of 6)."""
    from tests.history.known import build_history

    with StatsStore(tmp_path / "stats.sqlite3") as history:
        build_history(history)
        app, _ = review_app(builtin_entries, history)
        async with running(app, SIZE) as pilot:
            await pilot.pause()
            row = [e.id for e in builtin_entries].index("weak-spots")
            app.screen.query_one("#drills", DataTable).move_cursor(row=row)
            await press(pilot, "enter")
            assert isinstance(app.screen, QuizScreen)
            assert app.runner.session is not None
            drill = app.runner.session.drill
            assert drill.id == "weak-spots"
            assert drill.constraints.require == {"double-pair-royal"}
            assert drill.description.startswith("Aimed at double pairs royal")
            q = app.runner.question
            assert q is not None
            assert not isinstance(q, PlayQuestion | DiscardQuestion)
            assert not isinstance(q, PlayQuestion | DiscardQuestion)
            show = [*q.deal.hand, q.deal.starter]
            kinds = [stat_kind(i.kind, i.cards, show, crib=False) for i in q.breakdown.items]
            assert kinds.count("double-pair-royal") == 6


async def test_weak_spots_without_history_deals_random_hands(
    builtin_entries: list[DrillEntry], empty_store: StatsStore
) -> None:
    app, _ = review_app(builtin_entries, empty_store)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        row = [e.id for e in builtin_entries].index("weak-spots")
        app.screen.query_one("#drills", DataTable).move_cursor(row=row)
        await press(pilot, "enter")
        assert app.runner.session is not None
        assert app.runner.session.drill.constraints.unconstrained
        assert app.runner.session.drill == find_drill(builtin_entries, "weak-spots").with_defaults(
            "acc", True
        )


# ---------------------------------------------------------------- the picture


def test_review_snapshot(
    snap_compare: Callable[..., bool],
    builtin_entries: list[DrillEntry],
    store: StatsStore,
) -> None:
    app, _ = review_app(builtin_entries, store)

    async def run(pilot: Pilot[Any]) -> None:
        await started(pilot)
        await press(pilot, "r")
        await press(pilot, "down", "down", "down", "down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)
