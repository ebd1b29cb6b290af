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
from trainer.judge.claims import (
    AnnounceClaim,
    Answer,
    CatchAnswer,
    ClaimError,
    ThrowAnswer,
    TotalClaim,
)
from trainer.judge.discard import judge_discard
from trainer.judge.outcome import Judgement
from trainer.judge.play import judge_play
from trainer.judge.verdict import judge
from trainer.quiz.attempt import Attempt, SpokenTimes, Summary, summarise
from trainer.quiz.questions import (
    Appraiser,
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    make_question,
)


def judge_answer(
    drill: DrillSet, question: Question, answer: Answer, *, timed_out: bool = False
) -> Judgement:
    """Judge an answer to a question of ``drill`` under its rules; `ClaimError` if the answer
    is not the kind the question asks for. An announcement cut off by the clock
    (``timed_out``) is judged on what it claimed."""
    if isinstance(question, PlayQuestion):
        if answer is not None and not isinstance(answer, TotalClaim):
            raise ClaimError("a pegging question is answered with the points the card scores")
        return judge_play(answer, question.play.score)
    if isinstance(question, DiscardQuestion):
        if answer is not None and not isinstance(answer, ThrowAnswer):
            raise ClaimError("a discard question is answered with the cards you throw")
        return judge_discard(answer, question.throws)
    if isinstance(answer, ThrowAnswer):
        raise ClaimError("this question wants a count, not a throw")
    if isinstance(question, CatchQuestion):
        if answer is not None and not isinstance(answer, CatchAnswer):
            raise ClaimError("answer an opponent's count by accepting it or calling muggins")
        return judge_catch(question.opponent, question.breakdown, answer)
    if isinstance(answer, CatchAnswer):
        raise ClaimError("this question wants a count, not an answer to an opponent")
    return judge(
        answer, question.breakdown, drill.muggins, nineteen=drill.nineteen, timed_out=timed_out
    )


@dataclass
class QuizSession:
    """One pass through a drill: ``next_question``, then ``answer`` (or ``time_out``), repeat.

    ``clock`` returns seconds (monotonic); ``now`` the wall-clock time stamped
    on each attempt. A drill with a fixed ``seed`` ignores ``rng``'s state, so
    it deals the same questions every time. Given ``questions`` (a re-drill of
    stored hands), the session asks those, in order, instead of dealing.
    `pause` and `resume` stop both clocks while the player is away from the question.
    """

    drill: DrillSet
    rng: random.Random
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    questions: Sequence[Question] | None = None
    appraise: Appraiser | None = None
    """Values a discard drill's throws (`trainer.game.coach.discard_drill.appraise`)."""
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    attempts: list[Attempt] = field(default_factory=list)
    current: Question | None = None
    _asked: int = 0
    _started: float | None = None
    _question_started: float = 0.0
    _over: bool = False
    _paused_at: float | None = None

    def __post_init__(self) -> None:
        if self.drill.seed is not None:
            self.rng = random.Random(self.drill.seed)

    # ------------------------------------------------------------ time

    def pause(self) -> None:
        """Stop both clocks (the player is reading help, stats, ...); `resume` restarts them
        where they stopped. Pausing a paused session does nothing."""
        if self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self) -> None:
        """Start the clocks again after `pause`, the paused time not counted."""
        if self._paused_at is None:
            return
        gap = self.clock() - self._paused_at
        self._paused_at = None
        if self._started is not None:
            self._started += gap
        self._question_started += gap

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def _time(self) -> float:
        """The clock as the drill counts it: standing still while paused."""
        return self.clock() if self._paused_at is None else self._paused_at

    def elapsed(self) -> float:
        """Seconds since the first question was dealt (paused time not counted)."""
        return 0.0 if self._started is None else self._time() - self._started

    def hand_seconds_left(self) -> float | None:
        """Seconds left for the current question, or None without a per-hand limit."""
        limit = self.drill.per_hand_seconds
        if limit is None or self.current is None:
            return None
        return max(0.0, limit - (self._time() - self._question_started))

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
            self._started = self._time()
        self._asked += 1
        if self.questions is not None:
            self.current = replace(self.questions[self._asked - 1], number=self._asked)
        else:
            self.current = make_question(
                self.drill, self._asked, self.rng.getrandbits(63), appraise=self.appraise
            )
        self._question_started = self._time()
        return self.current

    def stop(self) -> None:
        """End the drill now (the player quit); the open question is dropped, not recorded."""
        self.current = None
        self._over = True

    def time_out(self, claimed: AnnounceClaim | None = None) -> Attempt | None:
        """The per-hand clock ran out: record the open question with what was claimed by
        then (an announcement so far), or as a claim of nothing."""
        return self.answer(claimed, timed_out=True)

    def answer(
        self, answer: Answer, *, timed_out: bool = False, spoken: SpokenTimes | None = None
    ) -> Attempt | None:
        """Judge ``answer`` to the open question and return the attempt.

        An answer after the per-hand limit counts as a time-out: a total or a reply
        is then a claim of nothing, an announcement is judged on what it claimed.
        An answer after the whole-drill clock has run out is not counted (returns
        None): the blitz is over.
        """
        question = self.current
        if question is None:
            raise ClaimError("there is no open question to answer")
        now = self._time()
        total = self.drill.total_seconds
        if total is not None and self._started is not None and now - self._started >= total:
            self.current = None
            self._over = True
            return None
        seconds = now - self._question_started
        limit = self.drill.per_hand_seconds
        late = limit is not None and seconds > limit
        timed_out = timed_out or answer is None or late
        if timed_out and not isinstance(answer, AnnounceClaim):
            answer = None
        attempt = Attempt(
            drill=self.drill,
            session_id=self.session_id,
            question=question,
            answer=answer,
            judgement=judge_answer(self.drill, question, answer, timed_out=timed_out),
            seconds=round(seconds, 3),
            timed_out=timed_out,
            at=self.now(),
            spoken=spoken,
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
