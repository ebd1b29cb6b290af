"""Claims and what they cost: parsing a player's answer, judging it, catching an opponent."""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
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

# Each name's module is imported when the name is first used, not with the package.
__getattr__ = exports(
    __name__,
    {
        "CallResult": "trainer.judge.catch",
        "CatchVerdict": "trainer.judge.catch",
        "call_muggins": "trainer.judge.catch",
        "judge_catch": "trainer.judge.catch",
        "AnnounceClaim": "trainer.judge.claims",
        "Answer": "trainer.judge.claims",
        "CatchAnswer": "trainer.judge.claims",
        "Claim": "trainer.judge.claims",
        "ClaimedItem": "trainer.judge.claims",
        "ClaimError": "trainer.judge.claims",
        "ThrowAnswer": "trainer.judge.claims",
        "TotalClaim": "trainer.judge.claims",
        "EXACT_WITHIN": "trainer.judge.discard",
        "DiscardVerdict": "trainer.judge.discard",
        "ValuedThrow": "trainer.judge.discard",
        "judge_discard": "trainer.judge.discard",
        "OpponentClaim": "trainer.judge.miscount",
        "opponent_claim": "trainer.judge.miscount",
        "Judgement": "trainer.judge.outcome",
        "Outcome": "trainer.judge.outcome",
        "PlayVerdict": "trainer.judge.play",
        "judge_play": "trainer.judge.play",
        "POLICIES": "trainer.judge.policy",
        "Policy": "trainer.judge.policy",
        "Verdict": "trainer.judge.verdict",
        "judge": "trainer.judge.verdict",
    },
)
