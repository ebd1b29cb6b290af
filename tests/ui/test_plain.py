"""``muggins --plain``: the drills as lines of plain text (issue 35). Each kind of question
answered as a line, the reveal as short sentences with the cards by name, the answers in
the history as the app records them, q leaving a drill and the list; never a box-drawing
character. The installed command is driven in a real terminal too (tmux)."""

from __future__ import annotations

import io
import random
import re
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.ui.support import ListRecorder
from tests.ui.test_e2e_tmux import MUGGINS, Terminal
from trainer.drills.loader import DrillEntry
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.rules.cards import RANK_WORDS, SUIT_WORDS, Card
from trainer.rules.show import score_show
from trainer.ui.flow.drill_runner import DrillRunner
from trainer.ui.plain.drills import PlainDrills
from trainer.ui.plain.game import PlainGame

DRAWING = re.compile("[\u2500-\u259f\u25a0-\u25ff]")
"""Box drawing, blocks and geometric shapes: what a screen reader reads as noise."""


def played(entries: list[DrillEntry], lines: list[str], seed: int = 3) -> tuple[str, ListRecorder]:
    """Plain mode given ``lines`` as the player's (then the end of input): what it wrote,
    and what it recorded."""
    recorder = ListRecorder()
    runner = DrillRunner(random.Random(seed), history=recorder)
    given: Iterator[str] = iter(lines)
    out = io.StringIO()
    PlainDrills(entries, runner, lambda: next(given, None), out).run()
    runner.close(5)
    return out.getvalue(), recorder


def number_of(entries: list[DrillEntry], drill_id: str) -> str:
    drills = [e.drill for e in entries if e.drill is not None]
    return str(next(n for n, d in enumerate(drills, 1) if d.id == drill_id))


def test_a_hand_counted_as_a_total_and_as_it_is_said(builtin_entries: list[DrillEntry]) -> None:
    warm_up = number_of(builtin_entries, "warm-up")
    said = (
        "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, "
        "and one for his nobs is eleven"
    )
    out, recorder = played(builtin_entries, [warm_up, said, "", "banana", "7", "q", "q"])
    assert "Count this hand: five of hearts, five of clubs, jack of hearts, king of " in out
    assert "Exact! You claimed 11 in 6 claims; the hand is 11." in out
    assert "  nobs for 1: jack of hearts, nine of hearts." in out
    assert "'banana' is not a count" in out
    assert "Warm-up is over: 2 of 2 exact." in out
    itemised = (
        "fifteen 5H JH for 2; fifteen 5H KD for 2; fifteen 5C JH for 2; fifteen 5C KD for 2; "
        "pair 5H 5C for 2; nobs 9H JH for 1"
    )  # the count as said: each combination claimed, as announcing it in the app does
    assert [(a.drill.id, a.answer_text, a.judgement.claimed) for a in recorder.attempts] == [
        ("warm-up", itemised, 11),
        ("warm-up", "7", 7),
    ]
    assert not DRAWING.search(out)


def test_every_kind_of_question_is_answered_as_a_line(builtin_entries: list[DrillEntry]) -> None:
    lines = [
        number_of(builtin_entries, "pegging"), "0", "q",
        number_of(builtin_entries, "catch"), "a", "q",
        number_of(builtin_entries, "keep-four"), "1", "1 2", "q",
        "q",
    ]  # fmt: skip
    out, recorder = played(builtin_entries, lines)
    assert "What does it peg? Type a number." in out
    assert "They say " in out
    assert "Throw 2 to " in out
    assert "throw 2 cards, not 1" in out
    assert [a.drill.id for a in recorder.attempts] == ["pegging", "catch", "keep-four"]
    assert not DRAWING.search(out)


def test_the_end_of_input_ends_plain_mode_keeping_the_answers(
    builtin_entries: list[DrillEntry],
) -> None:
    out, recorder = played(builtin_entries, [number_of(builtin_entries, "warm-up"), "7"])
    assert len(recorder.attempts) == 1
    assert out.rstrip().endswith("Enter for the next hand, q to end the drill.")


