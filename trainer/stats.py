"""What the history answers: accuracy by drill set, misses by combination kind, progress, review.

Every query here is plain SQL over the tables `trainer.store` keeps, using its
indexes; the functions take an open `sqlite3.Connection` and return frozen
dataclasses. The stat kinds (finer than the five scoring categories) are
defined here too, with `stat_kind`, which classes one combination.

Stat kinds:

- ``fifteen-2``, ``fifteen-3``, ``fifteen-4+``: a fifteen of 2, 3, or 4 and more cards.
- ``pair``, ``pair-royal``, ``double-pair-royal``: a pair item, classed by how many
  cards of its rank the show holds (2, 3 or 4), so each of the 3 pairs of a pair
  royal is a ``pair-royal`` item.
- ``run-3``, ``run-4``, ``run-5``, ``run-6``: a single run of that length (a run of 6
  only in 5-card hands).
- ``double-run``, ``triple-run``, ``double-double-run``: a run that belongs to a
  multiple run (one rank doubled, one rank tripled, two ranks doubled);
  ``multiple-run`` for the larger shapes only 5-card hands can hold.
- ``hand-flush-N``: a hand flush of N cards, the starter included when it matches
  (in the standard game 4 is "hand only" and 5 "with the starter"; the
  five-card game's 3-card hands give 3 and 4, 5-card hands 5 and 6).
- ``crib-flush``: a crib flush (always all five cards).
- ``nobs``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from trainer.cards import Card, parse_cards
from trainer.scoring import KINDS

STAT_KINDS: Final = (
    "fifteen-2",
    "fifteen-3",
    "fifteen-4+",
    "pair",
    "pair-royal",
    "double-pair-royal",
    "run-3",
    "run-4",
    "run-5",
    "run-6",
    "double-run",
    "triple-run",
    "double-double-run",
    "multiple-run",
    "hand-flush-3",
    "hand-flush-4",
    "hand-flush-5",
    "hand-flush-6",
    "crib-flush",
    "nobs",
)
"""Every stat kind, in the order a count is announced (fifteens, pairs, runs, flush, nobs)."""

_PAIR_KINDS: Final = {2: "pair", 3: "pair-royal", 4: "double-pair-royal"}
_MULTIPLE_RUNS: Final = {(2,): "double-run", (3,): "triple-run", (2, 2): "double-double-run"}


def stat_kind(kind: str, cards: Sequence[Card], show: Sequence[Card], *, crib: bool) -> str:
    """The stat kind of one combination (real or wrongly claimed) in a show.

    ``kind`` is the scoring category (fifteen, pair, run, flush, nobs), ``cards``
    the combination's cards and ``show`` the hand cards with the starter.
    """
    counts: dict[int, int] = {}
    for card in show:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    if kind == "fifteen":
        return "fifteen-4+" if len(cards) >= 4 else f"fifteen-{max(2, len(cards))}"
    if kind == "pair":
        held = max((counts.get(c.rank, 0) for c in cards), default=2)
        return _PAIR_KINDS[min(4, max(2, held))]
    if kind == "run":
        ranks = sorted({c.rank for c in cards})
        shape = tuple(sorted((n for r in ranks if (n := counts.get(r, 1)) > 1), reverse=True))
        if not shape:
            return f"run-{min(6, max(3, len(cards)))}"
        return _MULTIPLE_RUNS.get(shape, "multiple-run")
    if kind == "flush":
        return "crib-flush" if crib else f"hand-flush-{min(6, max(3, len(cards)))}"
    return "nobs"


def present_kinds(
    items: Iterable[tuple[str, Sequence[Card]]], show: Sequence[Card], *, crib: bool
) -> dict[str, int]:
    """How many items of each stat kind a breakdown holds (``(kind, cards)`` per item)."""
    found: dict[str, int] = {}
    for kind, cards in items:
        name = stat_kind(kind, cards, show, crib=crib)
        found[name] = found.get(name, 0) + 1
    return found


def iso(moment: datetime) -> str:
    """A time as fixed-width ISO 8601 in UTC, as stored (naive times are taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_iso(text: str) -> datetime:
    """A stored time back as an aware UTC datetime."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


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
        return self.exact / self.attempts

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
    """One missed or wrongly claimed combination, with the show it was in."""

    attempt_id: int
    at: datetime
    drill_id: str
    drill_name: str
    role: str
    stat_kind: str
    kind: str
    cards: tuple[Card, ...]
    points: int
    hand: tuple[Card, ...]
    starter: Card | None
    crib: bool
    answer_text: str
    claimed: int
    actual: int

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
            "hand": [str(c) for c in self.hand],
            "starter": None if self.starter is None else str(self.starter),
            "crib": self.crib,
            "answer": self.answer_text,
            "claimed": self.claimed,
            "actual": self.actual,
        }


# ---------------------------------------------------------------- queries

SESSIONS_SHOWN: Final = 100
"""How many of the latest sessions a report lists."""

ERROR_SQL: Final = (
    "CASE WHEN missed_points + excess_points > 0 THEN missed_points + excess_points "
    "WHEN outcome = 'exact' THEN 0 ELSE 1 END"
)
"""An attempt's error as `Attempt.error` defines it: points missed plus points wrongly
claimed, and 1 for a wrong answer that moves no points."""


def _where(drill: str | None, column: str = "drill_id", *, also: str = "") -> tuple[str, list[Any]]:
    clauses = [also] if also else []
    params: list[Any] = []
    if drill is not None:
        clauses.append(f"{column} = ?")
        params.append(drill)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


def report(
    conn: sqlite3.Connection,
    drill: str | None = None,
    *,
    utc_offset: timedelta = timedelta(0),
    sessions: int | None = SESSIONS_SHOWN,
) -> Report:
    """Every statistic, for one drill set (its id) or all; days are counted at ``utc_offset``."""
    drills = drill_stats(conn, drill)
    if drill is None:
        overall = _overall(conn, drills)
    else:
        overall = drills[0] if drills else _empty(drill, drill)
    return Report(
        overall=overall,
        drills=tuple(drills),
        kinds=tuple(kind_stats(conn, drill)),
        itemised=itemised_count(conn, drill),
        days=tuple(progress_by_day(conn, drill, utc_offset=utc_offset)),
        sessions=tuple(progress_by_session(conn, drill, limit=sessions)),
    )


def _empty(drill_id: str | None, name: str) -> DrillStats:
    return DrillStats(drill_id, name, 0, 0, None, None, None, None, 0, None, None)


def drill_stats(conn: sqlite3.Connection, drill: str | None = None) -> list[DrillStats]:
    """The figures per drill set, most recently practised first."""
    where, params = _where(drill)
    rows = conn.execute(
        "SELECT drill_id, drill_name, max(at), count(*), sum(outcome = 'exact'), "
        f"avg({ERROR_SQL}), avg(opponent), avg(ms) "
        f"FROM attempts{where} GROUP BY drill_id",
        params,
    ).fetchall()
    streaks = best_streaks(conn, drill)
    blitz = best_blitz(conn, drill)
    result = [
        DrillStats(
            drill_id=drill_id,
            drill_name=name,
            attempts=count,
            exact=exact,
            mean_error=error,
            mugged_per_hand=mugged,
            mean_seconds=ms / 1000,
            median_seconds=_median_ms(conn, count, drill_id) / 1000,
            best_streak=streaks.get(drill_id, 0),
            best_blitz=blitz.get(drill_id),
            last_practised=parse_iso(last),
        )
        for drill_id, name, last, count, exact, error, mugged, ms in rows
    ]
    result.sort(key=lambda d: d.last_practised or datetime.min.replace(tzinfo=UTC), reverse=True)
    return result


def _overall(conn: sqlite3.Connection, drills: Sequence[DrillStats]) -> DrillStats:
    count = sum(d.attempts for d in drills)
    if not count:
        return _empty(None, "all drill sets")

    def weighted(values: Iterable[tuple[float | None, int]]) -> float:
        return sum((v or 0.0) * n for v, n in values) / count

    blitzes = [d.best_blitz for d in drills if d.best_blitz is not None]
    return DrillStats(
        drill_id=None,
        drill_name="all drill sets",
        attempts=count,
        exact=sum(d.exact for d in drills),
        mean_error=weighted((d.mean_error, d.attempts) for d in drills),
        mugged_per_hand=weighted((d.mugged_per_hand, d.attempts) for d in drills),
        mean_seconds=weighted((d.mean_seconds, d.attempts) for d in drills),
        median_seconds=_median_ms(conn, count, None) / 1000,
        best_streak=best_streaks(conn, None, overall=True).get(None, 0),
        best_blitz=max(blitzes) if blitzes else None,
        last_practised=max(d.last_practised for d in drills if d.last_practised is not None),
    )


def _median_ms(conn: sqlite3.Connection, count: int, drill: str | None) -> float:
    """The median answer time of a drill set (or all), walking the ms index to the middle."""
    where, params = _where(drill)
    values = [
        r[0]
        for r in conn.execute(
            f"SELECT ms FROM attempts{where} ORDER BY ms LIMIT ? OFFSET ?",
            [*params, 2 - count % 2, (count - 1) // 2],
        )
    ]
    return float(sum(values)) / len(values)


def best_streaks(
    conn: sqlite3.Connection, drill: str | None = None, *, overall: bool = False
) -> dict[str | None, int]:
    """The longest run of consecutive exact answers in time order, per drill set (or overall)."""
    where, params = _where(drill)
    part = "" if overall else "PARTITION BY drill_id "
    key = "NULL" if overall else "drill_id"
    rows = conn.execute(
        f"SELECT k, max(n) FROM (SELECT k, count(*) AS n FROM ("
        f"  SELECT {key} AS k, outcome, sum(outcome <> 'exact') OVER "
        f"  ({part}ORDER BY at, id ROWS UNBOUNDED PRECEDING) AS grp "
        f"  FROM attempts{where}"
        f") WHERE outcome = 'exact' GROUP BY k, grp) GROUP BY k",
        params,
    )
    return dict(rows)


def best_blitz(conn: sqlite3.Connection, drill: str | None = None) -> dict[str, int]:
    """The most exact answers in one session of a drill with a whole-drill time limit."""
    where, params = _where(drill, also="total_seconds IS NOT NULL")
    rows = conn.execute(
        "SELECT drill_id, max(score) FROM (SELECT drill_id, sum(outcome = 'exact') AS score "
        f"FROM attempts{where} GROUP BY drill_id, session_id) GROUP BY drill_id",
        params,
    )
    return dict(rows)


def itemised_count(conn: sqlite3.Connection, drill: str | None = None) -> int:
    """Answers that say which combinations were missed (announced counts and time-outs)."""
    where, params = _where(drill, also="itemised = 1")
    return int(conn.execute(f"SELECT count(*) FROM attempts{where}", params).fetchone()[0])


def kind_stats(conn: sqlite3.Connection, drill: str | None = None) -> list[KindStats]:
    """Per stat kind: items present in itemised answers, missed, wrongly claimed."""
    where, params = _where(drill)
    present = dict(
        conn.execute(f"SELECT stat_kind, sum(n) FROM present{where} GROUP BY stat_kind", params)
    )
    missed: dict[str, int] = {}
    wrong: dict[str, int] = {}
    for role, kind, n in conn.execute(
        f"SELECT role, stat_kind, count(*) FROM combos{where} GROUP BY role, stat_kind", params
    ):
        (missed if role == "missed" else wrong)[kind] = n
    seen = set(present) | set(missed) | set(wrong)
    order = {k: i for i, k in enumerate(STAT_KINDS)}
    return [
        KindStats(k, present.get(k, 0), missed.get(k, 0), wrong.get(k, 0))
        for k in sorted(seen, key=lambda k: (order.get(k, len(order)), k))
    ]


def progress_by_day(
    conn: sqlite3.Connection, drill: str | None = None, *, utc_offset: timedelta = timedelta(0)
) -> list[Period]:
    """Accuracy and mean seconds per day (days begin at ``utc_offset`` from UTC), oldest first."""
    where, params = _where(drill)
    minutes = round(utc_offset.total_seconds() / 60)
    rows = conn.execute(
        "SELECT date(at, ?) AS day, min(at), count(*), sum(outcome = 'exact'), avg(ms) "
        f"FROM attempts{where} GROUP BY day ORDER BY day",
        [f"{minutes:+d} minutes", *params],
    )
    return [Period(day, parse_iso(start), n, exact, ms / 1000) for day, start, n, exact, ms in rows]


def progress_by_session(
    conn: sqlite3.Connection, drill: str | None = None, *, limit: int | None = None
) -> list[Period]:
    """Accuracy and mean seconds per session (the latest ``limit`` of them), oldest first."""
    where, params = _where(drill)
    sql = (
        "SELECT session_id, drill_id, min(at) AS start, count(*), sum(outcome = 'exact'), avg(ms) "
        f"FROM attempts{where} GROUP BY session_id ORDER BY start DESC, session_id"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    rows = conn.execute(sql, params).fetchall()
    return [
        Period(sid, parse_iso(start), n, exact, ms / 1000, drill_id=did)
        for sid, did, start, n, exact, ms in reversed(rows)
    ]


def _review_where(kind: str | None, drill: str | None) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    if kind is not None:
        # A stat kind first (``pair`` is a plain pair); else a category (``fifteen``: all).
        clauses.append(
            "c.stat_kind = ?" if kind in STAT_KINDS or kind not in KINDS else "c.kind = ?"
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
    """Missed and wrongly claimed combinations, newest first.

    ``kind`` is a stat kind (``fifteen-3``, ``pair``) or else a scoring category
    (``fifteen``, ``run``, ``flush``: every kind in it).
    """
    where, params = _review_where(kind, drill)
    sql = (
        "SELECT a.id, c.at, c.drill_id, a.drill_name, c.role, c.stat_kind, c.kind, c.cards, "
        "c.points, a.hand, a.starter, a.crib, a.answer_text, a.claimed, a.actual "
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
            cards=tuple(parse_cards(r[7])),
            points=r[8],
            hand=tuple(parse_cards(r[9])),
            starter=None if r[10] is None else parse_cards(r[10])[0],
            crib=bool(r[11]),
            answer_text=r[12],
            claimed=r[13],
            actual=r[14],
        )
        for r in conn.execute(sql, params)
    ]


def review_total(
    conn: sqlite3.Connection, *, kind: str | None = None, drill: str | None = None
) -> int:
    """How many combinations `review_items` would list without a limit."""
    where, params = _review_where(kind, drill)
    return int(conn.execute(f"SELECT count(*) FROM combos AS c{where}", params).fetchone()[0])


def recorded_drills(conn: sqlite3.Connection) -> dict[str, str]:
    """Every drill id with answers, and the name it was last recorded under."""
    rows = conn.execute("SELECT drill_id, drill_name, max(at) FROM attempts GROUP BY drill_id")
    return {drill_id: name for drill_id, name, _ in rows}
