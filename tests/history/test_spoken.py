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


COUNT = "is not seconds of a count said aloud"
SPOKEN_SPOILS: list[tuple[str, Any, str]] = [
    ("end 400 digits", {"first_word": 0.4, "end": 10**400}, f"end: a 401-digit number {COUNT}"),
    ("first 400 digits", {"first_word": 10**400, "end": 3.0}, "first_word: a 401-digit number"),
    ("end past floats", {"first_word": 0.4, "end": 1e400}, f"end: inf {COUNT}, from its first"),
    ("end past a count", {"first_word": 0.4, "end": 60.5}, f"end: 60.5 {COUNT}, from its first"),
    ("first past a count", {"first_word": 61, "end": 61}, f"first_word: 61 {COUNT} (0 to 60)"),
    ("end before first", {"first_word": 3.0, "end": 2.5}, f"end: 2.5 {COUNT}, from its first"),
    ("negative", {"first_word": -0.1, "end": 2.0}, f"first_word: -0.1 {COUNT} (0 to 60)"),
    ("a flag", {"first_word": True, "end": 2.0}, "first_word: True is not a number"),
]


@pytest.mark.parametrize(
    ("times", "message"), [s[1:] for s in SPOKEN_SPOILS], ids=[s[0] for s in SPOKEN_SPOILS]
)
def test_an_import_holds_a_counts_speed_to_what_the_trainer_listens_to(
    times: dict[str, Any], message: str
) -> None:
    """A count is at most 60 s of audio (`trainer.voice.audio.MAX_SECONDS`), its end at or
    after its first word; a number of any size is refused by name, never converted."""
    with StatsStore(":memory:") as store:
        answered(store, 1, spoken=SpokenTimes(0.4, 3.0), right=True)
        (record,) = json.loads(json.dumps(export_records(store)))
    spoiled = {**record, "answer": {**record["answer"], "spoken": times}}
    with pytest.raises(ImportFormatError) as caught:
        rows_from_records([spoiled])
    assert str(caught.value).startswith("record 1: answer: spoken: ")
    assert message in str(caught.value)
    edge = {**record, "answer": {**record["answer"], "spoken": {"first_word": 60, "end": 60}}}
    assert len(rows_from_records([edge])) == 1  # the longest count listened to


def test_a_speed_is_kept_only_with_a_count_of_a_show() -> None:
    """Only a count of a hand or a crib is listened to: a card laid's total with a speed is
    no answer the trainer wrote."""
    with StatsStore(":memory:") as store:
        session = QuizSession(drill("pegging"), random.Random(7), session_id="p")
        assert session.next_question() is not None
        attempt = session.answer(TotalClaim(2))
        assert attempt is not None
        store.record(attempt)
        (record,) = json.loads(json.dumps(export_records(store)))
    fast = {"first_word": 0.4, "end": 3.0}
    spoiled = {**record, "answer": {**record["answer"], "spoken": fast}}
    with pytest.raises(ImportFormatError) as caught:
        rows_from_records([spoiled])
    assert str(caught.value) == (
        "record 1: answer: spoken: {'end': 3.0, 'first_word': 0.4} is kept only for a count, "
        "not a play answer"
    )


def test_the_line_says_how_many_counts_were_said_at_the_table() -> None:
    assert SpokenSpeed(3, 2, 0.5, 4.0, table=1).line() == (
        "Counted aloud: 3 hands (1 at the table), 67% exact, 4.0 s a count (first word after 0.5 s)"
    )
    assert (
        SpokenSpeed(1, 1, 0.5, 4.0, table=1)
        .line()
        .startswith("Counted aloud: 1 hand (all at the table), 100% exact")
    )
