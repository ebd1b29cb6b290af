"""Audio mode (``muggins --audio``, issue 35): a drill by ear and voice. Here the player's
words are taken as the recogniser would hear them with confidence (the voice's own
grammars and judges, no audio); `test_by_ear_heard` does a drill through espeak-ng and the
recogniser. What the trainer says is kept, as the player would hear it."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from tests.ui.support import ListRecorder
from trainer.drills.loader import DrillEntry
from trainer.drills.model import DrillSet
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
)
from trainer.rules.speech import number_word
from trainer.speech.said import card_words
from trainer.ui.flow.drill_runner import DrillRunner
from trainer.ui.plain.by_ear import NOT_CAUGHT, ByEar
from trainer.voice.confidence import Decoded
from trainer.voice.graph import Grammar
from trainer.voice.heard import NoCount, command_heard, heard
from trainer.voice.listen import Spoken

SURE = Decoded("", margin=1.0, distance=0.0, unheard=0.0, gap=0.0)
"""How words heard with confidence stand (their words put in by `hearing`)."""
"""A hearing that passes every bar: the words are what was said."""

Player = Callable[["Table", Grammar], str]
"""What the player says next, knowing what the trainer said and asks."""


def words_of(text: str) -> list[str]:
    kept = "".join(c if c.isalpha() or c.isspace() or c == "'" else " " for c in text)
    return kept.lower().split()


def hearing(text: str, grammar: Grammar) -> Spoken:
    """``text`` as the listener returns it when heard with confidence ("" for silence)."""
    words = " ".join(words_of(text))
    if not words:
        return Spoken("", None, None, 8.0, 0.0, "silence", 8.0)
    decoded = replace(SURE, words=words)
    try:
        command = command_heard(decoded, grammar)
        count = heard(decoded, grammar) if command is None else None
    except NoCount as err:
        return Spoken(words, None, 0.2, 1.0, 0.0, "silence", 4.0, str(err))
    return Spoken(words, count, 0.2, 1.5, 0.0, "total", 2.5, "", command)


@dataclass
class Table:
    """A drill by ear: what the trainer said, and the player answering it."""

    runner: DrillRunner
    player: Player
    said: list[str] = field(default_factory=list)
    heard: list[str] = field(default_factory=list)

    def hear(self, grammar: Grammar) -> Spoken:
        text = self.player(self, grammar)
        self.heard.append(text)
        return hearing(text, grammar)

    @property
    def last(self) -> str:
        return self.said[-1]

    @property
    def question(self) -> Question:
        assert self.runner.question is not None
        return self.runner.question


def by_ear(
    drills: Sequence[DrillSet], player: Player, *, at_once: bool = False, seed: int = 5
) -> tuple[Table, ListRecorder, str]:
    recorder = ListRecorder()
    runner = DrillRunner(random.Random(seed), history=recorder)
    table = Table(runner, player)
    out = io.StringIO()
    ear = ByEar(drills, runner, say=table.said.append, hear=table.hear, out=out, at_once=at_once)
    ear.run(drills[0] if len(drills) == 1 else None)
    runner.close(5)
    return table, recorder, out.getvalue()


def drill(entries: list[DrillEntry], drill_id: str, hands: int | None = None) -> DrillSet:
    found = next(e.drill for e in entries if e.drill is not None and e.drill.id == drill_id)
    if hands is not None:
        from dataclasses import replace

        found = replace(found, hands=hands)
    return found


def right_answer(question: Question) -> str:
    """What a player who knows says."""
    if isinstance(question, ShowQuestion):
        b = question.breakdown
        return b.announce() if b.total else "nineteen"
    if isinstance(question, PlayQuestion):
        return number_word(question.play.points) if question.play.points else "nothing"
    if isinstance(question, CatchQuestion):
        missed = question.actual - question.opponent.claimed
        if missed > 0:
            return f"muggins {number_word(missed)}"
        return "too many" if missed < 0 else "accept"
    assert isinstance(question, DiscardQuestion)
    best = question.throws[0].throw
    places = [question.deal.dealt.index(c) + 1 for c in best]
    return " and ".join(number_word(p) for p in sorted(places))


REVEALS = ("The count: ", "It pegs", "The best throw")
"""What a reveal says (and a question never does)."""


def revealed(sentence: str) -> bool:
    return any(mark in sentence for mark in REVEALS)


def knows(table: Table, grammar: Grammar) -> str:
    """A player who counts right, says yes to what was heard, and goes on."""
    if "Say yes" in table.last:
        return "yes"
    if revealed(table.last):
        return "next"
    if "Drill sets" in table.last or "Goodbye" in table.last:
        return "stop"
    return right_answer(table.question)


def attempts(recorder: ListRecorder) -> list[Attempt]:
    return list(recorder.attempts)


def test_a_whole_drill_by_ear_each_count_read_back_then_judged(
    builtin_entries: list[DrillEntry],
) -> None:
    warm_up = drill(builtin_entries, "warm-up")
    table, recorder, out = by_ear([warm_up], knows)
    done = attempts(recorder)
    assert len(done) == warm_up.hands
    assert all(a.exact for a in done)
    assert all(a.spoken is not None for a in done)  # said aloud, and how fast
    first = done[0].question
    assert isinstance(first, ShowQuestion)
    hand = ", ".join(card_words(c) for c in first.deal.hand)
    asks = [s for s in table.said if s.startswith("Hand 1 of 10. Count this hand: ")]
    assert hand in asks[0]
    assert asks[0].endswith("Say your count.")
    backs = [s for s in table.said if s.startswith("I heard: ")]
    assert all(s.endswith("Say yes, or say it again.") for s in backs)
    assert len(backs) == warm_up.hands
    assert any(s.startswith("Exact!") for s in table.said)
    assert f"Warm-up is over: {warm_up.hands} of {warm_up.hands} exact." in table.said
    assert table.said[-1] == "Goodbye."
    assert "Heard: yes" in out  # every word heard is written too


def test_repeat_says_the_question_again_and_stop_ends_the_drill_keeping_its_answers(
    builtin_entries: list[DrillEntry],
) -> None:
    script = iter(["repeat", None, "yes", "next", "stop", "stop"])

    def player(table: Table, grammar: Grammar) -> str:
        said = next(script)
        return right_answer(table.question) if said is None else said

    table, recorder, _ = by_ear([drill(builtin_entries, "warm-up")], player)
    asked = [s for s in table.said if s.startswith("Hand 1 of 10.")]
    assert len(asked) == 2  # once, and again on "repeat"
    assert len(attempts(recorder)) == 1
    assert "Warm-up is over: 1 of 1 exact." in table.said


def test_what_is_not_heard_with_confidence_is_never_judged(
    builtin_entries: list[DrillEntry],
) -> None:
    script = iter(["banana split", "", "", "thirty three", None, "yes", "next", "stop", "stop"])

    def player(table: Table, grammar: Grammar) -> str:
        said = next(script)
        return right_answer(table.question) if said is None else said

    table, recorder, _ = by_ear([drill(builtin_entries, "warm-up")], player)
    assert table.said.count(NOT_CAUGHT) == 2  # chatter, a total past any hand's
    asked = [s for s in table.said if s.startswith("Hand 1 of 10.")]
    assert len(asked) == 2  # after two silences, the question again
    assert len(attempts(recorder)) == 1
    assert attempts(recorder)[0].exact


def test_a_final_total_no_hand_makes_is_refused_in_words(
    builtin_entries: list[DrillEntry],
) -> None:
    script = iter(["fifteen two that's thirty three", "stop", "stop"])
    table, recorder, _ = by_ear(
        [drill(builtin_entries, "warm-up")], lambda table, grammar: next(script)
    )
    refusal = "I heard thirty-three: no hand of four cards and a starter makes 33. Say it again."
    assert refusal in table.said
    assert not attempts(recorder)


def test_a_wrong_count_confirmed_is_judged_as_said_and_the_count_read(
    builtin_entries: list[DrillEntry],
) -> None:
    said_wrong: list[int] = []

    def player(table: Table, grammar: Grammar) -> str:
        if "Say yes" in table.last:
            return "yes"
        if "Drill sets" in table.last or said_wrong:
            return "stop"
        question = table.question
        assert isinstance(question, ShowQuestion)
        wrong = question.breakdown.total + 2
        said_wrong.append(wrong)
        return number_word(wrong)

    table, recorder, _ = by_ear([drill(builtin_entries, "warm-up")], player)
    (attempt,) = attempts(recorder)
    assert not attempt.exact
    question = attempt.question
    assert isinstance(question, ShowQuestion)
    told = next(s for s in table.said if s.startswith("Too many") or s.startswith("Over"))
    assert question.breakdown.announce() in told or "Nineteen" in told


def test_a_count_said_again_at_the_read_back_is_read_back_in_its_turn(
    builtin_entries: list[DrillEntry],
) -> None:
    script = iter(["two", None, "yes", "stop", "stop"])

    def player(table: Table, grammar: Grammar) -> str:
        said = next(script)
        return right_answer(table.question) if said is None else said

    table, recorder, _ = by_ear([drill(builtin_entries, "warm-up")], player)
    backs = [s for s in table.said if s.startswith("I heard: ")]
    assert backs[0] == "I heard: two. Say yes, or say it again."
    assert len(backs) == 2
    assert attempts(recorder)[0].exact


def test_judged_at_once_when_the_setting_says_so(builtin_entries: list[DrillEntry]) -> None:
    warm_up = drill(builtin_entries, "warm-up", hands=3)
    table, recorder, _ = by_ear([warm_up], knows, at_once=True)
    assert len(attempts(recorder)) == 3
    assert all(a.exact for a in attempts(recorder))
    assert not any(s.startswith("I heard") for s in table.said)
    assert "yes" not in table.heard


@pytest.mark.parametrize(
    ("drill_id", "kind"),
    [("pegging", PlayQuestion), ("keep-four", DiscardQuestion), ("catch", CatchQuestion)],
)
def test_every_kind_of_question_is_answered_by_voice(
    builtin_entries: list[DrillEntry], drill_id: str, kind: type
) -> None:
    chosen = drill(builtin_entries, drill_id, hands=4)
    _, recorder, _ = by_ear([chosen], knows)
    done = attempts(recorder)
    assert len(done) == 4
    assert all(isinstance(a.question, kind) for a in done)
    if kind is DiscardQuestion:  # the best throw scores nothing lost
        assert all(a.judgement.outcome == "exact" for a in done)
    else:
        assert all(a.exact for a in done)


def test_a_drill_is_chosen_from_the_list_by_its_number(
    builtin_entries: list[DrillEntry],
) -> None:
    drills = [e.drill for e in builtin_entries if e.drill is not None]
    warm_up = next(n for n, d in enumerate(drills, 1) if d.id == "warm-up")
    chosen: list[bool] = []

    def player(table: Table, grammar: Grammar) -> str:
        if "Drill sets" in table.last:
            if chosen:
                return "stop"
            chosen.append(True)
            return number_word(warm_up)
        if "Say yes" in table.last or revealed(table.last):
            return "stop"
        return right_answer(table.question)

    table, _, _ = by_ear(drills, player)
    listing = next(s for s in table.said if s.startswith("Drill sets: "))
    assert f"{warm_up}, Warm-up" in listing
    assert any(s.startswith("Hand 1 of 10. Count this hand") for s in table.said)
    assert table.said[-1] == "Goodbye."


def test_audio_mode_says_what_it_lacks_before_anything_is_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from trainer.__main__ import main
    from trainer.speech import engine
    from trainer.voice import microphone
    from trainer.voice.sphinx import VoiceUnavailable

    def no_microphone() -> None:
        raise VoiceUnavailable(microphone.NO_MICROPHONE)

    monkeypatch.setattr(microphone, "Microphone", no_microphone)
    argv = ["--data-dir", str(tmp_path), "--audio", "--drill", "warm-up"]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"muggins: error: {microphone.NO_MICROPHONE}\n"

    monkeypatch.setattr("trainer.speech.engine.shutil.which", lambda name: None)
    assert main(argv) == 2
    assert capsys.readouterr().err == f"muggins: error: {engine.INSTALL_HINT}\n"
