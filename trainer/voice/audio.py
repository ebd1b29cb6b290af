"""A recorded count as the recogniser takes it: 16 kHz mono 16-bit samples, from a WAV file.

Any sample rate, mono or stereo, 16-bit PCM; anything else (empty, truncated, another
format, 8-bit, longer than a count can be) is refused with one line naming the problem.
"""

from __future__ import annotations

import array
import sys
import wave
from pathlib import Path
from typing import Final

RATE: Final = 16000
"""The recogniser's sample rate."""

MAX_SECONDS: Final = 60
"""No count takes longer; a longer recording is refused, not decoded for minutes."""


class AudioError(ValueError):
    """A recording that is not a count's audio; the message names the file and the problem."""


def read_wav(path: str | Path) -> bytes:
    """The recording at ``path`` as 16 kHz mono 16-bit little-endian samples."""
    name = str(path)
    try:
        with wave.open(name, "rb") as w:
            channels, width, rate, frames = (
                w.getnchannels(),
                w.getsampwidth(),
                w.getframerate(),
                w.getnframes(),
            )
            if width != 2:
                raise AudioError(f"{name}: {8 * width}-bit audio; give 16-bit PCM")
            if channels not in (1, 2):
                raise AudioError(f"{name}: {channels} channels; give mono or stereo")
            if not 4000 <= rate <= 192000:
                raise AudioError(f"{name}: a sample rate of {rate} Hz is not a recording")
            if frames > MAX_SECONDS * rate:
                raise AudioError(
                    f"{name}: {frames / rate:.0f} s long; a count is at most {MAX_SECONDS} s"
                )
            data = w.readframes(frames)
    except (wave.Error, EOFError) as err:
        raise AudioError(f"{name}: not a readable WAV file ({str(err) or 'empty'})") from None
    if len(data) < frames * channels * width:
        raise AudioError(f"{name}: truncated (the header promises more audio than there is)")
    if not data:
        raise AudioError(f"{name}: holds no audio")
    return to_rate(mono(data, channels), rate)


def _samples(data: bytes) -> array.array[int]:
    samples = array.array("h")
    samples.frombytes(data)
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


def _bytes(samples: array.array[int]) -> bytes:
    if sys.byteorder == "big":
        samples = array.array("h", samples)
        samples.byteswap()
    return samples.tobytes()


def mono(data: bytes, channels: int) -> bytes:
    """Stereo samples averaged to mono (mono returned as it is)."""
    if channels == 1:
        return data
    s = _samples(data)
    return _bytes(array.array("h", ((a + b) // 2 for a, b in zip(s[::2], s[1::2], strict=False))))


def to_rate(data: bytes, rate: int) -> bytes:
    """Mono samples at ``rate`` resampled to `RATE` by linear interpolation (enough for
    the recogniser, whose features stop below 8 kHz)."""
    if rate == RATE:
        return data
    s = _samples(data)
    n = len(s) * RATE // rate
    step = rate / RATE
    last = len(s) - 1
    out = array.array("h", bytes(2 * n))
    for i in range(n):
        x = i * step
        j = int(x)
        k = j + 1 if j < last else last
        f = x - j
        out[i] = int(s[j] + (s[k] - s[j]) * f)
    return _bytes(out)
