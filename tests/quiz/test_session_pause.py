"""QuizSession.pause/resume: both clocks stand still while the player is away, with a fake clock."""

from __future__ import annotations

import random

from tests.factories import FakeClock, make_drill
from trainer.drills.model import DrillSet
from trainer.judge.claims import TotalClaim
from trainer.quiz.session import QuizSession


def make_session(drill: DrillSet, clock: FakeClock) -> QuizSession:
    return QuizSession(drill, random.Random(1), clock=clock)


def test_pause_stops_the_hand_clock_and_resume_goes_on_from_there() -> None:
    clock = FakeClock()
    session = make_session(make_drill(hands=2, time={"per_hand": 10}, deal={"score": 8}), clock)
    session.next_question()
    clock.advance(3)
    session.pause()
    assert session.paused
    clock.advance(100)  # reading help for a long time
    assert session.hand_seconds_left() == 7.0
    session.resume()
    assert not session.paused
    assert session.hand_seconds_left() == 7.0
    clock.advance(2)
    assert session.hand_seconds_left() == 5.0
    attempt = session.answer(TotalClaim(8))
    assert attempt is not None
    assert (attempt.seconds, attempt.timed_out, attempt.exact) == (5.0, False, True)


def test_pause_stops_the_drill_clock() -> None:
    clock = FakeClock()
    session = make_session(make_drill(time={"total": 30}), clock)
    session.next_question()
    clock.advance(20)
    session.pause()
    clock.advance(60)  # past the whole drill's limit, but paused
    assert session.drill_seconds_left() == 10.0
    assert session.elapsed() == 20.0
    assert not session.finished
    session.resume()
    assert session.drill_seconds_left() == 10.0
    clock.advance(10)
    assert session.drill_seconds_left() == 0.0
    assert session.finished


def test_an_answer_while_paused_is_timed_at_the_pause() -> None:
    clock = FakeClock()
    session = make_session(make_drill(hands=1, time={"per_hand": 10}, deal={"score": 8}), clock)
    session.next_question()
    clock.advance(9)
    session.pause()
    clock.advance(30)
    attempt = session.answer(TotalClaim(8))
    assert attempt is not None
    assert (attempt.seconds, attempt.timed_out) == (9.0, False)


def test_pausing_twice_and_resuming_twice_count_once() -> None:
    clock = FakeClock()
    session = make_session(make_drill(hands=1, time={"per_hand": 10}), clock)
    session.resume()  # not paused: nothing happens
    session.next_question()
    clock.advance(1)
    session.pause()
    clock.advance(5)
    session.pause()  # still the first pause
    clock.advance(5)
    session.resume()
    session.resume()
    assert session.hand_seconds_left() == 9.0
    clock.advance(4)
    assert session.hand_seconds_left() == 5.0


def test_a_question_dealt_while_paused_starts_its_clock_on_resume() -> None:
    clock = FakeClock()
    session = make_session(make_drill(hands=2, time={"per_hand": 10, "total": 60}), clock)
    session.pause()
    session.next_question()
    clock.advance(50)
    session.resume()
    assert session.hand_seconds_left() == 10.0
    assert session.drill_seconds_left() == 60.0
    clock.advance(4)
    assert session.hand_seconds_left() == 6.0
    assert session.drill_seconds_left() == 56.0


def test_pauses_between_questions_keep_the_drill_clock_right() -> None:
    clock = FakeClock()
    session = make_session(make_drill(time={"total": 60}), clock)
    first = session.next_question()
    assert first is not None
    clock.advance(5)
    session.pause()
    clock.advance(40)
    session.resume()
    clock.advance(5)
    attempt = session.answer(TotalClaim(first.actual))
    assert attempt is not None
    assert attempt.seconds == 10.0
    session.next_question()
    clock.advance(2)
    session.pause()
    clock.advance(1000)
    session.resume()
    assert session.elapsed() == 12.0
    assert session.drill_seconds_left() == 48.0
