"""What the table says as you sit down: the log's greeting, the cut for the first deal and the
first deal; at a resumed game, every step so far told again (the log as it was when you
left), then a welcome back; and the board's pegs as the game's record has them. Plain Python
(no Textual)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.game.engine import new_game, step
from trainer.game.pegboard import pegs_after
from trainer.game.record import cuts_for_deal
from trainer.ui.flow.game_start import side_names
from trainer.ui.table.flow.effects import Pegs

if TYPE_CHECKING:
    from trainer.game.narrate import Narrator
    from trainer.game.session import GameSession


def opening_lines(session: GameSession, narrator: Narrator) -> list[str]:
    """The log's lines when you sit down at ``session``'s game, said by ``narrator`` (which
    then goes on saying the game's steps)."""
    setup, state = session.setup, session.state
    rules = setup.rules
    now, events = new_game(rules, setup.seed, setup.first_dealer, setup.options)
    lines = [f"{rules.name}. Good luck!", *cut_lines(session, narrator)]
    lines += narrator.opening(now, events)
    for action in session.actions:
        after, events = step(now, action)
        lines += narrator.step(now, action, after, events)
        now = after
    if state.steps:
        sides = side_names(rules.players, bool(rules.teams))
        score = ", ".join(f"{n} {p}" for n, p in zip(sides, state.scores, strict=True))
        lines.append(f"Welcome back: {rules.name}, hand {state.hand.number}; {score}.")
    return lines


def cut_lines(session: GameSession, narrator: Narrator) -> list[str]:
    """The cut for the first deal (in a match's later game, that the deal moved on); nothing
    for a game whose first dealer was chosen, not cut for."""
    setup = session.setup
    if setup.match is not None and setup.match.number > 1:
        return [f"Game {setup.match.number} of the match: the deal moves one seat on."]
    rounds = cuts_for_deal(setup.seed, setup.rules.players)
    last = rounds[-1]
    if last.index(min(last, key=lambda card: card.rank)) != setup.first_dealer:
        return []
    return [narrator.cut(rounds)]


def board_pegs(session: GameSession) -> Pegs:
    """The board's pegs as the game's record has them (the back pegs too): as you sit down at
    a resumed game, after each step, and after an undo."""
    events = (e for hand in session.hands for e in hand.events)
    places = pegs_after(session.setup.rules, events, session.state.hand.pending)
    return Pegs(places.front, places.back)
