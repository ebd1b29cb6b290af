"""Your calls in a game, as its summary lists them: each "muggins for X" and "too many" you
said, whether it was right, and what it won or cost. Plain Python (no Textual)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from trainer.game.tally import Call
from trainer.ui.flow.game_start import possessive

SHOWN_CALLS: Final = 6
"""Calls listed one by one; those before them are counted in the first line only."""


def calls_lines(calls: Sequence[Call], names: Sequence[str]) -> list[str]:
    """A line that sums your calls up, then the last `SHOWN_CALLS` of them one a line; no
    lines when you made none."""
    if not calls:
        return []
    right = [c for c in calls if c.right]
    wrong = [c for c in calls if not c.right]
    parts = []
    if right:
        won = sum(c.won for c in right)
        parts.append(f"{len(right)} right" + (f" (you took {won})" if won else ""))
    if wrong:
        cost = sum(c.gave for c in wrong)
        parts.append(f"{len(wrong)} wrong" + (f" (they took {cost})" if cost else ""))
    lines = [f"Your calls: {', '.join(parts)}."]
    earlier = len(calls) - SHOWN_CALLS
    if earlier > 0:
        lines.append(f"  … {earlier} earlier")
    lines += [f"  {call_line(c, names)}" for c in calls[-SHOWN_CALLS:]]
    return lines


def call_line(call: Call, names: Sequence[str]) -> str:
    """One call: where, what you said, right or wrong, and what it moved."""
    owner = names[call.owner]
    whose = possessive(owner).capitalize()
    what = f"{whose} {call.box}" if call.box is not None else f"{whose} claim in the play"
    head = f"hand {call.hand}, {what}: {call.answer}"
    if call.answer.call is not None:
        if not call.right:
            return f"{head}, wrong: {owner} took {call.gave}"
        return f"{head}, right: you took {call.won}"
    if not call.right:
        return f"{head}, wrong: nothing moved"
    won = f", you took {call.won}" if call.won else ""
    return f"{head}, right: {call.claimed} corrected to {call.claimed - call.excess}{won}"
