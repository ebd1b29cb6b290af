"""What a player answers: typed counts and replies, claimed combinations, the stored form."""

from __future__ import annotations

from typing import Any

import pytest

from trainer.judge.claims import (
    AnnounceClaim,
    Answer,
    CatchAnswer,
    ClaimedItem,
    ClaimError,
    TotalClaim,
    answer_from_data,
    answer_text,
    answer_to_data,
    parse_catch_answer,
    parse_total_claim,
)
from trainer.rules.cards import parse_cards

# ---------------------------------------------------------------- parsing a typed count


@pytest.mark.parametrize(
    ("text", "points"),
    [("12", 12), (" 7 ", 7), ("0", 0), ("46", 46), ("19", 19), ("007", 7)],
)
def test_parse_total_claim(text: str, points: int) -> None:
    assert parse_total_claim(text, nineteen=False) == points


def test_parse_nineteen_word_only_when_allowed() -> None:
    assert parse_total_claim(" Nineteen ", nineteen=True) == 19
    with pytest.raises(ClaimError, match="'nineteen'"):
        parse_total_claim("nineteen", nineteen=False)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("", "'' is not a count", id="empty"),
        pytest.param("   ", "'   ' is not a count", id="blank"),
        pytest.param("ten", "'ten' is not a count", id="word"),
        pytest.param("-3", "'-3' is not a count", id="negative"),
        pytest.param("1.5", "'1.5' is not a count", id="fraction"),
        pytest.param("+5", "'\\+5' is not a count", id="plus-sign"),
        pytest.param("99", "99 is not a possible count", id="too-high"),
        pytest.param("47", "47 is not a possible count", id="just-too-high"),
    ],
)
def test_parse_total_claim_errors(text: str, message: str) -> None:
    with pytest.raises(ClaimError, match=message):
        parse_total_claim(text, nineteen=True)


@pytest.mark.parametrize("points", [-1, 47, True, "9"])
def test_total_claim_is_checked(points: Any) -> None:
    with pytest.raises(ClaimError):
        TotalClaim(points)


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("a", CatchAnswer()),
        (" A ", CatchAnswer()),
        ("t", CatchAnswer(too_many=True)),
        ("3", CatchAnswer(call=3)),
        ("12", CatchAnswer(call=12)),
    ],
)
def test_parse_catch_answer(text: str, answer: CatchAnswer) -> None:
    assert parse_catch_answer(text) == answer


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a to accept, t for too many, or the points they missed"),
        ("0", "muggins is called for at least 1 point"),
        ("x", "'x' is not a count"),
        ("99", "99 is not a possible count"),
    ],
)
def test_parse_catch_answer_errors(text: str, message: str) -> None:
    with pytest.raises(ClaimError, match=message):
        parse_catch_answer(text)


ANSWERS: list[Answer] = [
    None,
    TotalClaim(12),
    AnnounceClaim(()),
    AnnounceClaim(
        (
            ClaimedItem("fifteen", parse_cards("5S 10C")),
            ClaimedItem("pair", parse_cards("JD JC"), 3),
        )
    ),
    CatchAnswer(),
    CatchAnswer(call=4),
    CatchAnswer(too_many=True),
]


@pytest.mark.parametrize(
    # The ids in words, not reprs: a set's repr varies with the hash seed, and parallel
    # workers (pytest-xdist) must collect the same ids.
    "answer",
    ANSWERS,
    ids=["none" if a is None else answer_text(a) for a in ANSWERS],
)
def test_stored_form_round_trips(answer: Answer) -> None:
    assert answer_from_data(answer_to_data(answer)) == answer


def test_stored_form_of_an_announcement() -> None:
    claim = AnnounceClaim((ClaimedItem("pair", parse_cards("JC JD"), 3),))
    assert answer_to_data(claim) == {
        "type": "announce",
        "items": [{"kind": "pair", "cards": ["JD", "JC"], "points": 3}],
    }


@pytest.mark.parametrize(
    "data", [{"type": "total"}, {"type": "mystery"}, {"type": "announce", "items": [{}]}]
)
def test_stored_form_that_is_not_an_answer(data: dict[str, Any]) -> None:
    with pytest.raises(ClaimError, match="not a stored answer"):
        answer_from_data(data)


@pytest.mark.parametrize(
    ("answer", "nineteen", "text"),
    [
        (None, False, "(time out)"),
        (TotalClaim(19), True, "nineteen"),
        (TotalClaim(19), False, "19"),
        (AnnounceClaim(()), False, "(nothing)"),
        (CatchAnswer(call=2), False, "muggins for 2"),
        (CatchAnswer(too_many=True), False, "too many"),
    ],
)
def test_answer_text(answer: Answer, nineteen: bool, text: str) -> None:
    assert answer_text(answer, nineteen=nineteen) == text
