"""Statistics from the store: every figure of `muggins stats` on a known history, exactly.

The fixture history is built by real quiz sessions (a fake clock, given
questions, chosen answers) and recorded into a store in a temporary folder:

- warm-up (total claims, ACC), two sessions on 1 and 2 March 2025:
  29 ✓ 4 s, 9 ✓ 6 s, 9 claimed 5 (under 4) 10 s, 8 claimed 10 (over 2) 12 s;
  then 9 ✓ 5 s, 29 ✓ 3 s, 9 ✓ 7 s.
- count-aloud (announced, ACC), 2 March 18:00: one fifteen missed and one wrong
  fifteen claimed (20 s), a double run announced right (9 s), the 29 timed out (30 s).
- blitz (60 s for the drill), 3 and 4 March: ✓ ✓ ✗(crib claimed 3 of 5) ✓, then ✓ ✓ ✓ ✓, 2 s each.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.factories import CRIB_5, HAND_8, HAND_29
from tests.history.known import BASE, SUMMARY_TABLES, answered, build_history, show, total
from trainer.history import StatsStore
from trainer.history.reading import ReviewItem
from trainer.rules.cards import parse_card, parse_cards


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        build_history(s)
        yield s


# ---------------------------------------------------------------- per drill set


def test_per_drill_figures(store: StatsStore) -> None:
    report = store.report()
    by_id = {d.drill_id: d for d in report.drills}
    assert [d.drill_id for d in report.drills] == ["blitz", "count-aloud", "warm-up"]

    warm = by_id["warm-up"]
    assert warm.drill_name == "Warm-up"
    assert (warm.attempts, warm.exact) == (7, 5)
    assert warm.accuracy == pytest.approx(5 / 7)
    assert warm.mean_error == pytest.approx(6 / 7)  # |5-9| + |10-8|
    assert warm.mugged_per_hand == pytest.approx(4 / 7)  # ACC: the 4 missed; overcounts cost 0
    assert warm.mean_seconds == pytest.approx(47 / 7)
    assert warm.median_seconds == pytest.approx(6.0)  # 3 4 5 [6] 7 10 12
    assert warm.best_streak == 3
    assert warm.best_blitz is None
    assert warm.last_practised == BASE + timedelta(days=1, seconds=15)

    aloud = by_id["count-aloud"]
    assert (aloud.attempts, aloud.exact) == (3, 1)
    # The announced 8 claims 8 but misses a fifteen and claims a false one: 2 + 2 off.
    assert aloud.mean_error == pytest.approx((4 + 0 + 29) / 3)
    assert aloud.mugged_per_hand == pytest.approx((2 + 0 + 29) / 3)
    assert aloud.mean_seconds == pytest.approx(59 / 3)
    assert aloud.median_seconds == pytest.approx(20.0)
    assert aloud.best_streak == 1
    assert aloud.best_blitz is None

    blitz = by_id["blitz"]
    assert (blitz.attempts, blitz.exact) == (8, 7)
    assert blitz.mean_error == pytest.approx(2 / 8)
    assert blitz.mugged_per_hand == pytest.approx(2 / 8)
    assert blitz.mean_seconds == pytest.approx(2.0)
    assert blitz.median_seconds == pytest.approx(2.0)
    assert blitz.best_streak == 5  # the last of the first blitz, then all four of the second
    assert blitz.best_blitz == 4
    assert blitz.last_practised == BASE + timedelta(days=3, hours=-3, seconds=8)


def test_overall_figures(store: StatsStore) -> None:
    overall = store.report().overall
    assert overall.drill_id is None
    assert (overall.attempts, overall.exact) == (18, 13)
    assert overall.mean_error == pytest.approx(41 / 18)
    assert overall.mugged_per_hand == pytest.approx(37 / 18)
    assert overall.mean_seconds == pytest.approx(122 / 18)
    # 2 x8, 3, 4, 5, 6, 7, 9, 10, 12, 20, 30: the middle two are 3 and 4.
    assert overall.median_seconds == pytest.approx(3.5)
    assert overall.best_streak == 5
    assert overall.best_blitz == 4
    assert overall.last_practised == BASE + timedelta(days=3, hours=-3, seconds=8)


def test_one_drill_report(store: StatsStore) -> None:
    report = store.report("warm-up")
    assert [d.drill_id for d in report.drills] == ["warm-up"]
    assert report.overall.attempts == 7
    assert report.kinds == ()  # total claims say nothing about which combination was missed
    assert report.itemised == 0
    assert [(p.label, p.attempts, p.exact) for p in report.days] == [
        ("2025-03-01", 4, 2),
        ("2025-03-02", 3, 3),
    ]


def test_unknown_drill_is_empty(store: StatsStore) -> None:
    report = store.report("no-such-drill")
    assert report.overall.attempts == 0
    assert report.overall.accuracy is None
    assert report.drills == ()


def test_empty_store(tmp_path: Path) -> None:
    with StatsStore(tmp_path / "empty.sqlite3") as empty:
        report = empty.report()
        assert report.overall.attempts == 0
        assert report.overall.median_seconds is None
        assert (report.drills, report.kinds, report.days, report.sessions) == ((), (), (), ())
        assert report.to_dict()["attempts"] == 0


# ---------------------------------------------------------------- per combination kind


def test_miss_rates_by_kind(store: StatsStore) -> None:
    report = store.report()
    assert report.itemised == 3  # two announcements and a time-out
    kinds = {k.kind: (k.present, k.missed, k.wrong) for k in report.kinds}
    assert kinds == {
        # the 8 (3 fifteens) and the timed-out 29 (4 two-card fifteens); 1 + 4 missed,
        # and 6H 10C claimed as a fifteen
        "fifteen-2": (7, 5, 1),
        "fifteen-3": (4, 4, 0),  # the 29's three-five fifteens, all missed
        "pair": (2, 0, 0),  # the jacks of the 8 and of the 9
        "double-pair-royal": (6, 6, 0),
        "double-run": (2, 0, 0),
        "nobs": (2, 1, 0),
    }
    rates = {k.kind: k.miss_rate for k in report.kinds}
    assert rates["fifteen-2"] == pytest.approx(5 / 7)
    assert rates["nobs"] == pytest.approx(0.5)
    assert rates["pair"] == 0.0
    assert [k.kind for k in report.kinds] == [
        "fifteen-2",
        "fifteen-3",
        "pair",
        "double-pair-royal",
        "double-run",
        "nobs",
    ]


def test_miss_rates_of_one_drill(store: StatsStore) -> None:
    kinds = {k.kind: (k.present, k.missed) for k in store.report("count-aloud").kinds}
    assert kinds["fifteen-2"] == (7, 5)
    assert store.report("blitz").kinds == ()


# ---------------------------------------------------------------- progress


def test_progress_by_day(store: StatsStore) -> None:
    days = store.report().days
    assert [(p.label, p.attempts, p.exact) for p in days] == [
        ("2025-03-01", 4, 2),
        ("2025-03-02", 6, 4),
        ("2025-03-03", 4, 3),
        ("2025-03-04", 4, 4),
    ]
    assert [p.mean_seconds for p in days] == pytest.approx([8.0, 74 / 6, 2.0, 2.0])
    assert days[1].accuracy == pytest.approx(4 / 6)


def test_progress_by_day_where_the_answers_were_given(tmp_path: Path) -> None:
    # The same answers given thirteen hours ahead of UTC: every session was 13 hours later
    # in the day there, so the 1 March noon session falls on 2 March, and 2 March's two
    # sessions on 3 March, wherever the stats are read.
    with StatsStore(tmp_path / "utc.sqlite3") as utc:
        attempts = build_history(utc).attempts
    ahead = timezone(timedelta(hours=13))
    with StatsStore(tmp_path / "ahead.sqlite3") as store:
        for attempt in attempts:
            store.record(replace(attempt, at=attempt.at.astimezone(ahead)))
        days = store.report().days
    assert [(p.label, p.attempts) for p in days] == [
        ("2025-03-02", 4),
        ("2025-03-03", 10),
        ("2025-03-04", 4),
    ]
    assert days[0].start == datetime(2025, 3, 2, 1, 0)  # its first quarter hour, there


def test_each_answer_keeps_its_own_day(tmp_path: Path) -> None:
    # One moment, 22:30 UTC on 30 June: given in Berlin in summer (UTC+2) it was 00:30 on
    # 1 July; given in New York (UTC-4) it was 18:30 on 30 June. Each keeps its day.
    moment = datetime(2025, 6, 30, 22, 30, tzinfo=UTC)
    berlin, new_york = timezone(timedelta(hours=2)), timezone(timedelta(hours=-4))
    with StatsStore(tmp_path / "muggins.sqlite3") as store:
        store.record(answered(show(HAND_29), total(29), at=moment.astimezone(berlin)))
        store.record(
            answered(show(HAND_8), total(8), at=moment.astimezone(new_york), session_id="t")
        )
        days = store.report().days
    assert [(p.label, p.attempts) for p in days] == [("2025-06-30", 1), ("2025-07-01", 1)]


def test_progress_by_session(store: StatsStore) -> None:
    sessions = store.report().sessions
    assert [(p.label, p.drill_id, p.attempts, p.exact) for p in sessions] == [
        ("warm-up-03011200", "warm-up", 4, 2),
        ("warm-up-03021200", "warm-up", 3, 3),
        ("count-aloud-03021800", "count-aloud", 3, 1),
        ("blitz-03030900", "blitz", 4, 3),
        ("blitz-03040900", "blitz", 4, 4),
    ]
    assert sessions[0].start == BASE + timedelta(seconds=4)
    assert [p.mean_seconds for p in sessions] == pytest.approx([8.0, 5.0, 59 / 3, 2.0, 2.0])


# ---------------------------------------------------------------- review list


def test_review_newest_first(store: StatsStore) -> None:
    items = store.review_items(limit=None)
    # 1 missed + 1 wrong + 15 from the time-out, and the three wrong totals
    assert store.review_total() == len(items) == 20
    assert [i.at for i in items] == sorted((i.at for i in items), reverse=True)
    # The newest: the blitz crib claimed as 3 of 5, a whole show.
    first = items[0]
    assert (first.drill_id, first.role, first.stat_kind, first.kind) == (
        "blitz",
        "total",
        "total",
        "total",
    )
    assert first.whole
    assert first.cards == (*parse_cards(CRIB_5[0]), parse_card(CRIB_5[1]))
    assert (first.points, first.reason, first.crib) == (2, "under", True)
    assert (first.claimed, first.actual, first.missed_points, first.excess_points) == (3, 5, 2, 0)
    assert first.said() == "you said 3, it is 5 (2 missed)"
    # Then the timed-out 29, the newest itemised answer: its items, in scoring order.
    second = items[1]
    assert (second.drill_id, second.role, second.stat_kind, second.kind) == (
        "count-aloud",
        "missed",
        "fifteen-2",
        "fifteen",
    )
    assert not second.whole
    assert second.hand == tuple(parse_cards(HAND_29[0]))
    assert second.starter == parse_card("5D")
    assert second.crib is False
    assert second.answer_text == "(time out)"
    assert (second.claimed, second.actual) == (0, 29)
    assert second.said() == "time ran out, it is 29"

    def row(i: ReviewItem) -> tuple[str, str, str, int, str | None]:
        return (i.role, i.stat_kind, " ".join(map(str, i.cards)), i.points, i.reason)

    assert [row(i) for i in items[-4:]] == [
        ("missed", "fifteen-2", "5S JD", 2, None),
        ("wrong", "fifteen-2", "6H 10C", 2, "not-a-combination"),
        ("total", "total", "5S 6H 10C JC JD", 2, "over"),  # warm-up: the 8 claimed as 10
        ("total", "total", "9D 10D QD KD JS", 4, "under"),  # and the 9 as 5
    ]
    assert items[-2].said() == "you said 10, it is 8 (2 too many)"
    assert items[-2].to_dict() == {
        "at": "2025-03-01T12:00:32.000000+00:00",
        "drill": "warm-up",
        "drill_name": "Warm-up",
        "role": "total",
        "stat_kind": "total",
        "kind": "total",
        "cards": ["5S", "6H", "10C", "JC", "JD"],
        "points": 2,
        "reason": "over",
        "hand": ["5S", "6H", "10C", "JC"],
        "starter": "JD",
        "crib": False,
        "answer": "10",
        "claimed": 10,
        "actual": 8,
    }


def test_review_filters(store: StatsStore) -> None:
    nobs = store.review_items(kind="nobs")
    assert [(i.stat_kind, [str(c) for c in i.cards]) for i in nobs] == [("nobs", ["JD", "5D"])]
    fifteens = store.review_items(kind="fifteen", limit=None)  # a category: every fifteen kind
    assert {i.stat_kind for i in fifteens} == {"fifteen-2", "fifteen-3"}
    assert len(fifteens) == store.review_total(kind="fifteen") == 10
    # The warm-up was answered in totals: its two wrong ones are its whole list.
    warm = store.review_items(drill="warm-up")
    assert [(i.role, i.claimed, i.actual) for i in warm] == [("total", 10, 8), ("total", 5, 9)]
    totals = store.review_items(kind="total")
    assert [(i.drill_id, i.points) for i in totals] == [
        ("blitz", 2),
        ("warm-up", 2),
        ("warm-up", 4),
    ]
    assert store.review_total(kind="total", drill="blitz") == 1
    assert store.review_total(kind="total", drill="count-aloud") == 0
    # "pair" is the stat kind (a plain pair), not every pair: the 29's are a double pair royal.
    assert store.review_total(kind="pair", drill="count-aloud") == 0
    assert len(store.review_items(drill="count-aloud", limit=3)) == 3
    assert store.review_total(kind="double-pair-royal", drill="count-aloud") == 6
    counts = store.review_counts()
    assert counts.total == 20
    assert counts.by_kind["total"] == 3
    assert counts.by_drill == {"blitz": 1, "count-aloud": 17, "warm-up": 2}


def test_report_json_shape(store: StatsStore) -> None:
    data = store.report().to_dict()
    assert data["attempts"] == 18
    assert {d["drill"]: d["attempts"] for d in data["drills"]} == {
        "blitz": 8,
        "count-aloud": 3,
        "warm-up": 7,
    }
    warm = next(d for d in data["drills"] if d["drill"] == "warm-up")
    assert set(warm) == {
        "drill",
        "name",
        "attempts",
        "exact",
        "accuracy",
        "mean_error",
        "mugged_per_hand",
        "mean_seconds",
        "median_seconds",
        "best_streak",
        "best_blitz",
        "last_practised",
    }
    assert warm["last_practised"] == "2025-03-02T12:00:15.000000+00:00"
    assert data["kinds"][0] == {
        "kind": "fifteen-2",
        "present": 7,
        "missed": 5,
        "miss_rate": pytest.approx(5 / 7),
        "wrong": 1,
    }
    assert data["days"][0] == {
        "day": "2025-03-01",
        "attempts": 4,
        "exact": 2,
        "accuracy": 0.5,
        "mean_seconds": 8.0,
    }
    assert data["sessions"][0]["session"] == "warm-up-03011200"


def test_summaries_kept_with_each_answer_match_a_rebuild(store: StatsStore) -> None:
    from trainer.history.reading import rebuild_summaries

    def tables() -> dict[str, list[tuple[object, ...]]]:
        with store.guard("reading") as conn:
            return {
                t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in SUMMARY_TABLES
            }

    kept = tables()
    assert len(kept["sessions"]) == 5
    with store.transaction("rebuilding") as conn:
        rebuild_summaries(conn)
    assert tables() == kept


def test_quarter() -> None:
    from trainer.history.reading import quarter

    assert quarter("2025-03-01T12:44:59.999999+00:00") == "2025-03-01T12:30"
    assert quarter("2025-03-01T23:45:00.000000+00:00") == "2025-03-01T23:45"
