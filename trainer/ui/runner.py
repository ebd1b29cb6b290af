"""The drill loop as plain Python: start a drill, ask, judge, record, sum up, repeat.

The app forwards what the player does and shows what the runner returns; the
runner keeps the session, the best to beat and the answers that could not be
saved. Answers judged before the history is open wait in order and are
recorded the moment it is.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from trainer.coach.practice import aim_at_weak_spots
from trainer.judge.claims import Answer
from trainer.quiz.attempt import Attempt, Summary
from trainer.quiz.questions import PlayQuestion, Question
from trainer.quiz.session import QuizSession
from trainer.rules import odds
from trainer.settings import Settings

if TYPE_CHECKING:
    from trainer.drills.model import DrillSet
    from trainer.ui.history import History


@dataclass
class DrillRunner:
    """One drill at a time, judged and recorded; ``history`` None keeps no record."""

    rng: random.Random
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = field(default=lambda: datetime.now().astimezone())
    settings: Settings = field(default_factory=Settings)
    history: History | None = None
    session: QuizSession | None = None
    question: Question | None = None
    previous_best: int | None = None
    record_errors: list[str] = field(default_factory=list)
    pending: list[Attempt] = field(default_factory=list)
    """Answers judged before the history was open, recorded when it is (`connect`)."""

    def connect(self, history: History) -> list[str]:
        """Use this history from now on; records what was waiting; returns any errors."""
        self.history = history
        waiting, self.pending = self.pending, []
        return [e for e in (self._record(a) for a in waiting) if e]

    def prepare(self, drill: DrillSet) -> DrillSet:
        """The drill as it will run: the player's defaults, and aimed at their weak spot if it
        is the weak-spots drill (a report of the history: call it off the UI thread)."""
        drill = drill.with_defaults(self.settings.muggins, self.settings.nineteen)
        if drill.focus == "weak-spots" and self.history is not None:
            drill = aim_at_weak_spots(drill, self.history.report())
        return drill

    def begin(
        self, drill: DrillSet, questions: Sequence[Question] | None = None
    ) -> Question | None:
        """Start a prepared drill (`prepare`) or a re-drill of ``questions``: its first question."""
        self.previous_best = self.history.best(drill) if self.history is not None else None
        self.session = QuizSession(
            drill,
            self.rng,
            clock=self.clock,
            now=self.now,
            questions=None if questions is None else list(questions),
        )
        return self.next_question()

    def next_question(self) -> Question | None:
        """The next question, or None when the drill is over."""
        session = self._session()
        self.question = session.next_question()
        return self.question

    def answer(self, answer: Answer) -> tuple[Attempt | None, str | None]:
        """Judge and record an answer to the open question: the attempt (None if the drill's
        clock ran out first) and the error that stopped it being saved, if any."""
        attempt = self._session().answer(answer)
        if attempt is None:
            return None, None
        return attempt, self._record(attempt)

    def _record(self, attempt: Attempt) -> str | None:
        if self.history is None:
            self.pending.append(attempt)
            return None
        try:
            self.history.record(attempt)
        except (OSError, ValueError) as err:
            # Keep drilling: the session still holds the answer for the summary.
            self.record_errors.append(str(err))
            return str(err)
        return None

    def finish(self) -> Summary | None:
        """End the drill; its summary, or None if nothing was answered."""
        session = self._session()
        session.stop()
        return session.summary() if session.attempts else None

    def repeat(self) -> Question | None:
        """Run the drill just finished again (the same questions, for a re-drill)."""
        session = self._session()
        return self.begin(session.drill, session.questions)

    def stop(self) -> None:
        """Leave the drill (its answers are kept)."""
        if self.session is not None:
            self.session.stop()
        self.session = None
        self.question = None

    def _session(self) -> QuizSession:
        if self.session is None:
            raise RuntimeError("no drill is running")
        return self.session


def rarity(question: Question) -> str:
    """How rare the question's score is among all deals ("" for the play)."""
    if isinstance(question, PlayQuestion):
        return ""
    b = question.breakdown
    return odds.rarity(b.total, len(b.hand), b.crib)
