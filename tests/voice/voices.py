"""Synthetic speakers and rooms for the voice's larger test set: three synthesisers (Debian's
espeak-ng, flite and festival), many voices and speeds, and recording conditions made with
sox (noise at a signal-to-noise ratio, reverb, a telephone's band, a quiet microphone).

Every recording gets a seeded noise floor, as a real microphone has (digital silence drops a
count's last words: VOICE.md); a condition's noise is seeded too, so a recording is the same
on every run. The voices and conditions are split in two: the recogniser's settings are
tuned on `TUNING` and `TUNING_ROOMS` only, and the figures the suite checks are measured on
`HELD_OUT` and `HELD_OUT_ROOMS`, which no setting was chosen on.
"""

from __future__ import annotations

import array
import math
import random
import shutil
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Final

RATE: Final = 16000
FLOOR: Final = 40.0
"""The noise floor's standard deviation in 16-bit steps (about 45 dB below speech)."""

PROGRAMS: Final = {
    "espeak": ("espeak-ng", "espeak-ng"),
    "flite": ("flite", "flite"),
    "festival": ("text2wave", "festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts"),
    "sox": ("sox", "sox"),
}
"""Each program the set needs: its command, and the Debian packages that bring it."""


def program(name: str) -> str:
    """The command of ``name``; the tests fail saying what to install where it is missing."""
    command, packages = PROGRAMS[name]
    found = shutil.which(command)
    assert found, f"the voice tests need {command} (apt-get install {packages})"
    return found


@dataclass(frozen=True, slots=True)
class Voice:
    """A synthetic speaker: the engine, its voice, and a pace (1.0 is the engine's own;
    larger is slower)."""

    engine: str
    name: str
    pace: float = 1.0

    @property
    def label(self) -> str:
        return f"{self.engine}:{self.name}@{self.pace:g}"


@dataclass(frozen=True, slots=True)
class Room:
    """A recording condition: sox effects on the speech, and noise mixed in at ``snr`` dB
    (None: the floor alone) of ``noise`` colour; ``gain`` dB on the speech first."""

    name: str
    effects: tuple[str, ...] = ()
    snr: float | None = None
    noise: str = "white"
    gain: float = 0.0


TUNING: Final = (
    Voice("espeak", "en-us", 165 / 175),
    Voice("espeak", "en-gb", 1.0),
    Voice("espeak", "en-gb-x-rp", 150 / 175),
    Voice("espeak", "en-gb-scotland", 195 / 175),
    Voice("espeak", "en-us+f3", 1.0),
    Voice("espeak", "en-us+m3", 165 / 175),
    Voice("flite", "kal16", 1.0),
    Voice("flite", "slt", 0.9),
    Voice("festival", "kal_diphone", 1.0),
)
"""The voices the recogniser's settings may be chosen on (the first six are the set's old
voices)."""

HELD_OUT: Final = (
    Voice("espeak", "en-gb-x-gbclan", 1.0),
    Voice("espeak", "en-gb-x-gbcwmd", 160 / 175),
    Voice("espeak", "en-029", 1.05),
    Voice("espeak", "en-us-nyc", 185 / 175),
    Voice("espeak", "en-us+f2", 155 / 175),
    Voice("espeak", "en-us+klatt4", 1.0),
    Voice("espeak", "en-gb+Andy", 1.1),
    Voice("flite", "awb", 1.0),
    Voice("flite", "rms", 1.1),
    Voice("flite", "slt", 1.15),
    Voice("festival", "ked_diphone", 0.95),
    Voice("festival", "cmu_us_slt_arctic_hts", 1.0),
)
"""Voices no setting was chosen on: the figures the suite checks are theirs."""

TUNING_ROOMS: Final = (
    Room("quiet room"),
    Room("white noise 20 dB", snr=20.0),
    Room("small reverb", effects=("reverb", "30", "50", "40")),
    Room("white noise 12 dB", snr=12.0),
)

HELD_OUT_ROOMS: Final = (
    Room("quiet room"),
    Room("pink noise 15 dB", snr=15.0, noise="pink"),
    Room("large reverb", effects=("reverb", "60", "50", "90")),
    Room("telephone", effects=("sinc", "300-3400", "rate", "8000", "rate", "16000")),
    Room("far microphone", gain=-20.0),
)

HARD_ROOMS: Final = (Room("white noise 10 dB", snr=10.0),)
"""Conditions where hearing is expected to fail: measured for what goes wrong (a count
heard as another), not for how much is heard."""


