"""A discard drill's throws in the history: recorded with their loss (schema 8), counted in
the drill's figures, exported and imported with it, refused when it does not fit, and a
version-7 file upgraded to hold it."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from tests.factories import HAND_8, FakeClock, make_drill
from tests.history.test_store import as_version_7, one_answer, rows
from trainer.game.coach.discard_drill import appraise
from trainer.history import DB_NAME, StatsStore
from trainer.history.exchange import (
    ImportFormatError,
    export_records,
    import_records,
    read_export,
    rows_from_records,
    write_csv,
)
from trainer.history.reading import MIN_THROWS, DiscardReport, Throws
from trainer.judge.claims import ThrowAnswer, TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import DiscardQuestion
from trainer.quiz.session import QuizSession


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "data" / DB_NAME


def throws(picks: tuple[int, ...] = (0, 3), variant: str = "standard") -> list[Attempt]:
    """A discard drill's attempts: the throw in place ``pick`` (0: the best) of each deal."""
    clock = FakeClock()
    drill = make_drill(kind="discard", variant=variant, hands=len(picks), drill_id="keep")
    session = QuizSession(drill, random.Random(3), clock=clock, now=clock.now, appraise=appraise)
    made = []
    for pick in picks:
        q = session.next_question()
        assert isinstance(q, DiscardQuestion)
        clock.advance(5)
        attempt = session.answer(ThrowAnswer(q.throws[pick].throw))
        assert attempt is not None
        made.append(attempt)
    return made


def test_a_throw_is_recorded_with_its_loss(db: Path) -> None:
    best, worse = throws()
    with StatsStore(db) as store:
        store.record(best)
        store.record(worse)
        report = store.report("keep")
    stored = rows(db, "SELECT kind, hand, starter, crib, answer, outcome, missed_points, loss "
                  "FROM attempts ORDER BY id")  # fmt: skip
    assert [r["kind"] for r in stored] == ["discard", "discard"]
    assert stored[0]["loss"] == 0.0
    assert stored[0]["outcome"] == "exact"
    assert worse.loss is not None
    assert stored[1]["loss"] == pytest.approx(worse.loss, abs=1e-6)
    assert stored[1]["missed_points"] == max(1, round(worse.loss))
    assert stored[1]["starter"] is None
    assert stored[1]["hand"] == " ".join(str(c) for c in worse.cards)
    assert stored[1]["crib"] == int(worse.crib)
    assert report is not None


@pytest.mark.parametrize("variant", ["standard", "five-card"])
def test_export_and_import_carry_the_loss(db: Path, tmp_path: Path, variant: str) -> None:
    made = throws((0, 3, 1), variant)
    with StatsStore(":memory:") as old:
        for a in made:
            old.record(a)
        records = export_records(old)
    assert [r["loss"] for r in records] == [round(a.loss or 0.0, 6) for a in made]
    out = io.StringIO()
    write_csv(records, out)
    csv_file = tmp_path / "throws.csv"
    csv_file.write_text(out.getvalue(), encoding="utf-8")
    with StatsStore(db) as store:
        assert import_records(store, records) == (3, 0)
        assert import_records(store, read_export(csv_file).attempts) == (0, 3)
    assert [r["loss"] for r in rows(db, "SELECT loss FROM attempts ORDER BY at, id")] == [
        r["loss"] for r in records
    ]


