"""Synthetic spoken counts for the voice tests: espeak-ng to a WAV with a faint noise floor.

Digital silence drops a count's last words (VOICE.md), so every recording gets a seeded
noise floor about 45 dB below the speech, as a real microphone has.
"""

from __future__ import annotations

import array
import random
import shutil
import subprocess
import wave
from pathlib import Path
from typing import Final

VOICES: Final = ("en-us", "en-gb", "en-gb-x-rp", "en-gb-scotland", "en-us+f3", "en-us+m3")
SPEEDS: Final = (150, 175, 195, 165)
NOISE: Final = 40.0
"""The noise floor's standard deviation in 16-bit steps."""


def espeak() -> str:
    """The espeak-ng program; the tests fail saying how to get it where it is missing."""
    found = shutil.which("espeak-ng")
    assert found, "the voice tests need Debian's espeak-ng (apt-get install espeak-ng)"
    return found


def synthesise(text: str, path: Path, *, voice: str, speed: int, seed: int) -> Path:
    """``text`` spoken to ``path`` (espeak's own rate, 22050 Hz mono) with a noise floor."""
    raw = path.with_suffix(".raw.wav")
    subprocess.run([espeak(), "-v", voice, "-s", str(speed), "-w", str(raw), text], check=True)
    with wave.open(str(raw), "rb") as w:
        rate, data = w.getframerate(), w.readframes(w.getnframes())
    samples = array.array("h")
    samples.frombytes(data)
    pad = [0] * (rate // 4)
    noisy = with_floor([*pad, *samples, *pad], random.Random(seed))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(noisy.tobytes())
    raw.unlink()
    return path


def with_floor(samples: list[int], rng: random.Random) -> array.array[int]:
    """``samples`` with a noise floor drawn from ``rng`` added, clipped to 16 bits. (The
    recordings are the tests' fixed set: the draws, and so the samples, never change; only
    the clipping is left for the rare recording that needs it.)"""
    gauss = rng.gauss
    mixed = [s + round(gauss(0, NOISE)) for s in samples]
    try:
        return array.array("h", mixed)
    except OverflowError:
        return array.array("h", (max(-32768, min(32767, v)) for v in mixed))


def words(text: str) -> str:
    """What a count's text says, as the recogniser spells words."""
    return " ".join(text.lower().replace(",", " ").replace("-", " ").split())
