"""Which totals a show can reach: a spoken total no show of its size can make was misheard
(or misspoken), and is refused, never judged ("I heard thirty-three: no hand of four cards
and a starter makes 33")."""

from __future__ import annotations

from typing import Final

from trainer.rules.show import MOST_POINTS
from trainer.rules.speech import number_word

UNREACHABLE: Final = {
    3: frozenset({16, 17, 18, 19}),
    4: frozenset({19, 25, 26, 27}),
    5: frozenset({35, 41, 42, 43, 44, 45}),
}
"""By hand size, the totals up to its most points (`MOST_POINTS`) that no show reaches, a
hand's or a crib's alike: checked against the exact tables (`trainer.rules.odds`) in the
tests."""


def reachable(total: int, hand_size: int) -> bool:
    """Whether some show of ``hand_size`` cards and a starter scores ``total``."""
    return 0 <= total <= MOST_POINTS[hand_size] and total not in UNREACHABLE[hand_size]


def refusal(total: int, hand_size: int, *, crib: bool) -> str:
    """What the player is told of a total no show of this size makes."""
    what = "crib" if crib else "hand"
    return (
        f"I heard {number_word(total)}: no {what} of {number_word(hand_size)} cards and a "
        f"starter makes {total}. Say it again, or type it."
    )
