"""Claims and what they cost: parsing a player's answer, judging it, catching an opponent."""

from trainer.judge.catch import CallResult, CatchVerdict, call_muggins, judge_catch
from trainer.judge.claims import (
    AnnounceClaim,
    Answer,
    CatchAnswer,
    Claim,
    ClaimedItem,
    ClaimError,
    ThrowAnswer,
    TotalClaim,
)
from trainer.judge.discard import EXACT_WITHIN, DiscardVerdict, ValuedThrow, judge_discard
from trainer.judge.miscount import OpponentClaim, opponent_claim
from trainer.judge.outcome import Judgement, Outcome
from trainer.judge.play import PlayVerdict, judge_play
from trainer.judge.policy import POLICIES, Policy
from trainer.judge.verdict import Verdict, judge

__all__ = [
    "EXACT_WITHIN",
    "POLICIES",
    "AnnounceClaim",
    "Answer",
    "CallResult",
    "CatchAnswer",
    "CatchVerdict",
    "Claim",
    "ClaimError",
    "ClaimedItem",
    "DiscardVerdict",
    "Judgement",
    "OpponentClaim",
    "Outcome",
    "PlayVerdict",
    "Policy",
    "ThrowAnswer",
    "TotalClaim",
    "ValuedThrow",
    "Verdict",
    "call_muggins",
    "judge",
    "judge_catch",
    "judge_discard",
    "judge_play",
    "opponent_claim",
]
