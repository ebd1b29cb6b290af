"""The words of a spoken count, as players say them (RULES.md, Announcing a count).

Each phrase is a list of word sequences that all mean the same: "a pair is six", "a
pair's six", "pair for six". Numbers are the recogniser's dictionary words ("twenty
nine", not "twenty-nine"). Only the forms RULES.md lists are here: the grammar accepts
these and nothing else.
"""

from __future__ import annotations

from typing import Final

from trainer.rules.speech import number_word

Words = tuple[str, ...]

EXTRA_WORDS: Final = {"nobs": "N AA B Z", "nob": "N AA B", "pair's": "P EH R Z"}
"""Words the stock dictionary lacks, with their phones."""

FINAL_LEADS: Final[tuple[Words, ...]] = (("that's",), ("that", "is"), ("makes",))
"""What leads a final total after a count: "that's twelve"."""


def number(n: int) -> Words:
    """A number as words: (twenty, nine)."""
    return tuple(number_word(n).split("-"))


def _is(total: int) -> tuple[Words, ...]:
    """The ways of giving a running total after a name: "is six", "'s six", "for six"."""
    n = number(total)
    return (("is", *n), ("for", *n))


def phrases(kind: str, name: str, length: int, total: int, again: bool) -> list[Words]:
    """Every way to say one unit reaching ``total``; ``again`` when one of the same name
    and length was said before ("another run of three")."""
    n = number(total)
    if kind == "fifteen":
        return [("fifteen", *n)]
    if kind == "nobs":
        return [
            ("one", "for", "his", "nobs"),
            ("one", "for", "his", "nob"),
            ("one", "for", "nobs"),
            ("nobs", "is", *n),
            ("his", "nobs", "is", *n),
            ("nobs", "for", *n),
        ]
    if kind == "flush":
        named = [("flush",), ("flush", "of", *number(length))]
    elif kind == "run":
        words = tuple(name.replace("-", " ").split())
        named = [(*words, "of", *number(length)), words]
    elif name == "pair":
        named = [("pair",)]
    elif name == "pair royal":
        named = [("pair", "royal"), ("three", "of", "a", "kind")]
    elif name == "double pair royal":
        named = [("double", "pair", "royal"), ("four", "of", "a", "kind")]
    else:  # two pairs of one rank (only in the largest shows)
        named = [tuple(name.split())]
    leads: list[Words] = [("a",), ()] if not again else [("another",), ("a",), ()]
    out: list[Words] = []
    for lead in leads:
        for words in named:
            out += [(*lead, *words, *tail) for tail in _is(total)]
            if words == ("pair",):
                out.append((*lead, "pair's", *n))
    return out
