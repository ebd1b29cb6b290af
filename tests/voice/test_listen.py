"""Listening to a count as it is said: the words as heard, the end of the count the
player's (a final total, the key, a silence long enough to think), silence given up on,
and how fast the count was said. Recordings are fed at once (pace 0): the listener's times
are the audio's own, so no test waits on the clock."""

from __future__ import annotations

import array
import threading
from pathlib import Path

import pytest

from tests.voice.pauses import paused, speech_end
from tests.voice.speech import synthesise
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show
from trainer.voice.audio import MAX_SECONDS, read_wav
from trainer.voice.grammar import build
from trainer.voice.listen import (
    HOLD,
    SILENCE,
    SILENT_START,
    STILL,
    Ending,
    Listener,
    RecordedSource,
    ends_on_total,
)
from trainer.voice.recogniser import Recogniser
from trainer.voice.sound import LOUD, loudness

HEARD = pytest.mark.slow
"""A recogniser hearing synthesised speech: in CI, not the quick loop (which has the app's
counts aloud, and the end of a count's rules below)."""

SHOW = score_show(parse_cards("5H 5C 6D 10S"), parse_card("2H"))  # 15-2, 15-4, a pair: 6
GROUPS = ("fifteen two", "fifteen four", "and a pair is six")
SAID = "fifteen two fifteen four and a pair is six"
TWENTY_NINE = score_show(parse_cards("5H 5C 5S JD"), parse_card("5D"))
CHUNK = 0.1
STEP = 0.25
"""How far the end of a count may be from where the audio puts it: the listener sees the
audio in chunks of 0.1 s, and a word's last sound fades below `LOUD` a chunk early or late."""


@pytest.fixture(scope="module")
def recogniser() -> Recogniser:
    return Recogniser()


@HEARD
def test_a_count_is_heard_as_it_is_said_and_ends_after_the_silence(
    tmp_path: Path, recogniser: Recogniser
) -> None:
    wav = synthesise(
        "fifteen two, fifteen four, and a pair is six",
        tmp_path / "c.wav",
        voice="en-us",
        speed=170,
        seed=2,
    )
    audio = read_wav(wav)
    heard: list[str] = []
    spoken = Listener(recogniser, SHOW, RecordedSource(audio), heard.append).run()
    assert spoken.count is not None
    assert spoken.count.verdict(SHOW, "acc").exact
    assert spoken.words == SAID
    assert heard[0] != heard[-1] == spoken.words  # the words grew as they were heard
    assert spoken.ended == "silence"
    assert spoken.first_word is not None
    assert 0 < spoken.first_word < spoken.end <= len(audio) / 32000
    assert spoken.listened == pytest.approx(spoken.end + SILENCE, abs=2 * STEP)


@HEARD
@pytest.mark.parametrize("pause", [0.5, 1.0, 1.5, 2.0])
def test_a_count_with_pauses_between_its_groups_is_heard_whole(
    tmp_path: Path, recogniser: Recogniser, pause: float
) -> None:
    audio = paused(GROUPS, pause, tmp_path, voice="en-us", seed=3)
    spoken = Listener(recogniser, SHOW, RecordedSource(audio)).run()
    assert spoken.words == SAID
    assert spoken.count is not None
    assert spoken.count.total == 6
    assert spoken.count.verdict(SHOW, "acc").exact
    # No final total: the count ends once the player has been silent for SILENCE.
    assert spoken.ended == "silence"
    assert spoken.listened == pytest.approx(speech_end(audio) + SILENCE, abs=STEP)


@HEARD
def test_a_pause_of_one_and_a_half_seconds_is_no_end_in_another_voice(
    tmp_path: Path, recogniser: Recogniser
) -> None:
    fifteens = ["fifteen two", "fifteen four", "fifteen six", "fifteen eight"]
    groups = [*fifteens, "and a double run of three is sixteen"]
    show = score_show(parse_cards("5H 5C 6D 4S"), parse_card("JH"))
    audio = paused(groups, 1.5, tmp_path, voice="en-gb", speed=175, seed=5)
    spoken = Listener(recogniser, show, RecordedSource(audio)).run()
    assert spoken.words == " ".join(groups)
    assert spoken.count is not None
    assert spoken.count.total == 16
    assert spoken.ended == "silence"


@HEARD
def test_a_final_total_ends_the_count_before_the_silence_would(
    tmp_path: Path, recogniser: Recogniser
) -> None:
    audio = paused((*GROUPS, "that's six"), 2.0, tmp_path, voice="en-us", seed=3)
    spoken = Listener(recogniser, SHOW, RecordedSource(audio)).run()
    assert spoken.words == f"{SAID} that's six"
    assert spoken.count is not None
    assert spoken.count.total == 6
    assert spoken.ended == "total"
    last = speech_end(audio)
    assert last + HOLD - STEP <= spoken.listened <= last + HOLD + 2 * STEP < last + SILENCE


def test_silence_is_given_up_on_and_refused(recogniser: Recogniser) -> None:
    spoken = Listener(recogniser, SHOW, RecordedSource(b"")).run()
    assert spoken.count is None
    assert spoken.problem == "Heard no count: say it again."
    assert spoken.ended == "silence"
    assert spoken.listened == pytest.approx(SILENT_START)
    assert spoken.end <= SILENT_START


