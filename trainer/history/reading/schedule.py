"""The re-drill schedule in the store: shows you counted wrong come back, spaced by FSRS.

A show (hand or crib cards, starter, crib flag; in any order) enters the
schedule the first time it is answered wrong. Every later answer to the same
show, in any drill or in a re-drill, reviews it with the `fsrs` scheduler,
rated by `trainer.history.reading.rating` (fuzzing off, so the schedule is a function
of the history).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from fsrs import Card as FsrsCard
from fsrs import Rating

from trainer.history.reading.rating import rating, scheduler
from trainer.history.times import iso, parse_iso
from trainer.rules.cards import Card, format_cards, sort_key, stored_cards


def hand_key(hand: Sequence[Card], starter: Card, crib: bool) -> str:
    """A show's identity in the schedule: the same cards in any order; hand and crib differ."""
    cards = format_cards(sorted(hand, key=sort_key))
    return f"{'crib' if crib else 'hand'}:{cards}|{starter}"


@dataclass(frozen=True)
class ScheduleAnswer:
    """What the schedule needs from one recorded answer to a show."""

    key: str
    hand: str
    starter: str
    crib: bool
    variant: str
    drill_id: str
    at: str
    exact: bool
    seconds: float
    timed_out: bool

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> ScheduleAnswer | None:
        """From an attempt row (column name → value); None for plays and catch questions."""
        if row["kind"] not in ("hand", "crib") or row["starter"] is None:
            return None
        hand, starter, crib = str(row["hand"]), str(row["starter"]), bool(row["crib"])
        return cls(
            key=hand_key(stored_cards(hand), stored_cards(starter)[0], crib),
            hand=hand,
            starter=starter,
            crib=crib,
            variant=str(row["variant"]),
            drill_id=str(row["drill_id"]),
            at=str(row["at"]),
            exact=row["outcome"] == "exact",
            seconds=int(row["ms"]) / 1000,
            timed_out=bool(row["timed_out"]),
        )


_UPSERT: Final = """
INSERT INTO schedule (hand_key, hand, starter, crib, variant, drill_id, due, card, reviews,
                      lapses, last_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (hand_key) DO UPDATE SET
    due = excluded.due, card = excluded.card, reviews = excluded.reviews,
    lapses = excluded.lapses, last_at = excluded.last_at
"""


def apply(conn: sqlite3.Connection, answer: ScheduleAnswer | None) -> None:
    """Update the schedule for one answer (inside the caller's transaction)."""
    if answer is None:
        return
    found = conn.execute(
        "SELECT card, reviews, lapses FROM schedule WHERE hand_key = ?", (answer.key,)
    ).fetchone()
    at = parse_iso(answer.at)
    if found is None:
        if answer.exact:
            return  # only a show answered wrong enters the schedule
        card = FsrsCard(card_id=_card_id(answer.key), due=at)
        reviews = lapses = 0
    else:
        card = FsrsCard.from_dict(json.loads(found[0]))
        reviews, lapses = int(found[1]), int(found[2])
    grade = rating(answer.exact, answer.seconds, answer.timed_out)
    when = at if card.last_review is None else max(at, card.last_review)
    card, _ = scheduler().review_card(card, grade, when)
    conn.execute(
        _UPSERT,
        (
            answer.key,
            answer.hand,
            answer.starter,
            int(answer.crib),
            answer.variant,
            answer.drill_id,
            iso(card.due),
            json.dumps(card.to_dict(), separators=(",", ":")),
            reviews + 1,
            lapses + (grade == Rating.Again),
            answer.at,
        ),
    )


def rebuild(conn: sqlite3.Connection) -> None:
    """Recompute the whole schedule from the history, in time order (after an import)."""
    conn.execute("DELETE FROM schedule")
    cursor = conn.execute(
        "SELECT kind, hand, starter, crib, variant, drill_id, at, outcome, ms, timed_out "
        "FROM attempts WHERE kind IN ('hand', 'crib') ORDER BY at, id"
    )
    names = [d[0] for d in cursor.description]
    for values in cursor.fetchall():
        apply(conn, ScheduleAnswer.from_row(dict(zip(names, values, strict=True))))


@dataclass(frozen=True)
class DueHand:
    """A show in the review schedule."""

    key: str
    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    variant: str
    drill_id: str
    due: datetime
    reviews: int
    lapses: int
    last_at: datetime

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
            "variant": self.variant,
            "drill": self.drill_id,
            "due": iso(self.due),
            "reviews": self.reviews,
            "lapses": self.lapses,
            "last_answered": iso(self.last_at),
        }


def due(conn: sqlite3.Connection, now: str | None, *, limit: int | None = None) -> list[DueHand]:
    """Shows due at ``now`` (ISO UTC; None for every scheduled show), soonest due first."""
    sql = (
        "SELECT hand_key, hand, starter, crib, variant, drill_id, due, reviews, lapses, last_at "
        "FROM schedule"
    )
    params: list[Any] = []
    if now is not None:
        sql += " WHERE due <= ?"
        params.append(now)
    sql += " ORDER BY due, hand_key"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [
        DueHand(
            key=r[0],
            hand=stored_cards(r[1]),
            starter=stored_cards(r[2])[0],
            crib=bool(r[3]),
            variant=r[4],
            drill_id=r[5],
            due=parse_iso(r[6]),
            reviews=r[7],
            lapses=r[8],
            last_at=parse_iso(r[9]),
        )
        for r in conn.execute(sql, params)
    ]


def due_count(conn: sqlite3.Connection, now: str) -> int:
    return int(conn.execute("SELECT count(*) FROM schedule WHERE due <= ?", (now,)).fetchone()[0])


def _card_id(key: str) -> int:
    """A stable FSRS card id for a show (FSRS would otherwise use the clock)."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:6], "big")
