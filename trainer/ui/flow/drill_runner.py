"""The drill loop as plain Python: start a drill, ask, judge, record, sum up, repeat.

The app forwards what the player does and shows the step the runner returns:
a question to ask, an answer to reveal, a drill's summary, or nothing (home).
The runner keeps the session and the best to beat. Each answer judged is handed
to a `trainer.history.writing.recorder.Recorder`, which writes it in a thread of its own
(never on the UI thread), in order, retrying until it is written: answers judged
while another program holds the history wait there and are never dropped. The
recorder is made when the history is open (its modules are loaded then, not at
start); answers judged before that wait in order and go to it first, and are kept
meanwhile in a file beside where the history is (`EarlyAnswers`), so a crash before it
opens loses at most the hand on screen.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final

from trainer.settings import Settings

# The quiz, the judge and the coach are imported when a drill starts, not with the app:
# home's first frame needs none of them.
if TYPE_CHECKING:
    from trainer.drills.model import DrillSet
    from trainer.history.reading import KindStats
    from trainer.history.writing import Notice, Recorder, Unsaved
    from trainer.judge.claims import Answer, TotalClaim
    from trainer.judge.verdict import Verdict
    from trainer.quiz.attempt import Attempt, SpokenTimes, Summary
    from trainer.quiz.questions import Appraiser, Question
    from trainer.quiz.session import QuizSession
    from trainer.ui.flow.early_answers import EarlyAnswers
    from trainer.ui.flow.history import History


@dataclass(frozen=True)
class Ask:
    """Ask this question of the running drill."""

    session: QuizSession
    question: Question


@dataclass(frozen=True)
class Reveal:
    """Show the truth of this judged answer."""

    attempt: Attempt
    rarity: str
    second: TotalClaim | None = None
    """The second count, in a drill that allows one (``second_tried``)."""
    second_tried: bool = False
    session: QuizSession | None = None
    """The drill's session, whose clocks stop while a screen is over the reveal."""


@dataclass(frozen=True)
class Retry:
    """A wrong total in a drill that allows a second try: say which way it is off and let
    the player count again (the first count stands, judged and recorded)."""

    reveal: Reveal
    hint: str


@dataclass(frozen=True)
class Done:
    """The drill is over: its summary, and the best it had to beat."""

    drill: DrillSet
    summary: Summary
    previous_best: int | None


Step = Ask | Reveal | Retry | Done | None
"""What to show next; None is home (a drill left with nothing answered)."""


BEST_WAIT: Final = 0.5
"""How long starting a drill waits for answers still being written, so that its best to
beat counts the drill just played (the best is read at once if they are not written)."""


