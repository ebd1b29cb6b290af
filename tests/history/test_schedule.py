"""The re-drill schedule: wrong → soon, right again → later, on a fixed clock."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fsrs import Rating

from tests.factories import CRIB_5, HAND_8, HAND_9_FLUSH, HAND_29, FakeClock
from tests.history.known import drill, show
from trainer.drills.model import DrillSet
from trainer.drills.plays import deal_play
from trainer.history import StatsStore
from trainer.history.reading import FAST_SECONDS, SLOW_SECONDS, hand_key, rating
from trainer.judge.claims import TotalClaim
from trainer.practice.redrill import REDRILL_HANDS, review_drill, review_questions
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import PlayQuestion, Question, make_question
from trainer.quiz.session import QuizSession
from trainer.rules.cards import parse_card, parse_cards

T0 = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        yield s


def answer(
    store: StatsStore,
    question: Question,
    *,
    at: datetime,
    off: int = 0,
    seconds: float = 12.0,
    drill_set: DrillSet | None = None,
) -> Attempt:
    """Answer one question ``off`` points from the truth, ``seconds`` after it was shown."""
    clock = FakeClock(wall=at - timedelta(seconds=seconds))
    the_drill = drill_set or drill("warm-up")
    session = QuizSession(
        the_drill, random.Random(0), clock=clock, now=clock.now, questions=[question]
    )
    assert session.next_question() is not None
    clock.advance(seconds)
    attempt = session.answer(TotalClaim(question.actual + off))
    assert attempt is not None
    assert attempt.at == at
    store.record(attempt)
    return attempt


def test_ratings() -> None:
    assert rating(exact=False, seconds=1.0, timed_out=False) == Rating.Again
    assert rating(exact=True, seconds=1.0, timed_out=True) == Rating.Again
    assert rating(exact=True, seconds=FAST_SECONDS, timed_out=False) == Rating.Easy
    assert rating(exact=True, seconds=FAST_SECONDS + 0.1, timed_out=False) == Rating.Good
    assert rating(exact=True, seconds=SLOW_SECONDS, timed_out=False) == Rating.Good
    assert rating(exact=True, seconds=SLOW_SECONDS + 0.1, timed_out=False) == Rating.Hard


def test_hand_key_ignores_order_but_not_crib() -> None:
    starter = parse_card("5D")
    a = hand_key(parse_cards("5H 5C 5S JD"), starter, False)
    assert a == hand_key(parse_cards("JD 5S 5C 5H"), starter, False)
    assert a == "hand:5S 5H 5C JD|5D"
    assert hand_key(parse_cards("5H 5C 5S JD"), starter, True) != a


def test_right_answers_never_enter(store: StatsStore) -> None:
    answer(store, show(HAND_29), at=T0)
    assert store.scheduled() == []
    assert store.due_count(T0 + timedelta(days=365)) == 0


def test_wrong_comes_back_soon_right_again_later(store: StatsStore) -> None:
    q = show(HAND_9_FLUSH)
    answer(store, q, at=T0, off=-4)
    [entry] = store.scheduled()
    assert (entry.due, entry.reviews, entry.lapses) == (T0 + MINUTE, 1, 0 + 1)
    assert entry.hand == tuple(parse_cards(HAND_9_FLUSH[0]))
    assert (entry.starter, entry.crib, entry.drill_id) == (parse_card("JS"), False, "warm-up")
    assert store.due_count(T0) == 0
    assert store.due_count(T0 + MINUTE) == 1
    assert [d.key for d in store.due(T0 + MINUTE)] == [entry.key]

    # Right (at a normal pace) a few minutes later: the next learning step, ten minutes.
    t1 = T0 + 5 * MINUTE
    answer(store, q, at=t1)
    [entry] = store.scheduled()
    assert (entry.due, entry.reviews, entry.lapses) == (t1 + 10 * MINUTE, 2, 1)
    assert store.due_count(t1) == 0

    # Right again: it graduates, a day later.
    t2 = t1 + 15 * MINUTE
    answer(store, q, at=t2)
    [entry] = store.scheduled()
    assert entry.due == t2 + timedelta(days=1)

    # Right again the next day, quickly: longer still.
    t3 = t2 + timedelta(days=1)
    answer(store, q, at=t3, seconds=3.0)
    [entry] = store.scheduled()
    assert entry.due - t3 > timedelta(days=2)
    assert entry.reviews == 4

    # Wrong again: back within minutes, a second lapse.
    t4 = entry.due
    answer(store, q, at=t4, off=+1)
    [entry] = store.scheduled()
    assert entry.due - t4 <= 10 * MINUTE
    assert entry.lapses == 2


def test_fast_beats_slow(store: StatsStore, tmp_path: Path) -> None:
    """After the same miss, a quick right answer pushes the hand further away than a slow one."""
    dues = []
    for n, seconds in enumerate((3.0, 12.0, 40.0)):
        with StatsStore(tmp_path / f"s{n}.sqlite3") as s:
            answer(s, show(HAND_8), at=T0, off=-2)
            answer(s, show(HAND_8), at=T0 + 2 * MINUTE, seconds=seconds)
            [entry] = s.scheduled()
            dues.append(entry.due)
    easy, good, hard = dues
    assert easy > good > hard > T0 + 2 * MINUTE


def test_any_drill_updates_the_same_hand(store: StatsStore) -> None:
    answer(store, show(HAND_8), at=T0, off=-2)
    reordered = show(("JC 10C 6H 5S", "JD"))
    answer(store, reordered, at=T0 + 2 * MINUTE, drill_set=drill("big-hands"))
    [entry] = store.scheduled()
    assert entry.reviews == 2
    assert entry.drill_id == "warm-up"  # where it was first missed


def test_crib_and_hand_are_scheduled_apart(store: StatsStore) -> None:
    answer(store, show(CRIB_5, crib=True), at=T0, off=-1)
    answer(store, show(CRIB_5), at=T0, off=-1)
    assert sorted(e.crib for e in store.scheduled()) == [False, True]


def test_plays_and_catch_questions_are_not_scheduled(store: StatsStore) -> None:
    pegging, catch = drill("pegging"), drill("catch")
    for d, q in (
        (pegging, PlayQuestion(1, 7, deal_play(7))),
        (catch, make_question(catch, 1, 11)),
    ):
        clock = FakeClock(wall=T0)
        session = QuizSession(d, random.Random(0), clock=clock, now=clock.now, questions=[q])
        session.next_question()
        attempt = session.time_out()  # wrong, as it happens
        assert attempt is not None
        store.record(attempt)
    assert store.attempt_count() == 2
    assert store.scheduled() == []


def test_due_order_and_limit(store: StatsStore) -> None:
    answer(store, show(HAND_8), at=T0 + MINUTE, off=-2)
    answer(store, show(HAND_29), at=T0, off=-2)
    later = T0 + timedelta(hours=1)
    assert [d.key for d in store.due(later)] == [
        "hand:5S 5H 5C JD|5D",
        "hand:5S 6H 10C JC|JD",
    ]
    assert len(store.due(later, limit=1)) == 1
    assert store.due_count(later) == 2


def test_review_drill_re_drills_due_hands(store: StatsStore) -> None:
    answer(store, show(HAND_29), at=T0, off=-2)
    answer(store, show(CRIB_5, crib=True), at=T0, off=-1)
    now = T0 + timedelta(hours=1)
    questions = review_questions(store.due(now, limit=REDRILL_HANDS))
    # Due at the same moment: in key order, cribs first.
    assert [(q.kind, q.actual) for q in questions] == [("crib", 5), ("hand", 29)]
    assert [q.number for q in questions] == [1, 2]

    redrill = review_drill()
    assert (redrill.id, redrill.claim, redrill.muggins, redrill.source) == (
        "review",
        "total",
        "acc",
        "review",
    )
    clock = FakeClock(wall=now)
    session = QuizSession(
        redrill, random.Random(0), clock=clock, now=clock.now, questions=questions
    )
    while (q := session.next_question()) is not None:
        clock.advance(10)
        attempt = session.answer(TotalClaim(q.actual))
        assert attempt is not None
        assert attempt.drill.id == "review"
        store.record(attempt)
    assert store.due_count(now + timedelta(seconds=30)) == 0
    assert all(e.reviews == 2 for e in store.scheduled())
    assert store.report("review").overall.attempts == 2


def test_rebuilt_schedule_matches_the_live_one(store: StatsStore, tmp_path: Path) -> None:
    from trainer.history.exchange import export_records, import_records

    answer(store, show(HAND_8), at=T0, off=-2)
    answer(store, show(HAND_8), at=T0 + 2 * MINUTE)
    answer(store, show(HAND_29), at=T0 + 3 * MINUTE, off=1)
    answer(store, show(HAND_8), at=T0 + 20 * MINUTE, seconds=30)
    with StatsStore(tmp_path / "copy.sqlite3") as copy:
        assert import_records(copy, export_records(store)) == (4, 0)
        assert copy.scheduled() == store.scheduled()
