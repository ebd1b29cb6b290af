"""His heels in the drills: the nobs drill's question when a jack is turned, and the
reveal's line on it with the likely slip."""

from __future__ import annotations

import pytest

from tests.factories import make_drill
from trainer.drills.loader import builtin_drills_dir, load_drill
from trainer.judge.claims import TotalClaim
from trainer.judge.verdict import judge
from trainer.quiz.heels import HEELS_NOTE, drills_jacks, heels_note, heels_prompt
from trainer.quiz.questions import ShowQuestion, make_question, question_from_cards
from trainer.rules.cards import parse_cards

NOBS = load_drill(builtin_drills_dir() / "nobs.yaml", builtin=True)


def question(text: str, *, crib: bool = False) -> ShowQuestion:
    *hand, starter = parse_cards(text)
    return question_from_cards(1, hand, starter, crib=crib)


def test_the_nobs_drill_is_about_jacks_and_the_warm_up_is_not() -> None:
    assert drills_jacks(NOBS)
    assert drills_jacks(make_drill({"deal": {"require": ["jack-starter"]}}))
    assert drills_jacks(make_drill({"deal": {"mix": {"nobs": 0.5}}}))
    assert not drills_jacks(make_drill({"deal": {"require": ["pair"]}}))
    assert not drills_jacks(make_drill())


def test_the_nobs_drill_asks_about_a_turned_jack() -> None:
    hand = question("2S 4C 6D 8H JS")
    crib = question("2S 4C 6D 8H JS", crib=True)
    assert heels_prompt(NOBS, hand) == (
        "A jack was turned: his heels, 2 for the dealer at the cut. What does the hand score?"
    )
    assert heels_prompt(NOBS, crib) == (
        "You dealt and turned a jack: his heels, 2 for you at the cut. What does the crib score?"
    )
    # No jack turned, or a drill not about jacks: no hint.
    assert heels_prompt(NOBS, question("2S 4C 6D JH 8H")) == ""
    assert heels_prompt(make_drill(), hand) == ""


def test_the_nobs_drill_deals_jack_starters_with_their_prompt() -> None:
    asked = [make_question(NOBS, n, seed) for n, seed in enumerate(range(60), start=1)]
    turned = [q for q in asked if isinstance(q, ShowQuestion) and q.deal.starter.rank == 11]
    assert len(turned) >= 6
    assert all(heels_prompt(NOBS, q) for q in turned)
    assert any(q.deal.crib for q in turned)


@pytest.mark.parametrize(
    ("over", "tail"),
    [
        (0, ""),
        (2, " You said 2 too many: was it his heels?"),
        (1, " Nor is it nobs: nobs is a jack in the hand of the starter's suit."),
        (-2, ""),
    ],
)
def test_the_reveal_names_his_heels_and_the_likely_slip(over: int, tail: str) -> None:
    q = question("2S 5C 7D 8H JS")
    assert q.actual == 6  # fifteens 5-J, 7-8 and 2-5-8; the jack turned is no part of it
    verdict = judge(TotalClaim(q.actual + over), q.breakdown, "acc")
    assert heels_note(q, verdict) == HEELS_NOTE + tail


def test_no_heels_line_without_a_jack_turned_and_a_plain_one_on_a_time_out() -> None:
    q = question("2S 4C 6D JH 8H")
    assert heels_note(q, judge(TotalClaim(q.actual + 2), q.breakdown, "acc")) == ""
    turned = question("2S 4C 6D 8H JS")
    assert heels_note(turned, judge(None, turned.breakdown, "acc")) == HEELS_NOTE
    assert HEELS_NOTE == (
        "His heels: the jack turned up pegs 2 for the dealer; it is not part of the count."
    )
