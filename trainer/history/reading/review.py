"""The review list: every missed and wrongly claimed combination, and every total claimed
wrong, newest first, and its counts.

Read from ``combos`` (one row per combination, or per wrong total, with its
answer's time and drill set, indexed by time, kind and drill set) joined to the
answer it was in. A wrong total's stat kind is ``total``, so ``kind="total"``
lists them alone.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from trainer.history.reading.reports import ReviewCounts, ReviewItem, StoredCombo
from trainer.history.times import parse_iso
from trainer.rules.cards import stored_cards
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
) -> list[ReviewItem]:
    """Missed and wrongly claimed combinations, and wrong totals, newest first.

    ``kind`` is a stat kind (``fifteen-3``, ``pair``, ``total`` for the wrong totals)
    or else a scoring category (``fifteen``, ``run``, ``flush``: every kind in it).
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
    return [
        ReviewItem(
            attempt_id=r[0],
            at=parse_iso(r[1]),
            drill_id=r[2],
            drill_name=r[3],
            role=r[4],
            stat_kind=r[5],
            kind=r[6],
            cards=stored_cards(r[7]),
            points=r[8],
            reason=r[9],
            hand=stored_cards(r[10]),
            starter=None if r[11] is None else stored_cards(r[11])[0],
            crib=bool(r[12]),
            answer_text=r[13],
            claimed=r[14],
            actual=r[15],
            missed_points=r[16],
            excess_points=r[17],
            timed_out=bool(r[18]),
            itemised=bool(r[19]),
        )
        for r in conn.execute(sql, params)
    ]


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
