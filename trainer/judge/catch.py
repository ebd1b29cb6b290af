"""Catching an opponent's miscount: accept it, say "too many", or call "muggins for X".

Under the ACC rule a right call takes the lesser of the call and what was really
missed; a call where nothing was missed gives the called points to the
opponent instead. `judge_catch` judges a player's reply to an announced count.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.judge.claims import CatchAnswer, ClaimError, check_count
from trainer.judge.heard import heard_difference
from trainer.judge.miscount import OpponentClaim
from trainer.judge.outcome import Outcome, compare
from trainer.rules.show import Breakdown


@dataclass(frozen=True, slots=True)
class CallResult:
    """The outcome of "muggins for X" against an opponent's announced count (ACC rule).

    ``caller_points`` and ``opponent_points`` are what the call itself moves;
    the opponent also pegs their own count, corrected down (``opponent_kept``).
    """

    correct: bool
    call: int
    claimed: int
    actual: int
    caller_points: int
    opponent_points: int
    missed: int

    @property
    def opponent_kept(self) -> int:
        """What the opponent pegs for the hand itself: their claim, at most the true count."""
        return min(self.claimed, self.actual)

    @property
    def let_slip(self) -> int:
        """Missed points the call did not collect (a call for less than was missed)."""
        return self.missed - self.caller_points

    def summary(self, heard: str = "") -> str:
        """One line for the caller: was the call right, and who takes what; ``heard`` says
        what was missed, as far as the spoken count shows it (`heard_difference`)."""
        if not self.correct:
            return (
                f"Wrong call: nothing was missed; your opponent takes the "
                f"{self.opponent_points} you called."
            )
        text = f"Muggins! {heard} You" if heard else f"Muggins! They missed {self.missed}; you"
        text += f" take {self.caller_points}"
        if self.let_slip:
            return text + f" and let {self.let_slip} slip."
        if self.call > self.missed:
            return text + f" (you called {self.call}, but only {self.missed} was missed)."
        return text + "."


def accept_claim(opponent_claim: int, breakdown: Breakdown) -> int:
    """Accepting the opponent's count without a call: the points you let slip (0 if none)."""
    check_count(opponent_claim, "the opponent's claim")
    return max(0, breakdown.total - opponent_claim)


def call_muggins(opponent_claim: int, breakdown: Breakdown, call: int) -> CallResult:
    """Judge "muggins for ``call``" against an opponent who announced ``opponent_claim``."""
    if not isinstance(call, int) or isinstance(call, bool) or call < 1:
        raise ClaimError(f"muggins is called for at least 1 point, got {call!r}")
    missed = accept_claim(opponent_claim, breakdown)
    correct = missed > 0
    return CallResult(
        correct=correct,
        call=call,
        claimed=opponent_claim,
        actual=breakdown.total,
        caller_points=min(call, missed) if correct else 0,
        opponent_points=0 if correct else call,
        missed=missed,
    )


@dataclass(frozen=True, slots=True)
class CatchVerdict:
    """The judgement of a reply to an opponent's count.

    ``actual`` is what the opponent really missed (what a call could take);
    ``claimed`` what the player called for (0 without a call).
    """

    breakdown: Breakdown
    opponent_claim: OpponentClaim
    answer: CatchAnswer | None
    call: CallResult | None
    outcome: Outcome
    claimed: int
    actual: int
    kept: int
    opponent: int
    missed_points: int
    excess_points: int

    @property
    def timed_out(self) -> bool:
        return self.answer is None

    def summary(self) -> str:
        """One line: how the reply was judged, what they said, the truth, your reply, and
        what it cost."""
        o, answer = self.opponent_claim, self.answer
        said, truth = o.claimed, self.breakdown.total
        if answer is None:
            reply = "your time ran out"
        elif answer.call is not None:
            reply = f"you called muggins for {answer.call}"
        elif answer.too_many:
            reply = "you said too many"
        else:
            reply = "you accepted"
        head = "Right!" if self.outcome == "exact" else "Not quite."
        if self.wrong_call:
            head = "Wrong call."
        lead = f"{head} They said {said}; the {self.breakdown.what} is {truth}; {reply}."
        return f"{lead} {self._cost()}"

    @property
    def wrong_call(self) -> bool:
        """A "too many" on a count that was not too many, or muggins where nothing was missed."""
        if self.call is not None:
            return not self.call.correct
        said, truth = self.opponent_claim.claimed, self.breakdown.total
        return self.answer is not None and self.answer.too_many and said <= truth

    def _cost(self) -> str:
        """What the reply did with the points, by what they said against the truth; what
        they got wrong, as far as their spoken count shows it."""
        o, call = self.opponent_claim, self.call
        said, truth = o.claimed, self.breakdown.total
        too_many = self.answer is not None and self.answer.too_many
        heard = heard_difference(o.said, self.breakdown) or o.description
        if said < truth:
            if call is not None:
                return call.summary(heard)
            slipped = f"You let {truth - said} slip."
            if too_many:
                return f"They counted too few, not too many. {heard} {slipped}"
            return f"{heard} {slipped}"
        if said == truth:
            if call is not None:
                return f"They counted it right: your opponent takes the {call.call} you called."
            if too_many:
                return "They counted it right: their count stands and no points move."
            return o.description
        down = f"Their count is corrected down to {truth}"
        if call is not None:
            return (
                f"Nothing was missed: they counted too many. {heard} {down}, "
                f"and your opponent takes the {call.call} you called."
            )
        if too_many:
            return f"{heard} {down}."
        return f"{heard} Your opponent pegs {said - truth} they did not earn."


def judge_catch(
    opponent_claim: OpponentClaim, breakdown: Breakdown, answer: CatchAnswer | None
) -> CatchVerdict:
    """Judge a reply to an opponent's announced count (``None``: the time ran out, an accept)."""
    reply = answer or CatchAnswer()
    said, truth = opponent_claim.claimed, breakdown.total
    available = max(0, truth - said)
    call = None
    kept = opponent = slipped = 0
    if reply.call is not None:
        call = call_muggins(said, breakdown, reply.call)
        kept, opponent = call.caller_points, call.opponent_points
        outcome = compare(reply.call, available) if call.correct else "over"
    elif reply.too_many:
        # Right on an overcount; on an undercount the missed points slip as in an accept.
        outcome = "exact" if said > truth else "under" if said < truth else "over"
    elif said > truth:
        outcome = "under"  # accepted an overcount: the opponent pegs points not there
        opponent = slipped = said - truth
    else:
        outcome = "exact" if said == truth else "under"
    return CatchVerdict(
        breakdown=breakdown,
        opponent_claim=opponent_claim,
        answer=answer,
        call=call,
        outcome=outcome,
        claimed=reply.call or 0,
        actual=available,
        kept=kept,
        opponent=opponent,
        missed_points=max(0, available - kept) + slipped,
        excess_points=max(0, (reply.call or 0) - available),
    )
