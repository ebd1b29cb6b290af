"""A wrong total is recorded against its hand: in the review list, the re-drill schedule and
the export, as the whole show with the points it was off, and never in the per-kind figures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.factories import CRIB_5, HAND_8, HAND_9_FLUSH, HAND_29
from tests.history.known import answered, build_history, item, show
from trainer.history import StatsStore
from trainer.history.exchange import export_records, import_records, rows_from_records
from trainer.history.file import ATTEMPT_COLUMNS, ComboRow
from trainer.history.reading import StoredCombo, rebuild_summaries
from trainer.judge.claims import AnnounceClaim, TotalClaim
from trainer.rules.cards import parse_cards

T0 = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / "muggins.sqlite3") as s:
        yield s


def whole(cards: str, points: int, reason: str) -> StoredCombo:
    return StoredCombo("total", "total", "total", tuple(parse_cards(cards)), points, reason)


@pytest.mark.parametrize(
    ("cards", "crib", "claim", "stored"),
    [
        pytest.param(HAND_8, False, 6, [whole("5S 6H 10C JC JD", 2, "under")], id="under"),
        pytest.param(HAND_8, False, 12, [whole("5S 6H 10C JC JD", 4, "over")], id="over"),
        pytest.param(CRIB_5, True, 3, [whole("AS 2H 3D 7C JH", 2, "under")], id="crib"),
        pytest.param(HAND_29, False, 28, [whole("5H 5C 5S JD 5D", 1, "under")], id="one-short"),
        pytest.param(HAND_8, False, 8, [], id="exact"),
    ],
)
def test_a_wrong_total_keeps_its_whole_show(
    store: StatsStore,
    cards: tuple[str, str],
    crib: bool,
    claim: int,
    stored: list[StoredCombo],
) -> None:
    attempt_id = store.record(answered(show(cards, crib=crib), TotalClaim(claim)))
    assert store.attempt_combos(attempt_id) == stored
    items = store.review_items()
    assert [(i.role, i.cards, i.points, i.reason) for i in items] == [
        (c.role, c.cards, c.points, c.reason) for c in stored
    ]
    for i in items:
        assert (i.claimed, i.itemised, i.crib) == (claim, False, crib)
        assert i.hand == tuple(parse_cards(cards[0]))


def test_said_nineteen_for_a_scoring_hand(store: StatsStore) -> None:
    """ "Nineteen" is a claim of nothing: two missed on a hand of 2."""
    attempt_id = store.record(answered(show(("AS 3D 6H 8C", "KD")), TotalClaim(19)))
    assert store.attempt_combos(attempt_id) == [whole("AS 3D 6H 8C KD", 2, "under")]
    [row] = store.review_items()
    assert (row.answer_text, row.claimed, row.actual) == ("nineteen", 0, 2)
    assert row.said() == "you said 0, it is 2 (2 missed)"


def test_itemised_answers_keep_combinations_not_a_total(store: StatsStore) -> None:
    announced = AnnounceClaim((item("fifteen", "5S 10C"), item("pair", "JC JD")))
    store.record(answered(show(HAND_8), announced, drill_id="count-aloud"))
    store.record(answered(show(HAND_9_FLUSH), None, drill_id="count-aloud", session_id="t"))
    roles = {i.role for i in store.review_items(limit=None)}
    assert roles == {"missed"}
    assert store.review_total(kind="total") == 0


def test_per_kind_figures_count_only_itemised_answers(store: StatsStore, tmp_path: Path) -> None:
    """The known history holds three wrong totals; its figures by kind are those of its
    itemised answers (the count-aloud drill's) alone, kept with each answer and rebuilt
    alike."""
    history = build_history(store)
    with StatsStore(tmp_path / "itemised-only.sqlite3") as other:
        for attempt in history.attempts:
            if attempt.drill.id == "count-aloud":
                other.record(attempt)
        kinds = store.report().kinds
        assert kinds == other.report().kinds
    assert store.progress(T0).kinds == kinds
    assert "total" not in {k.kind for k in kinds}
    assert store.report().itemised == 3
    with store.transaction("rebuilding") as conn:
        kept = conn.execute("SELECT * FROM kind_totals ORDER BY 1, 2").fetchall()
        assert "total" not in {r[1] for r in kept}
        rebuild_summaries(conn)
        assert conn.execute("SELECT * FROM kind_totals ORDER BY 1, 2").fetchall() == kept


def test_a_wrong_total_is_due_like_a_missed_hand(store: StatsStore) -> None:
    """The same miss, in a total or in an announcement that leaves out a fifteen, puts its
    hand on the same schedule; a right answer puts none there."""
    store.record(answered(show(HAND_8), TotalClaim(6)))
    store.record(answered(show(CRIB_5, crib=True), TotalClaim(5), session_id="t"))
    other = ("5S 6D 10H JH", "JS")  # HAND_8 in other suits: the same count of 8
    announced = AnnounceClaim(
        (item("fifteen", "5S 10H"), item("fifteen", "5S JH"), item("pair", "JH JS"))
    )
    store.record(answered(show(other), announced, drill_id="count-aloud", session_id="u"))
    scheduled = {d.key: (d.due, d.reviews, d.lapses) for d in store.scheduled()}
    soon = (T0 + timedelta(minutes=1), 1, 1)
    assert scheduled == {"hand:5S 6H 10C JC|JD": soon, "hand:5S 6D 10H JH|JS": soon}
    assert store.due_count(T0) == 0
    assert store.due_count(T0 + timedelta(minutes=1)) == 2


def test_export_and_import_keep_the_totals(store: StatsStore, tmp_path: Path) -> None:
    build_history(store)
    records = export_records(store)
    totals = [
        (r["claimed"], r["actual"], c) for r in records for c in r["combos"] if c["role"] == "total"
    ]
    assert totals == [
        (
            5,
            9,
            {
                "role": "total",
                "stat_kind": "total",
                "kind": "total",
                "cards": "9D 10D QD KD JS",
                "points": 4,
                "reason": "under",
            },
        ),
        (10, 8, {**totals[0][2], "cards": "5S 6H 10C JC JD", "points": 2, "reason": "over"}),
        (3, 5, {**totals[0][2], "cards": "AS 2H 3D 7C JH", "points": 2, "reason": "under"}),
    ]
    with StatsStore(tmp_path / "copy.sqlite3") as copy:
        assert import_records(copy, records) == (18, 0)
        assert export_records(copy) == records
        assert copy.review_counts() == store.review_counts()


def test_an_export_without_totals_gets_them_from_its_answers(
    store: StatsStore, tmp_path: Path
) -> None:
    """An export of version 2 had no total rows: they are made from each answer's fields,
    and a total row that does not fit its answer is made again from the answer."""
    build_history(store)
    records = json.loads(json.dumps(export_records(store)))
    for record in records:
        record["combos"] = [c for c in record["combos"] if c["role"] != "total"]
    wrong = next(r for r in records if r["claimed"] == 10)
    wrong["combos"] = [  # hand-edited: not what the answer says
        {"role": "total", "stat_kind": "x", "kind": "x", "cards": "AS", "points": 9}
    ]
    rows = rows_from_records(records)
    assert rows[3].attempt[ATTEMPT_COLUMNS.index("claimed")] == 10
    assert rows[3].combos == [ComboRow("total", "total", "total", "5S 6H 10C JC JD", 2, "over")]
    with StatsStore(tmp_path / "copy.sqlite3") as copy:
        import_records(copy, records)
        assert export_records(copy) == export_records(store)
