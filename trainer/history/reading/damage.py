"""A stored row the reports cannot use, named: which row, which field, the value and what
is wrong with it, in one line.

The store holds what the trainer wrote, what an import let in (before an import was held to
what the trainer writes, a count's speed could be any number) and whatever a program other
than Muggins wrote into the file. A report reads every row as hostile: one it cannot use is
left out and named this way, and the rest are shown.
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from trainer.textguard import excerpt

DAMAGED: Final = "the history's copy of it is damaged"


class Damaged(ValueError):
    """A stored row that cannot be read as the trainer writes it; the message names the row,
    the field and the value (`damaged`)."""


class Unread(Exception):
    """A stored field a report cannot use, found while reading a row: (field, value,
    problem), named with its row by `damaged`."""

    def __init__(self, field: str, value: object, problem: str) -> None:
        super().__init__(field, value, problem)
        self.field, self.value, self.problem = field, value, problem

    def note(self, row: str) -> str:
        return damaged(row, self.field, self.value, self.problem)


def damaged(row: str, field: str, value: object, problem: str) -> str:
    """``the saved answer 12: answer: spoken: end: a 401-digit number is not seconds of a
    count said aloud (0 to 60): the history's copy of it is damaged``."""
    return f"{row}: {field}: {excerpt(value)} {problem}: {DAMAGED}"


def answer_row(attempt_id: object) -> str:
    """How a note names an answer: by its id in the file (``attempts.id``)."""
    return f"the saved answer {excerpt(attempt_id)}"


def game_row(uid: object) -> str:
    """How a note names a game: by its uid, as the game's other messages do."""
    return f"the saved game {excerpt(uid)}"


def stored_json(row: str, field: str, text: object) -> Any:
    """A stored JSON column decoded as an export may hold it (no NaN, no infinity: JSON has
    neither, and an import refuses both); `Damaged` naming the row and the field otherwise
    (``stored_json(answer_row(12), "answer", text)``)."""
    try:
        if not isinstance(text, str):
            raise ValueError("it is not text")
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        problem = f"is not JSON ({excerpt(str(err))[1:-1]})"
        raise Damaged(damaged(row, field, text, problem)) from None


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is past any number JSON keeps")
    return number


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")
