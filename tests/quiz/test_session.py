"""QuizSession: dealing, timing and judging a drill, with a fake clock and fixed seeds."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.factories import FakeClock, catch_of, make_drill, verdict_of
from trainer.drills.loader import DrillEntry, builtin_drills_dir, load_all
from trainer.drills.model import DrillSet
from trainer.drills.plays import PlayDeal
from trainer.game.coach.discard_drill import appraise
from trainer.judge.claims import (
    AnnounceClaim,
    Answer,
    CatchAnswer,
    ClaimedItem,
    ClaimError,
    ThrowAnswer,
    TotalClaim,
)
from trainer.judge.play import PlayVerdict
from trainer.quiz.attempt import Attempt, summarise
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
    make_question,
)
from trainer.quiz.session import QuizSession

NOW = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)


class FixedSeeds(random.Random):
    """An rng whose ``getrandbits`` hands out the given question seeds, in order."""

    def __init__(self, *seeds: int) -> None:
        super().__init__(0)
        self._seeds = list(seeds)

    def getrandbits(self, k: int, /) -> int:
        return self._seeds.pop(0)


def make_session(
    drill: DrillSet, rng: random.Random | None = None, clock: FakeClock | None = None
) -> QuizSession:
    return QuizSession(
        drill,
        rng if rng is not None else random.Random(1),
        clock=clock if clock is not None else FakeClock(),
        now=lambda: NOW,
        appraise=appraise,
    )


def find_seed(drill: DrillSet, wanted: Callable[[Question], bool]) -> int:
    """The first seed whose question in ``drill`` has the wanted property."""
    for seed in range(20_000):
        if wanted(make_question(drill, 1, seed)):
            return seed
    raise AssertionError("no seed gives the wanted question")


def ask(drill: DrillSet, seed: int, answer: Answer, seconds: float = 3.0) -> Attempt:
    """Deal the question ``seed`` gives through a session and answer it after ``seconds``."""
    clock = FakeClock()
    session = make_session(drill, FixedSeeds(seed), clock)
    q = session.next_question()
    assert q is not None
    assert q.seed == seed
    clock.advance(seconds)
    attempt = session.answer(answer)
    assert attempt is not None
    return attempt


# ---------------------------------------------------------------- the question loop


def test_total_drill_loop_records_every_field() -> None:
    drill = make_drill(hands=3, muggins="hoyle", variant="standard")
    clock = FakeClock()
    session = make_session(drill, random.Random(7), clock)
    assert not session.finished
    asked: list[Question] = []
    for n, seconds in enumerate((1.5, 2.25, 4.0), start=1):
        q = session.next_question()
        assert q is not None
        assert q.number == n
        assert q.kind == "hand"
        assert session.next_question() is q  # still open: the same question again
        assert session.current is q
        asked.append(q)
        clock.advance(seconds)
        attempt = session.answer(TotalClaim(q.actual))
        assert attempt is not None
        assert session.current is None
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        assert attempt.drill.id == "test"
        assert attempt.drill.name == "Test drill"
        assert attempt.drill.variant == "standard"
        assert attempt.drill.muggins == "hoyle"
        assert attempt.kind == "hand"
        assert attempt.number == n
        assert attempt.question.seed == q.seed
        assert attempt.cards == q.deal.hand
        assert len(attempt.cards) == 4
        assert attempt.starter == q.deal.starter
        assert attempt.crib is False
        assert attempt.judgement.claimed == q.actual == q.breakdown.total
        assert attempt.judgement.actual == q.actual
        assert attempt.outcome == "exact"
        assert attempt.exact
        assert attempt.judgement.kept == q.actual
        assert attempt.judgement.opponent == 0
        assert attempt.seconds == seconds
        assert attempt.timed_out is False
        assert attempt.at == NOW
        assert attempt.answer == TotalClaim(q.actual)
        assert attempt.answer_text == str(q.actual)
        assert attempt.categories() == q.breakdown.category_totals()
        assert verdict_of(attempt) is not None
        assert verdict_of(attempt).exact
        assert session.finished == (n == 3)
    assert len(session.attempts) == 3
    assert [a.question.seed for a in session.attempts] == [q.seed for q in asked]
    assert session.next_question() is None
    assert session.finished
    with pytest.raises(ClaimError):
        session.answer(TotalClaim(0))
    assert len(session.attempts) == 3


def test_elapsed_counts_from_the_first_question() -> None:
    clock = FakeClock()
    session = make_session(make_drill(hands=2), clock=clock)
    clock.advance(50)  # before the first deal: nothing counts yet
    assert session.elapsed() == 0.0
    session.next_question()
    clock.advance(4)
    assert session.elapsed() == 4.0


def test_crib_drill_attempts_are_cribs() -> None:
    session = make_session(make_drill(kind="crib", hands=2))
    q = session.next_question()
    assert q is not None
    assert q.kind == "crib"
    attempt = session.answer(TotalClaim(q.actual))
    assert attempt is not None
    assert attempt.crib is True
    assert attempt.kind == "crib"
    assert attempt.exact


# ---------------------------------------------------------------- policies


# (policy, claim offset) -> (kept, opponent) for a hand worth T, by the RULES.md table.
POLICY_CASES: list[tuple[str, int, Callable[[int], tuple[int, int]], str]] = [
    ("off", -2, lambda t: (t, 0), "under"),
    ("off", +2, lambda t: (t, 0), "over"),
    ("acc", -2, lambda t: (t - 2, 2), "under"),
    ("acc", +2, lambda t: (t, 0), "over"),
    ("hoyle", -2, lambda t: (t - 2, 2), "under"),
    ("hoyle", +2, lambda t: (t, 2), "over"),
    ("bsd", -2, lambda t: (t - 2, 0), "under"),
    ("bsd", +2, lambda t: (t, 2), "over"),
]


@pytest.mark.parametrize(("policy", "offset", "expected", "outcome"), POLICY_CASES)
def test_policy_arithmetic(
    policy: str, offset: int, expected: Callable[[int], tuple[int, int]], outcome: str
) -> None:
    drill = make_drill(hands=1, muggins=policy, deal={"score": 12})
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    total = q.breakdown.total
    assert total == 12
    attempt = session.answer(TotalClaim(total + offset))
    assert attempt is not None
    assert attempt.drill.muggins == policy
    assert attempt.outcome == outcome
    assert attempt.judgement.claimed == total + offset
    assert attempt.judgement.actual == total
    assert (attempt.judgement.kept, attempt.judgement.opponent) == expected(total)
    assert attempt.judgement.missed_points == max(0, -offset)
    assert attempt.judgement.excess_points == max(0, offset)
    assert attempt.error == 2


@pytest.mark.parametrize("policy", ["off", "acc", "hoyle", "bsd"])
def test_exact_claim_keeps_everything_under_every_policy(policy: str) -> None:
    drill = make_drill(hands=1, muggins=policy, deal={"score": 12})
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    attempt = session.answer(TotalClaim(q.actual))
    assert attempt is not None
    assert (attempt.outcome, attempt.judgement.kept, attempt.judgement.opponent) == ("exact", 12, 0)


# ---------------------------------------------------------------- nineteen


def test_nineteen_is_zero_when_the_drill_allows_it() -> None:
    drill = make_drill(hands=1, nineteen=True, deal={"score": 0})
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    assert q.actual == 0
    attempt = session.answer(TotalClaim(19))
    assert attempt is not None
    assert attempt.outcome == "exact"
    assert attempt.judgement.claimed == 0
    assert attempt.answer_text == "nineteen"
    assert verdict_of(attempt) is not None
    assert verdict_of(attempt).nineteen


def test_nineteen_is_nineteen_when_the_drill_says_no() -> None:
    drill = make_drill(hands=1, nineteen=False, deal={"score": 0})
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    assert q.actual == 0
    attempt = session.answer(TotalClaim(19))
    assert attempt is not None
    assert attempt.outcome == "over"
    assert attempt.judgement.claimed == 19
    assert attempt.judgement.excess_points == 19
    assert attempt.answer_text == "19"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (
        0,
        0,
    )  # acc: an overcount is corrected down


def test_zero_is_exact_on_a_zero_hand_either_way() -> None:
    for nineteen in (True, False):
        drill = make_drill(hands=1, nineteen=nineteen, deal={"score": 0})
        session = make_session(drill)
        assert session.next_question() is not None
        attempt = session.answer(TotalClaim(0))
        assert attempt is not None
        assert attempt.exact


# ---------------------------------------------------------------- per-hand clock


def test_late_answer_is_a_time_out() -> None:
    drill = make_drill(hands=2, time={"per_hand": 10}, deal={"score": 8})
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    assert session.hand_seconds_left() is None  # nothing open yet
    q = session.next_question()
    assert q is not None
    assert session.hand_seconds_left() == 10.0
    clock.advance(4)
    assert session.hand_seconds_left() == 6.0
    clock.advance(7)
    assert session.hand_seconds_left() == 0.0  # never negative
    attempt = session.answer(TotalClaim(8))  # right, but too late
    assert attempt is not None
    assert attempt.timed_out is True
    assert attempt.answer is None
    assert attempt.answer_text == "(time out)"
    assert attempt.judgement.claimed == 0
    assert attempt.outcome == "under"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (
        0,
        8,
    )  # acc: the opponent takes it all
    assert attempt.seconds == 11.0
    assert verdict_of(attempt) is not None
    assert verdict_of(attempt).timed_out
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    assert attempt.missed == q.breakdown.items


def test_answer_within_the_limit_counts() -> None:
    drill = make_drill(hands=1, time={"per_hand": 10}, deal={"score": 8})
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    session.next_question()
    clock.advance(10)  # exactly at the limit: not after it
    attempt = session.answer(TotalClaim(8))
    assert attempt is not None
    assert attempt.timed_out is False
    assert attempt.exact


def test_time_out_records_a_claim_of_nothing() -> None:
    drill = make_drill(hands=2, time={"per_hand": 10}, deal={"score": 8}, muggins="off")
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    session.next_question()
    clock.advance(10.5)
    attempt = session.time_out()
    assert attempt is not None
    assert attempt.timed_out
    assert attempt.outcome == "under"
    assert attempt.judgement.claimed == 0
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (8, 0)  # off: corrected up
    assert attempt.seconds == 10.5
    assert session.current is None
    assert len(session.attempts) == 1


def test_time_out_on_a_zero_hand_is_not_under() -> None:
    drill = make_drill(hands=1, time={"per_hand": 5}, deal={"score": 0})
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    session.next_question()
    clock.advance(6)
    attempt = session.time_out()
    assert attempt is not None
    assert attempt.timed_out
    assert attempt.outcome == "exact"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (0, 0)


def test_time_out_without_a_limit_is_still_a_time_out() -> None:
    session = make_session(make_drill(hands=1, deal={"score": 4}))
    session.next_question()
    assert session.hand_seconds_left() is None
    attempt = session.time_out()
    assert attempt is not None
    assert attempt.timed_out
    assert attempt.outcome == "under"


# ---------------------------------------------------------------- whole-drill clock


def test_blitz_deals_until_the_clock_runs_out() -> None:
    drill = make_drill(time={"total": 60})
    assert drill.hands is None
    assert drill.blitz
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    assert session.drill_seconds_left() == 60.0  # not started yet
    answered = 0
    late: Question | None = None
    while True:
        q = session.next_question()
        assert q is not None, "the clock has not run out when a question is dealt"
        clock.advance(7)
        attempt = session.answer(TotalClaim(q.actual))
        if attempt is None:
            late = q
            break
        answered += 1
        assert attempt.seconds == 7.0
        assert session.drill_seconds_left() == 60.0 - 7 * answered
        assert not session.finished
    # Answers at 7, 14, ..., 56 count; the ninth question, dealt at 56, is answered at 63.
    assert answered == 8
    assert late is not None
    assert late.number == 9
    assert len(session.attempts) == 8
    assert all(a.exact for a in session.attempts)
    assert session.current is None
    assert session.finished
    assert session.next_question() is None
    assert session.drill_seconds_left() == 0.0
    assert session.elapsed() == 63.0
    assert session.summary().hands == 8


def test_blitz_is_finished_once_the_clock_passes_even_with_a_question_open() -> None:
    clock = FakeClock()
    session = make_session(make_drill(time={"total": 30}), clock=clock)
    session.next_question()
    clock.advance(31)
    assert session.finished
    assert session.drill_seconds_left() == 0.0
    assert session.time_out() is None  # too late even for a time-out
    assert session.attempts == []
    assert session.next_question() is None


def test_drill_seconds_left_is_none_without_a_drill_clock() -> None:
    session = make_session(make_drill(hands=2, time={"per_hand": 9}))
    session.next_question()
    assert session.drill_seconds_left() is None
    assert session.hand_seconds_left() == 9.0


# ---------------------------------------------------------------- stop


def test_stop_drops_the_open_question() -> None:
    session = make_session(make_drill(hands=5))
    q = session.next_question()
    assert q is not None
    session.answer(TotalClaim(q.actual))
    assert session.next_question() is not None
    session.stop()
    assert session.current is None
    assert session.finished
    assert session.next_question() is None
    assert len(session.attempts) == 1
    with pytest.raises(ClaimError):
        session.answer(TotalClaim(0))
    assert session.summary().hands == 1


# ---------------------------------------------------------------- announced counts


def test_announce_partial_credit() -> None:
    drill = make_drill(hands=1, claim="announce", deal={"score": {"min": 8}})
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    items = q.breakdown.items
    assert len(items) >= 2
    said = AnnounceClaim(tuple(ClaimedItem(i.kind, i.cards) for i in items[:-1]))
    attempt = session.answer(said)
    assert attempt is not None
    total = q.breakdown.total
    left_out = items[-1]
    assert attempt.outcome == "under"
    assert attempt.missed == (left_out,)
    assert attempt.judgement.missed_points == left_out.points
    assert attempt.judgement.claimed == total - left_out.points
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (
        total - left_out.points,
        left_out.points,
    )
    assert verdict_of(attempt) is not None
    assert verdict_of(attempt).credit == pytest.approx((total - left_out.points) / total)
    assert verdict_of(attempt).right == items[:-1]
    assert attempt.answer_text == "; ".join(str(c) for c in said.items)


def test_announce_duplicate_is_over() -> None:
    drill = make_drill(hands=1, claim="announce", deal={"score": {"min": 8}})
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    items = q.breakdown.items
    claimed = [ClaimedItem(i.kind, i.cards) for i in items]
    said = AnnounceClaim((*claimed, claimed[0]))
    attempt = session.answer(said)
    assert attempt is not None
    assert attempt.outcome == "over"
    assert attempt.missed == ()
    assert attempt.judgement.excess_points == items[0].points
    assert verdict_of(attempt) is not None
    assert verdict_of(attempt).wrong_reasons == ("duplicate",)


def test_announce_everything_is_exact() -> None:
    drill = make_drill(hands=3, claim="announce")
    session = make_session(drill)
    while (q := session.next_question()) is not None:
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        said = AnnounceClaim(tuple(ClaimedItem(i.kind, i.cards) for i in q.breakdown.items))
        attempt = session.answer(said)
        assert attempt is not None
        assert attempt.exact
        assert attempt.missed == ()
    assert len(session.attempts) == 3


# ---------------------------------------------------------------- the play


def test_play_question_exact() -> None:
    drill = make_drill(kind="play", hands=3, muggins="hoyle")
    session = make_session(drill)
    q = session.next_question()
    assert q is not None
    assert q.kind == "play"
    assert isinstance(q, PlayQuestion)
    assert isinstance(q.play, PlayDeal)
    assert q.actual == q.play.points
    attempt = session.answer(TotalClaim(q.play.points))
    assert attempt is not None
    assert attempt.outcome == "exact"
    assert attempt.kind == "play"
    assert attempt.question == q
    assert attempt.cards == (*q.play.before, q.play.card)
    assert attempt.starter is None
    assert attempt.crib is False
    assert attempt.judgement.kept == q.play.points
    assert attempt.judgement.opponent == 0
    assert isinstance(attempt.judgement, PlayVerdict)
    assert attempt.categories() == {i.kind: i.points for i in q.play.items}


@pytest.mark.parametrize("offset", [-1, +2])
def test_play_muggins_never_applies(offset: int) -> None:
    drill = make_drill(kind="play", hands=1, muggins="hoyle")
    seed = find_seed(drill, lambda q: q.actual >= 2)
    points = make_question(drill, 1, seed).actual
    attempt = ask(drill, seed, TotalClaim(points + offset))
    assert attempt.outcome == ("under" if offset < 0 else "over")
    assert attempt.judgement.claimed == points + offset
    assert attempt.judgement.actual == points
    assert attempt.judgement.kept == points  # pegging is scored automatically
    assert attempt.judgement.opponent == 0
    assert attempt.error == abs(offset)


def test_play_time_out_keeps_the_points() -> None:
    drill = make_drill(kind="play", hands=1, time={"per_hand": 5})
    seed = find_seed(drill, lambda q: q.actual >= 1)
    points = make_question(drill, 1, seed).actual
    attempt = ask(drill, seed, TotalClaim(points), seconds=6)
    assert attempt.timed_out
    assert attempt.judgement.claimed == 0
    assert attempt.outcome == "under"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (points, 0)


def test_play_question_refuses_a_catch_answer() -> None:
    session = make_session(make_drill(kind="play", hands=2))
    q = session.next_question()
    assert q is not None
    with pytest.raises(ClaimError):
        session.answer(CatchAnswer())
    with pytest.raises(ClaimError):
        session.answer(CatchAnswer(call=2))
    assert session.current is q  # still open, nothing recorded
    assert session.attempts == []
    attempt = session.answer(TotalClaim(q.actual))
    assert attempt is not None
    assert attempt.exact


def test_hand_question_refuses_a_catch_answer() -> None:
    session = make_session(make_drill(hands=1))
    q = session.next_question()
    with pytest.raises(ClaimError):
        session.answer(CatchAnswer(too_many=True))
    assert session.current is q
    assert session.attempts == []


# ---------------------------------------------------------------- catching the opponent

CATCH = make_drill(kind="catch", hands=1, muggins="acc")


def catch_seed(relation: str, *, missed_at_least: int = 1) -> int:
    """A seed whose opponent claims right (``==``), too little (``<``) or too much (``>``)."""

    def wanted(q: Question) -> bool:
        assert isinstance(q, CatchQuestion)
        said, actual = q.opponent.claimed, q.opponent.actual
        if relation == "==":
            return said == actual and actual > 0
        if relation == "<":
            return actual - said >= missed_at_least
        return said > actual

    return find_seed(CATCH, wanted)


def opponent_of(seed: int) -> tuple[int, int]:
    """(claimed, actual) of the opponent in the catch question ``seed`` gives."""
    q = make_question(CATCH, 1, seed)
    assert isinstance(q, CatchQuestion)
    assert not isinstance(q, PlayQuestion | DiscardQuestion)
    assert q.opponent.actual == q.breakdown.total
    return q.opponent.claimed, q.opponent.actual


def test_catch_question_shape() -> None:
    seed = catch_seed("<")
    q = make_question(CATCH, 1, seed)
    assert q.kind == "catch"
    assert isinstance(q, CatchQuestion)
    assert q.opponent.mistake is not None
    assert not q.opponent.correct
    assert not isinstance(q, PlayQuestion | DiscardQuestion)


def test_catch_accept_a_correct_claim_is_exact() -> None:
    attempt = ask(CATCH, catch_seed("=="), CatchAnswer())
    assert attempt.outcome == "exact"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (0, 0)
    assert attempt.kind == "catch"
    assert catch_of(attempt).opponent_claim is not None
    assert attempt.answer_text == "accept"


def test_catch_accept_an_undercount_is_under() -> None:
    seed = catch_seed("<")
    said, actual = opponent_of(seed)
    attempt = ask(CATCH, seed, CatchAnswer())
    assert attempt.outcome == "under"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (0, 0)
    assert attempt.judgement.missed_points == actual - said


def test_catch_call_exactly_what_was_missed() -> None:
    seed = catch_seed("<")
    said, actual = opponent_of(seed)
    missed = actual - said
    attempt = ask(CATCH, seed, CatchAnswer(call=missed))
    assert attempt.outcome == "exact"
    assert attempt.judgement.kept == missed
    assert attempt.judgement.opponent == 0
    call = catch_of(attempt).call
    assert call is not None
    assert call.correct
    assert attempt.answer_text == f"muggins for {missed}"


def test_catch_call_for_less_than_was_missed() -> None:
    seed = catch_seed("<", missed_at_least=2)
    said, actual = opponent_of(seed)
    attempt = ask(CATCH, seed, CatchAnswer(call=1))
    assert attempt.outcome == "under"
    assert attempt.judgement.kept == 1
    assert attempt.judgement.opponent == 0
    assert attempt.judgement.missed_points == actual - said - 1


def test_catch_call_for_more_than_was_missed() -> None:
    seed = catch_seed("<")
    said, actual = opponent_of(seed)
    missed = actual - said
    attempt = ask(CATCH, seed, CatchAnswer(call=missed + 3))
    assert attempt.outcome == "over"
    assert attempt.judgement.kept == missed  # the caller takes only what was really missed
    assert attempt.judgement.opponent == 0
    assert attempt.judgement.excess_points == 3


def test_catch_call_when_nothing_was_missed() -> None:
    attempt = ask(CATCH, catch_seed("=="), CatchAnswer(call=3))
    assert attempt.outcome == "over"
    assert attempt.judgement.kept == 0
    assert attempt.judgement.opponent == 3
    assert catch_of(attempt).call is not None
    call = catch_of(attempt).call
    assert call is not None
    assert not call.correct


def test_catch_call_on_an_overcount_gives_the_call_away() -> None:
    attempt = ask(CATCH, catch_seed(">"), CatchAnswer(call=2))
    assert attempt.outcome == "over"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (0, 2)


def test_catch_too_many_on_an_overcount_is_exact() -> None:
    attempt = ask(CATCH, catch_seed(">"), CatchAnswer(too_many=True))
    assert attempt.outcome == "exact"
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (0, 0)
    assert attempt.answer_text == "too many"


def test_catch_too_many_on_a_correct_claim_is_over() -> None:
    attempt = ask(CATCH, catch_seed("=="), CatchAnswer(too_many=True))
    assert attempt.outcome == "over"


def test_catch_accepting_an_overcount_lets_the_excess_through() -> None:
    seed = catch_seed(">")
    said, actual = opponent_of(seed)
    attempt = ask(CATCH, seed, CatchAnswer())
    assert attempt.outcome == "under"
    assert attempt.judgement.kept == 0
    assert attempt.judgement.opponent == said - actual


def test_catch_time_out_is_an_accept() -> None:
    drill = make_drill(kind="catch", hands=1, time={"per_hand": 5})
    seed = find_seed(drill, lambda q: isinstance(q, CatchQuestion) and q.opponent.correct)
    attempt = ask(drill, seed, CatchAnswer(call=4), seconds=9)
    assert attempt.timed_out
    assert attempt.answer is None
    assert attempt.answer_text == "(time out)"
    assert attempt.outcome == "exact"  # accepting a right count is right
    assert (attempt.judgement.kept, attempt.judgement.opponent) == (0, 0)


def test_catch_question_refuses_a_count() -> None:
    session = make_session(CATCH)
    q = session.next_question()
    with pytest.raises(ClaimError):
        session.answer(TotalClaim(4))
    assert session.current is q
    assert session.attempts == []


def test_catch_answer_cannot_be_both() -> None:
    with pytest.raises(ClaimError):
        CatchAnswer(call=2, too_many=True)
    with pytest.raises(ClaimError):
        CatchAnswer(call=0)


# ---------------------------------------------------------------- determinism


def test_drill_seed_deals_the_same_questions_whatever_the_rng() -> None:
    drill = make_drill(hands=5, seed=1234)
    runs = []
    for rng in (random.Random(1), random.Random(99), FixedSeeds()):
        session = make_session(drill, rng)
        questions = []
        while (q := session.next_question()) is not None:
            questions.append(q)
            session.answer(TotalClaim(q.actual))
        runs.append(questions)
    assert len(runs[0]) == 5
    assert runs[0] == runs[1] == runs[2]


def test_unseeded_drill_follows_the_rng() -> None:
    drill = make_drill(hands=3)
    a = make_session(drill, random.Random(5))
    b = make_session(drill, random.Random(5))
    c = make_session(drill, random.Random(6))
    qa, qb, qc = a.next_question(), b.next_question(), c.next_question()
    assert qa == qb
    assert qa is not None
    assert qc is not None
    assert qa.seed != qc.seed


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "hand"},
        {"kind": "mixed", "crib_share": 0.5},
        {"kind": "crib"},
        {"kind": "play"},
        {"kind": "catch", "crib_share": 0.3},
        {"variant": "five-card", "kind": "mixed"},
    ],
)
def test_make_question_is_deterministic(fields: dict[str, Any]) -> None:
    drill = make_drill(hands=3, **fields)
    for seed in (0, 1, 2**62 + 17, 987654321):
        first = make_question(drill, 2, seed)
        assert first == make_question(drill, 2, seed)
        assert first.seed == seed
        assert first.number == 2


# ---------------------------------------------------------------- summary


def test_summary_of_a_scripted_drill() -> None:
    drill = make_drill(hands=6, time={"per_hand": 20}, deal={"score": 8}, muggins="acc")
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    script: list[tuple[float, Answer]] = [
        (2, TotalClaim(8)),  # exact: keep 8
        (3, TotalClaim(8)),  # exact: keep 8
        (4, TotalClaim(5)),  # under by 3: keep 5, opponent 3
        (5, TotalClaim(8)),  # exact: keep 8
        (6, TotalClaim(10)),  # over by 2: keep 8 (acc: no penalty)
        (25, TotalClaim(8)),  # too late: time-out, keep 0, opponent 8
    ]
    for seconds, answer in script:
        assert session.next_question() is not None
        clock.advance(seconds)
        assert session.answer(answer) is not None
    assert session.finished
    assert [a.outcome for a in session.attempts] == [
        "exact",
        "exact",
        "under",
        "exact",
        "over",
        "under",
    ]
    s = session.summary()
    assert s.hands == 6
    assert s.exact == 3
    assert s.accuracy == 0.5
    assert s.points_kept == 8 + 8 + 5 + 8 + 8 + 0
    assert s.points_mugged == 3 + 8
    assert s.timed_out == 1
    assert s.best_streak == 2
    assert s.mean_seconds == pytest.approx((2 + 3 + 4 + 5 + 6 + 25) / 6)
    assert s.mean_error == pytest.approx((0 + 0 + 3 + 0 + 2 + 8) / 6)
    assert s.points_missed == 3 + 8
    # The hands answered wrong, in order, with what was said against the truth.
    assert [a.number for a in s.missed] == [3, 5, 6]
    assert [(a.answer_text, a.truth_text) for a in s.missed] == [
        ("5", "the hand is 8"),
        ("10", "the hand is 8"),
        ("(time out)", "the hand is 8"),
    ]
    assert not s.time_up
    assert summarise(session.attempts) == s


def test_a_blitz_summary_says_the_time_ran_out() -> None:
    drill = make_drill(time={"total": 60}, deal={"score": 4})
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    for seconds in (20, 20):
        assert session.next_question() is not None
        clock.advance(seconds)
        session.answer(TotalClaim(4))
    assert not session.summary().time_up
    assert session.next_question() is not None
    clock.advance(25)
    assert session.answer(TotalClaim(4)) is None  # after the clock: not counted
    s = session.summary()
    assert (s.time_up, s.hands, s.exact, s.missed) == (True, 2, 2, ())


def test_truth_text_of_a_play_and_a_catch() -> None:
    play = make_session(make_drill(kind="play", hands=1))
    q = play.next_question()
    assert isinstance(q, PlayQuestion)
    a = play.answer(TotalClaim(q.actual + 1))
    assert a is not None
    assert a.truth_text == f"the card pegs {q.actual}"
    assert [m.answer_text for m in play.summary().missed] == [str(q.actual + 1)]
    catch = make_session(make_drill(kind="catch", hands=1, opponent_errors=0.0))
    c = catch.next_question()
    assert isinstance(c, CatchQuestion)
    b = catch.answer(CatchAnswer(too_many=True))
    assert b is not None
    assert b.truth_text == f"they said {c.opponent.claimed}; the hand is {c.actual}"
    assert b.answer_text == "too many"


def test_best_streak_counts_the_longest_run() -> None:
    drill = make_drill(hands=7, deal={"score": 6})
    session = make_session(drill)
    for claim in (6, 6, 0, 6, 6, 6, 4):
        assert session.next_question() is not None
        session.answer(TotalClaim(claim))
    s = session.summary()
    assert s.best_streak == 3
    assert s.exact == 5
    assert s.accuracy == pytest.approx(5 / 7)


def test_summary_of_nothing() -> None:
    s = make_session(make_drill(hands=3)).summary()
    assert (s.hands, s.exact, s.points_kept, s.points_mugged, s.timed_out) == (0, 0, 0, 0, 0)
    assert s.best_streak == 0
    assert s.accuracy == 0.0
    assert s.mean_seconds == 0.0
    assert s.mean_error == 0.0


# ---------------------------------------------------------------- every built-in drill

BUILTINS = load_all([(builtin_drills_dir(), True)])


def true_answer(drill: DrillSet, q: Question) -> Answer:
    """The right answer to any question: the count, the full announcement, the right reply,
    or the best throw."""
    if isinstance(q, DiscardQuestion):
        return ThrowAnswer(q.throws[0].throw)
    if q.kind == "catch":
        assert isinstance(q, CatchQuestion)
        said, actual = q.opponent.claimed, q.opponent.actual
        if said < actual:
            return CatchAnswer(call=actual - said)
        return CatchAnswer(too_many=said > actual)
    if drill.claim == "announce":
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        return AnnounceClaim(tuple(ClaimedItem(i.kind, i.cards) for i in q.breakdown.items))
    return TotalClaim(q.actual)


def test_builtin_drills_all_load() -> None:
    assert len(BUILTINS) >= 10
    for entry in BUILTINS:
        assert entry.error is None, entry.error
        assert entry.drill is not None
        assert entry.builtin


@pytest.mark.parametrize("entry", BUILTINS, ids=[e.id for e in BUILTINS])
def test_builtin_drill_true_answers_are_exact(entry: DrillEntry) -> None:
    drill = entry.drill
    assert drill is not None
    clock = FakeClock()
    session = make_session(drill, random.Random(2024), clock)
    for _ in range(5):
        q = session.next_question()
        if q is None:
            break
        clock.advance(1)
        attempt = session.answer(true_answer(drill, q))
        assert attempt is not None
        assert attempt.exact, (entry.id, q, attempt.outcome)
        assert attempt.drill.id == entry.id
        assert attempt.drill.muggins == drill.muggins
        assert not attempt.timed_out
    assert len(session.attempts) == min(5, drill.hands or 5)
    assert session.summary().accuracy == 1.0


def test_an_announcement_cut_off_by_the_clock_is_judged_on_what_it_claimed() -> None:
    drill = make_drill(hands=2, claim="announce", time={"per_hand": 10}, deal={"require": ["pair"]})
    clock = FakeClock()
    session = make_session(drill, clock=clock)
    q = session.next_question()
    assert isinstance(q, ShowQuestion)
    pair = q.breakdown.of_kind("pair")[0]
    clock.advance(10)
    attempt = session.time_out(AnnounceClaim((ClaimedItem("pair", pair.cards),)))
    assert attempt is not None
    assert attempt.timed_out
    assert isinstance(attempt.answer, AnnounceClaim)
    v = verdict_of(attempt)
    assert v.timed_out
    assert v.right == (pair,)
    assert v.missed_points == q.breakdown.total - 2
    # Sent after the limit without saying so, an announcement is cut off the same way.
    q2 = session.next_question()
    assert isinstance(q2, ShowQuestion)
    clock.advance(11)
    late = session.answer(AnnounceClaim(()))
    assert late is not None
    assert late.timed_out
    assert verdict_of(late).claimed == 0
