"""The recogniser's acoustic model as numbers: each phone's Gaussians and each state's
mixture weights, read from the model pocketsphinx ships, so that a player's voice can be
learnt against it (`trainer.voice.adapt`).

The US-English model is phonetically tied: each of its 42 phones (`PHONES`, in the
model's order) has 128 Gaussians in each of three streams of 13 dimensions (the cepstra,
their deltas and double deltas), and each state (senone) of a phone in context mixes its
phone's Gaussians with weights of its own. The files are Sphinx's binary formats (`means`
and `variances`: a text header, a byte-order word, the dimensions, float32 values;
`sendump`: 8-bit quantised weights; `mdef`: the phones' names among much else).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

STREAMS: Final = 3
"""Feature streams: the cepstra, their deltas, their double deltas."""
WIDTH: Final = 13
"""Dimensions of a stream."""
DIMENSIONS: Final = STREAMS * WIDTH

VAR_FLOOR: Final = 1e-4
"""The smallest variance, as pocketsphinx floors them when it loads the model."""

_ORDER: Final = 0x11223344
_MDEF_ORDER: Final = 0x46444D42  # "BMDF"
_WEIGHT_LOG: Final = 1024 * float(np.log(1.0001))
"""A quantised weight's unit of -ln(weight): pocketsphinx's log base 1.0001, shifted 10."""

Floats = NDArray[np.float64]


class ModelError(ValueError):
    """A model file that is not the format expected: its name and what was wrong."""


@dataclass(frozen=True)
class Acoustic:
    """The model's numbers: ``means`` and ``variances`` [phone, stream, gaussian, dim],
    ``log_weights`` [senone, stream, gaussian] (natural log), ``phones`` their names."""

    means: Floats
    variances: Floats
    log_weights: Floats
    phones: tuple[str, ...]

    @classmethod
    def read(cls, folder: Path) -> Acoustic:
        means = _gaussians(folder / "means")
        variances = np.maximum(_gaussians(folder / "variances"), VAR_FLOOR)
        phones = _phones(folder / "mdef")
        if means.shape != variances.shape or means.shape[0] != len(phones):
            raise ModelError(f"{folder}: means, variances and phones do not agree")
        weights = _weights(folder / "sendump", means.shape[2])
        return cls(means, variances, weights, phones)

    def posteriors(
        self,
        frames: Floats,
        senones: NDArray[np.int64],
        phones: NDArray[np.int64],
        transform: Floats | None = None,
    ) -> Floats:
        """How much each Gaussian of its phone accounts for each frame, in each stream
        [frame, stream, gaussian], given the state each frame was aligned to; the means
        moved by ``transform`` (3x13x14, each stream's [bias | matrix]) if one is given."""
        out = np.empty((len(frames), STREAMS, self.means.shape[2]))
        for s in range(STREAMS):
            mean, var = self.means[phones, s], self.variances[phones, s]
            if transform is not None:
                mean = mean @ transform[s, :, 1:].T + transform[s, :, 0]
            x = frames[:, None, s * WIDTH : (s + 1) * WIDTH]
            log = -0.5 * (np.log(2 * np.pi * var).sum(-1) + ((x - mean) ** 2 / var).sum(-1))
            log += self.log_weights[senones, s]
            log -= log.max(axis=1, keepdims=True)
            share = np.exp(log)
            out[:, s] = share / share.sum(axis=1, keepdims=True)
        return out


def _gaussians(path: Path) -> Floats:
    data = path.read_bytes()
    end = data.find(b"endhdr\n")
    if not data.startswith(b"s3\n") or end < 0:
        raise ModelError(f"{path}: not a Sphinx parameter file")
    at = end + len(b"endhdr\n")
    if struct.unpack_from("<I", data, at)[0] != _ORDER:
        raise ModelError(f"{path}: byte order not little-endian")
    phones, streams, gaussians = struct.unpack_from("<3i", data, at + 4)
    widths = struct.unpack_from(f"<{streams}i", data, at + 16)
    count = struct.unpack_from("<i", data, at + 16 + 4 * streams)[0]
    if streams != STREAMS or set(widths) != {WIDTH} or count != phones * gaussians * DIMENSIONS:
        raise ModelError(f"{path}: {streams} streams of {widths}, not {STREAMS} of {WIDTH}")
    values = np.frombuffer(data, "<f4", count, at + 20 + 4 * streams)
    return values.reshape(phones, STREAMS, gaussians, WIDTH).astype(np.float64)


def _weights(path: Path, gaussians: int) -> Floats:
    data = path.read_bytes()
    at = 0

    def word() -> int:
        nonlocal at
        (value,) = struct.unpack_from("<i", data, at)
        at += 4
        return int(value)

    for _ in range(2):  # the title and the format's description
        size = word()
        at += size
    header: dict[str, str] = {}
    while (size := word()) != 0:
        key, _, value = data[at : at + size - 1].decode("ascii", "replace").partition(" ")
        header[key] = value
        at += size
    if int(header.get("cluster_count", "0")) != 0:
        raise ModelError(f"{path}: clustered weights are not read here")
    rows, senones = word(), word()
    streams = int(header.get("feature_count", "1"))
    if rows != gaussians or streams != STREAMS:
        raise ModelError(
            f"{path}: {streams} streams of {rows} weights, not {STREAMS} of {gaussians}"
        )
    quantised = np.frombuffer(data, np.uint8, streams * rows * senones, at)
    logs = quantised.reshape(streams, rows, senones).transpose(2, 0, 1).astype(np.float64)
    return -logs * _WEIGHT_LOG


def _phones(path: Path) -> tuple[str, ...]:
    data = path.read_bytes()
    if struct.unpack_from("<I", data, 0)[0] != _MDEF_ORDER:
        raise ModelError(f"{path}: not a little-endian binary model definition")
    skip = struct.unpack_from("<i", data, 8)[0]
    at = 12 + skip
    count = struct.unpack_from("<i", data, at)[0]
    names = data[at + 40 :].split(b"\0", count)[:count]
    return tuple(name.decode("ascii") for name in names)
