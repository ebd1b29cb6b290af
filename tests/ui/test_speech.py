"""The trainer speaking in the drills (issue 35), driven through the real app with a speaker
that keeps what it is told: the hand and its starter read when the question shows, the
verdict and the count as players say it when the reveal does, F3 says the last again;
nothing is said with speaking off, and a machine without espeak-ng is told once."""

from __future__ import annotations

import re
import threading

from tests.factories import FakeClock
from tests.ui.game_support import play_game, settle
from tests.ui.support import ListRecorder, app_for, entry, notifications, revealing, running
from tests.ui.test_voice_table import counting
from tests.ui.voice_support import a_drill, quiz
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.quiz.questions import ShowQuestion
from trainer.settings import GameChoices, Settings
from trainer.speech.engine import SpeechUnavailable
from trainer.speech.said import count_words, hand_words
from trainer.ui.screens.quiz import SAY_AGAIN_HELP
from trainer.ui.speech_service import SpeechService


class Kept:
    """A speaker that keeps each sentence with its rate (said from the trainer's thread)."""

    def __init__(self) -> None:
        self.said: list[tuple[int, str]] = []
        self.lock = threading.Lock()

    def make(self, rate: int) -> Kept.At:
        return Kept.At(self, rate)

    def texts(self) -> list[str]:
        with self.lock:
            return [text for _, text in self.said]

    class At:
        def __init__(self, kept: Kept, rate: int) -> None:
            self.kept, self.rate = kept, rate

        def say(self, text: str) -> None:
            with self.kept.lock:
                self.kept.said.append((self.rate, text))

        def stop(self) -> None:
            pass

        def wait(self) -> None:
            pass


async def test_the_hand_then_the_verdict_and_the_count_are_said_and_f3_says_it_again(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    kept = Kept()
    settings = Settings(speech_rate=210)
    app = app_for([entry(a_drill("total"))], clock, recorder, settings=settings, speaker=kept.make)
    async with running(app, (80, 24)) as pilot:
        await pilot.press("enter")
        question = quiz(app).question
        assert isinstance(question, ShowQuestion)
        deal = question.deal
        read = hand_words(deal.hand, deal.starter, crib=deal.crib)
        await until(pilot, lambda: kept.texts() == [read], "the hand read")
        await pilot.press(*str(question.breakdown.total), "enter")
        await until(pilot, lambda: revealing(app) and len(kept.texts()) == 2, "the verdict")
        verdict = kept.texts()[1]
        assert verdict.startswith("Exact!") or "Exact" in verdict
        assert verdict.endswith(count_words(question.breakdown))
        await pilot.press("f3")
        await until(pilot, lambda: len(kept.texts()) == 3, "the verdict said again")
        assert kept.texts()[2] == verdict
        assert {rate for rate, _ in kept.said} == {210}
        assert SAY_AGAIN_HELP in quiz(app).help_keys()  # F1 lists it while the trainer speaks


async def test_with_speaking_off_nothing_is_said_and_f3_says_so(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    kept = Kept()
    app = app_for([entry(a_drill("total"))], clock, recorder, speaker=kept.make)
    async with running(app, (80, 24)) as pilot:
        caught = notifications(app)
        await pilot.press("enter", "f3")
        await until(pilot, lambda: bool(caught), "the note")
        assert "Speaking is off" in caught[-1]
        assert SAY_AGAIN_HELP not in quiz(app).help_keys()
        assert kept.said == []


async def test_a_machine_that_cannot_speak_is_told_once(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    def mute(rate: int) -> Kept.At:
        raise SpeechUnavailable("speaking needs espeak-ng (apt-get install espeak-ng)")

    settings = Settings(speech_rate=175)
    app = app_for([entry(a_drill("total"))], clock, recorder, settings=settings, speaker=mute)
    async with running(app, (80, 24)) as pilot:
        caught = notifications(app)
        await pilot.press("enter")
        await until(pilot, lambda: bool(caught), "the note")
        await pilot.press("1", "enter")
        await until(pilot, lambda: revealing(app), "the reveal")
        await pilot.pause()
        said = [n for n in caught if "cannot speak" in n]
        assert said == [
            "The trainer cannot speak: speaking needs espeak-ng (apt-get install espeak-ng)"
        ]


async def test_the_table_says_each_move_and_what_it_asks_of_you_in_turn(
    builtin_entries: list[DrillEntry],
) -> None:
    kept = Kept()
    choices = GameChoices(variant="standard", level="easy")
    app = app_for(
        builtin_entries,
        FakeClock(),
        ListRecorder(),
        seed=5,
        bot_pause=0.0,
        settings=Settings(game=choices, speech_rate=175),
        speaker=kept.make,
    )
    async with running(app, (80, 24)) as pilot:
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        await play_game(pilot, until=counting)
        await until(pilot, lambda: any("Count your" in t for t in kept.texts()), "the ask")
    texts = kept.texts()
    assert any("Throw" in t or "throw" in t for t in texts), texts[:3]  # the first ask
    laid = [
        t
        for t in texts
        if re.search(
            r"\b(ace|two|three|four|five|six|seven|eight|nine|"
            r"ten|jack|queen|king) of (spades|hearts|diamonds|"
            r"clubs)\b",
            t,
        )
    ]
    assert laid, texts
    assert not any(symbol in t for t in texts for symbol in "♠♥♦♣")  # cards by name


def test_what_the_trainer_would_say_is_echoed_whether_it_speaks_or_not() -> None:
    echoed: list[str] = []
    kept = Kept()
    rate = [0]
    service = SpeechService(lambda: rate[0], warn=print, make=kept.make, echo=echoed.append)
    service.say("five of hearts")
    rate[0] = 175
    service.say("fifteen two")
    assert echoed == ["five of hearts", "fifteen two"]
    service.stop()
