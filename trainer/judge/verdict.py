"""Judging a claimed count against the true breakdown, under a muggins policy (RULES.md).

A claim is a total (`TotalClaim`), an itemised announcement (`AnnounceClaim`),
or ``None`` for a time-out. Both kinds reduce to missed points (true points not
claimed) and excess points (claimed points that do not exist); the policy turns
those into the points you keep and the points your opponent takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from trainer.judge.claims import AnnounceClaim, Claim, ClaimedItem, with_starter
from trainer.judge.difference import difference_hint
from trainer.judge.outcome import Outcome, headline, outcome_of
from trainer.judge.policy import Policy, check_policy, policy_action, policy_points
from trainer.rules.cards import Card
from trainer.rules.groups import group_points
from trainer.rules.show import Breakdown, Item

WrongReason = Literal[
    "duplicate", "wrong-points", "wrong-kind", "not-a-combination", "crib-flush-needs-starter"
]

WHY_WRONG: Final[dict[WrongReason, str]] = {
    "duplicate": "already claimed",
    "wrong-points": "not worth that",
    "wrong-kind": "these cards are another combination",
    "not-a-combination": "these cards do not score together",
    "crib-flush-needs-starter": "a crib flush needs the starter too",
}
"""What the player is told about each wrong claim."""


def why_wrong(reason: str) -> str:
    """What the player is told about a wrong claim, from its stored reason."""
    for known, words in WHY_WRONG.items():
        if known == reason:
            return words
    return reason.replace("-", " ")


NINETEEN_IMPOSSIBLE_SIZES: Final = frozenset({3, 4})
"""Hand sizes that can never score 19 (checked against the exact tables in the tests)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one claimed count: how it compares, and who pegs what under the policy.

    For a total claim the combinations behind it are unknown, so ``right``,
    ``missed`` and ``wrong`` are empty (except a time-out, where every item is
    missed). ``wrong_reasons`` says why each ``wrong`` item is wrong.
    """

    breakdown: Breakdown
    outcome: Outcome
    claimed: int
    kept: int
    opponent: int
    missed_points: int
    excess_points: int
    right: tuple[Item, ...]
    missed: tuple[Item, ...]
    wrong: tuple[ClaimedItem, ...]
    timed_out: bool
    itemised: bool
    """The claim named its combinations (an announcement), or the time ran out."""
    policy: Policy
    credit: float
    wrong_reasons: tuple[WrongReason, ...] = ()
    nineteen: bool = False
    """True when the claim was "nineteen", taken as zero."""
    claims: int = 0
    """How many claims an announcement made (a group claim is one)."""

    @property
    def actual(self) -> int:
        return self.breakdown.total

    @property
    def exact(self) -> bool:
        return self.outcome == "exact"

    def summary(self) -> str:
        """One line for the player: the claim against the truth and what it cost."""
        lead = self.claim_line()
        if self.exact or (self.timed_out and not (self.right or self.wrong) and not self.actual):
            return lead
        action = policy_action(self.policy, self.missed_points, self.excess_points)
        if self.opponent:
            tail = f"Your opponent takes {self.opponent}; you peg {self.kept}."
        else:
            tail = f"You peg {self.kept}."
        return f"{lead} {action} {tail}"

    def claim_line(self) -> str:
        """The claim against the truth, without what it cost (at the table, what muggins
        takes depends on the opponents' answers, not on the policy alone)."""
        t, what = self.actual, self.breakdown.what
        claimed_any = bool(self.right or self.wrong)
        if self.timed_out and not claimed_any:
            if t == 0:
                return f"Time's up. Nothing claimed; the {what} is 0: nothing lost."
            return f"Time's up. Nothing claimed; the {what} is {t}."
        head = (
            "Time's up."
            if self.timed_out
            else headline(self.outcome, self.missed_points, self.excess_points)
        )
        return f"{head} You claimed {self._said()}; the {what} is {t}."

    def difference(self) -> str | None:
        """For a wrong total, where the difference may lie ("did you miss a fifteen?")."""
        if self.itemised or self.exact:
            return None
        return difference_hint(self.breakdown, self.claimed)

    def _said(self) -> str:
        if self.nineteen:
            return "nineteen (nothing)"
        if self.itemised:
            n = self.claims
            return f"{self.claimed} in {n} claim{'s' if n != 1 else ''}"
        return str(self.claimed)


def nineteen_is_zero(breakdown: Breakdown) -> bool:
    """Whether a claim of 19 can only mean "nothing" for this hand (it cannot score 19)."""
    return len(breakdown.hand) in NINETEEN_IMPOSSIBLE_SIZES


def _credit(right_points: int, actual: int, excess: int) -> float:
    denominator = actual + excess
    if denominator == 0:
        return 1.0
    return right_points / denominator


def _group_members(claim: ClaimedItem, breakdown: Breakdown) -> tuple[int, ...] | None:
    """The items a group claim stands for: every pair of a pair royal's cards, every run and
    pair of a multiple run (its cards must be the whole run). ``()`` when the cards make no
    such group here; None when the claim is no group claim (a single combination)."""
    if group_points(claim.kind, claim.cards) is None:
        return None
    items = breakdown.items
    if claim.kind == "pair":
        members = tuple(
            n
            for n, it in enumerate(items)
            if it.kind == "pair" and claim.cards.issuperset(it.cards)
        )
        n = len(claim.cards)
        return members if len(members) == n * (n - 1) // 2 else ()
    for group in breakdown.groups:
        if group.kind == "run" and frozenset(group.cards) == claim.cards:
            return group.members
    return ()


def _why_not(claim: ClaimedItem, breakdown: Breakdown, sets: set[frozenset[Card]]) -> WrongReason:
    """Why a claim that matches no combination is wrong."""
    whole_crib = breakdown.crib and claim.cards == frozenset(breakdown.hand)
    if claim.kind == "flush" and whole_crib and len({c.suit for c in claim.cards}) == 1:
        return "crib-flush-needs-starter"
    return "wrong-kind" if claim.cards in sets else "not-a-combination"


def match(
    items: tuple[ClaimedItem, ...], breakdown: Breakdown
) -> tuple[list[bool], list[ClaimedItem], list[WrongReason]]:
    """Match claimed items to true items: which true items were found, and the wrong claims
    (in claim order) with the reason each is wrong.

    Groups are matched first, the largest first, so that a pair claimed again after its
    pair royal (or a pair royal after its triple run) is the duplicate, whatever the order
    the player said them in.
    """
    true_items = breakdown.items
    by_key = {(it.kind, frozenset(it.cards)): n for n, it in enumerate(true_items)}
    sets = {frozenset(it.cards) for it in true_items} | {
        frozenset(g.cards) for g in breakdown.groups
    }
    found = [False] * len(true_items)
    members = [_group_members(claim, breakdown) for claim in items]
    order = sorted(range(len(items)), key=lambda k: (members[k] is None, -len(members[k] or ()), k))
    reasons: dict[int, WrongReason] = {}
    for k in order:
        claim, group = items[k], members[k]
        if group is not None:
            if not group:
                reasons[k] = _why_not(claim, breakdown, sets)
            elif claim.value != sum(true_items[n].points for n in group):
                reasons[k] = "wrong-points"
            elif any(found[n] for n in group):
                reasons[k] = "duplicate"
            else:
                for n in group:
                    found[n] = True
            continue
        single = by_key.get((claim.kind, claim.cards))
        if single is None:
            reasons[k] = _why_not(claim, breakdown, sets)
        elif claim.value != true_items[single].points:
            reasons[k] = "wrong-points"
        elif found[single]:
            reasons[k] = "duplicate"
        else:
            found[single] = True
    wrong = sorted(reasons)
    return found, [items[k] for k in wrong], [reasons[k] for k in wrong]


def judge(
    claim: Claim,
    breakdown: Breakdown,
    policy: Policy,
    *,
    nineteen: bool = False,
    timed_out: bool = False,
) -> Verdict:
    """Judge a claim (a total, an itemised announcement, or ``None`` for a time-out).

    With ``nineteen``, a total claim of 19 means zero on hands that cannot score 19.
    ``timed_out`` with an announcement: the time ran out after these claims, and what
    was claimed is judged.
    """
    policy = check_policy(policy)
    actual = breakdown.total
    itemised = isinstance(claim, AnnounceClaim) or claim is None
    if isinstance(claim, AnnounceClaim) or claim is None:
        said = claim.items if claim is not None else ()
        items = tuple(with_starter(i, breakdown.hand, breakdown.starter) for i in said)
        found, wrong, reasons = match(items, breakdown)
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
    kept, opponent = policy_points(policy, actual, missed_points, excess_points)
    return Verdict(
        breakdown=breakdown,
        outcome=outcome_of(missed_points, excess_points),
        claimed=claimed,
        kept=kept,
        opponent=opponent,
        missed_points=missed_points,
        excess_points=excess_points,
        right=right,
        missed=missed,
        wrong=tuple(wrong),
        timed_out=claim is None or timed_out,
        itemised=itemised,
        policy=policy,
        credit=_credit(right_points, actual, excess_points),
        wrong_reasons=tuple(reasons),
        nineteen=said_nineteen,
        claims=len(claim.items) if isinstance(claim, AnnounceClaim) else 0,
    )
