"""The app's voice service learns the player's voice from counts judged: once enough speech
is known the next count is heard with it, and a new run starts from the voice kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.voice.speech import synthesise
from trainer.ui.voice_input import VoiceService
from trainer.voice.audio import read_wav

pytest.importorskip("pocketsphinx")

COUNTS = (
    "fifteen two, fifteen four, and a pair is six",
    "fifteen two, and a run of three is five",
    "a pair is two, and one for his nobs is three",
)


@pytest.mark.slow
def test_counts_judged_move_the_recogniser_to_the_voice_and_it_is_kept(tmp_path: Path) -> None:
    profile = tmp_path / "voice.json"
    service = VoiceService(None, profile=profile)
    before = service.recogniser()
    assert before.voice is None
    for i, text in enumerate(COUNTS):
        audio = read_wav(
            synthesise(text, tmp_path / f"c{i}.wav", voice="en-gb-scotland", speed=165, seed=i)
        )
        thread = service.learn(audio, text.replace(",", ""))
        assert thread is not None
        thread.join()
    assert service.learnt == 3
    assert service.learn_problem == ""
    assert service.voice == profile.with_suffix(".mllr")
    assert service.voice.exists()
    after = service.recogniser()
    assert after is not before
    assert after.voice == service.voice
    assert service.recogniser() is after  # made again only when the voice changes
    thread = service.learn(audio, COUNTS[-1].replace(",", ""))
    assert thread is not None
    thread.join()
    assert service.recogniser() is not after  # learnt more: heard with what was learnt
    again = VoiceService(None, profile=profile)
    assert again.recogniser().voice == service.voice


def test_without_a_place_to_keep_it_nothing_is_learnt(tmp_path: Path) -> None:
    service = VoiceService(None)
    assert service.learn(bytes(32000), "a pair is two") is None
    assert service.learnt == 0


def test_a_voice_kept_that_cannot_be_read_is_said_once_and_heard_without(tmp_path: Path) -> None:
    profile = tmp_path / "voice.json"
    profile.write_text("{not json", encoding="utf-8")
    service = VoiceService(None, profile=profile)
    assert service.recogniser().voice is None
    problem = service.take_problem()
    assert "could not be read" in problem
    assert str(profile) + ".unreadable" in problem
    assert service.take_problem() == ""  # said once
    assert (tmp_path / "voice.json.unreadable").read_text(encoding="utf-8") == "{not json"
