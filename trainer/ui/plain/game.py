"""The game in plain mode: the app's own `TableRunner` (the game's flow, saved at every
step) driven by lines. What the table's log says is written as it happens, cards by name;
each question is a line, answered on the next (card numbers to throw or lay, a count as a
total or as players say it, a, t or a number to answer a computer's count); each reveal and
summary in sentences. The computers move at once; q leaves (the game stays saved)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TextIO

from trainer.game.session import GameSession
from trainer.game.state import Count
from trainer.judge.claims import ClaimError
from trainer.speech.said import card_words, hand_words, spoken
from trainer.ui.plain.text import QUIT, items_lines, said_count
from trainer.ui.table.flow.effects import (
    Asked,
    BotTurn,
    Confirm,
    Effect,
    Home,
    NextGame,
    Notice,
    OpenGameOver,
    OpenHandSummary,
    OpenReveal,
    Pegs,
    SaveYours,
    Say,
    ShowAt,
)
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.flow.said import asked_words
from trainer.ui.table.flow.voice import show_to_count


class PlainGame:
    """One game (and a match's next ones) by lines: ``read`` gives the player's next line
    (None: input ended), ``out`` takes what is written."""

    def __init__(self, session: GameSession, read: Callable[[], str | None], out: TextIO) -> None:
        self.runner = self._runner(session)
        self.read, self.out = read, out
        self.waiting: deque[Effect] = deque()
        self.over = False

    @staticmethod
    def _runner(session: GameSession) -> TableRunner:
        return TableRunner(session, announce=False, plain=True, pause=0.0)

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out, flush=True)

    def run(self) -> bool:
        """Play until the game (or match) ends or q; False when the input ended."""
        self.queue(self.runner.opening())
        while not self.over:
            while self.waiting and not self.over:
                self.effect(self.waiting.popleft())
            if self.over:
                return True
            if not self.your_turn():
                if not self.waiting:  # nothing moves and nothing is asked: leave
                    return True
                continue
            if not self.ask():
                return False
        return True

    def queue(self, effects: Iterable[Effect] | None) -> None:
        self.waiting.extend(effects or ())

    def your_turn(self) -> bool:
        r = self.runner
        asked = r.asked
        return (
            asked is not None
            and asked.seat == r.human
            and not r.busy
            and r.bot is None
            and r.saving is None
        )

    # ------------------------------------------------------------ what the runner says

    def effect(self, effect: Effect) -> None:
        r = self.runner
        if isinstance(effect, Say):
            self.say(*(spoken(line) for line in effect.lines))
        elif isinstance(effect, Pegs):
            self.say(self.score_line())
        elif isinstance(effect, Notice):
            self.say(spoken(effect.text))
        elif isinstance(effect, BotTurn):
            try:
                move = r.bot_move()
            except (OSError, ValueError) as err:
                self.queue(r.bot_failed(str(err)))
                return
            self.queue(r.bot_moved(move) if move is not None else r.advance())
        elif isinstance(effect, ShowAt):
            self.queue(r.show_bot_move())
        elif isinstance(effect, SaveYours):
            try:
                r.save_yours()
            except (OSError, ValueError) as err:
                self.queue(r.save_failed(str(err)))
                return
            self.queue(r.yours_saved())
        elif isinstance(effect, OpenReveal):
            reveal = effect.reveal
            self.say(spoken(reveal.title), *(spoken(line) for line in reveal.lines))
            self.say(*items_lines(reveal.breakdown))
            self.queue(r.closed())
        elif isinstance(effect, OpenHandSummary):
            self.say(f"Hand {effect.hand.number} is over. {self.score_line()}")
            self.queue(r.closed())
        elif isinstance(effect, Confirm):
            answer = self.line(f"{spoken(effect.question)} {spoken(effect.detail)} Type y or n.")
            self.queue(r.confirmed(answer is not None and answer.lower().startswith("y")))
        elif isinstance(effect, OpenGameOver):
            self.game_over()
        elif isinstance(effect, NextGame):
            self.runner = self._runner(effect.session)
            self.waiting.clear()
            self.queue(self.runner.opening())
        elif isinstance(effect, Home):
            self.over = True
        elif isinstance(effect, Asked):
            pass  # asked once nothing else waits (`ask`)

    def score_line(self) -> str:
        r = self.runner
        scores = ", ".join(
            f"{name} {points}" for name, points in zip(r.names, r.state.scores, strict=False)
        )
        return f"Score: {scores}."

    def game_over(self) -> None:
        r = self.runner
        state = r.session.state
        winner = state.winner
        if winner is None:
            self.say("The game was left unfinished.")
        else:
            who = r.names[winner]
            won = "You win" if who in ("You", "Us") else f"{who} wins"
            scores = " to ".join(str(p) for p in sorted(state.scores, reverse=True))
            self.say(f"The game is over. {won}, {scores}.")
        go_on = False
        if r.following is not None:
            answer = self.line("Enter for the match's next game, q to stop.")
            go_on = answer is not None and answer.lower() not in QUIT
        self.queue(r.after_game(go_on))

    # ------------------------------------------------------------ what you say

    def line(self, prompt: str) -> str | None:
        self.say(prompt)
        line = self.read()
        return None if line is None else line.strip()

    def ask(self) -> bool:
        """Ask what the game waits for and take the answer; False when the input ended."""
        r = self.runner
        asked = r.asked
        assert asked is not None
        lines = [asked_words(r)]
        if asked.kind in ("discard", "play") and r.laying is None:
            held = "; ".join(f"{n} {card_words(c)}" for n, c in enumerate(r.held(), 1))
            lines.append(f"Your cards: {held}. Type the number of each card, then Enter.")
        if (show := show_to_count(r)) is not None:
            lines.append(hand_words(show.hand, show.starter, crib=show.crib))
        lines.append("(q leaves the table: the game stays saved.)")
        self.say(*lines[:-1])
        typed = self.line(lines[-1])
        if typed is None:
            return False
        if typed.lower() in QUIT:
            self.over = True
            return True
        self.queue(self.answer(asked.kind, typed))
        return True

    def answer(self, kind: str, typed: str) -> list[Effect]:
        r = self.runner
        if kind in ("discard", "play") and r.laying is None:
            picks = typed.replace(",", " ").split()
            held = r.held()
            if not picks or not all(p.isdigit() and 1 <= int(p) <= len(held) for p in picks):
                return [Notice(f"Type card numbers from 1 to {len(held)}.")]
            if kind == "play":
                return r.pick(held[int(picks[0]) - 1])
            r.picked.clear()
            effects: list[Effect] = []
            for p in dict.fromkeys(picks):
                effects += r.pick(held[int(p) - 1])
            done = r.key("enter")
            return [*effects, *(done or [])]
        if kind == "count" and not any(ch.isdigit() for ch in typed) and typed.isascii():
            said = self.count_said(typed)
            if said is not None:
                return said
        return r.typed(typed)

    def count_said(self, typed: str) -> list[Effect] | None:
        """Your count typed as players say it ("fifteen two, fifteen four, and a pair is
        six"), claimed combination by combination; None if it is no count (then it goes to
        the table as typed: "nineteen", or an error said)."""
        r = self.runner
        show = show_to_count(r)
        heard = None if show is None else said_count(show, typed)
        if heard is None or heard.bare:
            return None
        try:
            claim = heard.claim()
        except ClaimError as err:
            return [Notice(str(err))]
        return r.take(Count(r.human, claim))
