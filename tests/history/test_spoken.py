"""Counts said aloud in the history: their speed kept in the stored answer, read back as a
line of the stats, and carried through an export and an import."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

from tests.history.known import drill
from trainer.history import StatsStore
from trainer.history.exchange import ImportFormatError, export_records, rows_from_records
from trainer.history.reading import SpokenSpeed
from trainer.judge.claims import TotalClaim
from trainer.quiz.attempt import SpokenTimes
from trainer.quiz.session import QuizSession


def answered(store: StatsStore, n: int, *, spoken: SpokenTimes | None, right: bool) -> None:
    session = QuizSession(drill("warm-up"), random.Random(n), session_id=f"s{n}")
    question = session.next_question()
    assert question is not None
    total = question.breakdown.total  # type: ignore[union-attr]
    attempt = session.answer(TotalClaim(total if right else total + 1), spoken=spoken)
    assert attempt is not None
    store.record(attempt)


def test_spoken_counts_are_read_as_a_line_of_speed_and_accuracy() -> None:
    with StatsStore(":memory:") as store:
        assert store.spoken_speed().line() == ""
        answered(store, 1, spoken=SpokenTimes(0.4, 3.0), right=True)
        answered(store, 2, spoken=SpokenTimes(0.6, 5.0), right=False)
        answered(store, 3, spoken=None, right=True)  # typed: not a spoken count
        speed = store.spoken_speed()
        assert (speed.counts, speed.exact) == (2, 1)
        assert speed.line() == (
            "Counted aloud: 2 hands, 50% exact, 4.0 s a count (first word after 0.5 s)"
        )
        assert store.spoken_speed("nowhere").counts == 0


def test_the_speed_goes_through_an_export_and_is_checked_on_import() -> None:
    with StatsStore(":memory:") as store:
        answered(store, 1, spoken=SpokenTimes(0.4, 3.0), right=True)
        records: list[dict[str, Any]] = json.loads(json.dumps(export_records(store)))
    assert records[0]["answer"]["spoken"] == {"first_word": 0.4, "end": 3.0}
    assert len(rows_from_records(records)) == 1
    spoiled = {**records[0], "answer": {**records[0]["answer"], "spoken": {"end": -1}}}
    with pytest.raises(ImportFormatError, match="answer: spoken: first_word is missing"):
        rows_from_records([spoiled])
    spoiled["answer"]["spoken"] = {"first_word": 0.1, "end": "soon"}
    with pytest.raises(ImportFormatError, match="answer: spoken: end: 'soon' is not a number"):
        rows_from_records([spoiled])
    assert replace(SpokenTimes(0.1, 2.0), end=3.0).to_data() == {"first_word": 0.1, "end": 3.0}


def test_the_line_says_how_many_counts_were_said_at_the_table() -> None:
    assert SpokenSpeed(3, 2, 0.5, 4.0, table=1).line() == (
        "Counted aloud: 3 hands (1 at the table), 67% exact, 4.0 s a count (first word after 0.5 s)"
    )
    assert (
        SpokenSpeed(1, 1, 0.5, 4.0, table=1)
        .line()
        .startswith("Counted aloud: 1 hand (all at the table), 100% exact")
    )
