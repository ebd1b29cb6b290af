"""Counting aloud in the drills' tests: a recording standing in for the microphone (the
question's count, or part of it, synthesised with espeak-ng), a recording held part-way,
and waiting for a count heard."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.ui.support import drill
from tests.ui.waiting import until
from tests.voice.speech import synthesise, words
from trainer.quiz.questions import ShowQuestion
from trainer.ui.app import MugginsApp
from trainer.ui.screens.quiz import QuizScreen
from trainer.voice.audio import BYTES_A_SECOND, read_wav
from trainer.voice.listen import AudioSource, RecordedSource

PATIENT = 30.0
"""Seconds a spoken count may take to be heard on a loaded machine."""

Say = Callable[[ShowQuestion], str]


def spoken(app_ref: list[MugginsApp], tmp: Path, *says: Say) -> Any:
    """A source that speaks ``says[n](question)`` for the question on screen the n-th time
    it is opened (the last one after that); ``said`` lists the texts spoken, ``seconds``
    how long each recording is."""
    said: list[str] = []
    seconds: list[float] = []

    def source() -> AudioSource:
        q = app_ref[0].runner.question
        assert isinstance(q, ShowQuestion)
        text = says[min(len(said), len(says) - 1)](q)
        said.append(text)
        wav = synthesise(text, tmp / f"said{len(said)}.wav", voice="en-us", speed=170, seed=1)
        audio = read_wav(wav)
        seconds.append(len(audio) / BYTES_A_SECOND)
        return RecordedSource(audio)

    source.said = said  # type: ignore[attr-defined]
    source.seconds = seconds  # type: ignore[attr-defined]
    return source


class HeldSource:
    """A recording said up to ``held`` of its length, then nothing more until `go` (or the
    app closes it): the count cannot end meanwhile, so its words so far are its partial
    words."""

    def __init__(self, audio: bytes, held: float) -> None:
        self._audio = audio
        self._cut = int(len(audio) * held) // 2 * 2
        self._go = threading.Event()

    def chunks(self) -> Iterator[bytes]:
        size = BYTES_A_SECOND // 10
        for at in range(0, self._cut, size):
            yield self._audio[at : min(at + size, self._cut)]
        self._go.wait()
        yield from RecordedSource(self._audio[self._cut :]).chunks()

    def go(self) -> None:
        self._go.set()

    def close(self) -> None:
        self._go.set()


def as_heard(text: str) -> str:
    """A count's text as the recogniser spells it (no stops, no commas)."""
    return words(text.replace(".", ""))


def whole(q: ShowQuestion) -> str:
    return q.breakdown.announce()


def first_group(q: ShowQuestion) -> str:
    """The count's first phrase alone ("fifteen two"): a short count."""
    return q.breakdown.announce().split(",")[0]


def a_drill(claim: str) -> Any:
    data = {"name": "Say it", "description": "d", "hands": 2, "claim": claim}
    return drill({**data, "deal": {"require": ["pair", "fifteen"]}})


def quiz(app: MugginsApp) -> QuizScreen:
    screen = app.screen
    assert isinstance(screen, QuizScreen)
    return screen


def footer(app: MugginsApp) -> str:
    """The footer's line as drawn."""
    return [strip.text for strip in app.screen._compositor.render_strips()][-1]


async def heard(pilot: Any, app: MugginsApp) -> None:
    """Wait until a count heard waits on the quiz to be judged."""
    await until(pilot, lambda: quiz(app).aloud.waiting, "the count heard shown", PATIENT)
