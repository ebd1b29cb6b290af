"""Where a wrong total's difference may lie, and how a second try is told."""

from __future__ import annotations

import pytest

from tests.factories import show
from trainer.judge.claims import TotalClaim
from trainer.judge.difference import difference_hint, missed_candidates, second_try_words
from trainer.judge.verdict import judge


@pytest.mark.parametrize(
    ("text", "claimed", "hint"),
    [
        # Fifteen two, fifteen four, and a pair is six, and a run of three is nine, nobs ten.
        ("6H 6C 9S JD 10D", 8, "You said 8, it is 10: did you miss a fifteen or a pair?"),
        ("6H 6C 9S JD 10D", 9, "You said 9, it is 10: did you miss nobs?"),
        ("6H 6C 9S JD 10D", 7, "You said 7, it is 10: did you miss a run of three?"),
        # Two groups together when no one group makes the difference.
        (
            "6H 6C 9S JD 10D",
            5,
            "You said 5, it is 10: did you miss a fifteen and a run of three "
            "or a pair and a run of three?",
        ),
        (
            "6H 6C 9S JD 10D",
            6,
            "You said 6, it is 10: did you miss two fifteens, a fifteen and a pair "
            "or a run of three and nobs?",
        ),
        ("3H 4S 4D 5C KH", 2, "You said 2, it is 10: did you miss a double run of three?"),
        # The pair of a double run is missed on its own as often as a fifteen.
        ("3C 6H 8H 8C 7H", 10, "You said 10, it is 12: did you miss a fifteen or a pair?"),
        ("3C 6H 8H 8C 7H", 9, "You said 9, it is 12: did you miss a run of three?"),
        ("5H 5C 5S KD 2H", 8, "You said 8, it is 14: did you miss a pair royal?"),
        ("2H 4H 6H 8H 10S", 0, "You said 0, it is 4: did you miss the flush of four?"),
        ("6H 6C 9S JD 10D", 12, "You said 12, it is 10: did you count a fifteen or a pair twice?"),
        (
            "2H 4C 6S 8D 10H",
            2,
            "You said 2, it is 0: 2 too many. "
            "Is there a combination you counted that is not there?",
        ),
    ],
)
def test_the_difference_is_named_by_the_groups_that_make_it(
    text: str, claimed: int, hint: str
) -> None:
    assert difference_hint(show(text), claimed) == hint


def test_no_hint_when_right_or_when_nothing_makes_the_difference() -> None:
    b = show("6H 6C 9S JD 10D")
    assert difference_hint(b, 10) is None
    assert missed_candidates(b, 8) == []
    assert difference_hint(b, 2) is None


def test_a_wrong_total_verdict_carries_the_hint_and_an_announcement_none() -> None:
    b = show("6H 6C 9S JD 10D")
    assert judge(TotalClaim(9), b, "acc").difference() == (
        "You said 9, it is 10: did you miss nobs?"
    )
    assert judge(TotalClaim(10), b, "acc").difference() is None
    assert judge(None, b, "acc").difference() is None


def test_second_try_words() -> None:
    assert second_try_words(10, 10).startswith("Second try: 10, right.")
    assert second_try_words(10, 9) == "Second try: 9, still not it."
    assert second_try_words(10, None) == "No second try."
