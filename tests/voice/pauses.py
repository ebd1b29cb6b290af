"""Spoken counts with pauses between their groups, as a player looking for the next fifteen
says them: each group synthesised on its own, trimmed to its speech, and joined by silence
carrying the same faint noise floor (digital silence drops words: VOICE.md)."""

from __future__ import annotations

import array
import random
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from tests.voice.speech import NOISE, synthesise
from trainer.voice.audio import RATE, read_wav, samples_of

EDGE: Final = 5 * NOISE
"""A sample past this is speech, not the noise floor (five of its standard deviations)."""


def trimmed(audio: bytes) -> array.array[int]:
    """The speech in a recording, its quiet start and end (noise floor only) cut off."""
    s = samples_of(audio)
    loud = [i for i, v in enumerate(s) if abs(v) > EDGE]
    assert loud, "a group synthesised to no speech"
    return s[loud[0] : loud[-1] + 1]


def floor(seconds: float, rng: random.Random) -> array.array[int]:
    """``seconds`` of the noise floor alone, at the recogniser's rate."""
    gauss = rng.gauss
    return array.array("h", [round(gauss(0, NOISE)) for _ in range(int(RATE * seconds))])


def paused(
    groups: Sequence[str],
    pause: float,
    folder: Path,
    *,
    voice: str = "en-us",
    speed: int = 170,
    seed: int = 0,
    lead: float = 0.3,
    tail: float = 0.3,
) -> bytes:
    """The ``groups`` said one by one with ``pause`` seconds of the noise floor between
    them (``lead`` before the first, ``tail`` after the last), as 16 kHz mono samples."""
    rng = random.Random(seed)
    out = floor(lead, rng)
    for n, text in enumerate(groups):
        if n:
            out += floor(pause, rng)
        wav = synthesise(text, folder / f"group{n}.wav", voice=voice, speed=speed, seed=seed + n)
        out += trimmed(read_wav(wav))
    out += floor(tail, rng)
    return out.tobytes()


def speech_end(audio: bytes, tail: float = 0.3) -> float:
    """Seconds into ``audio`` (made by `paused`) at which its last word ends."""
    return len(audio) / (2 * RATE) - tail


def write(audio: bytes, path: Path) -> Path:
    """16 kHz mono samples saved as a WAV file."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(audio)
    return path
