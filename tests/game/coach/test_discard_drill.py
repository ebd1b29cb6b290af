"""The discard drill: dealing, judging a throw against the exact advice, the session's
attempts and summary, and the drill file's fields (no Textual)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.factories import FakeClock, make_drill
from trainer.drills.discards import deal_discard
from trainer.drills.model import DrillError
from trainer.game.coach.discard import discard_advice
from trainer.game.coach.discard_drill import appraise, game_of
from trainer.judge.claims import (
    ClaimError,
    ThrowAnswer,
    TotalClaim,
    answer_from_data,
    answer_text,
    answer_to_data,
)
from trainer.judge.discard import EXACT_WITHIN, ValuedThrow, judge_discard
from trainer.quiz.questions import DiscardQuestion, make_question
from trainer.quiz.session import QuizSession
from trainer.rules.cards import parse_cards


def throw(cards: str, net: float) -> ValuedThrow:
    return ValuedThrow((), tuple(parse_cards(cards)), net, 0.0, net)


THROWS = (throw("5H 5D", 10.0), throw("5H KS", 9.97), throw("KS QS", 7.5), throw("5D KS", 3.0))


@pytest.mark.parametrize(
    ("cards", "loss", "outcome", "missed"),
    [
        pytest.param("5H 5D", 0.0, "exact", 0, id="the-best"),
        pytest.param("KS 5H", 0.03, "exact", 0, id="within-0.05-any-order"),
        pytest.param("QS KS", 2.5, "under", 2, id="a-worse-throw"),
        pytest.param("5D KS", 7.0, "under", 7, id="the-worst"),
    ],
)
def test_a_throw_is_judged_by_its_loss(cards: str, loss: float, outcome: str, missed: int) -> None:
    verdict = judge_discard(ThrowAnswer(tuple(parse_cards(cards))), THROWS)
    assert verdict.loss == pytest.approx(loss)
    assert verdict.outcome == outcome
    assert verdict.missed_points == missed
    assert verdict.best.throw == THROWS[0].throw


def test_the_best_throw_is_called_the_best_as_the_coach_says_it() -> None:
    best = judge_discard(ThrowAnswer(tuple(parse_cards("5H 5D"))), THROWS)
    assert best.summary() == "You threw 5H 5D, net 10.00: the best throw."
    near = judge_discard(ThrowAnswer(tuple(parse_cards("KS 5H"))), THROWS)
    assert near.summary() == (
        "You threw 5H KS, net 9.97: as good as the best (5H 5D, net 10.00: within 0.05)."
    )
    worse = judge_discard(ThrowAnswer(tuple(parse_cards("QS KS"))), THROWS)
    assert worse.summary() == "You threw KS QS, net 7.50; best 5H 5D, net 10.00: -2.50 a hand."
    shown = "You threw K♠ Q♠, net 7.50; best 5♥ 5♦, net 10.00: -2.50 a hand."
    assert worse.summary(symbols=True) == shown  # as the reveal draws the cards


def test_exact_is_within_five_hundredths() -> None:
    assert EXACT_WITHIN == 0.05
    edge = (throw("5H 5D", 10.0), throw("KS QS", 9.94))
    verdict = judge_discard(ThrowAnswer(edge[1].throw), edge)
    assert verdict.outcome == "under"
    assert verdict.missed_points == 1  # a throw not the best counts at least a point


def test_a_time_out_is_judged_as_the_worst_throw() -> None:
    verdict = judge_discard(None, THROWS)
    assert verdict.loss == pytest.approx(7.0)
    assert verdict.outcome == "under"
    assert "Time!" in verdict.summary()


@pytest.mark.parametrize("cards", ["5H", "5H 5D KS", "AS 2S"], ids=["one", "three", "not-dealt"])
def test_a_throw_not_among_the_throws_is_refused(cards: str) -> None:
    with pytest.raises(ClaimError, match="throw 2 of your dealt cards"):
        judge_discard(ThrowAnswer(tuple(parse_cards(cards))), THROWS)


def test_a_throw_is_stored_and_read_back() -> None:
    answer = ThrowAnswer(tuple(parse_cards("5H JD")))
    data = answer_to_data(answer)
    assert data == {"type": "throw", "cards": ["5H", "JD"]}
    assert answer_from_data(data) == answer
    assert answer_text(answer) == "threw 5H JD"


@pytest.mark.parametrize(("variant", "dealt"), [("standard", 6), ("five-card", 5)])
def test_the_deal_repeats_from_its_seed(variant: str, dealt: int) -> None:
    first = deal_discard(1234, dealt)
    assert first == deal_discard(1234, dealt)
    assert len(set(first.dealt)) == dealt
    drill = make_drill(kind="discard", variant=variant)
    q = make_question(drill, 1, 1234, appraise=appraise)
    assert isinstance(q, DiscardQuestion)
    assert q.deal == first
    assert q.thrown == 2


def test_the_values_are_the_coachs_advice() -> None:
    deal = deal_discard(99, 6)
    advice = discard_advice(deal.dealt, game_of("standard"), own_crib=deal.own_crib)
    values = appraise(deal, "standard")
    assert [(v.keep, v.throw, v.net) for v in values] == [(a.keep, a.throw, a.net) for a in advice]
    assert values[0].net == max(v.net for v in values)


def test_a_discard_drill_needs_the_advice() -> None:
    with pytest.raises(ValueError, match="needs the discard advice"):
        make_question(make_drill(kind="discard"), 1, 5)


@pytest.mark.parametrize("variant", ["standard", "five-card", "three-player", "four-player-five"])
def test_a_session_judges_throws_and_sums_the_loss(variant: str) -> None:
    clock = FakeClock()
    drill = make_drill(kind="discard", variant=variant, hands=3)
    session = QuizSession(drill, random.Random(7), clock=clock, now=clock.now, appraise=appraise)
    losses = []
    for pick in (0, 1, -1):
        q = session.next_question()
        assert isinstance(q, DiscardQuestion)
        clock.advance(4)
        attempt = session.answer(ThrowAnswer(q.throws[pick].throw))
        assert attempt is not None
        assert attempt.kind == "discard"
        assert attempt.cards == q.deal.dealt
        assert attempt.crib == q.deal.own_crib
        assert attempt.starter is None
        losses.append(attempt.loss)
    assert session.next_question() is None
    assert losses[0] == 0.0
    summary = session.summary()
    assert summary.hands == 3
    assert summary.exact >= 1
    assert summary.points_lost == pytest.approx(sum(x for x in losses if x is not None))


def test_a_count_answer_is_refused_in_a_discard_drill() -> None:
    session = QuizSession(make_drill(kind="discard"), random.Random(1), appraise=appraise)
    session.next_question()
    with pytest.raises(ClaimError, match="the cards you throw"):
        session.answer(TotalClaim(4))


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"deal": {"score": 12}}, "discard drills take no deal constraints"),
        ({"focus": "weak-spots"}, "not for discard drills"),
        ({"claim": "announce"}, "answered with a throw"),
        ({"second_try": True}, "a second try is for counts"),
        ({"crib_share": 0.5}, "only applies to mixed and catch"),
    ],
    ids=["deal", "focus", "announce", "second-try", "crib-share"],
)
def test_a_discard_drill_refuses_count_fields(fields: dict[str, Any], problem: str) -> None:
    with pytest.raises(DrillError, match=problem):
        make_drill({"kind": "discard", **fields})
