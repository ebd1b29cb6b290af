"""Judging a claimed count against the true breakdown, under a muggins policy (RULES.md).

A claim is a total (`TotalClaim`), an itemised announcement (`AnnounceClaim`),
or ``None`` for a time-out. Both kinds reduce to missed points (true points not
claimed) and excess points (claimed points that do not exist); each policy
turns those into the points you keep and the points your opponent takes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from trainer.cards import Card, format_cards, sort_key
from trainer.constraints import POLICIES as POLICIES
from trainer.constraints import Policy as Policy
from trainer.scoring import KINDS, Breakdown, Item, Kind

DEFAULT_POLICY: Final[Policy] = "acc"

Outcome = Literal["exact", "under", "over", "mixed"]
WrongReason = Literal["duplicate", "wrong-points", "wrong-kind", "not-a-combination"]

MAX_COUNT: Final = 46
"""The highest show score of any hand size (a 5-card hand); a larger claim is no count."""

NINETEEN_IMPOSSIBLE_SIZES: Final = frozenset({3, 4})
"""Hand sizes that can never score 19 (checked against the exact tables in the tests)."""

BSD_PENALTY: Final = 2
"""What the opponent pegs for an overcount under the BSD game's rule."""

_DIGITS: Final = re.compile(r"[0-9]+")


class ClaimError(ValueError):
    """A malformed claim, call or policy; the message quotes the bad input."""


def check_policy(policy: str) -> Policy:
    """Return ``policy`` as a `Policy`, or raise `ClaimError` naming it."""
    if policy not in POLICIES:
        raise ClaimError(f"{policy!r} is not a muggins policy (expected off, acc, hoyle or bsd)")
    return policy


def _check_count(points: object, what: str) -> int:
    if not isinstance(points, int) or isinstance(points, bool):
        raise ClaimError(f"{what} must be a whole number, got {points!r}")
    if points < 0:
        raise ClaimError(f"{what} cannot be negative, got {points!r}")
    if points > MAX_COUNT:
        raise ClaimError(f"{points!r} is not a possible count (no show scores more than 46)")
    return points


def parse_total_claim(text: str, *, nineteen: bool) -> int:
    """Parse a typed count such as ``"12"`` or ``" 7 "``; raise `ClaimError` quoting the text.

    With ``nineteen`` the word "nineteen" is accepted too (as 19); whether 19
    then means zero depends on the hand, so `judge` decides that.
    """
    token = text.strip()
    if nineteen and token.lower() == "nineteen":
        return 19
    if not _DIGITS.fullmatch(token):
        raise ClaimError(f"{text!r} is not a count (expected a whole number from 0 to 46)")
    return _check_count(int(token), "a count")


@dataclass(frozen=True, slots=True)
class TotalClaim:
    """A claim of a total only, as most players announce: "twelve"."""

    points: int

    def __post_init__(self) -> None:
        _check_count(self.points, "a claimed total")


def natural_points(kind: Kind, size: int) -> int:
    """What a combination of this kind and number of cards is worth when it is real."""
    if kind in ("fifteen", "pair"):
        return 2
    if kind == "nobs":
        return 1
    return size


@dataclass(frozen=True, slots=True, init=False)
class ClaimedItem:
    """One combination the player names: its kind, its cards, and optionally its points.

    ``points`` None means the natural value (`natural_points`). Cards are kept
    as a set: a combination is the same whatever order it is named in.
    """

    kind: Kind
    cards: frozenset[Card]
    points: int | None

    def __init__(self, kind: str, cards: Iterable[Card], points: int | None = None) -> None:
        if kind not in KINDS:
            raise ClaimError(f"{kind!r} is not a kind of combination (expected {', '.join(KINDS)})")
        listed = tuple(cards)
        card_set = frozenset(listed)
        if not listed:
            raise ClaimError(f"a claimed {kind} names no cards")
        if len(card_set) != len(listed):
            raise ClaimError(f"a claimed {kind} names a card twice: {format_cards(listed)}")
        if points is not None and (
            not isinstance(points, int) or isinstance(points, bool) or points < 1
        ):
            raise ClaimError(f"a claimed {kind} must be worth at least 1 point, got {points!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", card_set)
        object.__setattr__(self, "points", points)

    @property
    def value(self) -> int:
        """The points this claim asks for: as stated, or the natural value."""
        if self.points is not None:
            return self.points
        return natural_points(self.kind, len(self.cards))

    @property
    def ordered_cards(self) -> tuple[Card, ...]:
        """The cards in display order."""
        return tuple(sorted(self.cards, key=sort_key))

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.ordered_cards)} for {self.value}"


