"""The hand sizes and the most each can score: constants the command line and the drills'
checks need without loading the scorer."""

from __future__ import annotations

from typing import Final

HAND_SIZES: Final = (3, 4, 5)
"""Hand sizes the variants use (RULES.md, Hand sizes)."""

CRIB_SIZE: Final = 4
"""Cards in a crib besides the starter, in every game."""

MOST_POINTS: Final = {3: 20, 4: 29, 5: 46}
"""The highest show of each hand size (a crib is four cards), checked against the exact
tables in the tests: a larger claim is no count."""
