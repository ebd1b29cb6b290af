"""Test-only players: random legal actions, a count right most of the time."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.game.engine import prompt
from trainer.game.state import Action, Count, Discard, GameState, Lay, Prompt, Respond, SayGo
from trainer.judge.claims import MAX_COUNT, CatchAnswer, TotalClaim
from trainer.rules.play import score_play
from trainer.rules.show import score_show


def act(state: GameState, rng: random.Random, honest: float = 0.7) -> Action:
    """A random legal action for whoever the game waits for."""
    asked = prompt(state)
    assert asked is not None
    if asked.kind == "discard":
        dealt = state.hand.dealt.hands[asked.seat]
        return Discard(asked.seat, tuple(rng.sample(dealt, state.rules.thrown)))
    if asked.kind == "play":
        table = state.hand.table
        assert table is not None
        able = table.playable(asked.seat)
        if not able:
            return SayGo(asked.seat)
        card = rng.choice(able)
        if asked.seat not in state.options.peg_own:
            return Lay(asked.seat, card)
        truth = score_play([*table.pile, card]).total
        said = truth if rng.random() < honest else max(0, truth + rng.choice((-2, -1, 1, 2)))
        return Lay(asked.seat, card, said)
    if asked.kind == "respond":
        answers = [CatchAnswer(), CatchAnswer(too_many=True), CatchAnswer(call=rng.randint(1, 4))]
        return Respond(asked.seat, rng.choice(answers))
    assert asked.box is not None
    truth = score_show(
        state.cards_of(asked.seat, asked.box), state.hand.dealt.starter, crib=asked.box == "crib"
    ).total
    said = truth if rng.random() < honest else max(0, truth + rng.choice((-2, -1, 1, 2)))
    return Count(asked.seat, TotalClaim(min(said, MAX_COUNT)))  # 45 or 46 said as no more


@dataclass
class RandomSeat:
    """A seat that answers with `act`, from its own seeded stream."""

    seed: int
    honest: float = 0.7
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def decide(self, state: GameState, asked: Prompt) -> Action:
        assert prompt(state) == asked
        return act(state, self.rng, self.honest)
