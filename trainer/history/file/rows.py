"""One judged answer as the rows it is stored as, and the insert that writes them.

`attempt_rows` turns an `Attempt` into `Rows` (the attempt row, its combinations
or its wrong total, the stat kinds present); `insert_rows` writes them, and the summaries and review
schedule that follow from them, inside the caller's transaction. Recording and
importing insert rows this way; the upgrade from version 1 builds the same `Rows`.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from trainer.history.reading.schedule import ScheduleAnswer, apply
from trainer.history.reading.summaries import add_to_summaries
from trainer.history.times import iso, offset_minutes
from trainer.judge.catch import CatchVerdict
from trainer.judge.claims import Answer, answer_to_data
from trainer.judge.verdict import Verdict
from trainer.quiz.attempt import Attempt, SpokenTimes
from trainer.rules.cards import format_cards
from trainer.rules.combos import classify, present_kinds

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
    "utc_offset",
    "loss",
)
"""The attempt columns an export carries (everything but the local row id). ``utc_offset``
is the answer's own offset from UTC when it was given, in minutes east: its day is counted
there; ``loss`` a discard drill's throw's points lost a hand against the best (else null)."""

LOSS_PLACES: Final = 6
"""A throw's loss is kept to six decimal places, so one read back is the one written."""

INSERT_ATTEMPT: Final = (
    f"INSERT OR IGNORE INTO attempts ({', '.join(ATTEMPT_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(ATTEMPT_COLUMNS))})"
)
INSERT_COMBO: Final = (
    "INSERT INTO combos (attempt_id, role, stat_kind, kind, cards, points, reason, at, drill_id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_PRESENT: Final = (
    "INSERT INTO present (attempt_id, stat_kind, n, drill_id) VALUES (?, ?, ?, ?)"
)


def answer_json(answer: Answer, spoken: SpokenTimes | None = None) -> str | None:
    """The answer as stored: a total, the claimed combinations, a catch reply; None for
    time-out. A count said aloud keeps how fast it was said (``spoken``)."""
    data = answer_to_data(answer)
    if data is not None and spoken is not None:
        data["spoken"] = spoken.to_data()
    return None if data is None else json.dumps(data, separators=(",", ":"))


def attempt_uid(session_id: str, number: int, at: str, hand: str, starter: str | None) -> str:
    """The identity of an attempt across machines (what import de-duplicates on)."""
    text = "\x1f".join((session_id, str(number), at, hand, starter or ""))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


TOTAL: Final = "total"
"""The role, stat kind and kind of a wrong total's row: the whole show, not one combination."""

ROLES: Final = ("missed", "wrong", TOTAL)


class ComboRow(NamedTuple):
    """A missed or wrongly claimed combination of an attempt, or its wrong total, as stored."""

    role: str
    """``missed`` (a true combination not claimed), ``wrong`` (claimed, not there) or
    ``total`` (a total claimed wrong: the whole show, its points the difference)."""
    stat_kind: str
    kind: str
    cards: str
    points: int
    reason: str | None = None
    """Why a wrong claim is wrong (duplicate, wrong-points, wrong-kind, not-a-combination);
    for a wrong total, ``under`` or ``over``."""


def total_row(attempt: Mapping[str, Any]) -> ComboRow | None:
    """The row a wrong total keeps of its show, from the attempt's columns (name → value):
    the hand and starter, and the points missed or claimed too many. None for any other
    answer (right, itemised, a play or a catch question).

    Made from the attempt row alone, so a recorded answer, an upgraded file and an import
    all keep the same one.
    """
    if (
        attempt["itemised"]
        or attempt["kind"] not in ("hand", "crib")
        or attempt["starter"] is None
        or attempt["outcome"] not in ("under", "over")
    ):
        return None
    cards = f"{attempt['hand']} {attempt['starter']}"
    points = int(attempt["missed_points"]) + int(attempt["excess_points"])
    return ComboRow(TOTAL, TOTAL, TOTAL, cards, points, str(attempt["outcome"]))


@dataclass(frozen=True)
class Rows:
    """One attempt as rows: the attempt row, its combination rows, its present kinds."""

    attempt: tuple[Any, ...]
    combos: list[ComboRow]
    present: dict[str, int]


def verdict_combos(verdict: Verdict) -> list[ComboRow]:
    """The missed and wrongly claimed combinations of a judged show, classed by kind."""
    b = verdict.breakdown
    show, crib = b.show, b.crib
    combos = [
        ComboRow(
            "missed",
            classify(i.kind, i.cards, show, crib=crib),
            i.kind,
            format_cards(i.cards),
            i.points,
        )
        for i in verdict.missed
    ]
    for claimed, reason in zip(verdict.wrong, verdict.wrong_reasons, strict=True):
        cards = claimed.ordered_cards
        kind = classify(claimed.kind, cards, show, crib=crib)
        combos.append(
            ComboRow("wrong", kind, claimed.kind, format_cards(cards), claimed.value, reason)
        )
    return combos


def attempt_rows(attempt: Attempt) -> Rows:
    """The rows `StatsStore.record` writes for one attempt."""
    at = iso(attempt.at)
    hand = format_cards(attempt.cards)
    starter = None if attempt.starter is None else str(attempt.starter)
    j = attempt.judgement
    drill = attempt.drill
    combos: list[ComboRow] = []
    present: dict[str, int] = {}
    itemised = isinstance(j, Verdict) and j.itemised
    if isinstance(j, Verdict):
        combos = verdict_combos(j)
        if j.itemised:
            b = j.breakdown
            present = present_kinds(((i.kind, i.cards) for i in b.items), b.show, crib=b.crib)
    row = (
        attempt_uid(attempt.session_id, attempt.number, at, hand, starter),
        at,
        drill.id,
        drill.name,
        attempt.session_id,
        attempt.number,
        drill.variant,
        attempt.kind,
        drill.muggins,
        hand,
        starter,
        int(attempt.crib),
        attempt.question.seed,
        answer_json(attempt.answer, attempt.spoken),
        attempt.answer_text,
        j.claimed,
        j.actual,
        j.outcome,
        j.kept,
        j.opponent,
        j.missed_points,
        j.excess_points,
        json.dumps(attempt.categories(), separators=(",", ":")),
        round(attempt.seconds * 1000),
        int(attempt.timed_out),
        int(itemised),
        drill.total_seconds,
        j.opponent_claim.claimed if isinstance(j, CatchVerdict) else None,
        offset_minutes(attempt.at),
        None if attempt.loss is None else round(attempt.loss, LOSS_PLACES),
    )
    total = total_row(dict(zip(ATTEMPT_COLUMNS, row, strict=True)))
    if total is not None:
        combos.append(total)
    return Rows(row, combos, present)


def insert_rows(
    conn: sqlite3.Connection, rows: Rows, *, schedule: bool = True, summaries: bool = True
) -> int:
    """Insert one attempt's rows (inside a transaction); an attempt already stored is kept.

    ``schedule`` and ``summaries`` False leave the review schedule and the summary
    tables to be rebuilt afterwards (`trainer.history.file.schema.rebuild_derived`), as an
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
        add_to_summaries(conn, row, rows.combos, rows.present)
    if schedule:
        apply(conn, ScheduleAnswer.from_row(row))
    return attempt_id
