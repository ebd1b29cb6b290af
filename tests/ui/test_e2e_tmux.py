"""End to end: the installed `muggins` in a real terminal (tmux), three hands by keystrokes.

`.ci/run` installs tmux where it is missing; without it this test fails saying so.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop

MUGGINS = Path(sys.executable).with_name("muggins")


class Terminal:
    """A tmux session of its own (private socket) running one command at 80x24."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.socket = f"muggins-test-{uuid.uuid4().hex[:8]}"
        self.env = env
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        self._tmux(
            "new-session", "-d", "-s", "t", "-x", "80", "-y", "24",
            f"env {exports} {' '.join(command)}",
        )  # fmt: skip

    def _tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=False
        )
        return result.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "t")

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "t", *keys)

    def wait_for(self, test: Callable[[str], bool], what: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if test(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n{self.screen()}")

    def alive(self) -> bool:
        return (
            subprocess.run(
                ["tmux", "-L", self.socket, "has-session", "-t", "t"],
                capture_output=True,
                check=False,
            ).returncode
            == 0
        )

    def close(self) -> None:
        self._tmux("kill-server")


def test_three_hands_in_a_real_terminal(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is needed for this test: apt-get install tmux (.ci/run does)"
    assert MUGGINS.exists(), f"the muggins command is not installed at {MUGGINS}"
    home = tmp_path / "home"
    env = {"MUGGINS_HOME": str(home), "TERM": "xterm-256color"}
    term = Terminal([str(MUGGINS), "--seed", "42"], env)
    try:
        term.wait_for(lambda s: "Warm-up" in s and "Start drill" in s, "the home screen")
        term.keys("Enter")
        for hand in range(1, 4):
            term.wait_for(_shows(f"{hand} of 10"), f"hand {hand}")
            term.keys("7", "Enter")
            term.wait_for(lambda s: "the hand is" in s, f"the reveal of hand {hand}")
            term.keys("Space")
        term.wait_for(lambda s: "4 of 10" in s, "hand 4")
        term.keys("Escape")
        term.wait_for(lambda s: "Warm-up: done" in s, "the summary")
        assert "Hands                 3" in term.screen()
        term.keys("h")
        term.wait_for(lambda s: "today" in s, "home with today's practice")
        term.keys("C-q")
        deadline = time.monotonic() + 15
        while term.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not term.alive(), "muggins did not quit on ctrl+q"
    finally:
        term.close()
    result = subprocess.run(
        [str(MUGGINS), "stats", "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "MUGGINS_HOME": str(home)},
        check=True,
    )
    data = json.loads(result.stdout)
    assert data["attempts"] == 3
    assert [d["drill"] for d in data["drills"]] == ["warm-up"]
    assert data["drills"][0]["attempts"] == 3


def _shows(text: str) -> Callable[[str], bool]:
    """A screen test: the screen contains ``text``."""
    return lambda screen: text in screen
