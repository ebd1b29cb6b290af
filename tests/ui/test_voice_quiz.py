"""Push-to-talk in the drills, driven through the real app with a recording standing in for
the microphone: F2 listens, the words show as they are heard, and the count heard is shown
with its claim and judged only on Enter (F2 says it again, Escape or typing types instead;
the setting "Judge what I say at once" skips the check); the reveal says what was heard."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, entry, flushed, revealing, running, text_of
from tests.ui.voice_support import (
    PATIENT,
    HeldSource,
    a_drill,
    as_heard,
    first_group,
    footer,
    heard,
    quiz,
    spoken,
    whole,
)
from tests.ui.waiting import until
from tests.voice.speech import synthesise
from trainer.judge.claims import AnnounceClaim, TotalClaim, answer_text
from trainer.judge.verdict import Verdict
from trainer.quiz.questions import ShowQuestion
from trainer.settings import Settings
from trainer.ui.app import MugginsApp
from trainer.ui.voice_input import CHECKING
from trainer.voice.audio import read_wav
from trainer.voice.confidence import Decoded
from trainer.voice.listen import AudioSource
from trainer.voice.recogniser import Recogniser


async def test_a_total_said_aloud_is_shown_and_judged_on_enter(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, whole)
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app, (80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        q = quiz(app).question
        assert isinstance(q, ShowQuestion)
        total = q.breakdown.total
        said = as_heard(source.said[0])
        assert text_of(app, "#talk-words") == f"Heard: “{said}” → {total}"
        assert not revealing(app)
        assert recorder.attempts == []
        assert app.focused is None  # Enter is the count heard's, not the box's
        keys = footer(app)
        for shown in ("⏎ Judge it", "esc Type it", "f2 Say it again"):
            assert shown in keys
        assert "End drill" not in keys
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the spoken count judged")
        attempt = recorder.attempts[-1]
        assert attempt.answer == TotalClaim(total)
        assert attempt.exact
        assert text_of(app, "#difference") == f"Heard: “{said}”"
        times = attempt.spoken  # how fast it was said (never the time confirming it)
        assert times is not None
        assert 0 < times.first_word < times.end <= source.seconds[0]
        flushed(app)
        assert recorder.spoken_speed().counts == 1


async def test_an_announced_count_heard_is_judged_as_the_claim_shown(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, whole)
    app = app_for([entry(a_drill("announce"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        waiting = quiz(app).aloud.heard
        assert waiting is not None
        claim = waiting.claim
        assert isinstance(claim, AnnounceClaim)
        total = sum(item.value for item in claim.items)
        assert text_of(app, "#talk-words") == (
            f"Heard: “{as_heard(source.said[0])}” → {answer_text(claim)}: {total}"
        )
        await pilot.press("1", "2", "p")  # the announce keys wait too
        assert quiz(app).draft.claims == []
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the spoken count judged")
        attempt = recorder.attempts[-1]
        assert attempt.answer == claim
        assert isinstance(attempt.judgement, Verdict)
        assert attempt.judgement.exact, attempt.judgement.summary()


async def test_f2_says_it_again_and_only_the_count_confirmed_is_recorded(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, first_group, whole)
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        assert text_of(app, "#talk-words") == f"Heard: “{as_heard(source.said[0])}” → 2"
        first = quiz(app).aloud.heard
        await pilot.press("f2")  # say it again: the count heard is dropped
        await until(
            pilot,
            lambda: quiz(app).aloud.heard not in (None, first),
            "the count said again",
            PATIENT,
        )
        assert len(source.said) == 2
        q = quiz(app).question
        assert isinstance(q, ShowQuestion)
        total = q.breakdown.total
        assert text_of(app, "#talk-words") == f"Heard: “{as_heard(source.said[1])}” → {total}"
        assert recorder.attempts == []
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the spoken count judged")
        assert [a.answer for a in recorder.attempts] == [TotalClaim(total)]
        flushed(app)
        assert recorder.spoken_speed().counts == 1


async def test_only_the_count_judged_teaches_muggins_the_voice(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    """The player's voice is learnt from the counts judged as heard, never from one said
    again; it is kept in the data folder for the next run."""
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, first_group, whole)
    profile = tmp_path / "data" / "voice.json"
    app = app_for(
        [entry(a_drill("total"))], clock, recorder, voice_source=source, voice_profile=profile
    )
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        first = quiz(app).aloud.heard
        await pilot.press("f2")  # said again: the first is not learnt
        await until(
            pilot,
            lambda: quiz(app).aloud.heard not in (None, first),
            "the count said again",
            PATIENT,
        )
        assert app.voice.learnt == 0
        assert not profile.exists()
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the spoken count judged")
        await until(pilot, lambda: app.voice.learnt == 1, "the voice learnt", PATIENT)
        assert profile.exists()
        assert app.voice.learn_problem == ""


async def test_escape_drops_the_count_heard_and_the_count_is_typed(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, first_group)
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        await pilot.press("escape")
        screen = quiz(app)
        assert not screen.aloud.waiting
        assert not screen.query_one("#talk").display
        box = screen.query_one("#claim", Input)
        assert app.focused is box
        await pilot.press("5", "enter")
        await until(pilot, lambda: revealing(app), "the typed count judged")
        attempt = recorder.attempts[-1]
        assert attempt.answer == TotalClaim(5)
        assert attempt.spoken is None
        assert "Heard" not in text_of(app, "#difference")


async def test_typing_while_a_count_heard_waits_is_typing_instead(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, first_group)
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        await pilot.press("tab")  # the box takes the focus back
        assert app.focused is quiz(app).query_one("#claim", Input)
        await pilot.press("7")
        assert not quiz(app).aloud.waiting
        await pilot.press("enter")  # the box's again: what was typed is judged
        await until(pilot, lambda: revealing(app), "the typed count judged")
        assert [a.answer for a in recorder.attempts] == [TotalClaim(7)]


async def test_the_setting_on_judges_what_is_said_at_once(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, whole)
    app = app_for(
        [entry(a_drill("total"))],
        clock,
        recorder,
        voice_source=source,
        settings=Settings(judge_at_once=True),
    )
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: revealing(app), "the spoken count judged", PATIENT)
        attempt = recorder.attempts[-1]
        q = attempt.question
        assert isinstance(q, ShowQuestion)
        assert attempt.answer == TotalClaim(q.breakdown.total)
        assert attempt.spoken is not None


async def test_the_words_show_as_they_are_heard_before_the_count_ends(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    held: list[HeldSource] = []

    def source() -> AudioSource:
        q = ref[0].runner.question
        assert isinstance(q, ShowQuestion)
        wav = synthesise(whole(q), tmp_path / "said.wav", voice="en-us", speed=170, seed=1)
        held.append(HeldSource(read_wav(wav), 0.6))
        return held[-1]

    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        try:
            await pilot.press("enter")
            await pilot.press("f2")
            await until(
                pilot,
                lambda: text_of(app, "#talk-words").startswith("Heard: fifteen"),
                "the first words",
                PATIENT,
            )
            aloud = quiz(app).aloud
            assert not aloud.waiting  # still listening: the count has not ended
            partial = text_of(app, "#talk-words")
            held[0].go()
            await heard(pilot, app)
            q = quiz(app).question
            assert isinstance(q, ShowQuestion)
            whole_words = as_heard(whole(q))
            assert partial.removeprefix("Heard: ") != whole_words  # words of the count so far
            assert text_of(app, "#talk-words") == f"Heard: “{whole_words}” → {q.breakdown.total}"
        finally:  # the source never waits past the test
            for source_held in held:
                source_held.go()


async def test_the_line_says_it_is_checking_while_a_count_is_heard_again(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A short count, streamed, is heard again whole when it ends (as is one whose level
    moved far: seconds of CPU for a long count): meanwhile the line keeps its words and
    says it is at work."""
    release = threading.Event()
    hearing_again = threading.Event()
    decode = Recogniser.decode

    def held_decode(self: Recogniser, audio: bytes) -> Decoded:
        hearing_again.set()
        release.wait(PATIENT)
        return decode(self, audio)

    monkeypatch.setattr(Recogniser, "decode", held_decode)
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, whole, first_group)
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app, (80, 24)) as pilot:
        try:
            await pilot.press("enter")
            await pilot.press("f2")
            await heard(pilot, app)  # a long first count: heard from its first seconds' mean
            assert not hearing_again.is_set()
            first = quiz(app).aloud.heard
            await pilot.press("f2")  # said again, short
            await until(
                pilot,
                lambda: text_of(app, "#talk-words").endswith(f"({CHECKING})"),
                "checking",
                PATIENT,
            )
            assert hearing_again.is_set()
            streamed = text_of(app, "#talk-words").removesuffix(f" ({CHECKING})")
            assert streamed.startswith("Heard: ")
            assert len(streamed.split()) > 1  # the words heard as it was said stay
            assert not revealing(app)
            assert recorder.attempts == []
            release.set()
            await until(pilot, lambda: quiz(app).aloud.heard not in (None, first), "heard", PATIENT)
            said = as_heard(source.said[1])
            assert text_of(app, "#talk-words") == f"Heard: “{said}” → 2"
        finally:  # the worker never waits past the test
            release.set()