@dataclass(frozen=True, slots=True)
class AnnounceClaim:
    """A claim that names each combination, as a count is said aloud."""

    items: tuple[ClaimedItem, ...]

    @property
    def points(self) -> int:
        return sum(i.value for i in self.items)


Claim: TypeAlias = TotalClaim | AnnounceClaim | None
"""What a player answers; ``None`` is a time-out (a claim of nothing)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one claim: how it compares, and who pegs what under the policy.

    For a total claim the combinations behind it are unknown, so ``right``,
    ``missed`` and ``wrong`` are empty (except a time-out, where every item is
    missed). ``wrong_reasons`` says why each ``wrong`` item is wrong.
    """

    outcome: Outcome
    claimed: int
    actual: int
    kept: int
    opponent: int
    missed_points: int
    excess_points: int
    right: tuple[Item, ...]
    missed: tuple[Item, ...]
    wrong: tuple[ClaimedItem, ...]
    timed_out: bool
    policy: Policy
    credit: float
    wrong_reasons: tuple[WrongReason, ...] = ()
    nineteen: bool = False
    """True when the claim was "nineteen", taken as zero."""

    @property
    def exact(self) -> bool:
        return self.outcome == "exact"

    def summary(self) -> str:
        """One line for the player: the claim against the truth and what it cost."""
        t = self.actual
        if self.timed_out:
            head = f"Time's up: nothing claimed; the hand is {t}"
            if t == 0:
                return head + ", nothing lost."
            if self.opponent:
                return head + f", your opponent takes {self.opponent}."
            return head + f", you peg {self.kept}."
        if self.exact:
            return f"Exact: {t}."
        said = f"{self.claimed} (nineteen)" if self.nineteen else str(self.claimed)
        lead = f"You claimed {said}, the hand is {t}: "
        if self.outcome == "under":
            lead += f"under by {self.missed_points}"
        elif self.outcome == "over":
            lead += f"over by {self.excess_points}"
        else:
            lead += f"missed {self.missed_points} and wrongly claimed {self.excess_points}"
        if self.missed_points:
            action = {
                "off": "corrected up.",
                "acc": "muggins!",
                "hoyle": "muggins!",
                "bsd": "you keep only what you claimed.",
            }[self.policy]
            if self.excess_points and self.policy == "off":
                action = "corrected."
            elif self.excess_points and self.policy == "bsd":
                action = "you keep only what you counted right."
        else:
            action = "corrected down."
        if self.opponent:
            tail = f"Your opponent takes {self.opponent}; you peg {self.kept}."
        else:
            tail = f"You peg {self.kept}."
        return f"{lead}; {action} {tail}"


def _policy_points(policy: Policy, actual: int, missed: int, excess: int) -> tuple[int, int]:
    """(kept, opponent) for these missed and excess points, by the RULES.md table."""
    if policy == "off":
        return actual, 0
    kept = actual - missed
    if policy == "acc":
        return kept, missed
    if policy == "hoyle":
        return kept, missed + excess
    return kept, BSD_PENALTY if excess else 0


def nineteen_is_zero(breakdown: Breakdown) -> bool:
    """Whether a claim of 19 can only mean "nothing" for this hand (it cannot score 19)."""
    return len(breakdown.hand) in NINETEEN_IMPOSSIBLE_SIZES


def _credit(right_points: int, actual: int, excess: int) -> float:
    denominator = actual + excess
    if denominator == 0:
        return 1.0
    return right_points / denominator


def _outcome(missed: int, excess: int) -> Outcome:
    if missed and excess:
        return "mixed"
    if missed:
        return "under"
    if excess:
        return "over"
    return "exact"


