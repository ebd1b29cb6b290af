"""Audio mode (``muggins --audio``): the drills by ear and by voice, the screen not needed.

Each question is read aloud (the cards by name), and only once it has been said does the
trainer listen, so the microphone never hears the trainer. The player says the count (or
what a card pegs, the cards to throw by their places, an opponent's count accepted or
challenged), hears what was heard and says "yes" before it is judged (unless "Judge what
I say at once" is set), then hears the verdict and the count as players say it; "repeat",
"next" and "stop" are said, not typed. What was not heard with confidence is never
judged: the trainer says so and listens again. Every sentence is written too, as plain
mode writes it, for a braille display or a screen reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TextIO

from trainer.judge.claims import Answer, CatchAnswer, ThrowAnswer, TotalClaim
from trainer.quiz.attempt import SpokenTimes
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
)
from trainer.rules.show import MOST_POINTS
from trainer.speech.said import card_words, hand_words, spoken
from trainer.ui.flow.drill_runner import Ask, Done, DrillRunner, Retry, Reveal, Step
from trainer.ui.plain.text import question_lines, reveal_lines
from trainer.voice.commands import (
    ACCEPT,
    AGAIN,
    AGREEING,
    ENDING,
    GOING_ON,
    NEXT,
    REPEAT,
    STOP,
    TOO_MANY,
    YES,
    Commands,
    calls,
    joined,
    numbers,
    pegs,
    phrases,
    throws,
    with_commands,
)
from trainer.voice.graph import Grammar

if TYPE_CHECKING:
    from trainer.drills.model import DrillSet
    from trainer.voice.listen import Spoken

Hear = Callable[[Grammar], "Spoken"]
"""Listens to one utterance on a grammar (the microphone, or recordings in the tests)."""

NOT_CAUGHT: Final = "I didn't catch that: say it again."
MOST_PEGGED: Final = 29
"""The most a card laid can peg, said as a number (a double pair royal and thirty-one
make 14; the grammar allows more, to judge an over-claim as said)."""
QUIET_LIMIT: Final = 2
"""Times the player may say nothing before the question is asked again."""


class Stopped(Exception):
    """The player said "stop"."""


@dataclass(frozen=True)
class Answered:
    """An answer heard and what it claims: the answer the judge takes, the words as heard
    (read back before it is judged) and how fast a count was said."""

    answer: Answer
    words: str
    times: SpokenTimes | None = None


class ByEar:
    """The drills by ear: ``say`` speaks a sentence and returns once it is said (and writes
    it), ``hear`` listens to the player on a grammar; ``at_once`` judges what is heard
    without reading it back first."""

    def __init__(
        self,
        drills: Sequence[DrillSet],
        runner: DrillRunner,
        *,
        say: Callable[[str], None],
        hear: Hear,
        out: TextIO,
        at_once: bool = False,
    ) -> None:
        self.drills = list(drills)
        self.runner, self._say, self._hear, self.out = runner, say, hear, out
        self.at_once = at_once
        self.revealed = False
        """Whether a reveal was said yet (the first says every word that goes on)."""

    def write(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out, flush=True)

    def say(self, text: str) -> None:
        """Write ``text`` and say it (cards by name), then return once it is said."""
        self.write(text)
        self._say(spoken(text))

    def listen(self, grammar: Grammar, prompt: str) -> Spoken:
        """What the player says on ``grammar`` (see `hear_or_quiet`; silence waits)."""
        heard = self.hear_or_quiet(grammar, prompt)
        assert heard is not None
        return heard

    def hear_or_quiet(
        self, grammar: Grammar, prompt: str, *, quiet_ends: bool = False
    ) -> Spoken | None:
        """What the player says on ``grammar``, heard with confidence: "repeat" says
        ``prompt`` again, silence waits (``prompt`` again after a while; ``quiet_ends``:
        None, go on), a doubt is said and listened again; "stop" raises `Stopped`. A count,
        or any other command, is returned."""
        quiet = 0
        while True:
            heard = self._hear(grammar)
            if heard.words:
                self.write(f"Heard: {heard.words}")
            if heard.command == STOP:
                raise Stopped
            if heard.command == REPEAT:
                self.say(prompt)
                quiet = 0
                continue
            if heard.count is not None or heard.command is not None:
                return heard
            if not heard.words and not heard.refusal:
                if quiet_ends:
                    return None
                quiet += 1
                if quiet >= QUIET_LIMIT:
                    self.say(prompt)
                    quiet = 0
                continue
            self.say(refused(heard.refusal))

    def run(self, start: DrillSet | None = None) -> None:
        """The drills, chosen by number, until "stop"; ``start``: that drill first."""
        self.say(
            "Muggins, by ear. Say repeat to hear something again, and stop to end. "
            "Each count you say is read back: say yes to have it judged."
            if not self.at_once
            else "Muggins, by ear. Say repeat to hear something again, and stop to end."
        )
        if start is not None:
            self.drill(start)
        while True:
            names = "; ".join(f"{n}, {d.name}" for n, d in enumerate(self.drills, 1))
            prompt = f"Drill sets: {names}. Say the number of a drill set, or stop."
            self.say(prompt)
            grammar = phrases(joined(numbers(1, len(self.drills)), AGAIN, ENDING))
            try:
                chosen = self.listen(grammar, prompt)
            except Stopped:
                self.say("Goodbye.")
                return
            assert chosen.command is not None
            self.drill(self.drills[int(chosen.command) - 1])

    def drill(self, drill: DrillSet) -> None:
        """One drill to its end, or to "stop" (its answers are kept, its summary said)."""
        step: Step = self.runner.begin(self.runner.prepare(drill))
        try:
            while step is not None:
                if isinstance(step, Ask):
                    total = step.session.drill.hands
                    step = self.ask(step.question, f"{step.question.number} of {total}")
                elif isinstance(step, Retry):
                    step = self.retry(step)
                elif isinstance(step, Reveal):
                    self.reveal(step)
                    step = self.runner.next_question()
                else:
                    self.summary(step)
                    return
        except Stopped:
            step = self.runner.finish()
            if isinstance(step, Done):
                self.summary(step)
        finally:
            self.runner.stop()

    def ask(self, question: Question, place: str) -> Step:
        """Ask ``question`` until an answer is heard (and confirmed); the runner's step."""
        asked = self.asked(question, place)
        self.say(asked)
        grammar = self.grammar(question)
        while True:
            said = self.answer(question, self.listen(grammar, asked))
            if said is None:
                continue
            if not self.at_once:
                said = self.confirm(question, said)
                if said is None:
                    continue
            return self.runner.answer(said.answer, spoken=said.times)

    def confirm(self, question: Question, said: Answered) -> Answered | None:
        """Read ``said`` back until the player says yes (it is judged) or says it again
        (that is read back); None: ask again."""
        with_yes = self.grammar(question, AGREEING)
        while True:
            prompt = f"I heard: {said.words}. Say yes, or say it again."
            self.say(prompt)
            heard = self.listen(with_yes, prompt)
            if heard.command == YES:
                return said
            again = self.answer(question, heard)
            if again is None:
                return None
            said = again

    def answer(self, question: Question, heard: Spoken) -> Answered | None:
        """What ``heard`` answers to ``question``; None when it answers nothing (a command
        that is no answer to it)."""
        command = heard.command
        if isinstance(question, ShowQuestion):
            if heard.count is None:
                return None
            count = heard.count
            words = count.words if count.bare else f"{count.words}; that makes {count.total}"
            slip = count.slip()
            times = SpokenTimes(heard.first_word or 0.0, heard.end)
            return Answered(count.claim(), words + (f". {slip}" if slip else ""), times)
        if command is None or command == YES:
            return None
        if isinstance(question, PlayQuestion):
            return Answered(TotalClaim(int(command)), f"it pegs {command}")
        if isinstance(question, CatchQuestion):
            if command == ACCEPT:
                return Answered(CatchAnswer(), "you accept their count")
            if command == TOO_MANY:
                return Answered(CatchAnswer(too_many=True), "too many")
            points = int(command.split()[1])
            return Answered(CatchAnswer(call=points), f"muggins, {points}")
        assert isinstance(question, DiscardQuestion)
        places = [int(p) for p in command.split()]
        cards = tuple(question.deal.dealt[p - 1] for p in places)
        return Answered(ThrowAnswer(cards), "throw " + " and ".join(map(card_words, cards)))

    def grammar(self, question: Question, *more: Commands) -> Grammar:
        """What may be said to ``question``: its answers, "repeat" and "stop" (and ``more``)."""
        extra = joined(AGAIN, ENDING, *more)
        if isinstance(question, ShowQuestion):
            return with_commands(question.breakdown, extra)
        if isinstance(question, PlayQuestion):
            return phrases(joined(pegs(MOST_PEGGED), extra))
        if isinstance(question, CatchQuestion):
            return phrases(joined(calls(MOST_POINTS[len(question.deal.hand)]), extra))
        deal = question.deal
        return phrases(joined(throws(len(deal.dealt), question.thrown), extra))

    @staticmethod
    def asked(question: Question, place: str) -> str:
        """The question as said: where it stands, what to count, and what to say."""
        if isinstance(question, ShowQuestion):
            deal = question.deal
            what = "crib" if deal.crib else "hand"
            cards = hand_words(deal.hand, deal.starter)
            return f"Hand {place}. Count this {what}: {cards} Say your count."
        if isinstance(question, CatchQuestion):
            lines = question_lines(question, place)
            return (
                f"Hand {lines[0]} {lines[1]} Say accept, too many, or muggins and the "
                "points they missed."
            )
        if isinstance(question, PlayQuestion):
            first, second = question_lines(question, place)
            return f"Hand {first} {second.replace(' Type a number.', ' Say a number.')}"
        dealt = question.deal
        numbered = "; ".join(f"{n}, {card_words(c)}" for n, c in enumerate(dealt.dealt, 1))
        whose = "your crib" if dealt.own_crib else "your opponent's crib"
        example = "for example, one and four" if question.thrown > 1 else "for example, two"
        return (
            f"Hand {place}. You are dealt: {numbered}. Throw {question.thrown} to {whose}: "
            f"say their numbers, {example}."
        )

    def retry(self, step: Retry) -> Step:
        """A second count after a wrong total (the first stands): "next" passes."""
        question = step.reveal.attempt.question
        assert isinstance(question, ShowQuestion)
        prompt = f"{step.hint} Say your second count, or next to hear the count."
        self.say(prompt)
        grammar = with_commands(question.breakdown, joined(AGAIN, ENDING, GOING_ON))
        heard = self.listen(grammar, prompt)
        second = None if heard.count is None else TotalClaim(heard.count.total)
        return self.runner.second_try(second)

    def reveal(self, step: Reveal) -> None:
        """The verdict and the truth, said; then on to the next hand when the player says
        next or nothing ("repeat" says it again, "stop" ends the drill)."""
        attempt = step.attempt
        lines = reveal_lines(attempt.question, attempt.judgement)
        if step.second_tried:
            lines.insert(1, second_words(step))
        told = " ".join(lines[: 3 if step.second_tried else 2])
        cue = "" if self.revealed else " Say repeat or stop, or wait: the next hand follows."
        self.write(*lines, *([cue.strip()] if cue else []))
        self.revealed = True
        prompt = told + cue
        self._say(spoken(prompt))
        going_on = phrases(joined(GOING_ON, AGAIN, ENDING))
        while (heard := self.hear_or_quiet(going_on, prompt, quiet_ends=True)) is not None:
            if heard.command == NEXT:
                return

    def summary(self, done: Done) -> None:
        s = done.summary
        self.say(f"{done.drill.name} is over: {s.exact} of {s.hands} exact.")


def second_words(step: Reveal) -> str:
    """How the second count went."""
    from trainer.judge.difference import second_try_words

    points = step.second.points if step.second is not None else None
    return second_try_words(step.attempt.question.actual, points)


def refused(reason: str) -> str:
    """What the player hears when nothing was judged: the reason where there is one (a
    total no show makes), else that it was not caught; never an offer to type."""
    reason = reason.strip()
    if not reason or reason.lower().startswith("heard "):
        return NOT_CAUGHT
    return reason.replace(" Say it again, or type it.", " Say it again.")