def test_the_key_again_ends_the_count_at_once(recogniser: Recogniser) -> None:
    stopped = threading.Event()
    stopped.set()  # pressed again before a word: the count ends on the first chunk
    spoken = Listener(recogniser, SHOW, RecordedSource(bytes(32000)), stopped=stopped).run()
    assert spoken.count is None
    assert spoken.words == ""
    assert spoken.ended == "key"
    assert spoken.listened == pytest.approx(CHUNK)


FOUR_FIFTEENS = "fifteen two fifteen four fifteen six fifteen eight"
TWENTY_NINE_SAID = (
    f"{FOUR_FIFTEENS} fifteen ten fifteen twelve fifteen fourteen fifteen sixteen "
    "and a double pair royal is twenty eight and one for his nobs"
)


@pytest.mark.parametrize(
    ("words", "ends"),
    [
        (f"{TWENTY_NINE_SAID} that's twenty nine", True),
        ("fifteen two that's two", True),
        # "that's twenty" may be the start of "that's twenty nine": the silence ends it.
        (f"{FOUR_FIFTEENS} and a double pair royal is twenty that's twenty", False),
        # Not the sum said: perhaps a group misheard, the player still counting.
        (f"{FOUR_FIFTEENS} and a double pair royal is twenty that's twenty one", False),
        ("fifteen two fifteen four that's eight", False),
        # A total alone may be the first group misheard while the player thinks.
        ("twenty nine", False),
        ("that's twenty nine", False),
        (TWENTY_NINE_SAID, False),  # no final total
        ("fifteen two fifteen", False),  # not a count
    ],
)
def test_which_words_end_a_count_on_its_total(words: str, ends: bool) -> None:
    assert ends_on_total(build(TWENTY_NINE), words.split()) is ends


def _chunk(level: int) -> bytes:
    """0.1 s of a square wave whose root mean square is ``level``."""
    return array.array("h", [level, -level] * 800).tobytes()


def test_a_steady_hum_is_not_taken_for_a_player_still_speaking() -> None:
    ending = Ending(build(SHOW))
    events = [(_chunk(1000), "")] * 20  # a fan, louder than a quiet room
    events += [(_chunk(6000), "fifteen"), (_chunk(6000), "fifteen two")] * 5
    events += [(_chunk(1000), "fifteen two")] * 60
    for n, (chunk, words) in enumerate(events, 1):
        why = ending.hear(n * CHUNK, words, chunk, key=False)
        if why is not None:
            break
    assert why == "silence"
    assert n * CHUNK == pytest.approx(3.0 + SILENCE)  # the speech ended 3 s in


def test_a_counts_end_is_never_before_its_first_word() -> None:
    """Words heard in the room's noise before any sound stay the same once the player
    speaks: the count's first word is the first sound's, and its end is not before it
    (an import holds a count's end to be at or after its first word)."""
    ending = Ending(build(SHOW))
    events = [(_chunk(100), "fifteen two")] * 5 + [(_chunk(6000), "fifteen two")] * 3
    events += [(_chunk(100), "fifteen two")] * 40
    for n, (chunk, words) in enumerate(events, 1):
        why = ending.hear(n * CHUNK, words, chunk, key=False)
        if why is not None:
            break
    assert why == "silence"
    assert ending.first == pytest.approx(6 * CHUNK)
    assert ending.seen["fifteen two"] == pytest.approx(CHUNK)
    assert ending.heard_at("fifteen two") == pytest.approx(6 * CHUNK)


def test_a_count_ends_on_words_that_stop_where_the_room_never_falls_quiet() -> None:
    ending = Ending(build(SHOW))
    noisy = [_chunk(500), _chunk(5000)]  # sound every other chunk
    for n in range(1, 200):
        words = "fifteen two" if n >= 10 else ""
        why = ending.hear(n * CHUNK, words, noisy[n % 2], key=False)
        if why is not None:
            break
    assert why == "silence"
    assert n * CHUNK == pytest.approx(1.0 + STILL)


def test_a_count_said_on_and_on_ends_at_the_limit_and_the_key_comes_first() -> None:
    ending = Ending(build(SHOW))
    sound = [_chunk(500), _chunk(5000)]
    words = ["fifteen", "fifteen two"]
    for n in range(1, 1000):
        why = ending.hear(n * CHUNK, words[n % 2], sound[n % 2], key=False)
        if why is not None:
            break
    assert why == "limit"
    assert n * CHUNK == pytest.approx(MAX_SECONDS)
    assert ending.hear(n * CHUNK, "fifteen two that's two", sound[1], key=True) == "key"


@HEARD
def test_a_count_through_a_far_microphone_is_heard(tmp_path: Path, recogniser: Recogniser) -> None:
    """Said 20 dB down or so, its loudest chunk well under a near microphone's: still
    sound, above the room's hiss, and heard."""
    audio = read_wav(synthesise(SAID, tmp_path / "c.wav", voice="en-us", speed=170, seed=5))
    loudest = max(loudness(audio[at : at + 3200]) for at in range(0, len(audio), 3200))
    samples = array.array("h")
    samples.frombytes(audio)
    far = array.array("h", (round(s * 220 / loudest) for s in samples)).tobytes()
    assert max(loudness(far[at : at + 3200]) for at in range(0, len(far), 3200)) < 2 * LOUD
    spoken = Listener(recogniser, SHOW, RecordedSource(far)).run()
    assert spoken.words == SAID
    assert spoken.count is not None
    assert spoken.count.total == 6
