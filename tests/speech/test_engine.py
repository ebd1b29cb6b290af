"""The trainer's voice: espeak-ng started and left to speak (the screen never waits), a new
sentence cutting the one before; and the count it says heard back by the recogniser as the
count it read (what the trainer says is what a player would say)."""

from __future__ import annotations

import array
import random
import re
import time
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.voice.speech import espeak, with_floor
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show
from trainer.speech.engine import INSTALL_HINT, Espeak, SpeechUnavailable
from trainer.speech.said import count_words
from trainer.voice.audio import read_wav
from trainer.voice.listen import Listener, RecordedSource
from trainer.voice.recogniser import Recogniser

SLOW_SPEAKER = """#!/bin/sh
# Keeps its arguments and what it is told, then takes its time, as a long sentence would.
echo "$@" >> "{folder}/args"
cat >> "{folder}/said"
echo >> "{folder}/said"
sleep 30
"""


def slow_speaker(folder: Path) -> str:
    program = folder / "speaker"
    program.write_text(SLOW_SPEAKER.format(folder=folder), encoding="utf-8")
    program.chmod(0o755)
    return str(program)


def test_saying_never_waits_and_a_new_sentence_cuts_the_one_before(tmp_path: Path) -> None:
    speaker = Espeak(175, program=slow_speaker(tmp_path))
    said = tmp_path / "said"
    started = time.monotonic()
    speaker.say("five of hearts")
    assert time.monotonic() - started < 5  # it did not wait for the sentence to be said
    wait_until(lambda: said.exists() and said.read_text().count("\n") == 1)
    first = speaker._speaking
    assert first is not None
    assert first.poll() is None  # still speaking
    speaker.say("fifteen two")
    assert first.poll() is not None  # cut
    wait_until(lambda: said.read_text().count("\n") == 2)
    assert said.read_text().splitlines() == ["five of hearts", "fifteen two"]
    assert (tmp_path / "args").read_text().splitlines() == ["-s 175 --stdin"] * 2
    speaker.stop()
    assert time.monotonic() - started < 20


def wait_until(ready: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.02)


def test_without_espeak_ng_the_trainer_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(SpeechUnavailable, match=r"apt-get install espeak-ng\)$"):
        Espeak(175)
    speaker = Espeak(175, program="/nonexistent/espeak-ng")
    with pytest.raises(SpeechUnavailable, match=re.escape(INSTALL_HINT)):
        speaker.say("five of hearts")


def test_the_count_the_trainer_says_is_heard_back_as_that_count(tmp_path: Path) -> None:
    show = score_show(parse_cards("5H 5C 5S JD"), parse_card("5D"))  # 29
    said = count_words(show)
    raw = Espeak(175, program=espeak()).to_wav(said, tmp_path / "said.wav")
    with wave.open(str(raw), "rb") as w:
        rate, data = w.getframerate(), w.readframes(w.getnframes())
    samples = array.array("h")
    samples.frombytes(data)
    pad = [0] * (rate // 4)
    floor = with_floor([*pad, *samples, *pad], random.Random(1))  # a microphone's hiss
    heard_wav = tmp_path / "heard.wav"
    with wave.open(str(heard_wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(floor.tobytes())
    spoken = Listener(Recogniser(), show, RecordedSource(read_wav(heard_wav))).run()
    assert spoken.count is not None, (said, spoken)
    assert spoken.count.verdict(show, "acc").exact, (said, spoken.words)
