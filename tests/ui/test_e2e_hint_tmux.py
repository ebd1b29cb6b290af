"""End to end: the hint key in a real terminal (tmux), by keystrokes. Dealt a game, h says the
best throws in the log; the best is thrown, and the throw is saved marked as made after a
hint. In the play, h values each card you may lay; while you count, h is a letter in your
count's field, never a hint.

`.ci/run` installs tmux where it is missing; without it these tests fail saying so.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from tests.ui.test_e2e_tmux import (
    GAME_SEED,
    MUGGINS,
    SETTINGS,
    YOUR_COUNT,
    YOUR_LAY,
    Terminal,
    card_rows,
    lay_until_the_show,
)
from tests.ui.waiting import PATIENCE

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop

THROWS = "Hint: best throws, net"
VALUES = ("Hint: each card's value", "Hint: values, sampled", "Hint: values, estimated")
"""The play hint's first line: how its values were found (`hint.play_heading`)."""
LOG_LINE = re.compile(r"▏ +(.*?) *$")


def log(screen: str) -> list[str]:
    """The table's log column, line by line (what is right of its left border)."""
    out = []
    for line in screen.splitlines():
        match = LOG_LINE.search(line)
        if match:
            out.append(match.group(1))
    return out


def after(screen: str, head: str | tuple[str, ...]) -> list[str]:
    """The log's lines after the last line ``head`` (or any of them; none: it is not there)."""
    heads = (head,) if isinstance(head, str) else head
    lines = log(screen)
    found = [n for n, line in enumerate(lines) if line in heads]
    if not found:
        return []
    last = found[-1]
    return [line for line in lines[last + 1 :] if line.strip("▎▊▁▔ ")]  # not the input's box


def saved_actions(home: Path) -> list[dict[str, object]]:
    with closing(sqlite3.connect(home / "muggins.sqlite3")) as conn:
        return [
            json.loads(a) for (a,) in conn.execute("SELECT action FROM game_actions ORDER BY n")
        ]


def saved_until(
    home: Path, test: Callable[[list[dict[str, object]]], bool]
) -> list[dict[str, object]]:
    """The game's saved actions once ``test`` holds of them (the table saves a step just
    after it draws it: on a loaded machine a test that read at once found none)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if (acts := saved_actions(home)) and test(acts):
            return acts
        time.sleep(0.1)
    raise AssertionError(f"the store never held the step; it holds {saved_actions(home)}")


def test_the_hint_key_in_a_real_terminal(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is needed for this test: apt-get install tmux (.ci/run does)"
    assert MUGGINS.exists(), f"the muggins command is not installed at {MUGGINS}"
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text(SETTINGS, encoding="utf-8")
    env = {"MUGGINS_HOME": str(home), "TERM": "xterm-256color"}
    term = Terminal([str(MUGGINS), "--seed", str(GAME_SEED), "--data-dir", str(home)], env)
    try:
        term.wait_for(lambda s: "g Play a game" in s, "the home screen")
        term.keys("g")
        term.wait_for(lambda s: "A new game" in s and "Deal" in s, "the game's setup")
        term.keys("C-d")
        screen = term.steady(lambda s: "Throw 2 cards to" in s, "the deal")
        _, dealt = card_rows(screen)
        term.keys("h")
        screen = term.wait_for(
            lambda s: any(line.startswith("The best keeps ") for line in after(s, THROWS)),
            "the throws hinted and the best one's reason",
        )
        hinted = after(screen, THROWS)
        throws = [re.match(r"(\S+) (\S+) +net (-?[\d.]+)$", line) for line in hinted[:3]]
        assert all(throws), log(screen)
        assert hinted[3].startswith("The best keeps "), hinted  # (wrapped in the log's column)
        best = [m.group(1), m.group(2)] if (m := throws[0]) else []
        nets = [float(m.group(3)) for m in throws if m]
        assert nets == sorted(nets, reverse=True)
        keys = [str(dealt.index(face) + 1) for face in best]
        term.keys(*keys, "Enter")
        screen = term.wait_for(lambda s: card_rows(s)[1] != dealt, "the best throw thrown")
        # The screen shows the throw before the store has it: wait for the store.
        first = saved_until(home, lambda acts: any(a["type"] == "discard" for a in acts))
        mine = [a for a in first if a["type"] == "discard" and a["seat"] == 0]
        assert mine == [{"type": "discard", "seat": 0, "cards": mine[0]["cards"], "hinted": True}]

        screen = term.steady(lambda s: YOUR_LAY in s, "your turn in the play")
        term.keys("h")
        screen = term.wait_for(lambda s: bool(after(s, VALUES)), "each card valued")
        valued = after(screen, VALUES)
        # Each card, its value and what it pegs now or the count it leaves (a long one wraps).
        assert re.match(r"\S+ +[+-][\d.]+ · \S", valued[0]), valued

        # Play on until the count: there h is typed into the count, never a hint.
        screen = lay_until_the_show(term)
        before = sum(log(screen).count(head) for head in (THROWS, *VALUES))
        term.keys("h")
        screen = term.steady(lambda s: YOUR_COUNT in s, "still your count")
        assert sum(log(screen).count(head) for head in (THROWS, *VALUES)) == before
        term.quit()
    finally:
        term.close()
