"""The review list: every missed and wrongly claimed combination, and every total claimed
wrong, newest first, and its counts.

Read from ``combos`` (one row per combination, or per wrong total, with its
answer's time and drill set, indexed by time, kind and drill set) joined to the
answer it was in. A wrong total's stat kind is ``total``, so ``kind="total"``
lists them alone.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from trainer.history.reading.damage import Unread, answer_row
from trainer.history.reading.reports import ReviewCounts, ReviewItem, StoredCombo
from trainer.history.times import parse_iso
from trainer.rules.cards import Card, stored_cards
from trainer.rules.combos import COMBO_IDS, KINDS


def _review_where(kind: str | None, drill: str | None) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if kind is not None:
        # A stat kind first (``pair`` is a plain pair); else a category (``fifteen``: all).
        clauses.append(
            "c.stat_kind = ?" if kind in COMBO_IDS or kind not in KINDS else "c.kind = ?"
        )
        params.append(kind)
    if drill is not None:
        clauses.append("c.drill_id = ?")
        params.append(drill)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


def review_items(
    conn: sqlite3.Connection,
    *,
    kind: str | None = None,
    drill: str | None = None,
    limit: int | None = 50,
    damaged: list[str] | None = None,
) -> list[ReviewItem]:
    """Missed and wrongly claimed combinations, and wrong totals, newest first.

    ``kind`` is a stat kind (``fifteen-3``, ``pair``, ``total`` for the wrong totals)
    or else a scoring category (``fifteen``, ``run``, ``flush``: every kind in it). A row
    the trainer could not have written is left out, and named in ``damaged`` if given.
    """
    where, params = _review_where(kind, drill)
    sql = (
        "SELECT a.id, c.at, c.drill_id, a.drill_name, c.role, c.stat_kind, c.kind, c.cards, "
        "c.points, c.reason, a.hand, a.starter, a.crib, a.answer_text, a.claimed, a.actual, "
        "a.missed_points, a.excess_points, a.timed_out, a.itemised "
        f"FROM combos AS c JOIN attempts AS a ON a.id = c.attempt_id{where} "
        "ORDER BY c.at DESC, c.attempt_id DESC, c.rowid"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    items = []
    for row in conn.execute(sql, params):
        try:
            items.append(_item(row))
        except Unread as err:
            note = err.note(answer_row(row[0]))
            if damaged is not None and note not in damaged:  # once for an answer's rows
                damaged.append(note)
    return items


_TEXTS: Final = (
    (2, "combos: drill_id"),
    (3, "drill_name"),
    (4, "combos: role"),
    (5, "combos: stat_kind"),
    (6, "combos: kind"),
    (13, "answer_text"),
)
_POINTS: Final = (
    (8, "combos: points"),
    (14, "claimed"),
    (15, "actual"),
    (16, "missed_points"),
    (17, "excess_points"),
)


def _item(r: Sequence[Any]) -> ReviewItem:
    """A review row as an item; `Unread` naming the first field the trainer did not write."""
    for index, field in _TEXTS:
        if not isinstance(r[index], str):
            raise Unread(field, r[index], "is not text")
    for index, field in _POINTS:
        if type(r[index]) is not int or r[index] < 0:
            raise Unread(field, r[index], "is not a number of points")
    if r[9] is not None and not isinstance(r[9], str):
        raise Unread("combos: reason", r[9], "is not text")
    return ReviewItem(
        attempt_id=r[0],
        at=_at(r[1]),
        drill_id=r[2],
        drill_name=r[3],
        role=r[4],
        stat_kind=r[5],
        kind=r[6],
        cards=_cards(r[7], "combos: cards"),
        points=r[8],
        reason=r[9],
        hand=_cards(r[10], "hand"),
        starter=None if r[11] is None else _cards(r[11], "starter")[0],
        crib=bool(r[12]),
        answer_text=r[13],
        claimed=r[14],
        actual=r[15],
        missed_points=r[16],
        excess_points=r[17],
        timed_out=bool(r[18]),
        itemised=bool(r[19]),
    )


def _at(stored: object) -> datetime:
    try:
        if isinstance(stored, str):
            return parse_iso(stored)
    except (ValueError, OverflowError):
        pass
    raise Unread("combos: at", stored, "is not a time (ISO 8601 text)")


def _cards(stored: object, field: str) -> tuple[Card, ...]:
    try:
        cards = stored_cards(stored) if isinstance(stored, str) else ()
    except ValueError:
        cards = ()
    if not cards:
        raise Unread(field, stored, "is not cards (5H 10D JS)")
    return cards


def attempt_combos(conn: sqlite3.Connection, attempt_id: int) -> list[StoredCombo]:
    """Every missed and wrongly claimed combination stored for one answer, in stored order."""
    rows = conn.execute(
        "SELECT role, stat_kind, kind, cards, points, reason FROM combos "
        "WHERE attempt_id = ? ORDER BY rowid",
        (attempt_id,),
    )
    return [
        StoredCombo(role, stat_kind, kind, stored_cards(cards), points, reason)
        for role, stat_kind, kind, cards, points, reason in rows
    ]


def review_counts(conn: sqlite3.Connection) -> ReviewCounts:
    """The size of the review list, in all and by kind and by drill set, in one query."""
    by_kind: dict[str, int] = {}
    by_drill: dict[str, int] = {}
    total = 0
    for stat_kind, drill_id, n in conn.execute(
        "SELECT stat_kind, drill_id, count(*) FROM combos GROUP BY stat_kind, drill_id"
    ):
        total += n
        by_kind[stat_kind] = by_kind.get(stat_kind, 0) + n
        by_drill[drill_id] = by_drill.get(drill_id, 0) + n
    return ReviewCounts(total, by_kind, by_drill)


def review_total(
    conn: sqlite3.Connection, *, kind: str | None = None, drill: str | None = None
) -> int:
    """How many combinations `review_items` would list without a limit."""
    where, params = _review_where(kind, drill)
    return int(conn.execute(f"SELECT count(*) FROM combos AS c{where}", params).fetchone()[0])
