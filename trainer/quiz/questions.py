"""The questions of a drill: a show to count, a moment of the play, an opponent's count, or a
dealt hand to throw from.

Each kind of question holds only its own data. The same drill and seed always
give the same question.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from trainer.drills.constraints import Deal
from trainer.drills.discards import DiscardDeal, deal_discard
from trainer.drills.model import DEALT, DrillSet, Variant
from trainer.drills.plays import PlayDeal, deal_play
from trainer.judge.discard import ValuedThrow
from trainer.judge.miscount import OpponentClaim, opponent_claim
from trainer.rules.cards import Card
from trainer.rules.show import Breakdown, score_show

QuestionKind = Literal["hand", "crib", "play", "catch", "discard"]

CATCH_SALT: Final = 0x5EED_CA7C
"""Mixed into a catch question's seed so the opponent's claim has its own stream."""


@dataclass(frozen=True)
class ShowQuestion:
    """A hand or crib to count, with its true breakdown."""

    number: int
    seed: int
    deal: Deal
    breakdown: Breakdown

    @property
    def kind(self) -> QuestionKind:
        return "crib" if self.deal.crib else "hand"

    @property
    def actual(self) -> int:
        return self.breakdown.total


@dataclass(frozen=True)
class CatchQuestion:
    """An opponent's count of a hand to accept, call muggins on, or call too many."""

    number: int
    seed: int
    deal: Deal
    breakdown: Breakdown
    opponent: OpponentClaim

    @property
    def kind(self) -> QuestionKind:
        return "catch"

    @property
    def actual(self) -> int:
        return self.breakdown.total


@dataclass(frozen=True)
class PlayQuestion:
    """A card laid in the play: what does it peg?"""

    number: int
    seed: int
    play: PlayDeal

    @property
    def kind(self) -> QuestionKind:
        return "play"

    @property
    def actual(self) -> int:
        return self.play.points


@dataclass(frozen=True)
class DiscardQuestion:
    """A dealt hand: which cards to throw? With every throw's value, best first."""

    number: int
    seed: int
    deal: DiscardDeal
    throws: tuple[ValuedThrow, ...]

    @property
    def kind(self) -> QuestionKind:
        return "discard"

    @property
    def actual(self) -> int:
        """The best throw's net, to the nearest point."""
        return round(self.throws[0].net)

    @property
    def thrown(self) -> int:
        """How many cards a throw holds."""
        return len(self.throws[0].throw)


CountQuestion: TypeAlias = ShowQuestion | CatchQuestion | PlayQuestion
"""A question answered with a count (or a reply to one): every kind but a discard."""

Question: TypeAlias = CountQuestion | DiscardQuestion

Appraiser: TypeAlias = Callable[[DiscardDeal, Variant], Sequence[ValuedThrow]]
"""Every throw of a dealt hand valued, best first (the coach's discard advice, injected: it
lives in a later layer)."""


def make_question(
    drill: DrillSet, number: int, seed: int, *, appraise: Appraiser | None = None
) -> Question:
    """The question ``seed`` gives in ``drill``: the same seed always gives the same question.
    A discard drill needs ``appraise`` to value the throws."""
    if drill.kind == "play":
        return PlayQuestion(number, seed, deal_play(seed))
    if drill.kind == "discard":
        if appraise is None:
            raise ValueError(f"{drill.id}: a discard drill needs the discard advice")
        dealt = deal_discard(seed, DEALT[drill.variant])
        return DiscardQuestion(number, seed, dealt, tuple(appraise(dealt, drill.variant)))
    deal = drill.replay(seed)
    breakdown = score_show(deal.hand, deal.starter, crib=deal.crib)
    if drill.kind == "catch":
        rng = random.Random(seed ^ CATCH_SALT)
        claim = opponent_claim(breakdown, rng, error_rate=drill.opponent_errors)
        return CatchQuestion(number, seed, deal, breakdown, claim)
    return ShowQuestion(number, seed, deal, breakdown)


def question_from_cards(
    number: int, hand: Sequence[Card], starter: Card, *, crib: bool, seed: int = 0
) -> ShowQuestion:
    """A show question for given cards (a stored hand coming back for review)."""
    deal = Deal(tuple(hand), starter, crib, seed)
    return ShowQuestion(number, seed, deal, score_show(deal.hand, starter, crib=crib))
