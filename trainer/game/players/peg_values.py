"""What four kept cards are worth in the play, for the strong bot's discard: the mean points
the play pegs for the side that keeps them less the other side's, by the ranks kept and
whether that side deals.

Each entry is the mean of many plays (`play_out.sample_play`: the other hand kept from six
as the standard bot keeps it, both sides laying as the standard bot lays), worked out by
`scripts/peg_values` and shipped as ``trainer/game/players/data/peg_values.json``, so a
discard looks its keeps up rather than plays them out at the table.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

from trainer.game.players.play_out import KEPT, sample_play
from trainer.game.players.shipped import shipped_text
from trainer.rules.cards import RANK_NAMES

DATA_FILE: Final = "peg_values.json"
"""In ``trainer/game/players/data/``, beside the crib-value table."""
FORMAT: Final = 1
"""The file's layout; bumped when the layout changes."""
SAMPLES: Final = 2000
"""Plays averaged for each entry: a play's difference spreads by about 2.3 points, so an
entry is within about 0.05 of its true mean (one standard error)."""
SEED: Final = 26
"""The plays' seed: each entry draws from its own stream, seeded by this and its key."""
ABOUT: Final = (
    "mean play points of four kept ranks less the other side's, as dealer and as pone;"
    " made by scripts/peg_values"
)
ROLES: Final = ("dealer", "pone")

Keep = tuple[int, int, int, int]
"""Four ranks kept, lowest first."""


class PegTableError(ValueError):
    """The shipped pegging table is missing or is not what `scripts/peg_values` writes."""


def keep_key(ranks: Sequence[int]) -> str:
    """The table's key for four kept ranks, lowest first: ``A-5-5-J``."""
    if len(ranks) != KEPT or not all(1 <= r <= 13 for r in ranks):
        raise ValueError(f"not four ranks: {ranks!r}")
    return "-".join(RANK_NAMES[r] for r in sorted(ranks))


def all_keeps() -> Iterator[Keep]:
    """The 1,820 kinds of keep: four ranks, lowest first (no rank has more than four)."""
    for ranks in combinations_with_replacement(range(1, 14), KEPT):
        yield (ranks[0], ranks[1], ranks[2], ranks[3])


def entry(keep: Keep, samples: int = SAMPLES, seed: int = SEED) -> tuple[float, float]:
    """The mean play of ``keep`` as dealer and as pone over ``samples`` plays each, from its
    own stream (the same arguments always give the same values)."""
    key = keep_key(keep)
    out = []
    for role in ROLES:
        rng = random.Random(f"{seed}:{key}:{role}")
        total = sum(sample_play(keep, role == "dealer", rng) for _ in range(samples))
        out.append(total / samples)
    return out[0], out[1]


def rounded(value: float) -> float:
    """The file's form of a mean: three decimals (finer than its error)."""
    return round(value, 3)


def render_table(values: Mapping[str, tuple[float, float]], samples: int, seed: int) -> str:
    """The file's text: sorted keys, one keep a line, so the same values give the same bytes."""
    entries = [
        f"  {json.dumps(key)}: [{rounded(values[key][0])}, {rounded(values[key][1])}]"
        for key in sorted(values, key=_order)
    ]
    head = [
        f' "about": {json.dumps(ABOUT)},',
        f' "format": {FORMAT},',
        f' "roles": {json.dumps(list(ROLES))},',
        f' "samples": {samples},',
        f' "seed": {seed},',
    ]
    return "\n".join(["{", *head, ' "values": {', ",\n".join(entries), " }", "}", ""])


def _order(key: str) -> list[int]:
    return [RANK_NAMES.index(name) for name in key.split("-")]


def parse_table(text: str) -> dict[Keep, tuple[float, float]]:
    """The table's values by keep, checked: its format and every keep, no other."""
    try:
        data = json.loads(text)
        if data["format"] != FORMAT or data["roles"] != list(ROLES):
            raise PegTableError(f"format {data['format']!r}, roles {data['roles']!r}")
        values = {key: (float(pair[0]), float(pair[1])) for key, pair in data["values"].items()}
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise PegTableError(f"{DATA_FILE} is not a pegging table: {error}") from error
    keeps = {keep_key(k): k for k in all_keeps()}
    if set(values) != set(keeps):
        wrong = sorted(set(values) ^ set(keeps))
        raise PegTableError(f"{DATA_FILE} lacks or has extra keeps: {', '.join(wrong[:5])}")
    return {keeps[key]: value for key, value in values.items()}


@cache
def peg_table() -> Mapping[Keep, tuple[float, float]]:
    """The shipped table, read once, the first time it is asked for."""
    text = shipped_text(DATA_FILE, "pegging table", "peg_values", PegTableError)
    return parse_table(text)


def peg_value(ranks: Sequence[int], dealer: bool) -> float:
    """The mean play of four kept ranks (any order) for the side that keeps them, less the
    other side's, as dealer or as pone."""
    low = sorted(ranks)
    pair = peg_table()[(low[0], low[1], low[2], low[3])]
    return pair[0] if dealer else pair[1]
