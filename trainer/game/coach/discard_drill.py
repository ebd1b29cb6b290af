"""The discard drill's values: each throw of a dealt hand by the coach's exact advice.

The quiz deals the hand and judges the throw; it takes these values injected, as
`trainer.quiz.Appraiser`, since the advice lives in this later layer.
"""

from __future__ import annotations

from typing import Final

from trainer.drills.discards import DiscardDeal
from trainer.drills.model import Variant
from trainer.game.coach.discard import discard_advice
from trainer.game.variants import GameVariant, variant
from trainer.judge.discard import ValuedThrow

GAME_OF: Final[dict[str, str]] = {
    "standard": "standard",
    "five-card": "five-card",
    "three-player": "three-hand",
    "four-player": "four-hand",
    "four-player-five": "four-hand-solo",
}
"""The game each drill variant deals and throws as."""


def game_of(drill_variant: Variant) -> GameVariant:
    """The game whose deal and throw a drill of this variant practises."""
    return variant(GAME_OF[drill_variant])


def appraise(deal: DiscardDeal, drill_variant: Variant) -> tuple[ValuedThrow, ...]:
    """Every throw from ``deal`` valued for whoever's crib it is, best first."""
    advice = discard_advice(deal.dealt, game_of(drill_variant), own_crib=deal.own_crib)
    return tuple(ValuedThrow(t.keep, t.throw, t.hand, t.crib, t.net) for t in advice)