def exported() -> dict[str, Any]:
    with StatsStore(":memory:") as old:
        old.record(throws((3,))[0])
        (record,) = export_records(old)
    return record


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"loss": None}, "loss: None is not the points a throw lost"),
        ({"loss": -1}, "loss: -1 is not the points a throw can lose"),
        ({"loss": 10**400}, "loss: a 401-digit number is not the points a throw can lose"),
        ({"loss": 1e400}, "loss: inf is not the points a throw can lose"),
        ({"loss": 75.5}, r"loss: 75.5 is not the points a throw can lose \(0 to 75\)"),
        ({"loss": "2"}, "loss: '2' is not a number"),
        ({"loss": 0.01}, r"outcome: 'under' does not fit a loss of 0.01 \(a throw made within"),
        ({"outcome": "exact"}, "outcome: 'exact' does not fit a loss"),
        ({"missed_points": 0}, "missed_points: 0 is not"),
        ({"claimed": 3}, "claimed: 3 is not 0"),
        ({"starter": "5H"}, "a discard has no starter"),
        ({"answer": {"type": "throw", "cards": ["5H"]}}, "is not a throw of 2 cards"),
        ({"answer": {"type": "total", "points": 4}}, "is not an answer to a discard question"),
        ({"kind": "hand"}, "is not a hand of standard"),
    ],
    ids=[
        "no-loss",
        "negative",
        "400-digits",
        "past-floats",
        "past-any-throw",
        "text",
        "under-within-exact",
        "exact-with-a-loss",
        "missed",
        "claimed",
        "starter",
        "one-card",
        "a-count",
        "as-a-hand",
    ],
)
def test_an_import_refuses_a_throw_that_does_not_fit(change: dict[str, Any], problem: str) -> None:
    record = exported()
    assert record["outcome"] == "under"
    with pytest.raises(ImportFormatError, match=problem):
        rows_from_records([{**record, **change}])


def test_a_loss_is_refused_on_a_count() -> None:
    with StatsStore(":memory:") as old:
        old.record(one_answer(TotalClaim(8), HAND_8))
        (record,) = export_records(old)
    with pytest.raises(ImportFormatError, match=r"loss: 1\.5 is given for a hand question"):
        rows_from_records([{**record, "loss": 1.5}])


def test_a_version_7_file_is_upgraded_to_hold_losses(db: Path) -> None:
    with StatsStore(db) as store:
        store.record(one_answer(TotalClaim(8), HAND_8))
    as_version_7(db)
    (worse,) = throws((3,))
    with StatsStore(db) as store:
        store.record(worse)
    losses = [r["loss"] for r in rows(db, "SELECT loss FROM attempts ORDER BY id")]
    assert losses[0] is None
    assert losses[1] == pytest.approx(worse.loss, abs=1e-6)


def test_the_discard_report_splits_the_throws_by_whose_crib(db: Path) -> None:
    made = throws((0, 3, 1, 5, 2, 0, 4, 1, 0, 6, 2, 3))
    with StatsStore(db) as store:
        for a in made:
            store.record(a)
        report = store.discard_report()
        assert store.discard_report("keep") == report
        assert store.discard_report("warm-up").overall.throws == 0
    own = [a for a in made if a.crib]
    theirs = [a for a in made if not a.crib]
    assert report.own.throws == len(own)
    assert report.theirs.throws == len(theirs)
    assert report.overall.best == sum(a.exact for a in made)
    assert report.own.lost == pytest.approx(sum(a.loss or 0 for a in own), abs=1e-5)
    assert report.theirs.lost_per_hand == pytest.approx(
        sum(a.loss or 0 for a in theirs) / len(theirs), abs=1e-5
    )
    data = report.to_dict()
    assert data["throws"] == len(made)
    assert data["own_crib"]["throws"] == len(own)
    enough = min(len(own), len(theirs)) >= MIN_THROWS
    worse = (
        "own" if (report.own.lost_per_hand or 0) > (report.theirs.lost_per_hand or 0) else "theirs"
    )
    assert report.weak_spot == (worse if enough else None)


def test_no_throws_no_weak_spot() -> None:
    report = DiscardReport(Throws(10, 4, 3.0), Throws(4, 1, 9.0))
    assert report.weak_spot is None  # four throws to their crib are too few
    assert DiscardReport(Throws(5, 4, 3.0), Throws(5, 1, 9.0)).weak_spot == "theirs"
    assert DiscardReport().to_dict()["lost_per_hand"] is None
