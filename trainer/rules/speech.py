"""Every spoken word of a count: numbers, each combination's phrase, the announcement.

A show is announced as a running total in a fixed order, fifteens, pairs,
runs, flush, nobs: "Fifteen two, fifteen four, and a pair royal is ten, and
nobs is eleven." Pairs of one rank said one after another are named together
("a pair royal is six"); every other combination is its own phrase. The reveal,
the claims list and the CLI all speak through `count_phrases` and `announce`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Final

from trainer.rules.cards import Card

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
_PAIR_GROUPS: Final = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
_PLAY_PAIRS: Final = {2: "pair", 3: "pair royal", 4: "double pair royal"}

Said = tuple[str, Collection[Card], int]
"""One combination as it is said: its kind, its cards and its points."""


def number_word(n: int) -> str:
    """A count in words as it is said aloud (0-99): 'twenty-nine'."""
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


def count_phrases(items: Iterable[Said]) -> list[str]:
    """What is said for each combination of a count, with the running total.

    One phrase per item, in order; an item said together with the next one (a
    pair of a pair royal, before its last pair) has the empty phrase.
    """
    listed = list(items)
    phrases: list[str] = []
    running = 0
    run_lengths: set[int] = set()
    pairs = 0
    for n, (kind, cards, points) in enumerate(listed):
        running += points
        size = len(cards)
        if kind == "pair":
            pairs += 1
            if _pair_rank(listed, n + 1) == _pair_rank(listed, n):
                phrases.append("")
                continue
            name = _PAIR_GROUPS.get(pairs, f"{number_word(pairs)} pairs")
            phrases.append(f"{name} is {number_word(running)}")
            pairs = 0
        elif kind == "fifteen":
            phrases.append(f"fifteen {number_word(running)}")
        elif kind == "run":
            again = "another" if size in run_lengths else "a"
            run_lengths.add(size)
            phrases.append(f"{again} run of {number_word(size)} is {number_word(running)}")
        elif kind == "flush":
            phrases.append(f"a flush of {number_word(size)} is {number_word(running)}")
        else:
            phrases.append(f"nobs is {number_word(running)}")
    return phrases


def _pair_rank(items: Sequence[Said], n: int) -> int | None:
    """The rank of item ``n`` if it is a pair (None otherwise, or past the end)."""
    if n >= len(items) or items[n][0] != "pair":
        return None
    return next(iter(items[n][1])).rank


def announce(items: Iterable[Said]) -> str:
    """The whole count as a player says it: "Fifteen two, fifteen four, and a pair is six."

    A hand with nothing is "nineteen", the traditional zero.
    """
    spoken = [p for p in count_phrases(items) if p]
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