@dataclass
class DrillRunner:
    """One drill at a time, judged and handed to the recorder, which writes it to
    ``history`` (until there is one, answers wait in the recorder)."""

    rng: random.Random
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = field(default=lambda: datetime.now().astimezone())
    settings: Settings = field(default_factory=Settings)
    history: History | None = None
    session: QuizSession | None = None
    question: Question | None = None
    previous_best: int | None = None
    notify: Callable[[Notice], object] | None = None
    """Told (from the recorder's thread) when answers start waiting and when they are saved."""
    recorder: Recorder | None = None
    """Writes each answer to the history off the caller's thread, once there is one."""
    waiting: list[Attempt] = field(default_factory=list)
    """Answers judged before the history was open, handed to the recorder when it is."""
    beside: Path | None = None
    """Where the history's file is, or will be made: the answers waiting are kept in a file
    beside it as they come (None: in memory only, as with a history in memory)."""
    early: EarlyAnswers | None = None
    """Keeps the answers waiting in that file (made with the first of them)."""
    retrying: Reveal | None = None
    """The reveal waiting for a second try."""

    def __post_init__(self) -> None:
        if self.history is not None:
            self.connect(self.history)

    def connect(self, history: History) -> None:
        """Use this history from now on: the answers waiting are written to it first (and
        the file they were kept in deleted once they are)."""
        from trainer.history.writing import Recorder  # loaded with the history by now

        self.history = history
        if self.recorder is None:
            self.recorder = Recorder(self.notify)
        early, self.early = self.early, None
        for attempt in self.waiting:
            self.recorder.put(attempt)
        self.waiting = []
        # Their file is known once its last write is done: the recorder's thread waits for it.
        self.recorder.attach(history, early=None if early is None else early.stop)

    def _wait(self, attempt: Attempt) -> None:
        """An answer judged before the history is open: it waits, kept beside it meanwhile."""
        self.waiting.append(attempt)
        if self.beside is not None:
            if self.early is None:
                from trainer.ui.flow.early_answers import EarlyAnswers

                self.early = EarlyAnswers(self.beside)
            self.early.put(attempt)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every answer judged is written; False if ``timeout`` ran out first."""
        return not self.waiting and (self.recorder is None or self.recorder.flush(timeout))

    @property
    def unwritten(self) -> int:
        """How many answers judged are not written to the history yet."""
        return len(self.waiting) + (0 if self.recorder is None else self.recorder.waiting)

    def close(
        self, timeout: float | None = None, *, history: History | None = None
    ) -> Unsaved | None:
        """Stop recording: wait a few seconds (``timeout``, else the recorder's `QUIT_WAIT`)
        for the answers still waiting, and keep those that could not be written in a file
        beside the store; returns what was not saved (None: everything was). ``history``:
        the history opened as the app stopped, never connected: the answers judged before
        it was open are written to it now."""
        from trainer.history.writing import QUIT_WAIT, Recorder, Unsaved

        if self.recorder is None and history is not None:
            self.connect(history)
        if self.recorder is None and self.early is not None:  # never open: they stay kept
            early, self.early = self.early, None
            count, self.waiting = len(self.waiting), []
            kept = early.close()
            reason = "the history was not open"
            if kept is None:
                return Unsaved(count, reason, failure=early.failure or "nothing was written")
            return Unsaved(count, reason, kept=kept)
        if self.recorder is None and not self.waiting:
            return None
        recorder, self.recorder = self.recorder or Recorder(self.notify), None
        for attempt in self.waiting:  # judged before any history was open: none to write to
            recorder.put(attempt)
        self.waiting = []
        return recorder.close(QUIT_WAIT if timeout is None else timeout)

    def prepare(self, drill: DrillSet, kinds: Sequence[KindStats] = ()) -> DrillSet:
        """The drill as it will run: the player's defaults, and if it is the weak-spots
        drill, aimed at the kind of combination they miss most (``kinds``, as last read)."""
        from trainer.practice.weak_spots import aim_at_weak_spots

        drill = drill.with_defaults(self.settings.muggins, self.settings.nineteen)
        return aim_at_weak_spots(drill, kinds) if drill.focus == "weak-spots" else drill

    def begin(self, drill: DrillSet, questions: Sequence[Question] | None = None) -> Step:
        """Start a prepared drill (`prepare`) or a re-drill of ``questions``: its first step."""
        from trainer.quiz.session import QuizSession

        if self.recorder is not None:
            self.recorder.flush(BEST_WAIT)
        self.previous_best = self.history.best(drill) if self.history is not None else None
        self.session = QuizSession(
            drill,
            self.rng,
            clock=self.clock,
            now=self.now,
            questions=None if questions is None else list(questions),
            appraise=discard_values() if drill.kind == "discard" else None,
        )
        return self.next_question()

    def next_question(self) -> Step:
        """The next question, or the summary when the drill is over."""
        session = self._session()
        self.question = session.next_question()
        return self.finish() if self.question is None else Ask(session, self.question)

    def answer(
        self, answer: Answer, *, timed_out: bool = False, spoken: SpokenTimes | None = None
    ) -> Step:
        """Judge and record an answer to the open question (``spoken``: said aloud, this
        fast): its reveal, or the summary if the drill's clock ran out first."""
        from trainer.judge.claims import TotalClaim
        from trainer.judge.verdict import Verdict

        attempt = self._session().answer(answer, timed_out=timed_out, spoken=spoken)
        if attempt is None:
            return self.finish()
        if self.recorder is None:
            self._wait(attempt)
        else:
            self.recorder.put(attempt)
        reveal = Reveal(attempt, rarity(attempt.question), session=self.session)
        j = attempt.judgement
        if (
            attempt.drill.second_try
            and isinstance(answer, TotalClaim)
            and isinstance(j, Verdict)
            and not (j.exact or attempt.timed_out)
        ):
            self.retrying = reveal
            return Retry(reveal, retry_prompt(j))
        return reveal

    def second_try(self, answer: TotalClaim | None) -> Step:
        """The player's second count after `Retry` (None: they passed): the reveal, saying
        whether it was right. The first count stays the one judged."""
        reveal, self.retrying = self.retrying, None
        if reveal is None:
            raise RuntimeError("no second try is open")
        return replace(reveal, second=answer, second_tried=True)

    def finish(self) -> Step:
        """End the drill: its summary, or home if nothing was answered."""
        session = self.session
        if session is None:
            return None
        session.stop()
        if not session.attempts:
            return None
        return Done(session.drill, session.summary(), self.previous_best)

    def repeat(self) -> Step:
        """Run the drill just finished again (the same questions, for a re-drill)."""
        session = self._session()
        return self.begin(session.drill, session.questions)

    def redrill_missed(self) -> Step:
        """Run exactly the questions answered wrong in the drill just finished, in order
        (with none wrong, its summary again)."""
        session = self._session()
        missed = [a.question for a in session.attempts if not a.exact]
        if not missed:
            return Done(session.drill, session.summary(), self.previous_best)
        return self.begin(session.drill, missed)

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


def retry_prompt(verdict: Verdict) -> str:
    """What a second try is told: which way the count is off, not by how much (that would
    give the answer away; the reveal says it after)."""
    more = "there is more in it" if verdict.claimed < verdict.actual else "that is too many"
    return f"Not {verdict.claimed}: {more}. Count again, or press Enter to see the breakdown."


def discard_values() -> Appraiser:
    """The coach's discard advice for a discard drill (loaded when one starts, not before)."""
    from trainer.game.coach.discard_drill import appraise

    return appraise


def rarity(question: Question) -> str:
    """How rare the question's score is among all deals ("" for the play and discards)."""
    from trainer.quiz.questions import DiscardQuestion, PlayQuestion
    from trainer.rules import odds

    if isinstance(question, PlayQuestion | DiscardQuestion):
        return ""
    b = question.breakdown
    return odds.rarity(b.total, len(b.hand), b.crib)
