"""The summaries a report reads give exactly what the attempts alone give, however recorded.

Random histories (answers out of time order, sessions sharing a drill set or
changing it, tied answer times, answers given at different offsets from UTC,
blitz and itemised answers) are recorded one answer at a time; every figure of
the report must equal the same figure worked out the plain way from the attempts
table (a session's answers in the order asked, sessions in start order, medians
by sorting, days by SQLite's ``date`` of each answer's own local time), and the
kept summaries must equal a rebuild.
"""

from __future__ import annotations

import random
import sqlite3
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories import HAND_8, HAND_9_NOBS, HAND_29, FakeClock
from tests.history.known import BASE, SUMMARY_TABLES, drill, item, show, total
from trainer.history import StatsStore, parse_iso
from trainer.history.reading import DrillStats, Period, rebuild_summaries
from trainer.judge.claims import AnnounceClaim, Answer
from trainer.judge.outcome import error
from trainer.quiz.attempt import Attempt
from trainer.quiz.session import QuizSession

DRILLS = ("warm-up", "blitz", "count-aloud")


def judged(answer: Answer, cards: tuple[str, str]) -> Attempt:
    clock = FakeClock(wall=BASE)
    session = QuizSession(
        drill("count-aloud"), random.Random(0), clock=clock, now=clock.now, questions=[show(cards)]
    )
    session.next_question()
    attempt = session.time_out() if answer is None else session.answer(answer)
    assert attempt is not None
    return attempt


@pytest.fixture(scope="module")
def answers() -> list[Attempt]:
    """Judged answers to vary: right, under, over, an announcement with a miss, a time-out."""
    announced = AnnounceClaim((item("pair", "JH JD"), item("run", "JH QD KH")))
    return [
        judged(total(29), HAND_29),
        judged(total(8), HAND_8),
        judged(total(5), HAND_8),
        judged(total(12), HAND_9_NOBS),
        judged(announced, HAND_9_NOBS),
        judged(None, HAND_29),
    ]


Step = tuple[int, int, int, int, int, int, int]
"""One answer to record: which answer, drill set, session, minute of the history, seconds,
the minutes its clock was ahead of UTC, and its question's number (asked in that order, or
brought in out of it). Session 0 keeps to warm-up; session 4 takes warm-up under another
name."""

steps = st.lists(
    st.tuples(
        st.integers(0, 5),
        st.sampled_from([0, 0, 0, 0, 1, 2]),
        st.integers(0, 4),
        st.integers(0, 3000),
        st.sampled_from([1, 2, 2, 3, 5, 8, 13, 30]),
        st.sampled_from([0, 0, 345, -300, 780, -7]),
        st.integers(1, 60),
    ),
    min_size=1,
    max_size=40,
)


def history(answers: list[Attempt], plan: list[Step]) -> Iterator[Attempt]:
    sets = [drill(d) for d in DRILLS]
    renamed = replace(sets[0], name="Warm-up, renamed")
    for which, drill_set, session, minute, seconds, ahead, number in plan:
        base = answers[which]
        at = BASE + timedelta(minutes=minute, seconds=seconds)
        chosen = sets[drill_set] if session else sets[0]  # session 0 keeps to one drill set
        yield replace(
            base,
            drill=renamed if session == 4 and drill_set == 0 else chosen,
            session_id=f"s{session}",
            question=replace(base.question, number=number),
            seconds=float(seconds),
            at=at.astimezone(timezone(timedelta(minutes=ahead))),
        )


# ---------------------------------------------------------------- the plain way


@dataclass
class Plain:
    """A session worked out from its answers, in the order asked (number, id)."""

    id: str
    start: str
    drill: str = ""
    name: str = ""
    last: str = ""
    rights: list[bool] = field(default_factory=list)
    error: int = 0
    mugged: int = 0
    ms: int = 0
    itemised: int = 0
    timed: bool = False

    def pieces(self) -> tuple[int, int, int, int]:
        """Answers, the exact ones it opens with, ends with, and its longest run of them."""
        n = len(self.rights)
        lead = next((i for i, r in enumerate(self.rights) if not r), n)
        tail = next((i for i, r in enumerate(reversed(self.rights)) if not r), n)
        best = run = 0
        for right in self.rights:
            run = run + 1 if right else 0
            best = max(best, run)
        return n, lead, tail, best


def plain_sessions(conn: sqlite3.Connection, drill_id: str | None) -> list[Plain]:
    """Every session (of one drill set), in (start, session_id) order: each starts at its
    earliest answer, was last answered at its latest, and is named by its last asked."""
    found: dict[str, Plain] = {}
    for sid, did, name, at, outcome, missed, excess, mugged, ms, listed, limit in conn.execute(
        "SELECT session_id, drill_id, drill_name, at, outcome, missed_points, excess_points, "
        "opponent, ms, itemised, total_seconds FROM attempts ORDER BY number, id"
    ):
        s = found.setdefault(sid, Plain(sid, at, last=at))
        s.drill, s.name = did, name
        s.start, s.last = min(s.start, at), max(s.last, at)
        s.rights.append(outcome == "exact")
        s.error += error(missed, excess, exact=outcome == "exact")
        s.mugged += mugged
        s.ms += ms
        s.itemised += listed
        s.timed |= limit is not None
    sessions = sorted(found.values(), key=lambda s: (s.start, s.id))
    return [s for s in sessions if drill_id is None or s.drill == drill_id]