def _match(
    items: tuple[ClaimedItem, ...], breakdown: Breakdown
) -> tuple[list[bool], list[ClaimedItem], list[WrongReason]]:
    """Match claimed items to true items: which true items were found, and the wrong claims."""
    true_items = breakdown.items
    by_key = {(it.kind, frozenset(it.cards)): n for n, it in enumerate(true_items)}
    sets = {frozenset(it.cards) for it in true_items}
    found = [False] * len(true_items)
    wrong: list[ClaimedItem] = []
    reasons: list[WrongReason] = []
    for claim in items:
        n = by_key.get((claim.kind, claim.cards))
        reason: WrongReason
        if n is None:
            reason = "wrong-kind" if claim.cards in sets else "not-a-combination"
        elif claim.value != true_items[n].points:
            reason = "wrong-points"
        elif found[n]:
            reason = "duplicate"
        else:
            found[n] = True
            continue
        wrong.append(claim)
        reasons.append(reason)
    return found, wrong, reasons


def judge(claim: Claim, breakdown: Breakdown, policy: Policy, *, nineteen: bool = False) -> Verdict:
    """Judge a claim (a total, an itemised announcement, or ``None`` for a time-out).

    With ``nineteen``, a total claim of 19 means zero on hands that cannot score 19.
    """
    policy = check_policy(policy)
    actual = breakdown.total
    if isinstance(claim, AnnounceClaim) or claim is None:
        items = claim.items if claim is not None else ()
        found, wrong, reasons = _match(items, breakdown)
        right = tuple(it for it, ok in zip(breakdown.items, found, strict=True) if ok)
        missed = tuple(it for it, ok in zip(breakdown.items, found, strict=True) if not ok)
        missed_points = sum(i.points for i in missed)
        excess_points = sum(w.value for w in wrong)
        claimed = sum(i.value for i in items)
        right_points = actual - missed_points
        said_nineteen = False
    else:
        claimed = claim.points
        said_nineteen = nineteen and claimed == 19 and nineteen_is_zero(breakdown)
        if said_nineteen:
            claimed = 0
        right, missed, wrong, reasons = (), (), [], []
        missed_points = max(0, actual - claimed)
        excess_points = max(0, claimed - actual)
        right_points = min(claimed, actual)
    kept, opponent = _policy_points(policy, actual, missed_points, excess_points)
    return Verdict(
        outcome=_outcome(missed_points, excess_points),
        claimed=claimed,
        actual=actual,
        kept=kept,
        opponent=opponent,
        missed_points=missed_points,
        excess_points=excess_points,
        right=right,
        missed=missed,
        wrong=tuple(wrong),
        timed_out=claim is None,
        policy=policy,
        credit=_credit(right_points, actual, excess_points),
        wrong_reasons=tuple(reasons),
        nineteen=said_nineteen,
    )


# ---------------------------------------------------------------- calling muggins on the opponent


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

    def summary(self) -> str:
        """One line for the caller: was the call right, and who takes what."""
        said = f"they claimed {self.claimed}, the hand is {self.actual}"
        if not self.correct:
            return (
                f"Wrong call: nothing was missed ({said}); "
                f"your opponent takes the {self.opponent_points} you called."
            )
        text = f"Right call: {said}, {self.missed} missed; you take {self.caller_points}"
        if self.let_slip:
            return text + f" and let {self.let_slip} slip."
        if self.call > self.missed:
            return text + f" (you called {self.call}, but only {self.missed} was missed)."
        return text + "."


def accept_claim(opponent_claim: int, breakdown: Breakdown) -> int:
    """Accepting the opponent's count without a call: the points you let slip (0 if none)."""
    _check_count(opponent_claim, "the opponent's claim")
    return max(0, breakdown.total - opponent_claim)


def call_muggins(opponent_claim: int, breakdown: Breakdown, call: int) -> CallResult:
    """Judge "muggins for ``call``" against an opponent who announced ``opponent_claim``.

    A right call takes the lesser of the call and what was missed; a call where
    nothing was missed gives the called points to the opponent instead.
    """
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
