"""The muggins policies: what a wrong claim costs, and who takes what (RULES.md, Muggins)."""

from __future__ import annotations

from typing import Final, Literal, get_args

Policy = Literal["off", "acc", "hoyle", "bsd"]
POLICIES: Final[tuple[Policy, ...]] = get_args(Policy)
DEFAULT_POLICY: Final[Policy] = "acc"

BSD_PENALTY: Final = 2
"""What the opponent pegs for an overcount under the BSD game's rule."""

DESCRIPTIONS: Final[dict[Policy, str]] = {
    "off": "wrong counts are just corrected",
    "acc": "your opponent takes what you miss",
    "hoyle": "...and the excess you overclaim",
    "bsd": "keep only what you claim; 2 for an overcount",
}
"""What each policy does, in a few words (for menus)."""


class PolicyError(ValueError):
    """A name that is not a muggins policy."""


def check_policy(policy: str) -> Policy:
    """Return ``policy`` as a `Policy`, or raise `PolicyError` naming it."""
    if policy not in POLICIES:
        raise PolicyError(f"{policy!r} is not a muggins policy (expected off, acc, hoyle or bsd)")
    return policy


def policy_points(policy: Policy, actual: int, missed: int, excess: int) -> tuple[int, int]:
    """(points the owner pegs, points the opponent takes) for a claim that missed ``missed``
    true points and claimed ``excess`` points that are not there, by the RULES.md table."""
    if policy == "off":
        return actual, 0
    kept = actual - missed
    if policy == "acc":
        return kept, missed
    if policy == "hoyle":
        return kept, missed + excess
    return kept, BSD_PENALTY if excess else 0


def policy_action(policy: Policy, missed: int, excess: int) -> str:
    """What the policy does to a wrong claim, as said at the table: "Muggins!"."""
    if not missed:
        return "Corrected down."
    if policy == "off":
        return "Corrected." if excess else "Corrected up."
    if policy == "bsd":
        return (
            "You keep only what you counted right." if excess else "You keep only what you claimed."
        )
    return "Muggins!"
