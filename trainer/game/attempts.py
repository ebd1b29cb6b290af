"""A human's count at the table as an `Attempt`, so statistics, review and re-drill take it
like any drill's answer.

Each variant's counts belong to one drill set, id ``game-<variant>`` (`game_drill`),
whose hand size is the variant's; the question is the show counted (hand or crib,
with the starter), the judgement the engine's own (with the game's muggins policy
and its nineteen rule), and the
question's seed the game's (the hand comes again from it and the hand number).
The verdict is the engine's own (`engine.count_verdict`): nothing is scored or
judged again here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from trainer.drills.constraints import Deal
from trainer.drills.model import DrillSet, Variant
from trainer.game.state import Count, GameOptions
from trainer.game.variants import GameVariant, VariantId
from trainer.history.reading import GAME_DRILL_PREFIX
from trainer.judge.verdict import Verdict
from trainer.quiz.attempt import Attempt, SpokenTimes
from trainer.quiz.questions import ShowQuestion

DRILL_VARIANT: Final[dict[VariantId, Variant]] = {
    "standard": "standard",
    "short": "standard",
    "five-card": "five-card",
    "three-hand": "three-player",
    "four-hand": "four-player",
    "four-hand-solo": "four-player-five",
}
"""The drills' name for the hand of each game (the drills know hands, not targets)."""


def game_drill(rules: GameVariant, options: GameOptions) -> DrillSet:
    """The drill set a game's counts are recorded under: ``game-<variant>``, ``Game: <name>``,
    the game's muggins policy and nineteen rule, hands and cribs as they come, no fixed
    number of them."""
    return DrillSet(
        id=f"{GAME_DRILL_PREFIX}{rules.id}",
        name=f"Game: {rules.name}",
        description=f"Your counts in games of {rules.name.lower()}.",
        variant=DRILL_VARIANT[rules.id],
        kind="mixed",
        hands=None,
        claim="total",
        muggins=options.muggins,
        nineteen=options.nineteen,
        source="game",
    )


def count_attempt(
    drill: DrillSet,
    action: Count,
    verdict: Verdict,
    *,
    seed: int,
    session_id: str,
    number: int,
    seconds: float,
    at: datetime,
    spoken: SpokenTimes | None = None,
) -> Attempt:
    """The attempt of a count made at the table, as the engine judged it (``verdict``; its
    breakdown is the show counted), in a game from ``seed``; ``spoken``: said aloud, this
    fast."""
    b = verdict.breakdown
    question = ShowQuestion(number, seed, Deal(b.hand, b.starter, b.crib, seed), b)
    return Attempt(
        drill,
        session_id,
        question,
        action.claim,
        verdict,
        seconds,
        timed_out=action.claim is None,
        at=at,
        spoken=spoken,
    )
