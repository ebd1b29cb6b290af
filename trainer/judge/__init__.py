"""Claims and what they cost: parsing a player's answer, judging it, catching an opponent.

Import each name from its module (this face re-exports nothing):

- ``trainer.judge.catch``: ``CallResult``, ``CatchVerdict``, ``call_muggins``, ``judge_catch``
- ``trainer.judge.claims``: ``AnnounceClaim``, ``Answer``, ``CatchAnswer``, ``Claim``,
  ``ClaimedItem``, ``ClaimError``, ``ThrowAnswer``, ``TotalClaim``
- ``trainer.judge.discard``: ``EXACT_WITHIN``, ``DiscardVerdict``, ``ValuedThrow``,
  ``judge_discard``
- ``trainer.judge.miscount``: ``OpponentClaim``, ``opponent_claim``
- ``trainer.judge.outcome``: ``Judgement``, ``Outcome``
- ``trainer.judge.play``: ``PlayVerdict``, ``judge_play``
- ``trainer.judge.policy``: ``POLICIES``, ``Policy``
- ``trainer.judge.verdict``: ``Verdict``, ``judge``
"""
