"""What the history answers: accuracy by drill set, misses by combination kind, progress.

`report` gathers what `muggins stats` shows from the summary tables the store
keeps with each answer (`trainer.history.reading.summaries`): a few rows per drill set
and one per day, however long the history. The values the reads return live
here, the review list's too (its queries are `trainer.history.reading.review`), so the
screens import every one of them from this module.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from trainer.history.reading import medians, quarters
from trainer.history.reading.sessions import latest_running, longest_run
from trainer.history.times import iso, parse_iso
from trainer.rules.cards import Card
from trainer.rules.combos import COMBO_IDS

# ---------------------------------------------------------------- results


def _ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True)
class DrillStats:
    """The figures for one drill set (``drill_id`` None: every drill set together)."""

    drill_id: str | None
    drill_name: str
    attempts: int
    exact: int
    mean_error: float | None
    mugged_per_hand: float | None
    mean_seconds: float | None
    median_seconds: float | None
    best_streak: int
    best_blitz: int | None
    last_practised: datetime | None

    @property
    def accuracy(self) -> float | None:
        """Share of exact claims (None with no attempts)."""
        return _ratio(self.exact, self.attempts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "drill": self.drill_id,
            "name": self.drill_name,
            "attempts": self.attempts,
            "exact": self.exact,
            "accuracy": self.accuracy,
            "mean_error": self.mean_error,
            "mugged_per_hand": self.mugged_per_hand,
            "mean_seconds": self.mean_seconds,
            "median_seconds": self.median_seconds,
            "best_streak": self.best_streak,
            "best_blitz": self.best_blitz,
            "last_practised": None if self.last_practised is None else iso(self.last_practised),
        }


@dataclass(frozen=True)
class KindStats:
    """One stat kind over itemised answers: items present, missed, and wrongly claimed."""

    kind: str
    present: int
    missed: int
    wrong: int

    @property
    def miss_rate(self) -> float | None:
        """Missed items per item present (None if it never came up)."""
        return _ratio(self.missed, self.present)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "present": self.present,
            "missed": self.missed,
            "miss_rate": self.miss_rate,
            "wrong": self.wrong,
        }


@dataclass(frozen=True)
class Period:
    """Accuracy and speed over one day or one session."""

    label: str
    start: datetime
    attempts: int
    exact: int
    mean_seconds: float
    drill_id: str | None = None

    @property
    def accuracy(self) -> float:
        return self.exact / self.attempts if self.attempts > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "attempts": self.attempts,
            "exact": self.exact,
            "accuracy": self.accuracy,
            "mean_seconds": self.mean_seconds,
        }
        if self.drill_id is None:
            return {"day": self.label, **data}
        return {"session": self.label, "drill": self.drill_id, "start": iso(self.start), **data}


@dataclass(frozen=True)
class Report:
    """Everything `muggins stats` shows."""

    overall: DrillStats
    drills: tuple[DrillStats, ...]
    kinds: tuple[KindStats, ...]
    itemised: int
    days: tuple[Period, ...]
    sessions: tuple[Period, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "attempts": self.overall.attempts,
            "overall": self.overall.to_dict(),
            "drills": [d.to_dict() for d in self.drills],
            "itemised_attempts": self.itemised,
            "kinds": [k.to_dict() for k in self.kinds],
            "days": [p.to_dict() for p in self.days],
            "sessions": [p.to_dict() for p in self.sessions],
        }


@dataclass(frozen=True)
class ReviewItem:
    """One missed or wrongly claimed combination, with the show it was in and what the
    answer to that show was, as recorded; or a total claimed wrong (role ``total``: its
    cards are the whole show, its points how far the total was off)."""

    attempt_id: int
    at: datetime
    drill_id: str
    drill_name: str
    role: str
    stat_kind: str
    kind: str
    cards: tuple[Card, ...]
    points: int
    reason: str | None
    hand: tuple[Card, ...]
    starter: Card | None
    crib: bool
    answer_text: str
    claimed: int
    actual: int
    missed_points: int
    excess_points: int
    timed_out: bool
    itemised: bool
    """The answer named its combinations (or timed out), so every miss in it is listed."""

    @property
    def whole(self) -> bool:
        """A wrong total: the whole show is to review, which combination it missed unknown."""
        return self.role == "total"

    def said(self) -> str:
        """The answer against the truth: "you said 8, it is 10", and for a wrong total how
        far off it was: "you said 8, it is 10 (2 missed)"."""
        if self.timed_out:
            return f"time ran out, it is {self.actual}"
        text = f"you said {self.claimed}, it is {self.actual}"
        if not self.whole:
            return text
        off = "missed" if self.claimed < self.actual else "too many"
        return f"{text} ({self.points} {off})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "at": iso(self.at),
            "drill": self.drill_id,
            "drill_name": self.drill_name,
            "role": self.role,
            "stat_kind": self.stat_kind,
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "points": self.points,
            "reason": self.reason,
            "hand": [str(c) for c in self.hand],
            "starter": None if self.starter is None else str(self.starter),
            "crib": self.crib,
            "answer": self.answer_text,
            "claimed": self.claimed,
            "actual": self.actual,
        }


@dataclass(frozen=True)
class StoredCombo:
    """A missed or wrongly claimed combination of one answer, or its wrong total, as stored."""

    role: str
    stat_kind: str
    kind: str
    cards: tuple[Card, ...]
    points: int
    reason: str | None


@dataclass(frozen=True)
class ReviewCounts:
    """How many combinations the review list holds: in all, by kind and by drill set."""

    total: int
    by_kind: dict[str, int]
    by_drill: dict[str, int]


# ---------------------------------------------------------------- the report

SESSIONS_SHOWN: Final = 100
"""How many of the latest sessions a report lists."""


def _where(drill: str | None) -> tuple[str, list[Any]]:
    return ("", []) if drill is None else (" WHERE drill_id = ?", [drill])


def report(
    conn: sqlite3.Connection, drill: str | None = None, *, sessions: int | None = SESSIONS_SHOWN
) -> Report:
    """Every statistic, for one drill set (its id) or all; each answer's day is its own local
    date."""
    drills, overall = drill_stats(conn, drill)
    return Report(
        overall=overall,
        drills=tuple(drills),
        kinds=tuple(kind_stats(conn, drill)),
        itemised=itemised_count(conn, drill),
        days=tuple(progress_by_day(conn, drill)),
        sessions=tuple(progress_by_session(conn, drill, limit=sessions)),
    )


def _median_seconds(conn: sqlite3.Connection, drill: str | None) -> float | None:
    ms = medians.median_ms(conn, drill)
    return None if ms is None else ms / 1000


def drill_stats(
    conn: sqlite3.Connection, drill: str | None = None
) -> tuple[list[DrillStats], DrillStats]:
    """The figures per drill set, most recently practised first, and for them all together.

    Each drill set's are its running figures through its latest session: sums over its
    sessions, its best blitz, and its longest run of exact answers (a run goes on across
    sessions, in the order they started). A drill set whose figures count no answers (a
    damaged store's) is left out rather than divided by.
    """
    result = [
        DrillStats(
            drill_id=drill_id,
            drill_name=r.name,
            attempts=r.attempts,
            exact=r.exact,
            mean_error=r.error / r.attempts,
            mugged_per_hand=r.opponent / r.attempts,
            mean_seconds=r.ms / r.attempts / 1000,
            median_seconds=_median_seconds(conn, drill_id),
            best_streak=r.streak,
            best_blitz=r.blitz,
            last_practised=parse_iso(r.last),
        )
        for drill_id, r in latest_running(conn, drill).items()
        if r.attempts > 0
    ]
    result.sort(key=lambda d: (d.last_practised, d.drill_id), reverse=True)
    return result, _overall(conn, result, drill)


def _overall(
    conn: sqlite3.Connection, drills: Sequence[DrillStats], drill: str | None
) -> DrillStats:
    count = sum(d.attempts for d in drills)
    name = "all drill sets" if drill is None else drill
    if count <= 0:
        return DrillStats(drill, name, 0, 0, None, None, None, None, 0, None, None)
    if drill is not None:
        return drills[0]

    def mean(values: Iterable[tuple[float | None, int]]) -> float:
        return sum((v or 0.0) * n for v, n in values) / count

    blitzes = [d.best_blitz for d in drills if d.best_blitz is not None]
    return DrillStats(
        drill_id=None,
        drill_name=name,
        attempts=count,
        exact=sum(d.exact for d in drills),
        mean_error=mean((d.mean_error, d.attempts) for d in drills),
        mugged_per_hand=mean((d.mugged_per_hand, d.attempts) for d in drills),
        mean_seconds=mean((d.mean_seconds, d.attempts) for d in drills),
        median_seconds=_median_seconds(conn, None),
        best_streak=longest_run(conn),
        best_blitz=max(blitzes) if blitzes else None,
        last_practised=max(d.last_practised for d in drills if d.last_practised is not None),
    )


def itemised_count(conn: sqlite3.Connection, drill: str | None = None) -> int:
    """Answers that say which combinations were missed (announced counts and time-outs)."""
    return sum(r.itemised for r in latest_running(conn, drill).values())


def kind_stats(conn: sqlite3.Connection, drill: str | None = None) -> list[KindStats]:
    """Per stat kind: items present in itemised answers, missed, wrongly claimed."""
    where, params = _where(drill)
    sums: dict[str, list[int]] = {}
    # Added up here, not by SQLite: Python's integers never overflow, whatever a store holds.
    for kind, *counts in conn.execute(
        f"SELECT stat_kind, present, missed, wrong FROM kind_totals{where}", params
    ):
        total = sums.setdefault(kind, [0, 0, 0])
        for n, count in enumerate(counts):
            total[n] += count
    order: dict[str, int] = {k: i for i, k in enumerate(COMBO_IDS)}
    kinds = sorted(sums, key=lambda k: (order.get(k, len(order)), k))
    return [KindStats(kind, *sums[kind]) for kind in kinds]


def progress_by_day(conn: sqlite3.Connection, drill: str | None = None) -> list[Period]:
    """Accuracy and mean seconds per day, oldest first: each answer counts on the date the
    clock showed where it was given (its own UTC offset then), however the offset has
    changed since. A day's ``start`` is its first quarter hour with answers, as a local
    wall-clock time (naive)."""
    return [
        Period(
            d.day, datetime.fromisoformat(d.start), d.attempts, d.exact, d.ms / d.attempts / 1000
        )
        for d in quarters.days(conn, drill)
    ]


def progress_by_session(
    conn: sqlite3.Connection, drill: str | None = None, *, limit: int | None = None
) -> list[Period]:
    """Accuracy and mean seconds per session (the latest ``limit`` of them), oldest first."""
    where, params = _where(drill)
    sql = (
        "SELECT session_id, drill_id, start, attempts, exact, ms "
        f"FROM sessions{where} ORDER BY start DESC, session_id DESC"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    rows = conn.execute(sql, params).fetchall()
    return [
        Period(sid, parse_iso(start), n, exact, ms / n / 1000, drill_id=did)
        for sid, did, start, n, exact, ms in reversed(rows)
        if n > 0
    ]
