"""What the review screen lists, as plain Python: a page of the history's review list for a
pair of filters (read in a worker), the filters there is something to cycle through, and
stored times said relative to now."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Final

from trainer.history.file import TOTAL
from trainer.rules.combos import COMBO_IDS

if TYPE_CHECKING:
    from trainer.drills.loader import DrillEntry
    from trainer.history.reading import ReviewCounts, ReviewItem
    from trainer.ui.flow.history import History

LIST_LIMIT: Final = 200
"""Rows the list holds at most (the newest); the count line says how many there are in all."""


@dataclass(frozen=True)
class ReviewPage:
    """What the list shows for one pair of filters, read in the background."""

    kind: str | None
    drill: str | None
    items: list[ReviewItem]
    total: int
    counts: ReviewCounts | None
    """Read with the first page only: what there is to filter by."""
    due: int
    recorded: dict[str, str]


def read_page(
    history: History, kind: str | None, drill: str | None, *, now: datetime, due: int, first: bool
) -> ReviewPage:
    """The list for these filters (and, the ``first`` time, what there is to filter by and
    how many hands are due; else ``due`` as it was). Raises the store's OSError or
    ValueError."""
    return ReviewPage(
        kind,
        drill,
        history.review_items(kind=kind, drill=drill, limit=LIST_LIMIT),
        history.review_total(kind=kind, drill=drill),
        history.review_counts() if first else None,
        history.due_count(now) if first else due,
        history.drills() if first else {},
    )


@dataclass(frozen=True)
class Filters:
    """The kinds and drill sets that have something to review, for the filter keys."""

    overall: int
    kinds: list[str | None]
    drills: list[str | None]
    drill_names: dict[str, str]


def filters_from(
    counts: ReviewCounts, recorded: dict[str, str], entries: Sequence[DrillEntry]
) -> Filters:
    """The filters: every kind with something to review (in the vocabulary's order, wrong
    totals last), every drill set (in the drill list's order), each set's name as the
    drill list has it or as it was recorded."""
    kinds = [None, *(k for k in (*COMBO_IDS, TOTAL) if counts.by_kind.get(k))]
    order = {e.id: i for i, e in enumerate(entries)}
    names = {e.id: e.drill.name for e in entries if e.drill is not None}
    present = sorted(counts.by_drill, key=lambda d: (order.get(d, len(order)), d))
    drill_names = {d: names.get(d, recorded.get(d, d)) for d in present}
    return Filters(counts.total, kinds, [None, *present], drill_names)


def step(options: list[str | None], current: str | None, by: int) -> str | None:
    """The filter ``by`` places on from ``current`` (round the list)."""
    index = options.index(current) if current in options else 0
    return options[(index + by) % len(options)]


def when(moment: datetime, now: datetime) -> str:
    """A stored time, local: ``28 Nov 09:00``, with the year when it is not this one."""
    local = moment.astimezone()
    if local.year != now.astimezone().year:
        return local.strftime("%d %b %Y")
    return local.strftime("%d %b %H:%M")


def until(due: datetime, now: datetime) -> str:
    """When a due time comes, from ``now``: ``in 4 minutes``, ``on 03 Dec at 09:00``."""
    seconds = (due - now).total_seconds()
    if seconds < 60:
        return "in under a minute"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"in {minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(seconds / 3600)
    if hours < 36:
        return f"in {hours} hour{'s' if hours != 1 else ''}"
    return due.astimezone().strftime("on %d %b at %H:%M")
