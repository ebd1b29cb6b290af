"""A player's voice, learnt from the counts they said: a linear transform of the model's
means (MLLR: maximum likelihood linear regression, one class, each stream's own 13x14
matrix), estimated from how the player's frames sit against the Gaussians of the states
they were aligned to, and applied by pocketsphinx when it loads the model (its ``mllr``
file). A synthetic voice or a room the model never heard is heard far better once the
model has moved to it (docs/development.md, "Counting aloud": the held-out set).

The statistics are sufficient (for each stream and dimension a 14x14 matrix and a
14-vector), so a count's frames are added and forgotten; older counts weigh less
(`DECAY`), so a new microphone or room takes over within a few counts.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from trainer.voice.acoustic import STREAMS, WIDTH, Acoustic, Floats

MIN_FRAMES: Final = 400.0
"""Frames of speech (10 ms each, silence not counted) before a transform is estimated:
about two counts. Chosen on the tuning set's sessions (docs/development.md)."""

DECAY: Final = 0.9
"""What a count's statistics weigh after each later count: a count ten counts back weighs a
third, so a player's new room or microphone takes over within a few counts."""

NOT_SPEECH: Final = frozenset({"SIL", "+NSN+", "+SPN+"})
"""The model's phones of silence and noise: their frames are not the voice's."""

VERSION: Final = 1

Indices = NDArray[np.int64]


def features(cepstra: Floats) -> Floats:
    """The recogniser's features of an utterance's cepstra [frame, 13]: the cepstra less
    their mean (its batch normalisation), their deltas and double deltas, as Sphinx's
    ``1s_c_d_dd`` makes them (the edges repeat the first and last frame)."""
    c = cepstra - cepstra.mean(axis=0)
    n = len(c)
    padded = np.concatenate([np.repeat(c[:1], 3, axis=0), c, np.repeat(c[-1:], 3, axis=0)])

    def at(k: int) -> Floats:
        return padded[3 + k : 3 + k + n]

    delta = at(2) - at(-2)
    double = (at(3) - at(-1)) - (at(1) - at(-3))
    return np.concatenate([c, delta, double], axis=1)


@dataclass
class VoiceStats:
    """What the player's counts said of their voice so far: for each stream and dimension
    ``g`` (14x14) and ``k`` (14), and the ``frames`` of speech behind them (decayed)."""

    g: Floats
    k: Floats
    frames: float = 0.0

    @classmethod
    def empty(cls) -> VoiceStats:
        return cls(
            np.zeros((STREAMS, WIDTH, WIDTH + 1, WIDTH + 1)), np.zeros((STREAMS, WIDTH, WIDTH + 1))
        )

    def add(self, model: Acoustic, cepstra: Floats, senones: Indices, phones: Indices) -> int:
        """Add an utterance: its cepstra and, for each frame, the state and the phone it
        was aligned to (-1: none). Earlier utterances weigh `DECAY` less. Returns the
        frames of speech added."""
        speech = np.array([name not in NOT_SPEECH for name in model.phones])
        keep = (senones >= 0) & (phones >= 0)
        keep[keep] = speech[phones[keep]]
        return self.add_frames(model, features(cepstra)[keep], senones[keep], phones[keep])

    def add_frames(self, model: Acoustic, frames: Floats, senones: Indices, phones: Indices) -> int:
        """Add frames of speech (features [frame, 39]) with their states and phones. Which
        Gaussian accounts for a frame is judged on the means as the voice known so far
        moves them (an expectation-maximisation step a count), so that a voice far from
        the model's is not credited to the wrong Gaussians."""
        known = self.transform()
        self.g *= DECAY
        self.k *= DECAY
        self.frames *= DECAY
        if not len(frames):
            return 0
        share = model.posteriors(frames, senones, phones, known)  # [frame, stream, gaussian]
        used = np.unique(phones)
        occupancy = np.zeros((len(used), STREAMS, share.shape[2]))
        sums = np.zeros((len(used), STREAMS, share.shape[2], WIDTH))
        for i, phone in enumerate(used):
            mine = phones == phone
            occupancy[i] = share[mine].sum(axis=0)
            for s in range(STREAMS):
                sums[i, s] = share[mine, s].T @ frames[mine, s * WIDTH : (s + 1) * WIDTH]
        means = model.means[used]
        precision = 1 / model.variances[used]
        xi = np.concatenate([np.ones((*means.shape[:3], 1)), means], axis=-1)
        self.g += np.einsum("psg,psgi,psga,psgb->siab", occupancy, precision, xi, xi, optimize=True)
        self.k += np.einsum("psgi,psgi,psga->sia", sums, precision, xi, optimize=True)
        self.frames += len(frames)
        return len(frames)

    def transform(self) -> Floats | None:
        """Each stream's [bias | matrix] (3x13x14) that makes the player's frames likeliest,
        or None while too little speech is known (`MIN_FRAMES`) or the statistics are
        singular."""
        if self.frames < MIN_FRAMES:
            return None
        w = np.zeros((STREAMS, WIDTH, WIDTH + 1))
        for s in range(STREAMS):
            for i in range(WIDTH):
                try:
                    w[s, i] = np.linalg.solve(self.g[s, i], self.k[s, i])
                except np.linalg.LinAlgError:
                    return None
        return w if np.isfinite(w).all() else None

    def to_json(self) -> str:
        return json.dumps(
            {"version": VERSION, "frames": self.frames, "g": self.g.tolist(), "k": self.k.tolist()}
        )

    @classmethod
    def from_json(cls, text: str) -> VoiceStats:
        """The statistics saved by `to_json`; ValueError if they are not."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a voice learnt by this version of Muggins")
        g, k = np.array(data["g"], dtype=np.float64), np.array(data["k"], dtype=np.float64)
        frames = float(data["frames"])
        empty = cls.empty()
        if g.shape != empty.g.shape or k.shape != empty.k.shape or not math.isfinite(frames):
            raise ValueError("the statistics have the wrong shape")
        return cls(g, k, frames)


def write_mllr(path: Path, transform: Floats) -> None:
    """Write ``transform`` (3x13x14) as pocketsphinx's MLLR file: one class, its streams,
    each stream's matrix, bias and variance scales (1: means only)."""
    lines = ["1", str(STREAMS)]
    for s in range(STREAMS):
        lines.append(str(WIDTH))
        lines += [" ".join(f"{x:.8g}" for x in row) for row in transform[s, :, 1:]]
        lines.append(" ".join(f"{x:.8g}" for x in transform[s, :, 0]))
        lines.append(" ".join("1" for _ in range(WIDTH)))
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
