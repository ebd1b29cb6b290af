"""The drills in plain mode: a numbered list of the drill sets, then each question as
lines of text and the answer typed after it, judged and recorded by the app's own
`DrillRunner`; ``q`` leaves a drill (its answers are kept), and the list again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from trainer.drills.loader import DrillEntry
from trainer.drills.model import DrillSet
from trainer.game.session import GameSession
from trainer.judge.claims import (
    AnnounceClaim,
    Answer,
    ClaimError,
    ThrowAnswer,
    TotalClaim,
    parse_catch_answer,
    parse_total_claim,
)
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
)
from trainer.ui.flow.drill_runner import Ask, Done, DrillRunner, Retry, Reveal, Step
from trainer.ui.plain.text import QUIT, question_lines, reveal_lines, said_count


class Left:
    """The player left the drill (typed q)."""


LEFT = Left()


class PlainDrills:
    """The drills as lines: ``read`` gives the player's next line (None: input ended),
    ``out`` takes what is written."""

    def __init__(
        self,
        entries: Sequence[DrillEntry],
        runner: DrillRunner,
        read: Callable[[], str | None],
        out: TextIO,
        game: Callable[[bool], GameSession | None] | None = None,
    ) -> None:
        self.drills = [e.drill for e in entries if e.drill is not None]
        self.runner, self.read, self.out = runner, read, out
        self.game = game
        """A new game as last chosen (False), or the saved one resumed (True: None if there
        is none); None: no games here."""

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        """Write ``prompt`` on a line of its own, then read the answer (stripped)."""
        self.say(prompt)
        line = self.read()
        return None if line is None else line.strip()

    def run(self, start: DrillSet | None = None) -> None:
        """The list of drills until q (or the end of input); ``start``: that drill first."""
        self.say("Muggins, in plain text. Type your answer after each question, then Enter.")
        if start is not None and not self.drill(start):
            return
        while True:
            self.say("Drill sets:")
            for n, drill in enumerate(self.drills, 1):
                self.say(f"{n}. {drill.name}: {drill.description}")
            games = ", g for a game, c to resume the saved game" if self.game else ""
            chosen = self.ask(f"Choose a drill set, 1 to {len(self.drills)}{games}, or q to quit.")
            if chosen is None or chosen.lower() in QUIT:
                return
            if self.game is not None and chosen.lower() in ("g", "c"):
                if not self.play(resume=chosen.lower() == "c"):
                    return
                continue
            if not chosen.isdigit() or not 1 <= int(chosen) <= len(self.drills):
                self.say(f"There is no drill set {chosen!r}: type a number from the list.")
                continue
            if not self.drill(self.drills[int(chosen) - 1]):
                return

    def play(self, *, resume: bool) -> bool:
        """A game at the table, in lines (`PlainGame`); False when the input ended."""
        from trainer.ui.plain.game import PlainGame

        assert self.game is not None
        try:
            session = self.game(resume)
        except (OSError, ValueError) as err:
            self.say(f"The game could not start: {err}")
            return True
        if session is None:
            self.say("There is no saved game to resume.")
            return True
        return PlainGame(session, self.read, self.out).run()

    def drill(self, drill: DrillSet) -> bool:
        """One drill to its end (or q); False when the input ended."""
        step: Step = self.runner.begin(self.runner.prepare(drill))
        while True:
            if isinstance(step, Ask):
                total = step.session.drill.hands
                place = f"{step.session.drill.name}, {step.question.number} of {total}"
                answered = self.question(step.question, place)
                if answered is None:
                    self.runner.stop()
                    return False
                if isinstance(answered, Left):
                    step = self.runner.finish()
                    self.runner.stop()
                    if isinstance(step, Done):
                        self.summary(step)
                    return True
                step = answered
            elif isinstance(step, Retry):
                self.say(step.hint)
                again = self.ask("Your second count, or Enter to see the breakdown.")
                if again is None:
                    return False
                try:
                    second = TotalClaim(parse_total_claim(again, nineteen=True)) if again else None
                except ClaimError as err:
                    self.say(str(err))
                    second = None
                step = self.runner.second_try(second)
            elif isinstance(step, Reveal):
                self.say(*reveal_lines(step.attempt.question, step.attempt.judgement))
                went_on = self.ask("Enter for the next hand, q to end the drill.")
                if went_on is None:
                    return False
                if went_on.lower() in QUIT:
                    step = self.runner.finish()
                    self.runner.stop()
                    if isinstance(step, Done):
                        self.summary(step)
                    return True
                step = self.runner.next_question()
            elif isinstance(step, Done):
                self.summary(step)
                return True
            else:
                return True

    def question(self, question: Question, place: str) -> Step | Left | None:
        """Ask ``question`` until its answer is one: the runner's next step, `LEFT` (q), or
        None when the input ended."""
        lines = question_lines(question, place)
        self.say(*lines[:-1])
        while True:
            typed = self.ask(lines[-1])
            if typed is None:
                return None
            if typed.lower() in QUIT:
                return LEFT
            try:
                return self.runner.answer(self.answer_of(question, typed))
            except ClaimError as err:
                self.say(f"{err}.".replace("..", "."))

    def answer_of(self, question: Question, typed: str) -> Answer:
        """What ``typed`` answers to ``question``; `ClaimError` when it answers nothing."""
        if isinstance(question, CatchQuestion):
            return parse_catch_answer(typed, len(question.deal.hand))
        if isinstance(question, PlayQuestion):
            return TotalClaim(parse_total_claim(typed, nineteen=False))
        if isinstance(question, DiscardQuestion):
            return self.throw_of(question, typed)
        return self.count_of(question, typed)

    def count_of(self, question: ShowQuestion, typed: str) -> TotalClaim | AnnounceClaim:
        """A show's count: a total, or the count as said (its words, as the voice hears
        them: the same grammar)."""
        nineteen = question.kind in ("hand", "crib")
        if any(ch.isdigit() for ch in typed) or typed.lower() in ("nineteen", "nothing", "zero"):
            size = len(question.deal.hand)
            if typed.lower() in ("nothing", "zero"):
                return TotalClaim(0)
            return TotalClaim(parse_total_claim(typed, nineteen=nineteen, hand_size=size))
        heard = said_count(question.breakdown, typed)
        if heard is None:
            raise ClaimError(
                f"{typed!r} is not a count: type the total, or say it as players do "
                "(fifteen two, fifteen four, and a pair is six)"
            )
        return heard.claim()

    def throw_of(self, question: DiscardQuestion, typed: str) -> ThrowAnswer:
        dealt = question.deal.dealt
        picks = typed.replace(",", " ").split()
        if not all(p.isdigit() and 1 <= int(p) <= len(dealt) for p in picks):
            raise ClaimError(f"type the numbers of the cards to throw, 1 to {len(dealt)}")
        chosen = sorted({int(p) for p in picks})
        if len(chosen) != question.thrown:
            raise ClaimError(f"throw {question.thrown} cards, not {len(chosen)}")
        return ThrowAnswer(tuple(dealt[n - 1] for n in chosen))

    def summary(self, done: Done) -> None:
        s = done.summary
        self.say(
            f"{done.drill.name} is over: {s.exact} of {s.hands} exact.",
        )
