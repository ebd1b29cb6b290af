"""``muggins review``: the missed and wrongly claimed combinations and the wrong totals kept
in the history, newest first, and the hands due to be re-drilled; the table and time helpers
are `trainer.cli.history`'s, passed in (as `trainer.cli.phases` takes them)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Final, TextIO

from trainer.cli.output import one_line
from trainer.history import StatsStore
from trainer.history.file import TOTAL
from trainer.history.reading import ReviewItem
from trainer.rules.cards import format_cards
from trainer.rules.combos import COMBO_IDS, KINDS

DUE_SHOWN: Final = 50
MAX_LIMIT: Final = 2**31 - 1
"""The largest ``review --limit``: past any history, and well within SQLite's integers."""

Table = Callable[[TextIO, Sequence[str], Sequence[Sequence[str]]], None]


def review(
    args: argparse.Namespace,
    store: StatsStore,
    out: TextIO,
    err: TextIO,
    *,
    resolve: Callable[[argparse.Namespace, StatsStore], str | None],
    table: Table,
    local: Callable[[datetime], str],
) -> int:
    """``muggins review``: the rows of the review list (``--json``: every field), and how
    many hands are due; a damaged row named on ``err`` and left out."""
    kind = args.kind
    if kind is not None and kind not in COMBO_IDS and kind not in KINDS and kind != TOTAL:
        known = ", ".join((*COMBO_IDS, *KINDS, TOTAL))
        raise ValueError(f"--kind: {kind!r} is not a kind of combination (known: {known})")
    if not 0 <= args.limit <= MAX_LIMIT:
        raise ValueError(f"--limit must be from 0 (all) to {MAX_LIMIT}, got {args.limit}")
    drill = resolve(args, store)
    limit = None if args.limit == 0 else args.limit
    damaged: list[str] = []
    items = store.review_items(kind=kind, drill=drill, limit=limit, damaged=damaged)
    for note in damaged:  # each row named, the list read from the rest
        err.write(f"muggins: warning: {one_line(note)}; left out\n")
    total = store.review_total(kind=kind, drill=drill)
    now = datetime.now(UTC)
    due_count = store.due_count(now)
    due = store.due(now, limit=DUE_SHOWN)
    if args.json:
        data = {
            "total": total,
            "shown": len(items),
            "items": [i.to_dict() for i in items],
            "due": due_count,
            "due_hands": [d.to_dict() for d in due],
            "damaged": damaged,
        }
        json.dump(data, out, ensure_ascii=False)
        out.write("\n")
        return 0
    if not items:
        out.write("Nothing to review: no missed or wrongly claimed combinations or wrong totals")
        out.write(" with these filters.\n" if kind or drill else " recorded yet.\n")
    else:
        more = "" if len(items) == total else "; --limit 0 for all"
        out.write(
            f"Missed and wrongly claimed combinations, and wrong totals, newest first "
            f"({len(items)} of {total}{more})\n"
        )
        rows = [
            (
                local(i.at),
                i.drill_id,
                i.role,
                i.stat_kind,
                _cards(i),
                str(i.points),
                _show(i),
            )
            for i in items
        ]
        table(out, ("when", "drill set", "", "kind", "cards", "pts", "in"), rows)
    if due_count:
        from trainer.practice.redrill import REDRILL_HANDS

        out.write(
            f"\n{due_count} hand(s) due to be re-drilled now (a re-drill asks up to "
            f"{REDRILL_HANDS}, the longest overdue first).\n"
        )
    return 0


def _cards(item: ReviewItem) -> str:
    """A combination's cards; a wrong total's whole show, the starter set apart."""
    if item.whole and item.starter is not None:
        return f"{format_cards(item.hand)} + {item.starter}"
    return format_cards(item.cards)


def _show(item: ReviewItem) -> str:
    """The show a row is in and what was answered: "hand 5H 5C JD 4S starter 6C (you said
    8, it is 10)"; a wrong total's cards are its own column, so only "you said 8, it is 10
    (2 missed)"."""
    if item.whole:
        return f"{'crib' if item.crib else 'hand'}: {item.said()}"
    what = "crib" if item.crib else "hand"
    starter = f" starter {item.starter}" if item.starter is not None else ""
    return f"{what} {format_cards(item.hand)}{starter} ({item.said()})"
