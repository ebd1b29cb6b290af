"""The totals a show can reach, as the voice refuses them, against the exact tables."""

from __future__ import annotations

import pytest

from trainer.rules import odds
from trainer.rules.show import HAND_SIZES, MOST_POINTS
from trainer.voice.reach import UNREACHABLE, reachable, refusal


@pytest.mark.slow  # the exact tables of every size: a few seconds
@pytest.mark.parametrize("size", HAND_SIZES)
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_the_unreachable_totals_are_the_exact_tables_gaps(size: int, crib: bool) -> None:
    possible = set(odds.possible_scores(size, crib))
    assert max(possible) == MOST_POINTS[size]
    assert set(range(MOST_POINTS[size] + 1)) - possible == UNREACHABLE[size]


def test_reachable_totals() -> None:
    assert [t for t in range(35) if not reachable(t, 4)] == [19, 25, 26, 27, 30, 31, 32, 33, 34]
    assert reachable(19, 5)
    assert not reachable(47, 5)
    assert refusal(33, 4, crib=False) == (
        "I heard thirty-three: no hand of four cards and a starter makes 33. "
        "Say it again, or type it."
    )
    assert refusal(26, 4, crib=True).startswith("I heard twenty-six: no crib of four cards")
