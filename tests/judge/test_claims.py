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
    shape_problem,
)
from trainer.rules.cards import parse_cards
from trainer.rules.combos import Kind

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


def test_a_call_past_what_the_hand_size_scores_names_that_most() -> None:
    """A drill of four-card hands says 29, not the 46 of five-card hands."""
    assert parse_catch_answer("29", 4) == CatchAnswer(call=29)
    with pytest.raises(ClaimError) as caught:
        parse_catch_answer("30", 4)
    assert str(caught.value) == "30 is not a possible count: a 4-card hand scores at most 29"
    with pytest.raises(ClaimError, match="no show scores more than 46"):
        parse_catch_answer("47", 5)


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


@pytest.mark.parametrize(
    ("kind", "cards", "problem"),
    [
        ("run", "5H 6C", "a run is three ranks or more in a row; these cards have two ranks"),
        ("run", "5H 5C 6D", "a run is three ranks or more in a row; these cards have two ranks"),
        ("run", "5H", "a run is three ranks or more in a row; these cards have one rank"),
        ("fifteen", "5H", "a fifteen is two cards or more"),
        ("pair", "5H", "a pair is two cards of one rank (three: a pair royal, four: a "
                       "double pair royal)"),
        ("pair", "5H 5C 5D 5S 6H", "a pair is two cards of one rank (three: a pair royal, "
                                   "four: a double pair royal)"),
        ("flush", "2H 5H 9H", "a flush is every card of the hand (4), and the starter if it "
                              "matches"),
        ("nobs", "JH 5H 6H", "nobs is one jack: the jack of the starter's suit"),
    ],
)  # fmt: skip
def test_cards_that_are_never_the_kind_named(kind: Kind, cards: str, problem: str) -> None:
    assert shape_problem(kind, parse_cards(cards), 4) == problem


@pytest.mark.parametrize(
    ("kind", "cards"),
    [
        ("run", "5H 6C 8D"),  # a gap: a mistake the judge judges, never refused
        ("run", "5H 5C 6D 7S"),
        ("pair", "JH QD"),  # a "pair" of ten-cards: judged
        ("fifteen", "5H 9C"),
        ("flush", "2H 5H 9H KH"),
        ("flush", "2H 5H 9H KH 3H"),
        ("nobs", "JH"),
        ("nobs", "5H"),
    ],
)
def test_cards_that_could_be_the_kind_are_left_to_the_judge(kind: Kind, cards: str) -> None:
    assert shape_problem(kind, parse_cards(cards), 4) is None
