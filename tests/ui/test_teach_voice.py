"""Teaching Muggins your voice, driven through the real app with recordings standing in for
the microphone: each count shown is read (F2), learnt on its text once what was heard is
the count shown, never when something else was said; the voice is kept in the data
folder and the counts after are heard with it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, entry, running, text_of
from tests.ui.voice_support import PATIENT, a_drill
from tests.ui.waiting import until
from tests.voice.speech import synthesise
from trainer.ui.app import MugginsApp
from trainer.ui.screens.teach_voice import NOT_READ, TeachVoiceScreen
from trainer.voice.audio import read_wav
from trainer.voice.listen import AudioSource, RecordedSource

Say = Callable[[TeachVoiceScreen], str]


def reads(app_ref: list[MugginsApp], tmp: Path, *says: Say) -> Any:
    """A source that speaks ``says[n](screen)`` the n-th time it is opened (the last one
    after that); ``said`` lists what was spoken."""
    said: list[str] = []

    def source() -> AudioSource:
        screen = app_ref[0].screen
        assert isinstance(screen, TeachVoiceScreen)
        text = says[min(len(said), len(says) - 1)](screen)
        said.append(text)
        wav = synthesise(text, tmp / f"read{len(said)}.wav", voice="en-us", speed=170, seed=1)
        return RecordedSource(read_wav(wav))

    source.said = said  # type: ignore[attr-defined]
    return source


def shown(screen: TeachVoiceScreen) -> str:
    reading = screen.reading
    assert reading is not None
    return reading.text


def chatter(screen: TeachVoiceScreen) -> str:
    return "hold on, whose crib is it"


def teaching(app: MugginsApp) -> TeachVoiceScreen:
    screen = app.screen
    assert isinstance(screen, TeachVoiceScreen)
    return screen


@pytest.mark.slow  # four readings heard and a voice learnt
async def test_counts_read_as_shown_teach_the_voice_and_others_do_not(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = reads(ref, tmp_path, chatter, shown)
    profile = tmp_path / "data" / "voice.json"
    app = app_for(
        [entry(a_drill("total"))], clock, recorder, voice_source=source, voice_profile=profile
    )
    ref.append(app)
    async with running(app, (80, 24)) as pilot:
        app.action_teach_voice()
        await pilot.pause()
        screen = teaching(app)
        first = screen.reading
        assert first is not None
        assert text_of(app, "#teach-progress") == "Count 1 of 3:"
        assert text_of(app, "#teach-text") == f"“{first.text}”"
        await pilot.press("f2")  # table talk, not the count shown: nothing learnt
        await until(pilot, lambda: NOT_READ in screen.line.text, "the reading refused", PATIENT)
        assert screen.learnt == 0
        assert screen.reading == first
        assert app.voice.learnt == 0
        for n in (1, 2, 3):
            await pilot.press("f2")

            def read(n: int = n) -> bool:
                return screen.learnt == n

            await until(pilot, read, f"reading {n} heard", PATIENT)
            if n < 3:  # after the third, the line soon says the voice is learnt
                assert screen.line.text.startswith("Heard as shown: ")
        assert source.said[1:] == [r.text for r in screen.readings]
        await until(pilot, lambda: app.voice.learnt == 3, "the voice learnt", PATIENT)
        await until(pilot, lambda: "has learnt your voice" in screen.line.text, "the end", PATIENT)
        assert app.voice.voice == profile.with_suffix(".mllr")
        assert profile.exists()
        assert profile.with_suffix(".mllr").exists()
        assert text_of(app, "#teach-progress").startswith("All 3 counts read")
        await pilot.press("f2")  # nothing left to read
        assert source.said[1:] == [r.text for r in screen.readings]
        await pilot.press("escape")
        assert not isinstance(app.screen, TeachVoiceScreen)


async def test_another_count_replaces_the_one_shown(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    profile = tmp_path / "voice.json"
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_profile=profile)
    async with running(app, (80, 24)) as pilot:
        app.action_teach_voice()
        await pilot.pause()
        screen = teaching(app)
        first = screen.reading
        await pilot.press("n")
        assert screen.reading not in (None, first)
        assert screen.learnt == 0
        assert len(screen.readings) == 3


async def test_the_command_is_offered_only_where_a_voice_can_be_kept(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    for profile, offered in ((tmp_path / "voice.json", True), (None, False)):
        app = app_for([entry(a_drill("total"))], clock, recorder, voice_profile=profile)
        async with running(app, (80, 24)):
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert ("Teach Muggins your voice" in titles) is offered
