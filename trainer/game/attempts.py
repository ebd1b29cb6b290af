"""A human's count at the table as an `Attempt`, so statistics, review and re-drill take it
like any drill's answer.

Each variant's counts belong to one drill set, id ``game-<variant>`` (`game_drill`),
whose hand size is the variant's; the question is the show counted (hand or crib,
with the starter), the judgement the engine's own (`judge` with the game's
muggins policy, nineteen meaning zero where it cannot be a count), and the
question's seed the game's (the hand comes again from it and the hand number).
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from trainer.drills.model import DrillSet, Variant
from trainer.game.state import Count, GameState
from trainer.game.variants import GameVariant, VariantId
from trainer.history.reading import GAME_DRILL_PREFIX
from trainer.judge.policy import Policy
from trainer.judge.verdict import judge
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import question_from_cards

DRILL_VARIANT: Final[dict[VariantId, Variant]] = {
    "standard": "standard",
    "short": "standard",
    "five-card": "five-card",
    "three-hand": "three-player",
    "four-hand": "four-player",
    "four-hand-solo": "four-player-five",
}
"""The drills' name for the hand of each game (the drills know hands, not targets)."""


def game_drill(rules: GameVariant, policy: Policy) -> DrillSet:
    """The drill set a game's counts are recorded under: ``game-<variant>``, ``Game: <name>``,
    the game's muggins policy, hands and cribs as they come, no fixed number of them."""
    return DrillSet(
        id=f"{GAME_DRILL_PREFIX}{rules.id}",
        name=f"Game: {rules.name}",
        description=f"Your counts in games of {rules.name.lower()}.",
        variant=DRILL_VARIANT[rules.id],
        kind="mixed",
        hands=None,
        claim="total",
        muggins=policy,
        nineteen=True,
        source="game",
    )


def count_attempt(
    drill: DrillSet,
    state: GameState,
    action: Count,
    *,
    session_id: str,
    number: int,
    seconds: float,
    at: datetime,
) -> Attempt:
    """The attempt of a count about to be made in ``state`` (the show the game waits for),
    judged as the engine judges it."""
    seat, box = state.hand.to_show[0]
    cards = state.cards_of(seat, box)
    question = question_from_cards(
        number, cards, state.hand.dealt.starter, crib=box == "crib", seed=state.seed
    )
    verdict = judge(action.claim, question.breakdown, state.options.muggins, nineteen=True)
    return Attempt(
        drill,
        session_id,
        question,
        action.claim,
        verdict,
        seconds,
        timed_out=action.claim is None,
        at=at,
    )
