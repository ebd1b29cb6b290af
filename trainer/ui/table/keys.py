"""The table's keys as Help lists them: at the table, and while a show's reveal is shown."""

from __future__ import annotations

from typing import Final

TABLE_KEYS: Final = [
    ("1-6", "pick a card to throw, or lay it"),
    ("enter", "throw the picked cards; submit a count or an answer"),
    ("f p r l n", "announce the picked cards (counting combination by combination)"),
    ("a / t / a number", "accept a count (at once), too many, muggins for that many"),
    ("h", "a hint: your best throws, or each card's value (never while you count)"),
    ("u / ctrl+z", "undo your last throw, card, count or answer (a game on its own only)"),
    ("f2", "count your show aloud (F2 again ends it; needs the voice extra)"),
    ("any key", "show the computer's move now"),
    ("escape", "leave the game (it is saved)"),
]
REVEAL_KEYS: Final = [
    ("up / down", "show each combination's cards"),
    ("enter", "back to the table"),
]
