"""One judged answer as the rows it is stored as, and the insert that writes them.

`attempt_rows` turns an `Attempt` into `Rows` (the attempt row, its combinations,
the stat kinds present); `insert_rows` writes them, and the summaries and review
schedule that follow from them, inside the caller's transaction. Recording and
importing insert rows this way; the upgrade from version 1 builds the same `Rows`.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from typing import Any, Final

from trainer import review, stats
from trainer.cards import Card, format_cards
from trainer.muggins import AnnounceClaim, TotalClaim
from trainer.session import Answer, Attempt, CatchAnswer

ATTEMPT_COLUMNS: Final = (
    "uid",
    "at",
    "drill_id",
    "drill_name",
    "session_id",
    "number",
    "variant",
    "kind",
    "policy",
    "hand",
    "starter",
    "crib",
    "seed",
    "answer",
    "answer_text",
    "claimed",
    "actual",
    "outcome",
    "kept",
    "opponent",
    "missed_points",
    "excess_points",
    "categories",
    "ms",
    "timed_out",
    "itemised",
    "total_seconds",
    "opponent_claim",
)
"""The attempt columns an export carries (everything but the local row id)."""

INSERT_ATTEMPT: Final = (
    f"INSERT OR IGNORE INTO attempts ({', '.join(ATTEMPT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(ATTEMPT_COLUMNS))})"
)
INSERT_COMBO: Final = (
    "INSERT INTO combos (attempt_id, role, stat_kind, kind, cards, points, at, drill_id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_PRESENT: Final = (
    "INSERT INTO present (attempt_id, stat_kind, n, drill_id) VALUES (?, ?, ?, ?)"
)


def answer_json(answer: Answer) -> str | None:
    """The answer as stored: a total, the claimed combinations, a catch reply; None for time-out."""
    if answer is None:
        return None
    data: dict[str, Any]
    if isinstance(answer, TotalClaim):
        data = {"type": "total", "points": answer.points}
    elif isinstance(answer, AnnounceClaim):
        data = {
            "type": "announce",
            "items": [
                {"kind": i.kind, "cards": [str(c) for c in i.ordered_cards], "points": i.points}
                for i in answer.items
            ],
        }
    else:
        assert isinstance(answer, CatchAnswer)
        data = {"type": "catch", "call": answer.call, "too_many": answer.too_many}
    return json.dumps(data, separators=(",", ":"))


def attempt_uid(session_id: str, number: int, at: str, hand: str, starter: str | None) -> str:
    """The identity of an attempt across machines (what import de-duplicates on)."""
    text = "\x1f".join((session_id, str(number), at, hand, starter or ""))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Rows:
    """One attempt as rows: the attempt row, its combination rows, its present kinds."""

    attempt: tuple[Any, ...]
    combos: list[tuple[str, str, str, str, int]]
    present: dict[str, int]


def attempt_rows(attempt: Attempt, *, total_seconds: float | None = None) -> Rows:
    """The rows `StatsStore.record` writes for one attempt."""
    at = stats.iso(attempt.at)
    hand = format_cards(attempt.hand)
    starter = None if attempt.starter is None else str(attempt.starter)
    verdict = attempt.verdict
    itemised = verdict is not None and (
        attempt.timed_out or isinstance(attempt.answer, AnnounceClaim)
    )
    show: list[Card] = list(attempt.hand)
    if attempt.starter is not None:
        show.append(attempt.starter)
    combos: list[tuple[str, str, str, str, int]] = []
    for item in attempt.missed:
        kind = stats.stat_kind(item.kind, item.cards, show, crib=attempt.crib)
        combos.append(("missed", kind, item.kind, format_cards(item.cards), item.points))
    present: dict[str, int] = {}
    if verdict is not None:
        for claimed in verdict.wrong:
            cards = claimed.ordered_cards
            kind = stats.stat_kind(claimed.kind, cards, show, crib=attempt.crib)
            combos.append(("wrong", kind, claimed.kind, format_cards(cards), claimed.value))
        if itemised:
            items = (*verdict.right, *verdict.missed)
            present = stats.present_kinds(
                ((i.kind, i.cards) for i in items), show, crib=attempt.crib
            )
    row = (
        attempt_uid(attempt.session_id, attempt.number, at, hand, starter),
        at,
        attempt.drill_id,
        attempt.drill_name,
        attempt.session_id,
        attempt.number,
        attempt.variant,
        attempt.kind,
        attempt.policy,
        hand,
        starter,
        int(attempt.crib),
        attempt.seed,
        answer_json(attempt.answer),
        attempt.answer_text,
        attempt.claimed,
        attempt.actual,
        attempt.outcome,
        attempt.kept,
        attempt.opponent,
        attempt.missed_points,
        attempt.excess_points,
        json.dumps(attempt.categories, separators=(",", ":")),
        round(attempt.seconds * 1000),
        int(attempt.timed_out),
        int(itemised),
        total_seconds,
        None if attempt.opponent_claim is None else attempt.opponent_claim.claimed,
    )
    return Rows(row, combos, present)


def insert_rows(
    conn: sqlite3.Connection, rows: Rows, *, schedule: bool = True, summaries: bool = True
) -> int:
    """Insert one attempt's rows (inside a transaction); an attempt already stored is kept.

    ``schedule`` and ``summaries`` False leave the review schedule and the summary
    tables to be rebuilt afterwards (`trainer.store_schema.rebuild_derived`), as an
    import does.
    """
    cur = conn.execute(INSERT_ATTEMPT, rows.attempt)
    if cur.rowcount == 0:
        found = conn.execute("SELECT id FROM attempts WHERE uid = ?", (rows.attempt[0],))
        return int(found.fetchone()[0])
    attempt_id = cur.lastrowid
    assert attempt_id is not None
    at, drill_id = rows.attempt[1], rows.attempt[2]
    conn.executemany(INSERT_COMBO, [(attempt_id, *c, at, drill_id) for c in rows.combos])
    conn.executemany(
        INSERT_PRESENT, [(attempt_id, k, n, drill_id) for k, n in rows.present.items()]
    )
    row = dict(zip(ATTEMPT_COLUMNS, rows.attempt, strict=True))
    if summaries:
        stats.add_to_summaries(conn, row, rows.combos, rows.present)
    if schedule:
        review.apply(conn, review.ScheduleAnswer.from_row(row))
    return attempt_id
