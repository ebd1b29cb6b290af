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
from typing import Literal

from trainer.cards import Card
from trainer.dealing import Deal, PlayDeal, deal_play
from trainer.drill import DrillSet
from trainer.miscount import OpponentClaim, opponent_claim
from trainer.muggins import (
    AnnounceClaim,
    CallResult,
    ClaimError,
    Outcome,
    TotalClaim,
    Verdict,
    call_muggins,
    judge,
)
from trainer.scoring import Breakdown, Item, score_show

QuestionKind = Literal["hand", "crib", "play", "catch"]

_CATCH_SALT = 0x5EED_CA7C
"""Mixed into a catch question's seed so the opponent's claim has its own stream."""


@dataclass(frozen=True)
class CatchAnswer:
    """An answer to an opponent's count: accept it, call "muggins for X", or say "too many"."""

    call: int | None = None
    too_many: bool = False

    def __post_init__(self) -> None:
        if self.call is not None and self.too_many:
            raise ClaimError("answer either muggins for X or too many, not both")
        if self.call is not None and (isinstance(self.call, bool) or self.call < 1):
            raise ClaimError(f"muggins is called for at least 1 point, got {self.call!r}")

    def __str__(self) -> str:
        if self.call is not None:
            return f"muggins for {self.call}"
        return "too many" if self.too_many else "accept"


Answer = TotalClaim | AnnounceClaim | CatchAnswer | None
"""What the player answered; ``None`` is a time-out (a claim of nothing)."""


@dataclass(frozen=True)
class Question:
    """One thing to count: a show (hand or crib), a moment of the play, or an opponent's count."""

    number: int
    kind: QuestionKind
    seed: int
    deal: Deal | None = None
    breakdown: Breakdown | None = None
    play: PlayDeal | None = None
    opponent: OpponentClaim | None = None

    @property
    def actual(self) -> int:
        """The true points: the show's total, or what the laid card pegs."""
        if self.play is not None:
            return self.play.points
        assert self.breakdown is not None
        return self.breakdown.total


def make_question(drill: DrillSet, number: int, seed: int) -> Question:
    """The question ``seed`` gives in ``drill``: the same seed always gives the same question."""
    if drill.kind == "play":
        return Question(number, "play", seed, play=deal_play(seed))
    deal = drill.replay(seed)
    breakdown = score_show(deal.hand, deal.starter, crib=deal.crib)
    if drill.kind == "catch":
        rng = random.Random(seed ^ _CATCH_SALT)
        claim = opponent_claim(breakdown, rng, error_rate=drill.opponent_errors)
        return Question(number, "catch", seed, deal, breakdown, opponent=claim)
    return Question(number, "crib" if deal.crib else "hand", seed, deal, breakdown)


def question_from_cards(
    number: int, hand: Sequence[Card], starter: Card, *, crib: bool, seed: int = 0
) -> Question:
    """A show question for given cards (a stored hand coming back for review)."""
    deal = Deal(tuple(hand), starter, crib, seed)
    breakdown = score_show(deal.hand, starter, crib=crib)
    return Question(number, "crib" if crib else "hand", seed, deal, breakdown)


@dataclass(frozen=True)
class Attempt:
    """One judged answer, with everything the stats store keeps about it."""

    drill_id: str
    drill_name: str
    session_id: str
    variant: str
    policy: str
    number: int
    kind: QuestionKind
    seed: int
    hand: tuple[Card, ...]
    starter: Card | None
    crib: bool
    answer: Answer
    answer_text: str
    claimed: int
    actual: int
    outcome: Outcome
    kept: int
    opponent: int
    missed_points: int
    excess_points: int
    missed: tuple[Item, ...]
    categories: dict[str, int]
    seconds: float
    timed_out: bool
    at: datetime
    verdict: Verdict | None = None
    call: CallResult | None = None
    opponent_claim: OpponentClaim | None = None
    play: PlayDeal | None = None

    @property
    def exact(self) -> bool:
        return self.outcome == "exact"

    @property
    def error(self) -> int:
        """How far the answer was from the truth: points missed plus points wrongly claimed;
        a wrong answer that moves no points (a wrong "too many") counts as 1."""
        off = self.missed_points + self.excess_points
        return off if off or self.exact else 1


@dataclass(frozen=True)
class Summary:
    """The end of a drill: how many, how exact, how fast, what muggins took."""

    hands: int
    exact: int
    points_kept: int
    points_mugged: int
    timed_out: int
    best_streak: int
    mean_seconds: float
    mean_error: float

    @property
    def accuracy(self) -> float:
        """Share of exact answers (0 for an empty drill)."""
        return self.exact / self.hands if self.hands else 0.0


