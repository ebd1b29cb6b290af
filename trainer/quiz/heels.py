"""His heels in the drills: a jack turned as the starter pegs 2 for the dealer at the cut
(RULES.md "Starter"), and is never part of a hand's or crib's count, nor nobs.

The nobs drill asks about it: its question says a jack was turned and asks for the
count alone; the reveal says what his heels is and, for a count 1 or 2 over, why.
"""

from __future__ import annotations

from typing import Final

from trainer.drills.model import DrillSet
from trainer.judge.outcome import Judgement
from trainer.judge.verdict import Verdict
from trainer.quiz.questions import DiscardQuestion, PlayQuestion, Question
from trainer.rules.cards import JACK

HEELS_POINTS: Final = 2

HEELS_NOTE: Final = (
    "His heels: the jack turned up pegs 2 for the dealer; it is not part of the count."
)


def drills_jacks(drill: DrillSet) -> bool:
    """The drill is about jacks (nobs, his heels): its deals hold a jack or nobs, or mix them."""
    c = drill.constraints
    features = c.require | {feature for feature, _ in c.mix}
    return JACK in c.ranks or bool(features & {"nobs", "jack-starter"})


def heels_prompt(drill: DrillSet, question: Question) -> str:
    """The question's hint when a jack was turned in a drill about jacks ("" otherwise)."""
    if isinstance(question, PlayQuestion | DiscardQuestion) or question.deal.starter.rank != JACK:
        return ""
    if not drills_jacks(drill):
        return ""
    if question.deal.crib:
        return (
            f"You dealt and turned a jack: his heels, {HEELS_POINTS} for you at the cut. "
            "What does the crib score?"
        )
    return (
        f"A jack was turned: his heels, {HEELS_POINTS} for the dealer at the cut. "
        "What does the hand score?"
    )


def heels_note(question: Question, judgement: Judgement) -> str:
    """The reveal's line on a jack starter ("" when the starter is not one), with the likely
    slip when a count is 2 over (his heels counted in) or 1 over (the jack taken for nobs)."""
    if isinstance(question, PlayQuestion | DiscardQuestion) or question.deal.starter.rank != JACK:
        return ""
    if not isinstance(judgement, Verdict) or judgement.timed_out or judgement.itemised:
        return HEELS_NOTE
    over = judgement.claimed - judgement.actual
    if over == HEELS_POINTS:
        return f"{HEELS_NOTE} You said {HEELS_POINTS} too many: was it his heels?"
    if over == 1:
        return f"{HEELS_NOTE} Nor is it nobs: nobs is a jack in the hand of the starter's suit."
    return HEELS_NOTE
