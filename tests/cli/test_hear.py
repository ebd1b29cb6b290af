"""``muggins hear``: ``--live`` ends a count as push-to-talk does and prints what ``hear``
prints; an extensible WAV is heard; a named pipe, a device or a folder is refused at once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.hostile.support import dev_zero, muggins, named_pipe
from tests.voice.pauses import paused, speech_end, write
from tests.voice.speech import synthesise
from tests.voice.wavbytes import extensible
from trainer.__main__ import main
from trainer.voice.listen import SILENCE

HEARD = pytest.mark.slow
"""A recogniser hearing synthesised speech: in CI, not the quick loop."""

HAND = ["--hand", "5H", "5C", "6D", "10S", "--starter", "2H"]
SAID = "fifteen two fifteen four and a pair is six"
LIVE_KEYS = {"ended", "first_word", "end", "listened"}


def hear(*args: str) -> subprocess.CompletedProcess[str]:
    """``muggins hear ARGS`` as a process of its own."""
    command = [sys.executable, "-m", "trainer", "hear", *args, *HAND]
    return subprocess.run(command, capture_output=True, text=True, check=False)


@HEARD
def test_hear_live_hears_a_count_with_pauses_whole_and_prints_what_hear_prints(
    tmp_path: Path,
) -> None:
    audio = paused(("fifteen two", "fifteen four", "and a pair is six"), 1.5, tmp_path, seed=4)
    wav = str(write(audio, tmp_path / "paused.wav"))
    whole, live = hear(wav, "--json"), hear(wav, "--live", "--json")
    assert whole.returncode == live.returncode == 0, (whole.stderr, live.stderr)
    assert whole.stderr == live.stderr == ""
    heard, streamed = json.loads(whole.stdout), json.loads(live.stdout)
    assert set(streamed) == set(heard) | LIVE_KEYS
    assert {k: v for k, v in streamed.items() if k not in LIVE_KEYS} == heard
    assert heard["heard"] == SAID
    assert heard["claim"]["total"] == 6
    assert heard["verdict"]["outcome"] == "exact"
    assert streamed["ended"] == "silence"
    last = speech_end(audio)
    assert streamed["listened"] == pytest.approx(last + SILENCE, abs=0.25)
    assert 0 < streamed["first_word"] < streamed["end"] <= last + 0.25

    text, live_text = hear(wav), hear(wav, "--live")
    lines = live_text.stdout.splitlines()
    assert lines[:-1] == text.stdout.splitlines()
    assert lines[0] == f"Heard: {SAID}"
    assert lines[-1] == (
        f"The count ended after a silence at {streamed['listened']:.1f} s "
        f"(its last word at {streamed['end']:.1f} s)"
    )


@HEARD
def test_hear_live_ends_on_the_final_total(tmp_path: Path) -> None:
    groups = ("fifteen two", "fifteen four", "and a pair is six", "that's six")
    audio = paused(groups, 1.5, tmp_path, seed=4)
    wav = str(write(audio, tmp_path / "total.wav"))
    data: dict[str, Any] = json.loads(hear(wav, "--live", "--json").stdout)
    assert data["heard"] == f"{SAID} that's six"
    assert data["ended"] == "total"
    assert data["listened"] < speech_end(audio) + SILENCE


@HEARD
def test_a_recording_in_the_extensible_format_is_heard(tmp_path: Path) -> None:
    audio = paused(("fifteen two", "fifteen four", "and a pair is six"), 0.3, tmp_path, seed=6)
    wav = tmp_path / "extensible.wav"
    wav.write_bytes(extensible(audio))
    done = hear(str(wav), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["heard"] == SAID


@pytest.mark.parametrize(
    ("make", "what"),
    [(named_pipe, "a named pipe"), (dev_zero, "a device"), (Path.mkdir, "a folder")],
)
@pytest.mark.parametrize("live", [[], ["--live"]])
def test_a_pipe_a_device_or_a_folder_is_refused_at_once(
    tmp_path: Path, make: Any, what: str, live: list[str]
) -> None:
    path = tmp_path / "count.wav"
    make(path)
    run = muggins("hear", str(path), *live, *HAND, home=tmp_path / "home")
    line = run.refused()
    assert line == f"muggins: error: {path}: is {what}, not a file; give the path of a file"
    assert run.out == ""


def test_no_count_in_a_live_recording_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    quiet = paused((), 0.0, tmp_path, lead=1.0, tail=0.0)
    wav = str(write(quiet, tmp_path / "quiet.wav"))
    assert main(["hear", wav, "--live", *HAND]) == 2
    assert capsys.readouterr().err == (f"muggins: error: heard no count in {wav} (say it again)\n")


@HEARD
def test_a_count_ending_below_its_sum_is_asked_again_whole_and_live(tmp_path: Path) -> None:
    said = "fifteen two, fifteen four, and a pair is six, that's four"
    wav = str(synthesise(said, tmp_path / "below.wav", voice="en-us", speed=165, seed=4))
    for how in ([], ["--live"]):
        run = hear(wav, *how)
        assert run.returncode == 2, run.stdout
        assert run.stderr == (
            "muggins: error: I heard a count of six end on four. Say it again, or type it.\n"
        )