def summarise(attempts: list[Attempt]) -> Summary:
    """The summary numbers of a list of attempts."""
    streak = best = 0
    for a in attempts:
        streak = streak + 1 if a.exact else 0
        best = max(best, streak)
    n = len(attempts)
    return Summary(
        hands=n,
        exact=sum(a.exact for a in attempts),
        points_kept=sum(a.kept for a in attempts),
        points_mugged=sum(a.opponent for a in attempts),
        timed_out=sum(a.timed_out for a in attempts),
        best_streak=best,
        mean_seconds=sum(a.seconds for a in attempts) / n if n else 0.0,
        mean_error=sum(a.error for a in attempts) / n if n else 0.0,
    )


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
        attempt = self._judge(question, answer, seconds, timed_out)
        self.attempts.append(attempt)
        self.current = None
        return attempt

    def summary(self) -> Summary:
        return summarise(self.attempts)

    # ------------------------------------------------------------ judging

    def _judge(self, q: Question, answer: Answer, seconds: float, timed_out: bool) -> Attempt:
        if q.kind == "play":
            return self._judge_play(q, answer, seconds, timed_out)
        if q.kind == "catch":
            return self._judge_catch(q, answer, seconds, timed_out)
        if isinstance(answer, CatchAnswer):
            raise ClaimError("this question wants a count, not an answer to an opponent")
        assert q.breakdown is not None
        verdict = judge(answer, q.breakdown, self.drill.muggins, nineteen=self.drill.nineteen)
        return self._attempt(
            q,
            answer,
            _answer_text(answer, verdict),
            claimed=verdict.claimed,
            outcome=verdict.outcome,
            kept=verdict.kept,
            opponent=verdict.opponent,
            missed_points=verdict.missed_points,
            excess_points=verdict.excess_points,
            missed=verdict.missed,
            seconds=seconds,
            timed_out=timed_out,
            verdict=verdict,
        )

    def _judge_play(self, q: Question, answer: Answer, seconds: float, timed_out: bool) -> Attempt:
        if answer is not None and not isinstance(answer, TotalClaim):
            raise ClaimError("a pegging question is answered with the points the card scores")
        claimed = 0 if answer is None else answer.points
        actual = q.actual
        # Pegging is scored automatically: muggins never applies to the play.
        return self._attempt(
            q,
            answer,
            _answer_text(answer, None),
            claimed=claimed,
            outcome=_compare(claimed, actual),
            kept=actual,
            opponent=0,
            missed_points=max(0, actual - claimed),
            excess_points=max(0, claimed - actual),
            missed=(),
            seconds=seconds,
            timed_out=timed_out,
        )

    def _judge_catch(self, q: Question, answer: Answer, seconds: float, timed_out: bool) -> Attempt:
        if answer is not None and not isinstance(answer, CatchAnswer):
            raise ClaimError("answer an opponent's count by accepting it or calling muggins")
        reply = answer or CatchAnswer()
        assert q.opponent is not None
        assert q.breakdown is not None
        said, actual = q.opponent.claimed, q.breakdown.total
        available = max(0, actual - said)
        call = None
        kept = opponent = slipped = 0
        if reply.call is not None:
            call = call_muggins(said, q.breakdown, reply.call)
            kept, opponent = call.caller_points, call.opponent_points
            outcome = _compare(reply.call, available) if call.correct else "over"
        elif reply.too_many:
            outcome = "exact" if said > actual else "over"
        elif said > actual:
            outcome = "under"  # accepted an overcount: the opponent pegs points not there
            opponent = said - actual
            slipped = said - actual
        else:
            outcome = "exact" if said == actual else "under"
        return self._attempt(
            q,
            answer,
            _answer_text(reply, None) if answer is not None else "(time out)",
            claimed=reply.call or 0,
            outcome=outcome,
            kept=kept,
            opponent=opponent,
            missed_points=max(0, available - kept) + slipped,
            excess_points=max(0, (reply.call or 0) - available),
            missed=(),
            seconds=seconds,
            timed_out=timed_out,
            call=call,
            actual=available,
        )

    def _attempt(
        self,
        q: Question,
        answer: Answer,
        text: str,
        *,
        claimed: int,
        outcome: Outcome,
        kept: int,
        opponent: int,
        missed_points: int,
        excess_points: int,
        missed: tuple[Item, ...],
        seconds: float,
        timed_out: bool,
        verdict: Verdict | None = None,
        call: CallResult | None = None,
        actual: int | None = None,
    ) -> Attempt:
        if q.play is not None:
            hand: tuple[Card, ...] = (*q.play.before, q.play.card)
            starter = None
            crib = False
            categories: dict[str, int] = {i.kind: i.points for i in q.play.items}
        else:
            assert q.deal is not None
            assert q.breakdown is not None
            hand, starter, crib = q.deal.hand, q.deal.starter, q.deal.crib
            categories = q.breakdown.category_totals()
        return Attempt(
            drill_id=self.drill.id,
            drill_name=self.drill.name,
            session_id=self.session_id,
            variant=self.drill.variant,
            policy=self.drill.muggins,
            number=q.number,
            kind=q.kind,
            seed=q.seed,
            hand=hand,
            starter=starter,
            crib=crib,
            answer=answer,
            answer_text=text,
            claimed=claimed,
            actual=q.actual if actual is None else actual,
            outcome=outcome,
            kept=kept,
            opponent=opponent,
            missed_points=missed_points,
            excess_points=excess_points,
            missed=missed,
            categories=categories,
            seconds=round(seconds, 3),
            timed_out=timed_out,
            at=self.now(),
            verdict=verdict,
            call=call,
            opponent_claim=q.opponent,
            play=q.play,
        )


def _compare(claimed: int, actual: int) -> Outcome:
    if claimed == actual:
        return "exact"
    return "under" if claimed < actual else "over"


def _answer_text(answer: Answer, verdict: Verdict | None) -> str:
    """The answer as the player gave it, for review lists."""
    if answer is None:
        return "(time out)"
    if isinstance(answer, TotalClaim):
        return "nineteen" if verdict is not None and verdict.nineteen else str(answer.points)
    if isinstance(answer, AnnounceClaim):
        return "; ".join(str(item) for item in answer.items) or "(nothing)"
    return str(answer)
