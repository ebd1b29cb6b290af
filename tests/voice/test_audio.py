"""Reading a recorded count: any rate, mono or stereo, 16-bit PCM, plain or extensible;
anything else (float, 24-bit, truncated, a pipe, a device, a folder) one clear line."""

from __future__ import annotations

import array
import builtins
import math
import os
import subprocess
import sys
import wave
from pathlib import Path
from typing import Any

import pytest

from tests.voice.wavbytes import FLOAT, PCM, extensible
from trainer.__main__ import main
from trainer.voice.audio import MAX_SECONDS, RATE, AudioError, read_wav
from trainer.voice.recogniser import Recogniser
from trainer.voice.sphinx import INSTALL_HINT, VoiceUnavailable


def write(
    path: Path, *, rate: int = RATE, channels: int = 1, width: int = 2, seconds: float = 0.5
) -> Path:
    n = int(rate * seconds)
    tone = [int(8000 * math.sin(2 * math.pi * 440 * i / rate)) for i in range(n)]
    frames = array.array("h", (s for s in tone for _ in range(channels)))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        data = frames.tobytes() if width == 2 else bytes(n * channels)
        w.writeframes(data)
    return path


@pytest.mark.parametrize(("rate", "channels"), [(16000, 1), (22050, 1), (44100, 2), (8000, 2)])
def test_any_rate_mono_or_stereo_becomes_16k_mono(tmp_path: Path, rate: int, channels: int) -> None:
    audio = read_wav(write(tmp_path / "a.wav", rate=rate, channels=channels))
    assert abs(len(audio) // 2 - RATE // 2) <= 1  # half a second at 16 kHz


def test_what_is_not_a_count_recording_is_named(tmp_path: Path) -> None:
    empty = tmp_path / "empty.wav"
    empty.write_bytes(b"")
    text = tmp_path / "notes.wav"
    text.write_text("fifteen two")
    whole = write(tmp_path / "whole.wav").read_bytes()
    truncated = tmp_path / "cut.wav"
    truncated.write_bytes(whole[: len(whole) // 2])
    cases = {
        empty: "not a readable WAV file",
        text: "not a readable WAV file",
        truncated: "truncated",
        write(tmp_path / "8bit.wav", width=1): "8-bit audio",
        write(tmp_path / "long.wav", rate=8000, seconds=MAX_SECONDS + 1): "a count is at most",
    }
    for path, problem in cases.items():
        with pytest.raises(AudioError, match=problem) as err:
            read_wav(path)
        assert str(path) in str(err.value)
        assert "\n" not in str(err.value)


def tone(seconds: float, rate: int = RATE, channels: int = 1) -> bytes:
    """A 440 Hz tone's samples, as a WAV file holds them (every channel the same)."""
    n = int(rate * seconds)
    wave_ = [int(8000 * math.sin(2 * math.pi * 440 * i / rate)) for i in range(n)]
    return array.array("h", (s for s in wave_ for _ in range(channels))).tobytes()


@pytest.mark.parametrize(("rate", "channels"), [(16000, 1), (44100, 2)])
def test_16_bit_pcm_in_the_extensible_format_is_read_as_the_plain_format_is(
    tmp_path: Path, rate: int, channels: int
) -> None:
    plain = write(tmp_path / "plain.wav", rate=rate, channels=channels)
    samples = tone(0.5, rate, channels)
    ext = tmp_path / "ext.wav"
    ext.write_bytes(extensible(samples, rate=rate, channels=channels))
    assert read_wav(ext) == read_wav(plain)
    if rate == RATE:
        assert read_wav(ext) == samples


def test_the_extensible_format_is_read_strictly(tmp_path: Path) -> None:
    samples = tone(0.5)
    whole = extensible(samples)
    cases = {
        "float": (
            extensible(tone(0.25) * 2, bits=32, guid=FLOAT),
            "32-bit float audio; give 16-bit PCM",
        ),
        "24bit": (extensible(samples[:-1], bits=24), "24-bit audio; give 16-bit PCM"),
        "guid": (
            extensible(samples, guid=PCM[:2] + bytes(14)),
            "an unknown sample format (GUID 01000000000000000000000000000000); give 16-bit PCM",
        ),
        "align": (
            extensible(samples, align=4),
            "a block align of 4 bytes does not fit 1 channels of 16 bits",
        ),
        "declared": (
            extensible(samples, declared=len(samples) + 2),
            "truncated (the header promises more audio than there is)",
        ),
        "cut": (
            whole[: len(whole) - 1000],
            "truncated (the header promises more audio than there is)",
        ),
        "header": (whole[:40], "truncated (the format chunk is cut off)"),
        "nodata": (whole[: whole.index(b"data")], "truncated (no audio data chunk)"),
        "empty": (extensible(b""), "holds no audio"),
        "six": (extensible(samples * 6, channels=6), "6 channels; give mono or stereo"),
    }
    for name, (data, problem) in cases.items():
        path = tmp_path / f"{name}.wav"
        path.write_bytes(data)
        with pytest.raises(AudioError) as err:
            read_wav(path)
        assert str(err.value) == f"{path}: {problem}"


def test_a_pipe_a_device_or_a_folder_is_refused_without_reading_it(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.wav"
    os.mkfifo(pipe)  # no writer: opening it to read would wait for ever
    cases = {pipe: "a named pipe", Path("/dev/zero"): "a device", tmp_path: "a folder"}
    for path, what in cases.items():
        with pytest.raises(AudioError) as err:
            read_wav(path)
        assert str(err.value) == f"{path}: is {what}, not a file; give the path of a file"


def test_muggins_hear_refuses_bad_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path / "tone.wav")
    bad_card = ["hear", str(good), "--hand", "5H", "5C", "6D", "XX", "--starter", "JH"]
    empty = tmp_path / "empty.wav"
    empty.write_bytes(b"")
    bad_wav = ["hear", str(empty), "--hand", "5H", "5C", "6D", "4S", "--starter", "JH"]
    for argv in (bad_card, bad_wav):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("muggins: error: ")
        assert err.count("\n") == 1


def test_a_tone_is_no_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tone = write(tmp_path / "tone.wav", seconds=1.5)
    assert main(["hear", str(tone), "--hand", "5H", "5C", "6D", "4S", "--starter", "JH"]) == 2
    assert "heard no count in" in capsys.readouterr().err


def test_without_the_extra_it_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_pocketsphinx(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "pocketsphinx":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pocketsphinx)
    with pytest.raises(VoiceUnavailable, match="voice extra"):
        Recogniser()
    wav = write(tmp_path / "tone.wav")
    assert main(["hear", str(wav), "--hand", "5H", "5C", "6D", "4S", "--starter", "JH"]) == 2
    assert capsys.readouterr().err == f"muggins: error: {INSTALL_HINT}\n"


def test_nothing_loads_the_recogniser_or_the_microphone_until_asked() -> None:
    code = (
        "import sys, trainer.voice.listen, trainer.voice.microphone, trainer.cli.hear\n"
        "import trainer.ui.voice_input\n"
        "print(sorted(m for m in sys.modules if m in ('pocketsphinx', 'sounddevice')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
