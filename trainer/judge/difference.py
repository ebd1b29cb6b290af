"""Where a wrong total's difference may lie: "you said 8, it is 10: did you miss a fifteen?"

A total names no combination, so the trainer cannot know what was missed; it can
name the groups of the hand whose points make up the difference, as candidates.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from trainer.rules.groups import Group
from trainer.rules.show import Breakdown
from trainer.rules.speech import group_words, number_word

_MOST_NAMED: Final = 3
"""Candidates named at most; beyond that the hint would be a list, not a hint."""


def _group_words(group: Group) -> str:
    """A group as a player names it: "a fifteen", "a pair royal", "a run of four", "nobs"."""
    if group.kind == "nobs":
        return "nobs"
    if group.kind == "flush":
        return f"the flush of {number_word(len(group.cards))}"
    if group.kind == "fifteen":
        return "a fifteen"
    return group_words(group.name, group.kind, group.length, len(group.members))


def _item_words(kind: str, size: int) -> str:
    """One combination inside a group: "a pair", "a run of three"."""
    return group_words(kind, kind, size, 1)


def _names(groups: list[Group]) -> list[str]:
    names: list[str] = []
    for g in groups:
        words = _group_words(g)
        if words not in names:
            names.append(words)
    return names


def _two(words: str) -> str:
    """Two of the same: "a run of three" is "two runs of three"."""
    noun = words.removeprefix("a ")
    head, _, rest = noun.partition(" of ")
    return f"two {head}s" + (f" of {rest}" if rest else "")


def _either(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def missed_candidates(breakdown: Breakdown, points: int) -> list[str]:
    """What the player may have missed: the groups worth ``points``, else pairs of groups."""
    groups = list(breakdown.groups)
    single = _names([g for g in groups if g.points == points])
    # A pair or a run inside a group is missed on its own as often as the whole group.
    for g in groups:
        for n in g.members if len(g.members) > 1 else ():
            item = breakdown.items[n]
            words = _item_words(item.kind, len(item.cards))
            if item.points == points and words not in single:
                single.append(words)
    if single:
        return single[:_MOST_NAMED]
    pairs: list[str] = []
    for a, b in combinations(groups, 2):
        if a.points + b.points == points:
            first, second = _group_words(a), _group_words(b)
            both = _two(first) if first == second else f"{first} and {second}"
            if both not in pairs:
                pairs.append(both)
    return pairs[:_MOST_NAMED]


def difference_hint(breakdown: Breakdown, claimed: int) -> str | None:
    """A question that points at the difference between a claimed total and the truth,
    or None when the claim is right or nothing in the hand accounts for it."""
    actual = breakdown.total
    if claimed == actual:
        return None
    said = f"You said {claimed}, it is {actual}"
    if claimed < actual:
        names = missed_candidates(breakdown, actual - claimed)
        return f"{said}: did you miss {_either(names)}?" if names else None
    over = claimed - actual
    names = _names([g for g in breakdown.groups if g.points == over])
    if names:
        return f"{said}: did you count {_either(names[:_MOST_NAMED])} twice?"
    return f"{said}: {over} too many. Is there a combination you counted that is not there?"


def second_try_words(actual: int, second: int | None) -> str:
    """How a second count went; the first count is still the one judged."""
    if second is None:
        return "No second try."
    if second == actual:
        return f"Second try: {second}, right. (The first count is the one that scores.)"
    return f"Second try: {second}, still not it."