def test_a_number_not_on_the_list_is_said_so(builtin_entries: list[DrillEntry]) -> None:
    out, _ = played(builtin_entries, ["99", "x", "q"])
    assert "There is no drill set '99': type a number from the list." in out
    assert "There is no drill set 'x'" in out


def shows(text: str) -> Callable[[str], bool]:
    return lambda screen: text in screen


@pytest.mark.slow
def test_a_whole_drill_in_plain_mode_in_a_real_terminal(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is needed for this test: apt-get install tmux (.ci/run does)"
    home = tmp_path / "home"
    env = {"MUGGINS_HOME": str(home), "TERM": "xterm-256color"}
    log = tmp_path / "screen.txt"
    command = [str(MUGGINS), "--plain", "--seed", "3", "--drill", "warm-up"]
    term = Terminal(["sh", "-c", f"'{' '.join(command)} | tee {log}'"], env)
    try:
        for hand in range(1, 11):
            term.wait_for(shows(f"Warm-up, {hand} of 10."), f"hand {hand}")
            term.keys("7", "Enter")
            term.wait_for(lambda s: s.rstrip().endswith("q to end the drill."), "the reveal")
            term.keys("Enter")
        term.wait_for(lambda s: "Choose a drill set" in s, "the list after the drill")
        term.keys("q", "Enter")
        term.wait_for(lambda s: not term.alive(), "plain mode to end")
    finally:
        term.close()
    written = log.read_text(encoding="utf-8")
    assert written.count("Count this hand:") == 10
    assert "Warm-up is over: " in written
    assert not DRAWING.search(written)
    with sqlite3.connect(home / "muggins.sqlite3") as db:
        rows = db.execute("SELECT drill_id, answer_text FROM attempts").fetchall()
    assert rows == [("warm-up", "7")] * 10


def test_plain_is_an_option_of_its_own_not_short_for_plain_cards() -> None:
    from trainer.cli.parser import parse

    plain = parse(["--plain"])
    assert (plain.plain, plain.plain_cards) == (True, False)
    cards = parse(["--plain-cards"])
    assert (cards.plain, cards.plain_cards) == (False, True)


class Player:
    """Answers plain mode's game as a sensible player would, reading the game's state: the
    first cards to throw, the first card that fits, the true count, accepting the
    computer's; the lines it was asked after."""

    def __init__(self) -> None:
        self.game: PlainGame | None = None
        self.given: list[str] = []
        self.counts = 0

    def __call__(self) -> str | None:
        game = self.game
        assert game is not None
        r = game.runner
        asked = r.asked
        if asked is None or r.session.over:
            answer = "q"  # the match's next game: no
        elif asked.kind == "discard":
            answer = " ".join(str(n) for n in range(1, r.state.rules.thrown + 1))
        elif asked.kind == "play":
            table = r.state.hand.table
            assert table is not None
            held = r.held()
            answer = str(held.index(table.playable(r.human)[0]) + 1)
        elif asked.kind == "count":
            self.counts += 1
            assert asked.box is not None
            cards = r.state.cards_of(r.human, asked.box)
            show = score_show(cards, r.state.hand.dealt.starter, crib=asked.box == "crib")
            answer = show.announce() if len(self.given) % 2 and show.total else str(show.total)
        else:
            answer = "a"
        self.given.append(answer)
        return answer


def test_a_whole_game_in_plain_mode(tmp_path: Path) -> None:
    path = tmp_path / "muggins.sqlite3"
    with StatsStore(path) as store:
        session = GameSession.start(store, variant("short"), 5, [None, "standard"])
        player = Player()
        out = io.StringIO()
        game = PlainGame(session, player, out)
        player.game = game
        assert game.run()
        assert session.over
        assert session.state.winner is not None
    written = out.getvalue()
    with sqlite3.connect(path) as db:
        counted = db.execute("SELECT answer_text FROM attempts").fetchall()
    assert "The game is over." in written
    assert "Throw 2 cards to " in written
    assert "Count your hand" in written
    assert "; the starter, the " in written  # the cards to count, read out at the count
    assert not DRAWING.search(written)
    assert not re.search(r"\b(10|[2-9AJQK])[♠♥♦♣]", written)  # every card by its name
    assert len(counted) == player.counts > 2  # each of your counts kept, said or typed
    assert any(" for " in text for (text,) in counted)  # a count said, claimed item by item


LEAVE = "(q leaves the table: the game stays saved.)"
"""The last line of each question at the table in plain mode."""
RANK_OF_WORD = {word: rank for rank, word in enumerate(RANK_WORDS) if word}
SUIT_OF_WORD = {word: suit for suit, word in SUIT_WORDS.items()}
NAMED = re.compile(
    r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
    r"(spades|hearts|diamonds|clubs)\b"
)


def named_cards(text: str) -> list[Card]:
    """The cards a line names, in order ("five of hearts" is 5H)."""
    return [Card(RANK_OF_WORD[r], SUIT_OF_WORD[s]) for r, s in NAMED.findall(text)]


def plain_answer(screen: str) -> str | None:
    """What a player answers to the question at the foot of plain mode's screen (None: no
    question there yet). The lines are read as a screen reader's user hears them."""
    lines = [line for line in screen.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    if "Type y or n" in last:
        return "y"
    if LEAVE not in last:
        return None
    # the question: what was written since the question before (its own last line)
    text = " ".join(" ".join(lines[:-1]).split(LEAVE)[-1].split("\n"))
    if "Throw 2 cards" in text:
        return "1 2"
    if "Your turn to lay a card: the count is" in text:
        count = int(re.findall(r"the count is (\d+)", text)[-1])
        held = named_cards(text.split("Your cards:")[-1])
        fits = [n for n, card in enumerate(held, 1) if card.value <= 31 - count]
        return str(fits[0])
    if "Count your" in text:
        cards = named_cards(text.split("Count your")[-1])
        *hand, starter = cards
        return str(score_show(hand, starter, crib="Count your crib" in text).total)
    if "Answer their count" in text:
        return "a"
    return None


def wait_until(ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 30
    while not ready():
        assert time.monotonic() < deadline, "waited 30 s"
        time.sleep(0.05)


def wait_until_changed(term: Terminal, before: str) -> None:
    """Wait until the screen (its joined lines) is no longer ``before``: the answer taken."""
    deadline = time.monotonic() + 30
    while term.lines() == before:
        assert time.monotonic() < deadline, f"the answer was not taken:\n{before}"
        time.sleep(0.05)


@pytest.mark.slow
def test_a_whole_game_in_plain_mode_in_a_real_terminal(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is needed for this test: apt-get install tmux (.ci/run does)"
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.yaml").write_text("game:\n  variant: short\n  level: easy\n")
    env = {"MUGGINS_HOME": str(home), "TERM": "xterm-256color"}
    log = tmp_path / "screen.txt"
    command = [str(MUGGINS), "--plain", "--seed", "3"]
    term = Terminal(["sh", "-c", f"'{' '.join(command)} | tee {log}'"], env)
    try:
        term.wait_for(lambda s: "g for a game" in s, "the list")
        term.keys("g", "Enter")
        answered = 0
        deadline = time.monotonic() + 120
        while "The game is over." not in log.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline, term.lines()
            screen = term.lines()
            answer = plain_answer(screen)
            if answer is None:
                time.sleep(0.05)
                continue
            term.keys(answer, "Enter")
            answered += 1
            wait_until_changed(term, screen)
        wait_until(lambda: "or q to quit." in log.read_text().split("The game is over.")[-1])
        term.keys("q", "Enter")
        term.wait_for(lambda s: not term.alive(), "plain mode to end")
    finally:
        term.close()
    written = log.read_text(encoding="utf-8")
    assert "The game is over." in written
    assert answered > 10
    assert not DRAWING.search(written)
    with sqlite3.connect(home / "muggins.sqlite3") as db:
        state = db.execute("SELECT status FROM games").fetchall()
    assert state == [("over",)]
