"""End to end: the installed `muggins` in a real terminal (tmux), by keystrokes: three hands
of a drill; and a hand of a game at the table, the trainer killed, the game resumed.

`.ci/run` installs tmux where it is missing; without it these tests fail saying so.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from tests.ui.waiting import PATIENCE
from trainer.rules.cards import parse_cards
from trainer.rules.show import score_show

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

    def lines(self) -> str:
        """The screen with lines the terminal wrapped joined again (plain mode's sentences)."""
        return self._tmux("capture-pane", "-p", "-J", "-t", "t")

    def _tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=False
        )
        return result.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "t")

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "t", *keys)

    def wait_for(self, test: Callable[[str], bool], what: str, timeout: float = PATIENCE) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.screen()
            if test(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n{self.screen()}")

    def quit(self) -> None:
        """Quit the trainer with ctrl+q, and check that it has."""
        self.keys("C-q")
        deadline = time.monotonic() + PATIENCE
        while self.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not self.alive(), "muggins did not quit on ctrl+q"

    def alive(self) -> bool:
        return (
            subprocess.run(
                ["tmux", "-L", self.socket, "has-session", "-t", "t"],
                capture_output=True,
                check=False,
            ).returncode
            == 0
        )

    def steady(self, test: Callable[[str], bool], what: str, timeout: float = PATIENCE) -> str:
        """The screen once it passes ``test`` and stays the same for two reads 50 ms apart
        (a frame half drawn, or pegs still moving, is never read as the state)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.wait_for(test, what, max(deadline - time.monotonic(), 0.1))
            time.sleep(0.05)
            if self.screen() == text:
                return text
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n{self.screen()}")

    def pid(self) -> int:
        """The process running in the pane (the command itself: ``env`` execs it)."""
        return int(self._tmux("display-message", "-p", "-t", "t", "#{pane_pid}").strip())

    def close(self) -> None:
        self._tmux("kill-server")


def test_three_hands_in_a_real_terminal(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is needed for this test: apt-get install tmux (.ci/run does)"
    assert MUGGINS.exists(), f"the muggins command is not installed at {MUGGINS}"
    home = tmp_path / "home"
    env = {"MUGGINS_HOME": str(home), "TERM": "xterm-256color"}
    term = Terminal([str(MUGGINS), "--seed", "42"], env)
    try:
        term.wait_for(lambda s: "Warm-up" in s and "g Play a game" in s, "the home screen")
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
        term.quit()
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


# ---------------------------------------------------------------- a game at the table

GAME_SEED = 42
"""Dealt from `muggins --seed 42` (no drill first): the computer deals the first hand, so
you lead the play and count your hand first."""
SETTINGS = """\
game:
  variant: standard
  level: standard
  muggins: acc
  claim: total
  peg_own: false
  match_points: 1
"""
"""The setup form's choices, written as the last game's (so ctrl+d deals exactly this)."""
YOUR_LAY = "Your turn: lay a card"
YOUR_COUNT = "Count your hand: type the total"
YOUR_ANSWER = "a accepts · t too many"
REVEAL = "Back to the table"
"""The reveal's footer (its title, ``Your hand: 2``, is also a line of the table's log)."""
FACE = re.compile(r"[│┃] (10|[2-9AJQK])([♠♥♦♣]) +[│┃]")
SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
VALUE = {"A": 1, "J": 10, "Q": 10, "K": 10}


def _table_half(screen: str) -> list[str]:
    """The screen's lines, the log and the input at the right cut off."""
    return [re.split("[▏▊]", line)[0] for line in screen.splitlines()]


def _faces(line: str) -> list[str]:
    return [rank + suit for rank, suit in FACE.findall(line)]


def card_rows(screen: str) -> tuple[list[str], list[str]]:
    """What the table shows as cards: the middle row (the play's last cards, or the box
    being counted with the starter last) and your numbered cards, as faces (``9♥``)."""
    lines = _table_half(screen)
    middle: list[str] = []
    held: list[str] = []
    for above, line in itertools.pairwise(lines):
        if "╭─ 1 ─╮" in above:
            held = _faces(line)
        elif "╭─────╮" in above and not held:
            middle = _faces(line)
    return middle, held


def scores(screen: str) -> tuple[int, int]:
    """The board's figures: the first row of each side (``You        6``)."""
    found = []
    for side in ("You", "Computer"):
        match = re.search(rf"^\s*{side}\s+(\d+)\s", screen, re.MULTILINE)
        assert match is not None, f"no score for {side} on the board:\n{screen}"
        found.append(int(match.group(1)))
    return found[0], found[1]


def value(face: str) -> int:
    rank = face[:-1]
    return VALUE.get(rank) or int(rank)


def worth(faces: list[str]) -> int:
    """What a box shown as faces (the starter last) is worth: the player's own count."""
    cards = parse_cards([face[:-1] + SUIT_LETTER[face[-1]] for face in faces])
    return score_show(cards[:-1], cards[-1]).total


def saved(home: Path) -> tuple[str, int, int]:
    """The store's one game: its status, its steps and its saved actions."""
    with closing(sqlite3.connect(home / "muggins.sqlite3")) as conn:
        games = conn.execute("SELECT id, status, steps FROM games").fetchall()
        assert len(games) == 1, games
        game_id, status, steps = games[0]
        (actions,) = conn.execute(
            "SELECT count(*) FROM game_actions WHERE game_id = ?", (game_id,)
        ).fetchone()
    return status, steps, actions


