"""A quiz session: one run through a drill set, dealing, timing and judging each answer.

`QuizSession` deals the drill's questions from an injected `random.Random`,
keeps time with an injected clock (per-hand and whole-drill limits), judges
each answer, and produces an `Attempt` (everything the stats store records)
and, at the end, a `Summary`. No Textual here: the UI drives it.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from trainer.drills.model import DrillSet
from trainer.judge.catch import judge_catch
from trainer.judge.claims import Answer, CatchAnswer, ClaimError, TotalClaim
from trainer.judge.outcome import Judgement
from trainer.judge.play import judge_play
from trainer.judge.verdict import judge
from trainer.quiz.attempt import Attempt, Summary, summarise
from trainer.quiz.questions import CatchQuestion, PlayQuestion, Question, make_question


def judge_answer(drill: DrillSet, question: Question, answer: Answer) -> Judgement:
    """Judge an answer to a question of ``drill`` under its rules; `ClaimError` if the answer
    is not the kind the question asks for."""
    if isinstance(question, PlayQuestion):
        if answer is not None and not isinstance(answer, TotalClaim):
            raise ClaimError("a pegging question is answered with the points the card scores")
        return judge_play(answer, question.play.score)
    if isinstance(question, CatchQuestion):
        if answer is not None and not isinstance(answer, CatchAnswer):
            raise ClaimError("answer an opponent's count by accepting it or calling muggins")
        return judge_catch(question.opponent, question.breakdown, answer)
    if isinstance(answer, CatchAnswer):
        raise ClaimError("this question wants a count, not an answer to an opponent")
    return judge(answer, question.breakdown, drill.muggins, nineteen=drill.nineteen)


@dataclass
class QuizSession:
    """One pass through a drill: ``next_question``, then ``answer`` (or ``time_out``), repeat.

    ``clock`` returns seconds (monotonic); ``now`` the wall-clock time stamped
    on each attempt. A drill with a fixed ``seed`` ignores ``rng``'s state, so
    it deals the same questions every time. Given ``questions`` (a re-drill of
    stored hands), the session asks those, in order, instead of dealing.
    """

    drill: DrillSet
    rng: random.Random
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    questions: Sequence[Question] | None = None
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    attempts: list[Attempt] = field(default_factory=list)
    current: Question | None = None
    _asked: int = 0
    _started: float | None = None
    _question_started: float = 0.0
    _over: bool = False

    def __post_init__(self) -> None:
        if self.drill.seed is not None:
            self.rng = random.Random(self.drill.seed)

    # ------------------------------------------------------------ time

    def elapsed(self) -> float:
        """Seconds since the first question was dealt."""
        return 0.0 if self._started is None else self.clock() - self._started

    def hand_seconds_left(self) -> float | None:
        """Seconds left for the current question, or None without a per-hand limit."""
        limit = self.drill.per_hand_seconds
        if limit is None or self.current is None:
            return None
        return max(0.0, limit - (self.clock() - self._question_started))

    def drill_seconds_left(self) -> float | None:
        """Seconds left on the whole-drill clock, or None without one."""
        limit = self.drill.total_seconds
        if limit is None:
            return None
        return max(0.0, limit - self.elapsed())

    @property
    def finished(self) -> bool:
        """No more questions: all hands asked and answered, or the drill's clock ran out."""
        if self._over:
            return True
        limit = self.drill.total_seconds
        if limit is not None and self._started is not None and self.elapsed() >= limit:
            return True
        hands = self.drill.hands if self.questions is None else len(self.questions)
        return hands is not None and self._asked >= hands and self.current is None

    # ------------------------------------------------------------ flow

    def next_question(self) -> Question | None:
        """Deal the next question (or return the one still open); None when the drill is over."""
        if self.current is not None:
            return self.current
        if self.finished:
            return None
        if self._started is None:
            self._started = self.clock()
        self._asked += 1
        if self.questions is not None:
            self.current = replace(self.questions[self._asked - 1], number=self._asked)
        else:
            self.current = make_question(self.drill, self._asked, self.rng.getrandbits(63))
        self._question_started = self.clock()
        return self.current

    def stop(self) -> None:
        """End the drill now (the player quit); the open question is dropped, not recorded."""
        self.current = None
        self._over = True

    def time_out(self) -> Attempt | None:
        """The per-hand clock ran out: record the open question as a claim of nothing."""
        return self.answer(None)

    def answer(self, answer: Answer) -> Attempt | None:
        """Judge ``answer`` to the open question and return the attempt.

        An answer after the per-hand limit counts as a time-out. An answer
        after the whole-drill clock has run out is not counted (returns None):
        the blitz is over.
        """
        question = self.current
        if question is None:
            raise ClaimError("there is no open question to answer")
        now = self.clock()
        total = self.drill.total_seconds
        if total is not None and self._started is not None and now - self._started >= total:
            self.current = None
            self._over = True
            return None
        seconds = now - self._question_started
        limit = self.drill.per_hand_seconds
        timed_out = answer is None or (limit is not None and seconds > limit)
        if timed_out:
            answer = None
        attempt = Attempt(
            drill=self.drill,
            session_id=self.session_id,
            question=question,
            answer=answer,
            judgement=judge_answer(self.drill, question, answer),
            seconds=round(seconds, 3),
            timed_out=timed_out,
            at=self.now(),
        )
        self.attempts.append(attempt)
        self.current = None
        return attempt

    @property
    def time_up(self) -> bool:
        """The whole-drill clock has run out."""
        limit = self.drill.total_seconds
        return limit is not None and self._started is not None and self.elapsed() >= limit

    def summary(self) -> Summary:
        return summarise(self.attempts, time_up=self.time_up)
