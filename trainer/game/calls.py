"""Muggins at the table: what an opponent's answer to an announced count moves.

The owner of a hand pegs at once what the policy lets them keep (`Verdict.kept`:
the claimed points that are really there). What is in dispute waits for the
opponents, in counting order (RULES.md, "Muggins in the game"):

- **accept** (every opponent): the count stands as announced, an overcount too.
- **"too many"** on an overcount corrects it down; the caller takes what the
  policy gives for the excess (`hoyle`: the excess, `bsd`: 2, `acc`: nothing).
  On a count that was not too many it is a wrong call that moves nothing.
- **"muggins for X"** on a count that missed points takes the lesser of X and
  the policy's share of the missed points, and corrects any excess as "too many"
  does; where nothing was missed it is a wrong call, and the owner takes X
  (the ACC rule), their count corrected down.

A bot's count is a total, so its missed and excess are the difference from the
truth, as a player hears it; a human's announcement is judged combination by
combination, as in the drills. What a card pegs in the play is a total too.

Whether a call was right (`call_right`) is judged here once: the reveal, the game's
summary and the review all say what it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from trainer.judge.claims import CatchAnswer
from trainer.judge.policy import Policy, policy_points
from trainer.rules.sizes import MOST_POINTS

MOST_A_CARD_PEGS: Final = 14
"""The most one card laid can peg, its go apart: a card scores a pair (of up to four of a
kind, 12) or a run (of up to seven, 7), never both, and a fifteen or 31 (2) beside it."""


@dataclass(frozen=True)
class Settled:
    """What an answer moves, beyond what the owner pegged at the count."""

    owner: int
    """More points for the owner: an overcount that stood, or a wrong muggins call."""
    caller: int
    """Points for the opponent who answered."""


def settle(actual: int, missed: int, excess: int, answer: CatchAnswer, policy: Policy) -> Settled:
    """The points an answer moves under ``policy``, for a claim of a count of ``actual``
    that missed ``missed`` points and claimed ``excess`` that are not there."""
    penalty = policy_points(policy, actual, 0, excess)[1] if excess else 0
    if answer.call is not None:
        if not missed:
            return Settled(answer.call, 0)  # a wrong call
        share = policy_points(policy, actual, missed, 0)[1]
        return Settled(0, min(answer.call, share) + penalty)
    if answer.too_many:
        if not excess:
            return Settled(0, 0)  # a wrong "too many": nothing moves
        return Settled(0, penalty)
    return Settled(excess, 0)


def call_right(answer: CatchAnswer, missed: int, excess: int) -> bool:
    """Whether a challenge was right: "muggins for X" on a claim that missed points, "too
    many" on one that claimed points that are not there (an accept is no challenge: False)."""
    if answer.call is not None:
        return missed > 0
    return answer.too_many and excess > 0


def most_missed(claimed: int, cards: int | None) -> int:
    """The most a claim of ``claimed`` can have missed, as anyone at the table can see it: the
    most a box of ``cards`` cards scores (RULES.md; None: a card laid in the play, the most
    one card pegs) less the claim. A "muggins for" more than this cannot be right."""
    most = MOST_A_CARD_PEGS if cards is None else MOST_POINTS[cards]
    return max(0, most - claimed)
