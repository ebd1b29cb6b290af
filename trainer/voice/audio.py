"""A recorded count as the recogniser takes it: 16 kHz mono 16-bit samples, from a WAV file.

Any sample rate, mono or stereo, 16-bit PCM, in the plain or the extensible layout
(`trainer.voice.riff`); anything else (empty, truncated, another format, 8-bit, float,
longer than a count can be, a named pipe, a device or a folder) is refused with one line
naming the file and the problem. The file is read as the other commands read theirs
(`trainer.userfiles`): only a regular file, and only so much of it.
"""

from __future__ import annotations

import array
import io
import math
import operator
import sys
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from trainer.userfiles import FileRefused, read_bytes
from trainer.voice.riff import EXTENSIBLE, Layout, LayoutError, format_tag, read_extensible

RATE: Final = 16000
"""The recogniser's sample rate."""

BYTES_A_SECOND: Final = 2 * RATE
"""A second of its audio (16-bit samples)."""

MAX_SECONDS: Final = 60
"""No count takes longer; a longer recording is refused, not decoded for minutes."""

HIGHEST_RATE: Final = 192000

WAV_BYTES: Final = MAX_SECONDS * HIGHEST_RATE * 2 * 2 + 1_000_000
"""The largest WAV file read: the longest count, in stereo at the highest rate, and room
for the header and whatever metadata chunks a recorder adds."""


class AudioError(ValueError):
    """A recording that is not a count's audio; the message names the file and the problem."""


def read_wav(path: str | Path) -> bytes:
    """The recording at ``path`` as 16 kHz mono 16-bit little-endian samples."""
    name = str(path)
    try:
        data = read_bytes(Path(path), limit=WAV_BYTES)
    except FileRefused as err:
        raise AudioError(f"{name}: {err}") from None
    try:
        layout = read_extensible(data) if format_tag(data) == EXTENSIBLE else _plain(data)
    except LayoutError as err:
        raise AudioError(f"{name}: {err}") from None
    if layout.channels not in (1, 2):
        raise AudioError(f"{name}: {layout.channels} channels; give mono or stereo")
    if not 4000 <= layout.rate <= HIGHEST_RATE:
        raise AudioError(f"{name}: a sample rate of {layout.rate} Hz is not a recording")
    frames = len(layout.data) // (2 * layout.channels)
    if frames > MAX_SECONDS * layout.rate:
        seconds = frames / layout.rate
        raise AudioError(f"{name}: {seconds:.0f} s long; a count is at most {MAX_SECONDS} s")
    if not frames:
        raise AudioError(f"{name}: holds no audio")
    return to_rate(mono(layout.data, layout.channels), layout.rate)


def _plain(data: bytes) -> Layout:
    """The samples of a plain PCM WAV file, read by `wave`."""
    try:
        with wave.open(io.BytesIO(data), "rb") as w:
            channels, width, rate, frames = (
                w.getnchannels(),
                w.getsampwidth(),
                w.getframerate(),
                w.getnframes(),
            )
            if width != 2:
                raise LayoutError(f"{8 * width}-bit audio; give 16-bit PCM")
            samples = w.readframes(frames)
    except (wave.Error, EOFError) as err:
        raise LayoutError(f"not a readable WAV file ({str(err) or 'empty'})") from None
    if len(samples) < frames * channels * width:
        raise LayoutError("truncated (the header promises more audio than there is)")
    return Layout(channels, rate, samples)


def samples_of(data: bytes) -> array.array[int]:
    """16-bit little-endian samples as numbers (a trailing odd byte left out)."""
    samples = array.array("h")
    samples.frombytes(data[: len(data) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


def rms(samples: Sequence[int]) -> float:
    """How loud ``samples`` are: their root mean square (0 for none)."""
    return math.sqrt(sum(map(operator.mul, samples, samples)) / len(samples)) if samples else 0.0


def _bytes(samples: array.array[int]) -> bytes:
    if sys.byteorder == "big":
        samples = array.array("h", samples)
        samples.byteswap()
    return samples.tobytes()


def mono(data: bytes, channels: int) -> bytes:
    """Stereo samples averaged to mono (mono returned as it is)."""
    if channels == 1:
        return data
    s = samples_of(data)
    return _bytes(array.array("h", ((a + b) // 2 for a, b in zip(s[::2], s[1::2], strict=False))))


def to_rate(data: bytes, rate: int) -> bytes:
    """Mono samples at ``rate`` resampled to `RATE` by linear interpolation (enough for
    the recogniser, whose features stop below 8 kHz)."""
    if rate == RATE:
        return data
    s = samples_of(data)
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
