"""What two cards thrown to the crib are worth: the exact mean crib they make, for the bots.

The `standard` bot adds this to (its own crib) or takes it from (the opponent's)
the mean of the hand it keeps. The table is worked out with our own scorer by
`scripts/crib_values` and ships as ``trainer/game/players/data/crib_values.json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Final

from trainer.game.players.shipped import shipped_text
from trainer.rules.cards import RANK_NAMES, Card, deck
from trainer.rules.totals import show_total

CASES: Final = 58_800
"""Cribs and starters for one throw: the other two crib cards from the 50 left, C(50, 2) =
1,225, times the starter from the 48 after them."""

DATA_FILE: Final = "crib_values.json"
"""In ``trainer/game/players/data/``, shipped in the wheel with the package's other files."""
FORMAT: Final = 1
"""The file's layout; bumped when the layout changes (see docs/development.md)."""
ABOUT: Final = "mean crib score holding two thrown cards; made by scripts/crib_values"

Throw = tuple[int, int, bool]
"""Two ranks, low first, and whether the two cards share a suit."""


class CribTableError(ValueError):
    """The shipped crib-value table is missing or is not what `scripts/crib_values` writes."""


def throw_key(rank_a: int, rank_b: int, suited: bool) -> str:
    """The table's key for a throw: the ranks low first, then ``s`` (suited) or ``o`` (not),
    e.g. ``5-J-s``, ``2-K-o``, ``5-5-o``."""
    low, high = sorted((rank_a, rank_b))
    return f"{RANK_NAMES[low]}-{RANK_NAMES[high]}-{'s' if suited else 'o'}"


def all_throws() -> list[Throw]:
    """The 169 kinds of throw: 91 pairs of ranks off suit (13 of them pairs), 78 suited."""
    pairs = [(a, b) for a in range(1, 14) for b in range(a, 14)]
    return [(a, b, False) for a, b in pairs] + [(a, b, True) for a, b in pairs if a != b]


def throw_weight(throw: Throw) -> int:
    """How many of the 1,326 two-card throws are of this kind: 4 suited, 12 off suit,
    6 for a pair."""
    low, high, suited = throw
    return 6 if low == high else 4 if suited else 12


def _check_throw(rank_a: int, rank_b: int, suited: bool) -> None:
    for rank in (rank_a, rank_b):
        if not 1 <= rank <= 13:
            raise ValueError(f"not a rank: {rank!r} (1 = ace ... 13 = king)")
    if suited and rank_a == rank_b:
        raise ValueError(f"two {RANK_NAMES[rank_a]}s cannot share a suit")


def crib_average(rank_a: int, rank_b: int, suited: bool) -> Fraction:
    """The exact mean crib score with two cards of these ranks in it, over all 58,800 ways
    to fill the rest of the crib and turn the starter from the other 50 cards.

    The two cards are SH when they differ in suit and SS when they share it. Any other pair
    of suits gives the same mean: renaming the suits maps one pair onto the other and the
    50 cards left onto the 50 left, and no score depends on a suit's name (a flush needs one
    suit, nobs the starter's suit, whichever they are).
    """
    _check_throw(rank_a, rank_b, suited)
    thrown = (Card(rank_a, "S"), Card(rank_b, "S" if suited else "H"))
    rest = [card for card in deck() if card not in thrown]
    total = 0
    for first, second in combinations(rest, 2):
        crib = (*thrown, first, second)
        for starter in rest:
            if starter is not first and starter is not second:
                total += show_total(crib, starter, crib=True)
    return Fraction(total, CASES)


def rounded(value: Fraction) -> float:
    """The file's readable form of an exact value: a float to 6 decimals."""
    return round(float(value), 6)


def parse_table(text: str) -> Mapping[str, Fraction]:
    """The exact values of a table's text, checked: its format, all 169 throws and no other,
    each readable value agreeing with its exact one."""
    try:
        data = json.loads(text)
        if data["format"] != FORMAT or data["cases"] != CASES:
            raise CribTableError(f"format {data['format']!r}, cases {data['cases']!r}")
        values = {key: Fraction(entry["exact"]) for key, entry in data["values"].items()}
        stale = [k for k, e in data["values"].items() if e["points"] != rounded(values[k])]
    except (ValueError, KeyError, TypeError, ZeroDivisionError) as error:
        raise CribTableError(f"{DATA_FILE} is not a crib-value table: {error}") from error
    if stale:
        raise CribTableError(f"{DATA_FILE}: points disagree with exact for {', '.join(stale[:5])}")
    expected = {throw_key(*throw) for throw in all_throws()}
    if set(values) != expected:
        wrong = sorted(set(values) ^ expected)
        raise CribTableError(f"{DATA_FILE} lacks or has extra throws: {', '.join(wrong[:5])}")
    return values


def render_table(values: Mapping[str, Fraction]) -> str:
    """The file's text for these values: sorted keys, each value exact ("num/den") and as
    `rounded` points, one throw a line, so the same values always give the same bytes."""
    entries = [
        f"  {json.dumps(key)}: "
        + json.dumps({"exact": str(values[key]), "points": rounded(values[key])}, sort_keys=True)
        for key in sorted(values)
    ]
    head = [f' "about": {json.dumps(ABOUT)},', f' "cases": {CASES},', f' "format": {FORMAT},']
    return "\n".join(["{", *head, ' "values": {', ",\n".join(entries), " }", "}", ""])


@cache
def crib_table() -> Mapping[str, Fraction]:
    """The shipped table, exact, by `throw_key`; read once, the first time it is asked for."""
    text = shipped_text(DATA_FILE, "crib-value table", "crib_values", CribTableError)
    return parse_table(text)


def crib_value(card_a: Card, card_b: Card) -> float:
    """The mean crib, from the table, holding these two cards (thrown by anyone, in any order)."""
    suited = card_a.suit == card_b.suit
    if suited and card_a.rank == card_b.rank:
        raise ValueError(f"{card_a} cannot be thrown twice")
    return _floats()[card_a.rank, card_b.rank, suited]


@cache
def _floats() -> Mapping[tuple[int, int, bool], float]:
    """The table as floats by (rank, rank, suited), both orders of the ranks: a discard looks
    up fifteen throws, and a tuple key is found without making the text key."""
    table = crib_table()
    return {
        (a, b, suited): float(table[throw_key(a, b, suited)])
        for a in range(1, 14)
        for b in range(1, 14)
        for suited in (False, True)
        if not (suited and a == b)
    }
