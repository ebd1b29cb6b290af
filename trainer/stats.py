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


# ---------------------------------------------------------------- summaries kept with the attempts
#
# The per-drill, per-day and per-kind figures come from three small tables the
# store updates in the same transaction as each attempt, so a report reads a
# few thousand rows however long the history:
#
# - sessions: one row per quiz session with its sums, and for streaks the exact
#   answers it opens with (lead), ends with (tail) and its longest run (best);
#   recomputed from the session's attempts on every answer, so it never drifts;
# - quarters: answers, exact answers and time per drill per quarter of an hour
#   (UTC), so days can be counted in any time zone;
# - kind_totals: combinations present, missed and wrongly claimed, per drill
#   and stat kind.


def attempt_error(missed_points: int, excess_points: int, exact: bool) -> int:
    """An attempt's error as `Attempt.error` defines it: points missed plus points wrongly
    claimed, and 1 for a wrong answer that moves no points."""
    off = missed_points + excess_points
    return off if off or exact else 1


def quarter(at: str) -> str:
    """The quarter hour (UTC) a stored time falls in: ``2025-03-01T12:45``."""
    return f"{at[:14]}{int(at[14:16]) // 15 * 15:02d}"


_SESSION_COLUMNS: Final = (
    "drill_id, drill_name, at, outcome, missed_points, excess_points, opponent, ms, "
    "itemised, total_seconds"
)
_UPSERT_SESSION: Final = (
    "INSERT OR REPLACE INTO sessions (session_id, drill_id, drill_name, start, last, attempts, "
    "exact, error, opponent, ms, itemised, total_seconds, lead, tail, best) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _session_row(session_id: str, rows: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
    """The sessions row for a session's attempts (``_SESSION_COLUMNS``, in time order)."""
    exact = error = opponent = ms = itemised = 0
    lead = tail = best = 0
    leading = True
    limit: float | None = None
    for _, _, _, outcome, missed, excess, mugged, millis, listed, total in rows:
        right = outcome == "exact"
        exact += right
        error += attempt_error(missed, excess, right)
        opponent += mugged
        ms += millis
        itemised += listed
        if total is not None:
            limit = total if limit is None else max(limit, total)
        if right:
            tail += 1
            best = max(best, tail)
            lead += leading
        else:
            tail = 0
            leading = False
    first, last = rows[0], rows[-1]
    return (
        session_id,
        last[0],
        last[1],
        first[2],
        last[2],
        len(rows),
        exact,
        error,
        opponent,
        ms,
        itemised,
        limit,
        lead,
        tail,
        best,
    )


def add_to_summaries(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    combos: Sequence[tuple[str, str, str, str, int]],
    present: dict[str, int],
) -> None:
    """Count one new attempt (an attempt row, column → value) into the summary tables."""
    session_id = row["session_id"]
    rows = conn.execute(
        f"SELECT {_SESSION_COLUMNS} FROM attempts WHERE session_id = ? ORDER BY at, id",
        (session_id,),
    ).fetchall()
    conn.execute(_UPSERT_SESSION, _session_row(session_id, rows))
    conn.execute(
        "INSERT INTO quarters (quarter, drill_id, attempts, exact, ms) VALUES (?, ?, 1, ?, ?) "
        "ON CONFLICT (quarter, drill_id) DO UPDATE SET attempts = attempts + 1, "
        "exact = exact + excluded.exact, ms = ms + excluded.ms",
        (quarter(row["at"]), row["drill_id"], int(row["outcome"] == "exact"), row["ms"]),
    )
    counts: dict[str, list[int]] = {k: [n, 0, 0] for k, n in present.items()}
    for role, kind, *_ in combos:
        counts.setdefault(kind, [0, 0, 0])[1 if role == "missed" else 2] += 1
    conn.executemany(
        "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (drill_id, stat_kind) DO UPDATE SET "
        "present = present + excluded.present, missed = missed + excluded.missed, "
        "wrong = wrong + excluded.wrong",
        [(row["drill_id"], k, *n) for k, n in counts.items()],
    )


def rebuild_summaries(conn: sqlite3.Connection) -> None:
    """Recompute every summary table from the attempts (inside the caller's transaction)."""
    for table in ("sessions", "quarters", "kind_totals"):
        conn.execute(f"DELETE FROM {table}")
    cursor = conn.execute(
        f"SELECT session_id, {_SESSION_COLUMNS} FROM attempts ORDER BY session_id, at, id"
    )
    current: str | None = None
    batch: list[Sequence[Any]] = []
    for session_id, *values in cursor.fetchall():
        if session_id != current and batch:
            conn.execute(_UPSERT_SESSION, _session_row(str(current), batch))
            batch = []
        current = session_id
        batch.append(values)
    if batch:
        conn.execute(_UPSERT_SESSION, _session_row(str(current), batch))
    conn.execute(
        "INSERT INTO quarters (quarter, drill_id, attempts, exact, ms) "
        "SELECT substr(at, 1, 14) || printf('%02d', CAST(substr(at, 15, 2) AS INTEGER) / 15 * 15)"
        " AS q, drill_id, count(*), sum(outcome = 'exact'), sum(ms) "
        "FROM attempts GROUP BY q, drill_id"
    )
    conn.execute(
        "INSERT INTO kind_totals (drill_id, stat_kind, present, missed, wrong) "
        "SELECT drill_id, stat_kind, sum(p), sum(m), sum(w) FROM ("
        "  SELECT drill_id, stat_kind, n AS p, 0 AS m, 0 AS w FROM present"
        "  UNION ALL SELECT drill_id, stat_kind, 0, role = 'missed', role = 'wrong' FROM combos"
        ") GROUP BY drill_id, stat_kind"
    )


# ---------------------------------------------------------------- queries

SESSIONS_SHOWN: Final = 100
"""How many of the latest sessions a report lists."""


def _where(drill: str | None, *, also: str = "") -> tuple[str, list[Any]]:
    clauses = [also] if also else []
    params: list[Any] = []
    if drill is not None:
        clauses.append("drill_id = ?")
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
    drills, overall = drill_stats(conn, drill)
    return Report(
        overall=overall,
        drills=tuple(drills),
        kinds=tuple(kind_stats(conn, drill)),
        itemised=itemised_count(conn, drill),
        days=tuple(progress_by_day(conn, drill, utc_offset=utc_offset)),
        sessions=tuple(progress_by_session(conn, drill, limit=sessions)),
    )


def drill_stats(
    conn: sqlite3.Connection, drill: str | None = None
) -> tuple[list[DrillStats], DrillStats]:
    """The figures per drill set, most recently practised first, and for them all together."""
    where, params = _where(drill)
    sums: dict[str, list[Any]] = {}
    streak: dict[str | None, list[int]] = {}  # drill → [current run, best run]
    for drill_id, name, last, n, exact, error, mugged, ms, lead, tail, best, limit in conn.execute(
        "SELECT drill_id, drill_name, last, attempts, exact, error, opponent, ms, lead, tail, "
        f"best, total_seconds FROM sessions{where} ORDER BY start, session_id",
        params,
    ):
        entry = sums.setdefault(drill_id, [name, last, 0, 0, 0, 0, 0, None])
        if last >= entry[1]:
            entry[0], entry[1] = name, last
        for i, value in enumerate((n, exact, error, mugged, ms), start=2):
            entry[i] += value
        if limit is not None:
            entry[7] = exact if entry[7] is None else max(entry[7], exact)
        for key in (drill_id, None):  # a run of exact answers goes on across sessions
            run = streak.setdefault(key, [0, 0])
            run[1] = max(run[1], best, run[0] + lead)
            run[0] = run[0] + n if lead == n else tail
    result = [
        DrillStats(
            drill_id=drill_id,
            drill_name=name,
            attempts=n,
            exact=exact,
            mean_error=error / n,
            mugged_per_hand=mugged / n,
            mean_seconds=ms / n / 1000,
            median_seconds=_median_ms(conn, n, drill_id) / 1000,
            best_streak=streak[drill_id][1],
            best_blitz=blitz,
            last_practised=parse_iso(last),
        )
        for drill_id, (name, last, n, exact, error, mugged, ms, blitz) in sums.items()
    ]
    result.sort(key=lambda d: (d.last_practised, d.drill_id), reverse=True)
    return result, _overall(conn, result, streak.get(None, [0, 0])[1], drill)


def _overall(
    conn: sqlite3.Connection, drills: Sequence[DrillStats], streak: int, drill: str | None
) -> DrillStats:
    count = sum(d.attempts for d in drills)
    name = "all drill sets" if drill is None else drill
    if not count:
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
        median_seconds=_median_ms(conn, count, None) / 1000,
        best_streak=streak,
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


def itemised_count(conn: sqlite3.Connection, drill: str | None = None) -> int:
    """Answers that say which combinations were missed (announced counts and time-outs)."""
    where, params = _where(drill)
    found = conn.execute(f"SELECT sum(itemised) FROM sessions{where}", params).fetchone()[0]
    return int(found or 0)


def kind_stats(conn: sqlite3.Connection, drill: str | None = None) -> list[KindStats]:
    """Per stat kind: items present in itemised answers, missed, wrongly claimed."""
    where, params = _where(drill)
    rows = conn.execute(
        "SELECT stat_kind, sum(present), sum(missed), sum(wrong) "
        f"FROM kind_totals{where} GROUP BY stat_kind",
        params,
    ).fetchall()
    order = {k: i for i, k in enumerate(STAT_KINDS)}
    rows.sort(key=lambda r: (order.get(r[0], len(order)), r[0]))
    return [KindStats(kind, present, missed, wrong) for kind, present, missed, wrong in rows]


def progress_by_day(
    conn: sqlite3.Connection, drill: str | None = None, *, utc_offset: timedelta = timedelta(0)
) -> list[Period]:
    """Accuracy and mean seconds per day (days begin at ``utc_offset`` from UTC), oldest first.

    Answers are counted by the quarter hour, so any real time zone's days come out exact.
    """
    where, params = _where(drill)
    minutes = round(utc_offset.total_seconds() / 60)
    rows = conn.execute(
        "SELECT date(quarter, ?) AS day, min(quarter), sum(attempts), sum(exact), sum(ms) "
        f"FROM quarters{where} GROUP BY day ORDER BY day",
        [f"{minutes:+d} minutes", *params],
    )
    return [
        Period(day, parse_iso(start), n, exact, ms / n / 1000) for day, start, n, exact, ms in rows
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
    rows = conn.execute("SELECT drill_id, drill_name, max(last) FROM sessions GROUP BY drill_id")
    return {drill_id: name for drill_id, name, _ in rows}
