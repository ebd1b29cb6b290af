"""The words of a spoken count, as players say them (RULES.md, Announcing a count).

Each phrase is every word sequence that says one group: "a pair is six", "a pair's
six", "pair for six", "a pair makes six". A running total in a sequence is a token
"+N", N points past the total before the phrase (`total_token`), so that one set of
sequences serves every state of a count. Numbers are the recogniser's dictionary words
("twenty nine", not "twenty-nine"). Only the forms RULES.md lists are here: the grammar
accepts these and nothing else.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from math import prod
from typing import Final

from trainer.rules.groups import run_shape
from trainer.rules.speech import number_word
from trainer.voice.units import Unit

Words = tuple[str, ...]

EXTRA_WORDS: Final = {
    "nobs": "N AA B Z",
    "nob": "N AA B",
    "pair's": "P EH R Z",
    "muggins": "M AH G IH N Z",
}
"""Words the stock dictionary lacks, with their phones."""

LINKS: Final[tuple[Words, ...]] = (("is",), ("for",), ("makes",), ("that's",))
"""What leads a running total after a group's name: "a pair is six", "pair for six"."""

FINAL_LEADS: Final[tuple[Words, ...]] = (("that's",), ("that", "is"), ("makes",))
"""What leads a final total after a count: "that's twelve"."""

NOTHING: Final[tuple[Words, ...]] = (("nothing",), ("no", "points"))
"""A hand of nothing, besides the numbers "zero" and "nineteen"."""

TAKE_BACK: Final = ("no", "wait", "sorry")
"""A self-correction: one of these, or "no" and another ("no wait"). The group just said
is taken back (and said again, right)."""

RESTART: Final[tuple[Words, ...]] = (("start", "again"), ("start", "over"))
"""The whole count taken back."""

HESITATIONS: Final = ("um", "uh", "er")
"""Sounds between groups that say nothing."""

_PAIR_PARTS: Final[dict[int, tuple[Words, Words, int]]] = {
    2: (("pair",), (), 2),
    3: (("pair", "royal"), ("three", "of", "a", "kind"), 6),
    4: (("double", "pair", "royal"), ("four", "of", "a", "kind"), 12),
}
"""The pairs inside a multiple run, by how often their rank repeats: the name said with an
article ("a pair royal"), the name said without one ("three of a kind"), the points."""


def number(n: int) -> Words:
    """A number as words: (twenty, nine)."""
    return tuple(number_word(n).split("-"))


def total_token(points: int) -> str:
    """The token of a running total ``points`` past the total before the phrase."""
    return f"+{points}"


def token_points(token: str) -> int | None:
    """The points of a running total's token, None for a word."""
    return int(token[1:]) if token.startswith("+") else None


def phrase(unit: Unit, again: bool, mixed: bool) -> tuple[Words, ...]:
    """Every way to say ``unit``, ending on the new running total; ``again`` when one said
    alike came before ("another run of three"), ``mixed`` when groups other than fifteens
    did (a fifteen is then "fifteen two is five" too)."""
    shape = run_shape(unit.item.cards) if unit.kind == "run" and unit.name != "run" else None
    repeats = shape[1] if shape is not None else ()
    return _phrase(unit.kind, unit.name, unit.length, unit.points, repeats, again, mixed)


@cache
def _phrase(
    kind: str,
    name: str,
    length: int,
    points: int,
    repeats: tuple[int, ...],
    again: bool,
    mixed: bool,
) -> tuple[Words, ...]:
    total = total_token(points)
    out: list[Words]
    if kind == "fifteen":
        out = [("fifteen", total)]
        if mixed:  # after other groups: "a run of three is three, fifteen two is five"
            out += [("fifteen", "two", *link, total) for link in LINKS]
        return tuple(out)
    if kind == "nobs":
        said: list[Words] = [
            ("one", "for", "his", "nobs"),
            ("one", "for", "his", "nob"),
            ("one", "for", "nobs"),
            ("nobs",),
            ("his", "nobs"),
            ("his", "nob"),
        ]
        return tuple(s for w in said for s in (w, *((*w, *link, total) for link in LINKS)))
    leads: list[Words] = [("a",), ()] + ([("another",)] if again else [])
    names = _names(kind, name, length)
    out = [(*lead, *w, *link, total) for lead in leads for w in names for link in LINKS]
    if name == "pair":
        out += [(*lead, "pair's", total) for lead in leads]
    if repeats:
        out += _parts(length, repeats)
    return tuple(out)


def _names(kind: str, name: str, length: int) -> list[Words]:
    if kind == "flush":
        return [("flush",), ("flush", "of", *number(length))]
    if kind == "run":
        words = tuple(name.replace("-", " ").split())
        return [(*words, "of", *number(length)), words]
    if name == "pair royal":
        return [("pair", "royal"), ("three", "of", "a", "kind")]
    if name == "double pair royal":
        return [("double", "pair", "royal"), ("four", "of", "a", "kind")]
    return [tuple(name.split())]  # a pair; two pairs of one rank (only in claims)


Part = tuple[tuple[Words, ...], int]
"""One part of a multiple run said as its parts: its names, and its points."""


def _parts(length: int, repeats: tuple[int, ...]) -> list[Words]:
    """A multiple run said as its runs and its pairs, either first: "a pair is two and
    two runs of three is eight", "three runs of three is nine and a pair royal is
    fifteen", "two pairs is four and four runs of three is sixteen"."""
    runs: Part = (
        ((*number(prod(repeats)), "runs", "of", *number(length)),),
        length * prod(repeats),
    )
    singly: list[Part] = []
    seen: set[int] = set()
    for m in repeats:
        name, plain, points = _PAIR_PARTS[m]
        leads: list[Words] = [("another",)] if m in seen else [("a",), ()]
        names = tuple((*lead, *name) for lead in leads) + ((plain,) if plain else ())
        singly.append((names, points))
        seen.add(m)
    ways = [singly]
    if len(repeats) > 1 and set(repeats) == {2}:  # "two pairs is four"
        ways.append([(((*number(len(repeats)), "pairs"),), 2 * len(repeats))])
    out: list[Words] = []
    for pairs in ways:
        out += _in_turn([*pairs, runs]) + _in_turn([runs, *pairs])
    return out


def _in_turn(parts: list[Part]) -> list[Words]:
    """The parts one after another, each with its running total ("is" but for the last,
    which takes any link), "and" between them or not."""
    choices: list[tuple[Words, ...]] = []
    reached = 0
    for k, (names, points) in enumerate(parts):
        reached += points
        if k:
            choices.append((("and",), ()))
        links = LINKS if k == len(parts) - 1 else (("is",),)
        choices.append(tuple((*n, *link, total_token(reached)) for n in names for link in links))
    return [tuple(w for part in chosen for w in part) for chosen in product(*choices)]
