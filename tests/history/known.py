"""A known history, built by real quiz sessions and recorded into a store.

The history (every figure of it is worked out by hand in tests/history/test_reports.py):
- warm-up (total claims, ACC), two sessions on 1 and 2 March 2025:
  29 ✓ 4 s, 9 ✓ 6 s, 9 claimed 5 (under 4) 10 s, 8 claimed 10 (over 2) 12 s;
  then 9 ✓ 5 s, 29 ✓ 3 s, 9 ✓ 7 s.
- count-aloud (announced, ACC), 2 March 18:00: one fifteen missed and one wrong
  fifteen claimed (20 s), a double run announced right (9 s), the 29 timed out (30 s).
- blitz (60 s for the drill), 3 and 4 March: ✓ ✓ ✗(crib claimed 3 of 5) ✓, then ✓ ✓ ✓ ✓, 2 s each.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Literal

from tests.factories import CRIB_5, HAND_8, HAND_9_FLUSH, HAND_9_NOBS, HAND_29, FakeClock
from trainer.drills.loader import builtin_drills_dir, find_drill, load_all
from trainer.drills.model import DrillSet
from trainer.history import StatsStore
from trainer.history.file import SUMMARIES
from trainer.judge.claims import AnnounceClaim, Answer, ClaimedItem, TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import Question, question_from_cards
from trainer.quiz.session import QuizSession
from trainer.rules.cards import parse_card, parse_cards

BASE = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
TIMEOUT: Literal["timeout"] = "timeout"


SUMMARY_TABLES = tuple(
    line.split()[2] for line in SUMMARIES.splitlines() if line.startswith("CREATE TABLE")
)
"""The tables each recorded answer keeps up to date, and a rebuild makes again."""


def drill(name: str) -> DrillSet:
    return find_drill(load_all([(builtin_drills_dir(), True)]), name)


def show(cards: tuple[str, str], *, crib: bool = False) -> Question:
    return question_from_cards(0, parse_cards(cards[0]), parse_card(cards[1]), crib=crib)


Play = tuple[Question, TotalClaim | AnnounceClaim | Literal["timeout"], float]


@dataclass
class History:
    store: StatsStore
    attempts: list[Attempt] = field(default_factory=list)

    def session(self, drill_set: DrillSet, start: datetime, plays: Sequence[Play]) -> None:
        """Run one quiz session over the given questions and record every answer."""
        clock = FakeClock(wall=start)
        session = QuizSession(
            drill_set,
            random.Random(0),
            clock=clock,
            now=clock.now,
            questions=[q for q, _, _ in plays],
            session_id=f"{drill_set.id}-{start:%m%d%H%M}",
        )
        for _, answer, seconds in plays:
            assert session.next_question() is not None
            clock.advance(seconds)
            attempt = session.time_out() if answer == TIMEOUT else session.answer(answer)
            assert attempt is not None
            self.store.record(attempt)
            self.attempts.append(attempt)
        assert session.next_question() is None


def total(points: int) -> TotalClaim:
    return TotalClaim(points)


def item(kind: str, cards: str) -> ClaimedItem:
    return ClaimedItem(kind, parse_cards(cards))


def answered(
    question: Question,
    answer: Answer,
    *,
    drill_id: str = "warm-up",
    at: datetime = datetime(2025, 6, 1, 9, 0, tzinfo=UTC),
    seconds: float = 6.0,
    session_id: str = "s",
) -> Attempt:
    """One answer to ``question`` in a session of the built-in drill ``drill_id``."""
    clock = FakeClock(wall=at - timedelta(seconds=seconds))
    session = QuizSession(
        drill(drill_id),
        random.Random(0),
        clock=clock,
        now=clock.now,
        questions=[question],
        session_id=session_id,
    )
    assert session.next_question() is not None
    clock.advance(seconds)
    attempt = session.time_out() if answer is None else session.answer(answer)
    assert attempt is not None
    return attempt


def build_history(store: StatsStore) -> History:
    """The fixture history described in the module docstring."""
    history = History(store)
    warm, aloud, blitz = drill("warm-up"), drill("count-aloud"), drill("blitz")
    history.session(
        warm,
        BASE,
        [
            (show(HAND_29), total(29), 4.0),
            (show(HAND_9_NOBS), total(9), 6.0),
            (show(HAND_9_FLUSH), total(5), 10.0),
            (show(HAND_8), total(10), 12.0),
        ],
    )
    history.session(
        warm,
        BASE + timedelta(days=1),
        [
            (show(HAND_9_FLUSH), total(9), 5.0),
            (show(HAND_29), total(29), 3.0),
            (show(HAND_9_NOBS), total(9), 7.0),
        ],
    )
    announce_8 = AnnounceClaim(
        (
            item("fifteen", "5S 10C"),
            item("fifteen", "5S JC"),
            item("pair", "JC JD"),
            item("fifteen", "6H 10C"),  # not a fifteen: 16
        )
    )
    announce_9 = AnnounceClaim(
        (
            item("pair", "JH JD"),
            item("run", "JH QD KH"),
            item("run", "JD QD KH"),
            item("nobs", "JH KH"),
        )
    )
    history.session(
        aloud,
        BASE + timedelta(days=1, hours=6),
        [
            (show(HAND_8), announce_8, 20.0),
            (show(HAND_9_NOBS), announce_9, 9.0),
            (show(HAND_29), TIMEOUT, 30.0),
        ],
    )
    history.session(
        blitz,
        BASE + timedelta(days=2, hours=-3),
        [
            (show(HAND_29), total(29), 2.0),
            (show(HAND_8), total(8), 2.0),
            (show(CRIB_5, crib=True), total(3), 2.0),
            (show(HAND_9_NOBS), total(9), 2.0),
        ],
    )
    history.session(
        blitz,
        BASE + timedelta(days=3, hours=-3),
        [
            (show(HAND_29), total(29), 2.0),
            (show(HAND_8), total(8), 2.0),
            (show(HAND_9_FLUSH), total(9), 2.0),
            (show(HAND_9_NOBS), total(9), 2.0),
        ],
    )
    return history