def _stretch(voice: Voice) -> list[str]:
    if voice.engine == "espeak":
        return ["-s", str(round(175 / voice.pace))]
    if voice.engine == "flite":
        return ["--setf", f"duration_stretch={voice.pace:g}"]
    return ["-eval", f"(Parameter.set 'Duration_Stretch {voice.pace:g})"]


def speak(text: str, voice: Voice, path: Path) -> None:
    """``text`` said by ``voice`` to the WAV ``path`` (the engine's own rate)."""
    if voice.engine == "espeak":
        cmd = [program("espeak"), "-v", voice.name, *_stretch(voice), "-w", str(path), text]
        subprocess.run(cmd, check=True, capture_output=True)
    elif voice.engine == "flite":
        cmd = [
            program("flite"),
            "-voice",
            voice.name,
            *_stretch(voice),
            "-t",
            text,
            "-o",
            str(path),
        ]
        subprocess.run(cmd, check=True, capture_output=True)
    else:
        cmd = [program("festival"), "-eval", f"(voice_{voice.name})", *_stretch(voice)]
        subprocess.run(
            [*cmd, "-o", str(path)], input=text, text=True, check=True, capture_output=True
        )


def _read(path: Path) -> array.array[int]:
    with wave.open(str(path), "rb") as w:
        assert w.getsampwidth() == 2, path
        assert w.getnchannels() == 1, path
        assert w.getframerate() == RATE, path
        samples = array.array("h")
        samples.frombytes(w.readframes(w.getnframes()))
    return samples


def _write(path: Path, samples: array.array[int]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def _sox(source: Path, target: Path, *effects: str) -> None:
    cmd = [program("sox"), "-R", "-q", str(source), "-r", str(RATE), "-c", "1", "-b", "16"]
    subprocess.run([*cmd, str(target), *effects], check=True, capture_output=True)


def _noise(n: int, colour: str, rng: random.Random) -> list[float]:
    """``n`` samples of unit-power noise: white, or pink (Paul Kellet's filter)."""
    gauss = rng.gauss
    white = [gauss(0.0, 1.0) for _ in range(n)]
    if colour == "white":
        return white
    b0 = b1 = b2 = 0.0
    out = []
    for w in white:
        b0 = 0.99765 * b0 + w * 0.0990460
        b1 = 0.96300 * b1 + w * 0.2965164
        b2 = 0.57000 * b2 + w * 1.0526913
        out.append(b0 + b1 + b2 + w * 0.1848)
    power = math.sqrt(sum(x * x for x in out) / max(len(out), 1)) or 1.0
    return [x / power for x in out]


def _speech_level(samples: array.array[int]) -> float:
    """The root mean square of the loud part (the speech, not the pauses around it)."""
    frame = RATE // 50
    levels = sorted(
        sum(s * s for s in samples[i : i + frame]) / frame
        for i in range(0, len(samples) - frame + 1, frame)
    )
    loud = levels[len(levels) // 2 :] or [0.0]
    return math.sqrt(sum(loud) / len(loud))


def record(text: str, voice: Voice, room: Room, path: Path, *, seed: int) -> Path:
    """``text`` said by ``voice`` in ``room``, to the 16 kHz WAV ``path``, a quarter second
    of the room leading and trailing. (Counts with pauses between their groups, for the
    end of a count, are `tests.voice.pauses`'.)"""
    rng = random.Random(seed)
    raw, said = path.with_suffix(".raw.wav"), path.with_suffix(".said.wav")
    speak(text, voice, raw)
    _sox(raw, said, "gain", f"{room.gain:g}", *room.effects)
    speech = _read(said)
    raw.unlink()
    said.unlink()
    lead = array.array("h", bytes(2 * (RATE // 4)))
    whole = lead + speech + lead
    gauss = rng.gauss
    mixed = [float(s) + gauss(0.0, FLOOR) for s in whole]
    if room.snr is not None:
        level = _speech_level(speech) / 10 ** (room.snr / 20)
        for i, x in enumerate(_noise(len(mixed), room.noise, rng)):
            mixed[i] += level * x
    rounded = [round(x) for x in mixed]
    try:
        samples = array.array("h", rounded)
    except OverflowError:  # a loud room clips
        samples = array.array("h", (max(-32768, min(32767, v)) for v in rounded))
    _write(path, samples)
    return path
