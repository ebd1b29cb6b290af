"""How the tests play a game without a screen: what the player says (a count, an answer to a
computer's count) and the action each prompt's keys stand for, so that a game played at the
table can be checked against the same game played through a bare `GameSession`. Plain
Python (no Textual): the table runner's tests use it too."""

from __future__ import annotations

import random
from collections.abc import Callable

from trainer.game.session import GameSession
from trainer.game.state import Action, Count, Discard, GameState, Lay, Prompt, Respond, SayGo
from trainer.history import StatsStore
from trainer.judge.claims import TotalClaim, parse_catch_answer
from trainer.rules.cards import Card
from trainer.rules.show import score_show
from trainer.settings import GameChoices
from trainer.ui.flow.game_start import new_session

CountPlan = Callable[[GameState, Prompt, int], int]
"""What the player says their box is worth, given the state, the prompt and the truth."""
RespondPlan = Callable[[GameState, Prompt], str]
"""What the player types in answer to a computer's count."""


def right(state: GameState, asked: Prompt, truth: int) -> int:
    return truth


def two_short(state: GameState, asked: Prompt, truth: int) -> int:
    return max(0, truth - 2)


def accept(state: GameState, asked: Prompt) -> str:
    return "a"


def catch(state: GameState, asked: Prompt) -> str:
    """Call what the computer got wrong: muggins for what it missed, too many for more."""
    pending = state.hand.pending
    assert pending is not None
    if pending.claimed < pending.actual:
        return str(pending.actual - pending.claimed)
    return "t" if pending.claimed > pending.actual else "a"


def wrong_call(state: GameState, asked: Prompt) -> str:
    """Muggins for 2 on a count that is right (a wrong call); otherwise accept."""
    pending = state.hand.pending
    assert pending is not None
    return "2" if pending.claimed == pending.actual else "a"


def by_keys(state: GameState, asked: Prompt, count: CountPlan, respond: RespondPlan) -> Action:
    """The action `play_game`'s keys take, decided without the screen: the same game played
    through a bare `GameSession` is the one the table should have played."""
    seat = asked.seat
    if asked.kind == "discard":
        held = state.hand.dealt.hands[seat]
        keys = lowest_keys(held, state.rules.thrown)
        return Discard(seat, tuple(held[int(k) - 1] for k in keys))
    if asked.kind == "play":
        assert state.hand.table is not None
        able = state.hand.table.playable(seat)
        return (
            Lay(seat, able[0], 0 if seat in state.options.peg_own else None)
            if able
            else SayGo(seat)
        )
    if asked.kind == "count":
        box_seat, box = state.hand.to_show[0]
        cards = state.cards_of(box_seat, box)
        truth = score_show(cards, state.hand.dealt.starter, crib=box == "crib").total
        return Count(seat, TotalClaim(count(state, asked, truth)))
    return Respond(seat, parse_catch_answer(respond(state, asked)))


def same_game(
    store: StatsStore,
    choices: GameChoices,
    app_seed: int,
    count: CountPlan,
    respond: RespondPlan,
    *,
    until: Callable[[GameState], bool] = lambda state: False,
) -> GameSession:
    """The game the app seeded with ``app_seed`` deals for ``choices``, played by `by_keys`
    with no screen to the end (or until ``until`` holds of its state)."""
    session = new_session(store, choices, random.Random(app_seed))
    while not session.over and not until(session.state):
        if session.bot_step() is None:
            asked = session.prompt
            assert asked is not None
            session.act(by_keys(session.state, asked, count, respond))
    return session


def saved_at_its_last_hand(
    store: StatsStore,
    choices: GameChoices,
    app_seed: int,
    count: CountPlan = right,
    respond: RespondPlan = accept,
    *,
    hands_left: int = 1,
) -> int:
    """The game `same_game` plays, played into ``store`` only up to the deal of its last hand
    (or of the first of its last ``hands_left``) and left saved there (a game is saved at
    every step), so that home's c resumes it: a test about a game's end plays a hand or two
    at the table, not the whole game. Returns the number of the hand it is saved at."""
    with StatsStore(":memory:") as scratch:
        last = same_game(scratch, choices, app_seed, count, respond).state.hand.number
    at = last - hands_left + 1
    assert at > 1, f"the game has {last} hands, not more than {hands_left}"
    same_game(store, choices, app_seed, count, respond, until=lambda s: s.hand.number >= at)
    return at


def lowest_keys(held: tuple[Card, ...], n: int) -> list[str]:
    """The number keys of the ``n`` lowest cards: a plain throw."""
    order = sorted(range(len(held)), key=lambda i: (held[i].value, held[i].rank))
    return [str(i + 1) for i in order[:n]]


KIND_KEY = {"fifteen": "f", "pair": "p", "run": "r", "flush": "l", "nobs": "n"}
