"""Re-drilling the shows you counted wrong, as the spaced schedule brings them back.

A re-drill is a drill like any other: `review_drill` is its drill set (id
``review``, total claims, ACC muggins) and `review_questions` turns the due
hands (from the history's schedule) into its questions, for
``QuizSession(review_drill(), rng, questions=...)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from trainer.drills.model import DrillSet
from trainer.drills.schema import parse_drill
from trainer.quiz.questions import ShowQuestion, question_from_cards

if TYPE_CHECKING:  # only the type: building questions needs none of the store
    from trainer.history.reading import DueHand

REVIEW_DRILL_ID: Final = "review"

REDRILL_HANDS: Final = 20
"""How many due shows one re-drill asks, the longest overdue first."""


def review_drill() -> DrillSet:
    """The drill set re-drills run under: id ``review``, total claims, ACC muggins."""
    return parse_drill(
        {
            "name": "Due for review",
            "description": "Hands and cribs you counted wrong, back on a spaced schedule.",
            "kind": "mixed",
            "claim": "total",
            "muggins": "acc",
        },
        drill_id=REVIEW_DRILL_ID,
        source="review",
    )


def review_questions(due: Iterable[DueHand]) -> list[ShowQuestion]:
    """The due shows as questions, in the order given (the store gives the longest overdue
    first: ``store.due(now, limit=REDRILL_HANDS)``)."""
    return [
        question_from_cards(n, d.hand, d.starter, crib=d.crib) for n, d in enumerate(due, start=1)
    ]
