"""Listening to a count as it is said: the words as heard, the end found by itself or on the
key, silence given up on, and how fast the count was said."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.voice.speech import synthesise
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show
from trainer.voice.audio import read_wav
from trainer.voice.listen import QUIET, SILENT_START, Listener, RecordedSource
from trainer.voice.recogniser import Recogniser

SHOW = score_show(parse_cards("5H 5C 6D 10S"), parse_card("2H"))  # 15-2, 15-4, a pair: 6


def test_a_count_is_heard_as_it_is_said_and_ends_by_itself(tmp_path: Path) -> None:
    wav = synthesise(
        "fifteen two, fifteen four, and a pair is six",
        tmp_path / "c.wav",
        voice="en-us",
        speed=170,
        seed=2,
    )
    audio = read_wav(wav)
    heard: list[str] = []
    spoken = Listener(Recogniser(), SHOW, RecordedSource(audio), heard.append).run()
    assert spoken.count is not None
    assert spoken.count.verdict(SHOW, "acc").exact
    assert heard[0] != heard[-1] == spoken.words  # the words grew as they were heard
    assert spoken.first_word is not None
    assert 0 < spoken.first_word < spoken.end <= len(audio) / 32000 + QUIET


def test_silence_is_given_up_on_and_refused() -> None:
    spoken = Listener(Recogniser(), SHOW, RecordedSource(b"")).run()
    assert spoken.count is None
    assert spoken.problem == "Heard no count: say it again."
    assert spoken.end <= SILENT_START


def test_the_key_again_ends_the_count_at_once(tmp_path: Path) -> None:
    stopped = threading.Event()
    stopped.set()  # pressed again before a word: the count ends on the first chunk
    spoken = Listener(Recogniser(), SHOW, RecordedSource(bytes(32000)), stopped=stopped).run()
    assert spoken.count is None
    assert spoken.words == ""
