"""Push-to-talk in the drills, driven through the real app with a recording standing in for
the microphone: F2 listens, the words show as heard, and the count heard is shown with its
claim and judged only on Enter (F2 says it again, Escape types instead; the setting "Judge
what I say at once" skips the check); the reveal says what was heard; chatter is refused
and nothing recorded; without the extra, typing still works; Help and the footer list the
keys where a count may be said, and while a count heard waits."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
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
from tests.ui.waiting import until, until_screen
from tests.voice.speech import synthesise, words
from trainer.judge.claims import AnnounceClaim, TotalClaim, answer_text
from trainer.judge.verdict import Verdict
from trainer.quiz.questions import ShowQuestion
from trainer.settings import Settings
from trainer.ui.app import MugginsApp
from trainer.ui.count_aloud import HEARD_KEYS, NOT_CAUGHT, refusal_line
from trainer.ui.screens.help import HelpScreen
from trainer.ui.screens.quiz import TALK_HELP, QuizScreen
from trainer.voice.audio import read_wav
from trainer.voice.listen import BYTES_A_SECOND, AudioSource, RecordedSource
from trainer.voice.recogniser import INSTALL_HINT, VoiceUnavailable

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


async def test_chatter_is_refused_with_the_offer_and_nothing_is_recorded(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, lambda q: "hold on a second, whose crib is it")
    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=source)
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: text_of(app, "#talk-words") == NOT_CAUGHT, "the offer", PATIENT)
        assert NOT_CAUGHT == "I didn't catch that: say it again (F2), or type it."
        assert not revealing(app)
        assert not quiz(app).aloud.waiting
        await pilot.press("enter")  # Enter is the box's: nothing is judged unheard
        assert not revealing(app)
        assert recorder.attempts == []
        app.screen.query_one("#claim", Input).value = "2"  # typing still answers
        await pilot.press("enter")
        await until(pilot, lambda: revealing(app), "the typed count judged")
        assert [a.answer for a in recorder.attempts] == [TotalClaim(2)]


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


def test_a_refusal_with_a_reason_gives_it_then_the_offer() -> None:
    reason = "I heard thirty-three: no hand of four cards and a starter makes 33."
    assert refusal_line(reason) == (
        "I heard thirty-three: no hand of four cards and a starter makes 33. "
        "Say it again (F2), or type it."
    )
    assert refusal_line("Heard no count: say it again.") == NOT_CAUGHT
    assert refusal_line("heard no count in the recording (say it again)") == NOT_CAUGHT
    assert refusal_line("") == NOT_CAUGHT


async def test_without_the_voice_extra_it_says_how_to_get_it(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    def missing() -> AudioSource:
        raise VoiceUnavailable(INSTALL_HINT)

    app = app_for([entry(a_drill("total"))], clock, recorder, voice_source=missing)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await until(pilot, lambda: text_of(app, "#talk-words") == INSTALL_HINT, "the hint")
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


async def test_help_lists_the_keys_of_a_count_heard(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    app = app_for(
        [entry(a_drill("total"))], clock, recorder, voice_source=spoken(ref, tmp_path, whole)
    )
    ref.append(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.press("f2")
        await heard(pilot, app)
        await pilot.press("f1")
        help_screen = await until_screen(pilot, HelpScreen)
        keys = [line for line in help_screen.keys if line[0] in ("enter", "f2", "escape")]
        assert keys == HEARD_KEYS
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, QuizScreen), "the quiz again")
        assert quiz(app).aloud.waiting  # still there to judge
