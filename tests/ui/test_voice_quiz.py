"""Push-to-talk in the drills, driven through the real app with a recording standing in for
the microphone: F2 listens, the words show as heard, the count ends by itself and is judged;
the reveal says what was heard; chatter is refused; without the extra, typing still works;
Help lists F2 where a count may be said."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import (
    ListRecorder,
    app_for,
    drill,
    entry,
    flushed,
    revealing,
    running,
    text_of,
)
from tests.ui.waiting import until
from tests.voice.speech import synthesise
from trainer.judge.claims import AnnounceClaim, TotalClaim
from trainer.judge.verdict import Verdict
from trainer.quiz.questions import ShowQuestion
from trainer.ui.app import MugginsApp
from trainer.ui.screens.help import HelpScreen
from trainer.ui.screens.quiz import TALK_HELP, QuizScreen
from trainer.voice.audio import read_wav
from trainer.voice.listen import AudioSource, RecordedSource
from trainer.voice.recogniser import INSTALL_HINT, VoiceUnavailable

PATIENT = 30.0
"""Seconds a spoken count may take to be heard on a loaded machine."""


def spoken(app_ref: list[MugginsApp], tmp: Path, say: Callable[[ShowQuestion], str]) -> Any:
    """A source that speaks ``say(question)`` for the question on screen."""

    def source() -> AudioSource:
        q = app_ref[0].runner.question
        assert isinstance(q, ShowQuestion)
        wav = synthesise(say(q), tmp / "said.wav", voice="en-us", speed=170, seed=1)
        return RecordedSource(read_wav(wav))

    return source


def a_drill(claim: str) -> Any:
    data = {"name": "Say it", "description": "d", "hands": 2, "claim": claim}
    return drill({**data, "deal": {"require": ["pair", "fifteen"]}})


async def test_a_total_said_aloud_is_judged_and_the_reveal_says_what_was_heard(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, lambda q: q.breakdown.announce())
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: revealing(app), "the spoken count judged", PATIENT)
        attempt = recorder.attempts[-1]
        q = attempt.question
        assert isinstance(q, ShowQuestion)
        assert attempt.answer == TotalClaim(q.breakdown.total)
        assert attempt.exact
        assert "Heard: “fifteen two" in text_of(app, "#difference")
        times = attempt.spoken  # how fast it was said, kept with the answer
        assert times is not None
        assert 0 < times.first_word < times.end
        flushed(app)
        assert recorder.spoken_speed().counts == 1


async def test_an_announced_count_said_aloud_names_its_combinations(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, lambda q: q.breakdown.announce())
    app = app_for([entry(a_drill("announce"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: revealing(app), "the spoken count judged", PATIENT)
        attempt = recorder.attempts[-1]
        assert isinstance(attempt.answer, AnnounceClaim)
        assert isinstance(attempt.judgement, Verdict)
        assert attempt.judgement.exact, attempt.judgement.summary()


async def test_chatter_is_refused_and_the_count_can_be_said_again(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, lambda q: "hold on a second, whose crib is it")
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: "say it again" in text_of(app, "#talk"), "the refusal", PATIENT)
        assert not revealing(app)
        assert recorder.attempts == []
        app.screen.query_one("#claim", Input).value = "2"  # typing still answers
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the typed count judged")


async def test_without_the_voice_extra_it_says_how_to_get_it(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    def missing() -> AudioSource:
        raise VoiceUnavailable(INSTALL_HINT)

    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=missing)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: "voice extra" in text_of(app, "#talk"), "the hint")
        app.screen.query_one("#claim", Input).value = "2"
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the typed count judged")


@pytest.mark.parametrize("claim", ["total", "announce"])
async def test_help_lists_f2_once_where_a_count_may_be_said(
    clock: FakeClock, recorder: ListRecorder, claim: str
) -> None:
    app = app_for([entry(a_drill(claim))], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, QuizScreen), "the quiz")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert isinstance(app.screen, HelpScreen)
        keys = app.screen.keys
        assert [what for key, what in keys if key == "f2"] == [TALK_HELP[1]]
        drawn = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "f2: say the count aloud instead" in drawn
