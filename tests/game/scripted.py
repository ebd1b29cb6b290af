"""A scripted "human" for game sessions: its every choice follows from the game's seed and the
steps taken, so a run killed and resumed plays on exactly as an uninterrupted one.

It counts as people do, sometimes wrong: a total (right, or off by a couple), an
announcement (now and then one combination left out), or nothing at all (a time
out); it answers a bot's count by accepting it, or now and then calling.

Run as a script (``python -m tests.game.scripted STORE SEED [PAUSE]``) it starts a
game of ``standard`` against a standard bot in that store, or resumes the one
playing there, printing ``steps N`` after every step, flushed, until the game is
over; it waits PAUSE seconds (default 0) after each step, as a player thinks.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from trainer.game.session import GameSession
from trainer.game.state import Action, Count, Discard, GameState, Lay, Prompt, Respond, SayGo
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.judge.claims import AnnounceClaim, CatchAnswer, Claim, ClaimedItem, TotalClaim
from trainer.rules.show import score_show


def scripted(state: GameState, asked: Prompt) -> Action:
    """The scripted human's action for what the game asks."""
    rng = random.Random(state.seed * 7919 + state.steps)
    seat = asked.seat
    if asked.kind == "discard":
        return Discard(seat, tuple(rng.sample(state.hand.dealt.hands[seat], state.rules.thrown)))
    if asked.kind == "play":
        table = state.hand.table
        assert table is not None
        able = table.playable(seat)
        return Lay(seat, rng.choice(able)) if able else SayGo(seat)
    if asked.kind == "respond":
        roll = rng.random()
        if roll < 0.8:
            return Respond(seat)
        if roll < 0.9:
            return Respond(seat, CatchAnswer(too_many=True))
        return Respond(seat, CatchAnswer(call=rng.randint(1, 3)))
    assert asked.box is not None
    cards = state.cards_of(seat, asked.box)
    breakdown = score_show(cards, state.hand.dealt.starter, crib=asked.box == "crib")
    roll = rng.random()
    claim: Claim
    if roll < 0.05:
        claim = None
    elif roll < 0.5:
        claim = TotalClaim(max(0, breakdown.total + rng.choice((0, 0, 0, -2, 2))))
    else:
        items = [ClaimedItem(i.kind, i.cards) for i in breakdown.items]
        if items and rng.random() < 0.4:
            items.pop(rng.randrange(len(items)))
        claim = AnnounceClaim(tuple(items))
    return Count(seat, claim)


def play_out(session: GameSession, *, report: bool = False, pause: float = 0.0) -> None:
    """Play the session to its end: the bots, then the scripted human, in turn (``report``:
    print the steps after each, then wait ``pause`` seconds)."""

    def stepped() -> None:
        if report:
            print("steps", session.state.steps, flush=True)
            time.sleep(pause)

    while not session.over:
        while session.bot_step() is not None:
            stepped()
        asked = session.prompt
        if asked is None:
            break
        session.act(scripted(session.state, asked), seconds=4.0)
        stepped()


def main(argv: list[str]) -> int:
    path, seed = Path(argv[0]), int(argv[1])
    pause = float(argv[2]) if len(argv) > 2 else 0.0
    with StatsStore(path) as store:
        session = GameSession.resume(store)
        if session is None:
            session = GameSession.start(store, variant("standard"), seed, [None, "standard"])
        play_out(session, report=True, pause=pause)
    print("over", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
