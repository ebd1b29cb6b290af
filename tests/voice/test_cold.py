"""A session's first count, streamed: the decoders would start it from the model's first
running mean, far from any voice's, and a streamed count is scored on the mean it starts
from; so its first seconds are heard whole for their mean (`PRIME`), and the count is heard
from it as it is said. A count ended before then is heard again whole (as `muggins hear`
hears a recording), and the counts after it start from its mean. A microphone turned down
mid-session moves the mean, and the count is heard again too; so is a short count
(`SHORT`), whose streamed score strays furthest from the whole recording's."""

from __future__ import annotations

import array
from functools import partial
from pathlib import Path

import pytest

from tests.voice.corpus import streamed
from tests.voice.counting import show
from tests.voice.speech import synthesise
from trainer.voice.audio import read_wav
from trainer.voice.heard import heard
from trainer.voice.listen import Listener, RecordedSource
from trainer.voice.recogniser import Recogniser

pytestmark = pytest.mark.slow

PAIR = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair: 6


def _turned_down(audio: bytes, by: float) -> bytes:
    samples = array.array("h")
    samples.frombytes(audio)
    return array.array("h", (round(s * by) for s in samples)).tobytes()


def test_the_first_count_streamed_is_heard_as_a_whole_recording_is(tmp_path: Path) -> None:
    said = "fifteen two, fifteen four, and a pair is six"
    first = read_wav(synthesise(said, tmp_path / "a.wav", voice="en-us", speed=165, seed=1))
    then = read_wav(
        synthesise(f"{said}, that's six", tmp_path / "b.wav", voice="en-us", speed=165, seed=2)
    )
    hearing = Recogniser()
    hearing.use(PAIR)
    whole = hearing.decode(first)

    recogniser = Recogniser()
    grammar = recogniser.use(PAIR)
    opening = streamed(recogniser, first)
    assert not opening.again  # heard as it came, from its first seconds' mean
    assert opening.words == whole.words
    assert opening.margin == pytest.approx(whole.margin, abs=0.0001)
    assert heard(opening, grammar).counted == 6

    after = streamed(recogniser, then)  # from the first count's mean: streamed alone
    assert not after.again
    assert heard(after, grammar).total == 6

    quieter = streamed(recogniser, _turned_down(then, 0.1))  # 20 dB down: a new microphone
    assert quieter.again
    assert heard(quieter, grammar).total == 6

    pair = read_wav(
        synthesise("a pair is two", tmp_path / "c.wav", voice="en-us", speed=165, seed=3)
    )
    short = streamed(recogniser, pair)
    assert short.again
    alone = hearing.decode(pair)
    assert (short.words, short.margin) == (alone.words, alone.margin)

    nothing = streamed(recogniser, _turned_down(pair, 0.0))  # no words: none is short
    assert nothing.words == ""


def test_a_first_count_shorter_than_its_mean_needs_is_heard_again_whole(tmp_path: Path) -> None:
    pair = read_wav(
        synthesise("a pair is two", tmp_path / "a.wav", voice="en-us", speed=165, seed=3)
    )
    hearing = Recogniser()
    hearing.use(PAIR)
    whole = hearing.decode(pair)
    recogniser = Recogniser()
    recogniser.use(PAIR)
    assert streamed(recogniser, _turned_down(pair, 0.0)).words == ""  # nothing said
    short = streamed(recogniser, pair)
    assert short.again
    assert (short.words, short.margin) == (whole.words, whole.margin)


def test_the_listener_says_when_a_count_is_heard_again(tmp_path: Path) -> None:
    """The one slow end of a count, the second hearing, is told to whoever shows the count
    (the line says "checking"); a long count's end, even a session's first, is not."""
    said = "fifteen two, fifteen four, and a pair is six, that's six"
    audio = read_wav(synthesise(said, tmp_path / "a.wav", voice="en-us", speed=165, seed=1))
    pair = read_wav(
        synthesise("a pair is two", tmp_path / "b.wav", voice="en-us", speed=165, seed=2)
    )
    recogniser = Recogniser()
    told: list[int] = []
    for count, (sound, total) in enumerate([(audio, 6), (pair, 2), (audio, 6)]):
        spoken = Listener(
            recogniser, PAIR, RecordedSource(sound), on_again=partial(told.append, count)
        ).run()
        assert spoken.count is not None
        assert spoken.count.total == total
    assert told == [1]