def lay_until_the_show(term: Terminal) -> str:
    """Play your cards as the screen shows them, until the show asks you to count.

    No key goes by the dimming (which a captured pane does not show) or by trying keys:
    each one follows from what is printed, as a player reads it. When the prompt says it is
    your turn, the running count on the pile line and the faces of your numbered cards give
    the first card that keeps the count at 31 or under; its number key lays it, and nothing
    else is read until that card has left your hand. Go is said for you when none fits, and
    the computer's moves show by themselves after their pause, so no key is ever pressed
    while the computer is to move (where it would only show the move at once) or while the
    count's input has focus (where a digit would be typed into your count)."""
    for _ in range(8):  # four cards each at most
        screen = term.steady(
            lambda s: YOUR_LAY in s or YOUR_COUNT in s, "your turn in the play, or your count"
        )
        if YOUR_LAY not in screen:
            return screen
        running = re.search(r"count (\d+)", screen)
        assert running is not None, f"no running count on the pile line:\n{screen}"
        _, held = card_rows(screen)
        fits = [n for n, face in enumerate(held) if int(running.group(1)) + value(face) <= 31]
        assert fits, f"your turn, yet none of {held} fits (go is said for you):\n{screen}"
        term.keys(str(fits[0] + 1))
        term.wait_for(_laid(held), f"{held[fits[0]]} laid")
    raise AssertionError(f"the play did not end; the screen shows:\n{term.screen()}")


def _laid(held: list[str]) -> Callable[[str], bool]:
    """A screen test: your cards are no longer ``held`` (one was laid), or it is no longer
    your turn to lay."""
    return lambda screen: card_rows(screen)[1] != held or YOUR_LAY not in screen


def test_a_game_killed_and_resumed_in_a_real_terminal(tmp_path: Path) -> None:
    """Deal, throw, play the hand out and count it; kill the trainer (SIGKILL); start it
    again, resume from home and find the table as it was, then go on."""
    assert shutil.which("tmux"), "tmux is needed for this test: apt-get install tmux (.ci/run does)"
    assert MUGGINS.exists(), f"the muggins command is not installed at {MUGGINS}"
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text(SETTINGS, encoding="utf-8")
    env = {"MUGGINS_HOME": str(home), "TERM": "xterm-256color"}
    command = [str(MUGGINS), "--seed", str(GAME_SEED), "--data-dir", str(home)]

    term = Terminal(command, env)
    try:
        term.wait_for(lambda s: "g Play a game" in s, "the home screen")
        term.keys("g")
        term.wait_for(lambda s: "A new game" in s and "Deal" in s, "the game's setup")
        term.keys("C-d")
        screen = term.steady(lambda s: "Throw 2 cards to" in s, "the deal")
        assert "hand 1  ·  Computer deals" in screen
        assert scores(screen) == (0, 0)
        _, dealt = card_rows(screen)
        assert len(dealt) == 6, dealt
        term.keys("1", "2", "Enter")
        term.wait_for(lambda s: card_rows(s)[1] == dealt[2:], "the two cards thrown")

        screen = lay_until_the_show(term)
        box, held = card_rows(screen)
        assert held == dealt[2:], (dealt, held)
        assert box[:-1] == held, box  # your hand in the middle, the starter after it
        total = worth(box)
        term.keys(*str(total), "Enter")
        screen = term.wait_for(lambda s: REVEAL in s, "the reveal of your count")
        assert "│ Your hand: " in screen
        assert f"Exact! You claimed {total}; the hand is {total}." in screen
        term.keys("Enter")
        # The computer counts its hand next: its count waits for your answer, saved.
        before = term.steady(lambda s: YOUR_ANSWER in s, "the computer's count to answer")
        assert REVEAL not in before
        board, (shown, mine) = scores(before), card_rows(before)
        assert board[0] >= total
        assert len(shown) == 5  # the computer's hand and the starter
        assert mine == held
        status, steps, actions = saved(home)
        assert (status, steps) == ("playing", actions)
        assert actions >= 13  # two throws, eight cards laid, your count and its answer, its count

        pid = term.pid()
        assert "muggins" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
        os.kill(pid, signal.SIGKILL)  # no clean quit: the trainer dies where it stands
        deadline = time.monotonic() + PATIENCE
        while term.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not term.alive(), "muggins outlived SIGKILL"
    finally:
        term.close()
    assert saved(home) == ("playing", actions, actions)

    term = Terminal(command, env)
    try:
        # Home's first frame that lists the drills offers the game (its row read before it):
        screen = term.wait_for(lambda s: "Drill sets" in s, "home")
        said = " ".join(screen.split())  # the notice wraps at 80 columns
        assert "A game is saved (Two players, to 121 · " in said, screen
        assert "c resumes it" in said
        # ...named with its score once the history is open (the game played through).
        score = f"You {board[0]}, Computer {board[1]} · last played today at "
        term.wait_for(lambda s: score in " ".join(s.split()), "the saved game's score")
        term.keys("c")
        after = term.steady(lambda s: YOUR_ANSWER in s, "the table, resumed")
        assert "hand 1  ·  Computer deals" in after
        assert scores(after) == board
        assert card_rows(after) == (shown, mine)

        term.keys("a")  # accept the computer's count, one key: one more step, saved
        screen = term.wait_for(lambda s: REVEAL in s, "the reveal of your answer")
        assert "│ Computer's hand: " in screen
        assert "You accepted." in screen
        status, steps, more = saved(home)
        assert status == "playing"
        assert steps == more > actions
        term.keys("Enter")
        term.wait_for(lambda s: REVEAL not in s, "the table again")
        term.quit()
    finally:
        term.close()
    assert saved(home)[0] == "playing"  # quitting keeps the game to resume
