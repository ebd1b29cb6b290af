"""Counting aloud in the drills when nothing is judged: chatter refused with the offer
("I didn't catch that: say it again (F2), or type it.", or the reason first) and nothing
recorded; without the voice extra, how to get it, and typing still works. And Help: F2
where a count may be said, the keys of a count heard while one waits."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import (
    ListRecorder,
    app_for,
    entry,
    notifications,
    revealing,
    running,
    text_of,
)
from tests.ui.voice_support import PATIENT, a_drill, heard, quiz, spoken, whole
from tests.ui.waiting import until, until_screen
from tests.voice.counting import hear, show
from trainer.judge.claims import TotalClaim
from trainer.rules.show import Breakdown
from trainer.ui.app import MugginsApp
from trainer.ui.count_aloud import HEARD_KEYS, NOT_CAUGHT, refusal_line
from trainer.ui.screens.help import HelpScreen
from trainer.ui.screens.quiz import TALK_HELP, QuizScreen
from trainer.ui.voice_input import TEACH_HINT, VoiceService
from trainer.voice.heard import NoCount
from trainer.voice.listen import AudioSource
from trainer.voice.reach import refusal
from trainer.voice.sphinx import INSTALL_HINT, VoiceUnavailable


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


@pytest.mark.slow  # two counts heard
async def test_after_two_refusals_the_player_is_told_how_to_teach_their_voice(
    clock: FakeClock, recorder: ListRecorder, tmp_path: Path
) -> None:
    ref: list[MugginsApp] = []
    source = spoken(ref, tmp_path, lambda q: "hold on a second, whose crib is it")
    profile = tmp_path / "data" / "voice.json"
    app = app_for(
        [entry(a_drill("total"))], clock, recorder, voice_source=source, voice_profile=profile
    )
    ref.append(app)
    async with running(app) as pilot:
        caught = notifications(app)
        await pilot.press("enter")
        for n in range(2):
            await pilot.press("f2")

            def offered(n: int = n) -> bool:
                return len(source.said) > n and text_of(app, "#talk-words") == NOT_CAUGHT

            await until(pilot, offered, "the offer", PATIENT)
            assert caught.count(TEACH_HINT) == (n >= 1), n  # after the second, once
        assert "Teach Muggins your voice" in TEACH_HINT
        assert not profile.exists()  # nothing refused is learnt
        assert app.voice.refused() == ""  # told once: not again after the third


def test_the_hint_is_for_a_voice_not_learnt_where_one_can_be_kept(tmp_path: Path) -> None:
    kept = VoiceService(None, profile=tmp_path / "voice.json")
    assert [kept.refused() for _ in range(4)] == ["", TEACH_HINT, "", ""]
    nowhere = VoiceService(None)
    assert [nowhere.refused() for _ in range(3)] == ["", "", ""]
    learnt = VoiceService(None, profile=tmp_path / "voice.json")
    learnt.voice = tmp_path / "voice.mllr"
    assert [learnt.refused() for _ in range(3)] == ["", "", ""]


def test_a_refusal_with_a_reason_gives_it_then_the_offer() -> None:
    reason = "I heard thirty-three: no hand of four cards and a starter makes 33."
    assert refusal_line(reason) == (
        "I heard thirty-three: no hand of four cards and a starter makes 33. "
        "Say it again (F2), or type it."
    )
    # The recogniser's own reasons offer the same, once: the line's offer names F2.
    assert refusal_line(refusal(33, 4, crib=False)) == refusal_line(reason)
    below = heard_in(PAIR_SHOW, "fifteen two fifteen four and a pair is six that's four")
    assert refusal_line(below) == (
        "I heard a count of six end on four. Say it again (F2), or type it."
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


PAIR_SHOW = show("5H 10C 9D 5S", "2D")


def heard_in(b: Breakdown, said: str) -> str:
    """Why ``said``, heard with every confidence, is no count ("" if it is one)."""
    try:
        hear(b, said)
    except NoCount as refused:
        return str(refused)
    return ""