def plain_median(conn: sqlite3.Connection, drill_id: str | None) -> float:
    where, params = ("", ()) if drill_id is None else (" WHERE drill_id = ?", (drill_id,))
    values = [r[0] for r in conn.execute(f"SELECT ms FROM attempts{where}", params)]
    return float(statistics.median(values)) / 1000


def longest_run(sessions: list[Plain]) -> int:
    """The longest run of exact answers, going on from one session to the next."""
    run = best = 0
    for s in sessions:
        n, lead, tail, inner = s.pieces()
        best = max(best, inner, run + lead)
        run = run + n if lead == n else tail
    return best


def plain_drills(conn: sqlite3.Connection, drill_id: str | None) -> list[DrillStats]:
    """The figures per drill set, each summed over its sessions."""
    sessions = plain_sessions(conn, drill_id)
    result = []
    for did in {s.drill for s in sessions}:
        mine = [s for s in sessions if s.drill == did]
        n = sum(len(s.rights) for s in mine)
        latest = max(mine, key=lambda s: (s.last, s.start, s.id))  # ties: the later session
        blitzes = [sum(s.rights) for s in mine if s.timed]
        result.append(
            DrillStats(
                drill_id=did,
                drill_name=latest.name,
                attempts=n,
                exact=sum(sum(s.rights) for s in mine),
                mean_error=sum(s.error for s in mine) / n,
                mugged_per_hand=sum(s.mugged for s in mine) / n,
                mean_seconds=sum(s.ms for s in mine) / n / 1000,
                median_seconds=plain_median(conn, did),
                best_streak=longest_run(mine),
                best_blitz=max(blitzes) if blitzes else None,
                last_practised=parse_iso(latest.last),
            )
        )
    result.sort(key=lambda d: (d.last_practised, d.drill_id), reverse=True)
    return result


def plain_days(conn: sqlite3.Connection, drill_id: str | None) -> list[Period]:
    """Days by each answer's own local time (its time moved by its own offset)."""
    where, params = ("", []) if drill_id is None else (" WHERE drill_id = ?", [drill_id])
    rows = conn.execute(
        "SELECT date(q) AS day, min(q), count(*), sum(outcome = 'exact'), sum(ms) FROM ("
        "  SELECT substr(t, 1, 14) || printf('%02d', CAST(substr(t, 15, 2) AS INTEGER) / 15 "
        "  * 15) AS q, outcome, ms FROM ("
        "    SELECT datetime(at, utc_offset || ' minutes') AS t, outcome, ms "
        f"   FROM attempts{where}"
        "  )"
        ") GROUP BY day ORDER BY day",
        params,
    )
    return [Period(d, datetime.fromisoformat(q), n, e, ms / n / 1000) for d, q, n, e, ms in rows]


def check_report(store: StatsStore, drill_id: str | None) -> None:
    report = store.report(drill_id)
    with store.guard("checking") as conn:
        sessions = plain_sessions(conn, drill_id)
        assert report.drills == tuple(plain_drills(conn, drill_id))
        assert report.itemised == sum(s.itemised for s in sessions)
        assert report.days == tuple(plain_days(conn, drill_id))
        # The name each drill set was last answered under; of sessions last answered at
        # the same moment, the first to start names it.
        latest: dict[str, str] = {}
        for d, name in conn.execute(
            "SELECT drill_id, drill_name FROM sessions ORDER BY last DESC, start, session_id"
        ):
            latest.setdefault(d, name)
        assert store.drills() == latest
        if drill_id is None and sessions:
            assert report.overall.attempts == sum(len(s.rights) for s in sessions)
            assert report.overall.median_seconds == plain_median(conn, None)
            assert report.overall.best_streak == longest_run(sessions)


def summaries(store: StatsStore) -> dict[str, list[tuple[Any, ...]]]:
    with store.guard("reading") as conn:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in SUMMARY_TABLES}


# ---------------------------------------------------------------- the properties


@settings(max_examples=60, deadline=None)
@given(plan=steps)
def test_report_equals_the_plain_figures(answers: list[Attempt], plan: list[Step]) -> None:
    with StatsStore(":memory:") as store:
        for attempt in history(answers, plan):
            store.record(attempt)
        check_report(store, None)
        for drill_id in DRILLS:
            check_report(store, drill_id)
        kept = summaries(store)
        with store.transaction("rebuilding") as conn:
            rebuild_summaries(conn)
        assert summaries(store) == kept
