"""Claims and what they cost: parsing a player's answer, judging it, catching an opponent."""

from trainer.judge.catch import CallResult, CatchVerdict, call_muggins, judge_catch
from trainer.judge.claims import (
    AnnounceClaim,
    Answer,
    CatchAnswer,
    Claim,
    ClaimedItem,
    ClaimError,
    TotalClaim,
)
from trainer.judge.miscount import OpponentClaim, opponent_claim
from trainer.judge.outcome import Judgement, Outcome
from trainer.judge.play import PlayVerdict, judge_play
from trainer.judge.policy import POLICIES, Policy
from trainer.judge.verdict import Verdict, judge

__all__ = [
    "POLICIES",
    "AnnounceClaim",
    "Answer",
    "CallResult",
    "CatchAnswer",
    "CatchVerdict",
    "Claim",
    "ClaimError",
    "ClaimedItem",
    "Judgement",
    "OpponentClaim",
    "Outcome",
    "PlayVerdict",
    "Policy",
    "TotalClaim",
    "Verdict",
    "call_muggins",
    "judge",
    "judge_catch",
    "judge_play",
    "opponent_claim",
]
