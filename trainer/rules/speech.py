"""Every spoken word of a count: numbers, each combination's phrase, the announcement.

A show is announced as a running total in a fixed order, fifteens, pairs,
runs, flush, nobs: "Fifteen two, fifteen four, and a pair royal is ten, and
nobs is eleven." Combinations are said in groups (`trainer.rules.groups`): the
pairs of one rank together ("a pair royal is six"), a multiple run with its
pairs ("a double run of three is eight"). The reveal, the claims list and the
CLI all speak through `spoken_groups`, `claim_phrases` and `announce`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Final, NamedTuple

from trainer.rules.cards import Card
from trainer.rules.groups import Group, group_items, group_name

_ONES: Final = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS: Final = (
    "",
    "",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
)
_PLAY_PAIRS: Final = {2: "pair", 3: "pair royal", 4: "double pair royal"}

Said = tuple[str, Collection[Card], int]
"""One combination as it is said: its kind, its cards and its points."""


def number_word(n: int) -> str:
    """A count in words as it is said aloud (0-99): 'twenty-nine'."""
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


class _Said(NamedTuple):
    kind: str
    cards: Collection[Card]
    points: int


def group_words(name: str, kind: str, length: int, members: int) -> str:
    """A pair or run group as it is named: "a pair royal", "two pairs", "a run of three",
    "a double run of four", "a triple run" (a run group's ``length`` is its ranks)."""
    if kind == "run":
        of = f" of {number_word(length)}" if name in ("run", "double run") or length > 3 else ""
        return f"a {name}{of}"
    return f"{number_word(members)} pairs" if name == "pairs" else f"a {name}"


def _phrase(name: str, kind: str, length: int, members: int, running: int, again: bool) -> str:
    total = number_word(running)
    if kind == "fifteen":
        return f"fifteen {total}"
    if kind in ("pair", "run"):
        words = group_words(name, kind, length, members)
        if again:
            words = "another" + words.removeprefix("a")
        return f"{words} is {total}"
    if kind == "flush":
        return f"a flush of {number_word(length)} is {total}"
    return f"nobs is {total}"


def spoken_groups(items: Iterable[Said]) -> list[tuple[Group, str]]:
    """The groups of a count (`group_items`), each with what is said for it: the running
    total in announcement order, "fifteen two, fifteen four, and a pair royal is ten"."""
    groups = group_items([_Said(*i) for i in items])
    spoken: list[tuple[Group, str]] = []
    running = 0
    run_lengths: set[int] = set()
    for g in groups:
        running += g.points
        again = g.name == "run" and g.length in run_lengths
        if g.name == "run":
            run_lengths.add(g.length)
        spoken.append((g, _phrase(g.name, g.kind, g.length, len(g.members), running, again)))
    return spoken


def claim_phrases(claims: Iterable[Said]) -> list[str]:
    """What is said for each claim in the order the player made them, with the running
    total: each claim is named on its own ("a pair royal is six"), never regrouped."""
    phrases: list[str] = []
    running = 0
    run_lengths: set[int] = set()
    for kind, cards, points in claims:
        running += points
        name = group_name(kind, cards)
        length = len({c.rank for c in cards}) if kind == "run" else len(cards)
        again = name == "run" and length in run_lengths
        if name == "run":
            run_lengths.add(length)
        members = 1 if name == "pair" else 0
        phrases.append(_phrase(name, kind, length, members, running, again))
    return phrases


def announce(items: Iterable[Said]) -> str:
    """The whole count as a player says it: "Fifteen two, fifteen four, and a pair is six."

    A hand with nothing is "nineteen", the traditional zero.
    """
    spoken = [p for _, p in spoken_groups(items)]
    if not spoken:
        return "Nineteen (no score)."
    joined = [p if i == 0 or p.startswith("fifteen") else f"and {p}" for i, p in enumerate(spoken)]
    text = ", ".join(joined)
    return text[0].upper() + text[1:] + "."


def play_phrase(items: Iterable[Said]) -> str:
    """What a card laid in the play pegs, as said at the table: "fifteen for 2, run of 3 for 3"."""
    parts = []
    for kind, cards, points in items:
        if kind == "fifteen":
            parts.append("fifteen for 2")
        elif kind == "thirty_one":
            parts.append("thirty-one for 2")
        elif kind == "pair":
            parts.append(f"{_PLAY_PAIRS[len(cards)]} for {points}")
        elif kind == "run":
            parts.append(f"run of {len(cards)} for {points}")
        elif kind == "go":
            parts.append("one for the go")
        else:
            parts.append("one for last card")
    return ", ".join(parts) if parts else "no score"
