"""One judged answer (`Attempt`), and the numbers of a run through a drill (`Summary`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from trainer.drills.model import DrillSet
from trainer.judge.claims import Answer, answer_text
from trainer.judge.discard import DiscardVerdict
from trainer.judge.outcome import Judgement, Outcome, error
from trainer.judge.verdict import Verdict
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    QuestionKind,
)
from trainer.rules.cards import Card
from trainer.rules.show import Item


@dataclass(frozen=True, slots=True)
class SpokenTimes:
    """A count said aloud: seconds of speech to its first word and to its end."""

    first_word: float
    end: float

    def to_data(self) -> dict[str, float]:
        return {"first_word": round(self.first_word, 2), "end": round(self.end, 2)}


@dataclass(frozen=True)
class Attempt:
    """One judged answer: the drill and session it belongs to, the question, the answer,
    its judgement and its timing. Everything else is read from those."""

    drill: DrillSet
    session_id: str
    question: Question
    answer: Answer
    judgement: Judgement
    seconds: float
    timed_out: bool
    at: datetime
    spoken: SpokenTimes | None = None
    """How fast the count was said, when it was said aloud."""

    @property
    def number(self) -> int:
        return self.question.number

    @property
    def kind(self) -> QuestionKind:
        return self.question.kind

    @property
    def outcome(self) -> Outcome:
        return self.judgement.outcome

    @property
    def exact(self) -> bool:
        return self.judgement.outcome == "exact"

    @property
    def error(self) -> int:
        """Points missed plus points wrongly claimed (1 for a wrong answer that moves none)."""
        j = self.judgement
        return error(j.missed_points, j.excess_points, exact=self.exact)

    @property
    def loss(self) -> float | None:
        """Points a hand a throw lost against the best (discard drills only)."""
        j = self.judgement
        return j.loss if isinstance(j, DiscardVerdict) else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown: the hand or crib cards, the cards laid since the reset, or the
        cards dealt to throw from."""
        q = self.question
        if isinstance(q, PlayQuestion):
            return q.play.laid
        if isinstance(q, DiscardQuestion):
            return q.deal.dealt
        return q.deal.hand

    @property
    def starter(self) -> Card | None:
        q = self.question
        return None if isinstance(q, PlayQuestion | DiscardQuestion) else q.deal.starter

    @property
    def crib(self) -> bool:
        """A crib counted; in a discard drill, the crib is the player's."""
        q = self.question
        if isinstance(q, DiscardQuestion):
            return q.deal.own_crib
        return False if isinstance(q, PlayQuestion) else q.deal.crib

    @property
    def missed(self) -> tuple[Item, ...]:
        """The combinations known to be missed (an announced count or a time-out)."""
        j = self.judgement
        return j.missed if isinstance(j, Verdict) else ()

    @property
    def answer_text(self) -> str:
        """The answer as the player gave it, for lists."""
        j = self.judgement
        return answer_text(self.answer, nineteen=isinstance(j, Verdict) and j.nineteen)

    @property
    def truth_text(self) -> str:
        """The truth the answer is judged against, for lists: ``the hand is 14``."""
        q = self.question
        if isinstance(q, PlayQuestion):
            return f"the card pegs {q.play.points}"
        if isinstance(q, DiscardQuestion):
            best = q.throws[0]
            return f"best throw {' '.join(str(c) for c in best.throw)}, net {best.net:.2f}"
        what, total = q.breakdown.what, q.breakdown.total
        if isinstance(q, CatchQuestion):
            return f"they said {q.opponent.claimed}; the {what} is {total}"
        return f"the {what} is {total}"

    def categories(self) -> dict[str, int]:
        """Points by category: the show's (fifteens, pairs, ...) or what the card pegs."""
        q = self.question
        if isinstance(q, PlayQuestion):
            return {i.kind: i.points for i in q.play.items}
        if isinstance(q, DiscardQuestion):
            return {}
        return q.breakdown.category_totals()


@dataclass(frozen=True)
class Summary:
    """The end of a drill: how many, how exact, how fast, what muggins took, and the hands
    answered wrong (to list and re-drill)."""

    hands: int
    exact: int
    points_kept: int
    """Points you pegged; in a catch drill, the points your calls took (you mugged)."""
    points_mugged: int
    """Points your opponent took because of your answers."""
    timed_out: int
    best_streak: int
    mean_seconds: float
    mean_error: float
    points_missed: int = 0
    """Points missed: not claimed, or in a catch drill let slip."""
    missed: tuple[Attempt, ...] = ()
    """Every attempt not exact, in the order asked."""
    time_up: bool = False
    """The whole-drill clock ran out (a blitz ends so)."""
    points_lost: float = 0.0
    """In a discard drill, the points a hand the throws lost against the best, summed."""

    @property
    def accuracy(self) -> float:
        """Share of exact answers (0 for an empty drill)."""
        return self.exact / self.hands if self.hands else 0.0


def summarise(attempts: Sequence[Attempt], *, time_up: bool = False) -> Summary:
    """The summary of a list of attempts (``time_up``: the drill's clock ran out)."""
    streak = best = 0
    for a in attempts:
        streak = streak + 1 if a.exact else 0
        best = max(best, streak)
    n = len(attempts)
    return Summary(
        hands=n,
        exact=sum(a.exact for a in attempts),
        points_kept=sum(a.judgement.kept for a in attempts),
        points_mugged=sum(a.judgement.opponent for a in attempts),
        timed_out=sum(a.timed_out for a in attempts),
        best_streak=best,
        mean_seconds=sum(a.seconds for a in attempts) / n if n else 0.0,
        mean_error=sum(a.error for a in attempts) / n if n else 0.0,
        points_missed=sum(a.judgement.missed_points for a in attempts),
        missed=tuple(a for a in attempts if not a.exact),
        time_up=time_up,
        points_lost=sum(a.loss or 0.0 for a in attempts),
    )
