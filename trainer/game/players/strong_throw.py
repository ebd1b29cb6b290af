"""The strong bot's throw: the standard bot's value of each way to throw (the kept hand over
every starter, the crib's value) plus what the kept ranks are worth in the play
(`peg_values`), in the two-hand six-card games the table is made for; elsewhere the
standard bot's throw.
"""

from __future__ import annotations

from typing import Final

from trainer.game.players.peg_values import peg_value
from trainer.game.players.values import discard_values
from trainer.game.state import GameState
from trainer.rules.cards import Card

PLAY_WEIGHT: Final = 0.3
"""How much of the kept ranks' play is added to a throw's value: the table is made with
both sides laying as standard lays, and between two keeps its differences are wider than
the strong bot's own play makes them (and its noise flatters the best), so a third of it,
the share that won most points over 40,000 hands (docs/development.md, "The strong bot")."""


def strong_throw(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` throws to the crib."""
    rules = state.rules
    dealt = state.hand.dealt.hands[seat]
    own = state.hand.dealer == seat
    values = discard_values(dealt, rules.thrown, own_crib=own)
    if rules.players != 2 or rules.dealt != 6 or rules.kept != 4:
        return max((value, n, thrown) for n, (value, thrown) in enumerate(values))[2]
    scored = []
    for n, (value, thrown) in enumerate(values):
        kept = [c.rank for c in dealt if c not in thrown]
        scored.append((value + PLAY_WEIGHT * peg_value(kept, own), n, thrown))
    return max(scored)[2]
