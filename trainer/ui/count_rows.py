"""The rows of a count as the reveal and the review list it: one per group, in spoken order.

A group ("a pair royal", "a double run") is one row with its spoken phrase. When the
player claimed some of a group's combinations and missed others, the group's row is
followed by a row for each of them, marked, so that the miss is plain.
"""

from __future__ import annotations

from collections.abc import Callable

from trainer.rules.cards import Card
from trainer.rules.show import Breakdown, Item
from trainer.rules.speech import spoken_groups
from trainer.ui.text import MISSED_MARK, RIGHT_MARK, item_line

Row = tuple[str, tuple[Card, ...]]
"""A list line and the cards it highlights."""


def count_rows(
    breakdown: Breakdown,
    missed: Callable[[Item], bool] | None,
    *,
    plain: bool,
    opened: Callable[[Item], bool] | None = None,
) -> list[Row]:
    """The rows of ``breakdown``; ``missed`` None marks nothing (a claim of a total only).
    A group holding an item that ``opened`` picks is listed with its combinations too."""
    items = breakdown.items
    rows: list[Row] = []
    triples = [(i.kind, i.cards, i.points) for i in items]
    for group, said in spoken_groups(triples):
        members = [items[n] for n in group.members]
        lost = [m for m in members if missed is not None and missed(m)]
        whole = len(lost) == len(members)
        mark = "" if missed is None else (MISSED_MARK if whole else RIGHT_MARK)
        partly = bool(lost) and len(lost) < len(members)
        if len(members) > 1 and opened is not None and any(map(opened, members)):
            partly = True
        line = item_line(
            group.kind,
            group.cards,
            group.points,
            said,
            mark="  " if partly and not whole else mark,
            missed=whole,
            plain=plain,
        )
        rows.append((line, group.cards))
        if partly:
            for m in members:
                gone = m in lost
                sub = item_line(
                    f" {m.kind}",
                    m.cards,
                    m.points,
                    "",
                    mark=MISSED_MARK if gone else RIGHT_MARK,
                    missed=gone,
                    plain=plain,
                )
                rows.append(("  " + sub, m.cards))
    return rows
