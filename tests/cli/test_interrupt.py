"""Ctrl+C ends a command quietly: no traceback, one short line, exit status 130. Each
command is interrupted while busy, once its own output (Python's import log) shows it
has begun the work: never after a fixed sleep."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.voice.speech import synthesise
from trainer.__main__ import EXIT_INTERRUPTED

ROOT = Path(__file__).resolve().parents[2]
HAND = ["--hand", "5H", "5C", "5S", "JD", "--starter", "5D"]
TWENTY_NINE = (
    "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
    "fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, "
    "and one for his nobs, that's twenty-nine"
)


def _hears_ctrl_c() -> None:
    """In the child before it runs: Ctrl+C's signal back to its default, so that Python
    turns it into KeyboardInterrupt even when the suite runs where it is ignored (a job
    started in the background by a shell without job control: the child would inherit
    the ignoring, and simulate its 100,000 games to the end)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupted(args: list[str], busy: str, home: Path) -> tuple[int, str, str]:
    """``muggins ARGS`` sent SIGINT once it has imported the module ``busy`` (its import
    log on standard error says so): its exit status, its output and what it said besides
    the import log."""
    command = [sys.executable, "-X", "importtime", "-m", "trainer", *args]
    env = {**os.environ, "MUGGINS_HOME": str(home)}
    with subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        preexec_fn=_hears_ctrl_c,
    ) as child:
        assert child.stderr is not None
        log: list[str] = []
        while not (line := child.stderr.readline()).rstrip().endswith(f" {busy}"):
            assert line, f"muggins {' '.join(args)} ended before {busy}: {''.join(log)}"
            log.append(line)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate()
    said = "".join(x for x in err.splitlines(keepends=True) if not x.startswith("import time:"))
    return child.returncode, out, said


def test_ctrl_c_ends_a_simulation_quietly(tmp_path: Path) -> None:
    status, out, err = interrupted(["simulate", "--games", "100000"], "trainer.cli.game", tmp_path)
    assert (status, out, err) == (EXIT_INTERRUPTED, "", "muggins: interrupted\n")


def test_ctrl_c_ends_hear_live_quietly(tmp_path: Path) -> None:
    wav = synthesise(TWENTY_NINE, tmp_path / "29.wav", voice="en-us", speed=150, seed=1)
    args = ["hear", str(wav), "--live", *HAND]
    status, out, err = interrupted(args, "pocketsphinx", tmp_path)
    assert (status, out, err) == (EXIT_INTERRUPTED, "", "muggins: interrupted\n")
