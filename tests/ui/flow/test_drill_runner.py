"""The drill loop as plain Python, without Textual: start, ask, judge, record, sum up, repeat."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

import pytest

from tests.factories import FakeClock, make_drill
from tests.ui.support import ListRecorder
from trainer.history import StatsStore
from trainer.history.reading import KindStats
from trainer.history.writing import Notice
from trainer.judge.claims import TotalClaim
from trainer.quiz.attempt import Attempt
from trainer.settings import Settings
from trainer.ui.flow.drill_runner import Ask, Done, DrillRunner, Retry, Reveal, Step


def runner(
    history: StatsStore | None = None, settings: Settings | None = None
) -> tuple[DrillRunner, FakeClock]:
    clock = FakeClock()
    chosen = settings or Settings()
    run = DrillRunner(
        random.Random(3), clock=clock, now=clock.now, settings=chosen, history=history
    )
    return run, clock


def ask(step: Step) -> Ask:
    assert isinstance(step, Ask), step
    return step


def reveal(step: Step) -> Reveal:
    assert isinstance(step, Reveal), step
    return step


def test_the_runner_needs_no_textual() -> None:
    code = (
        "import sys, trainer.ui.flow.drill_runner; "
        "print([m for m in sys.modules if m.startswith('textual')])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_drill_from_first_question_to_summary_and_again() -> None:
    with StatsStore(":memory:") as store:
        run, clock = runner(store)
        drill = run.prepare(make_drill(hands=2))
        first = ask(run.begin(drill))
        assert (first.question.number, run.previous_best) == (1, None)
        clock.advance(3)
        shown = reveal(run.answer(TotalClaim(first.question.actual)))
        assert shown.attempt.exact
        assert shown.rarity.endswith(f"scores {first.question.actual} or more")
        second = ask(run.next_question())
        assert second.question.number == 2
        reveal(run.answer(TotalClaim(second.question.actual + 1)))
        done = run.next_question()
        assert isinstance(done, Done)
        assert (done.summary.hands, done.summary.exact, done.previous_best) == (2, 1, None)
        assert run.flush(5)
        assert store.attempt_count() == 2
        again = ask(run.repeat())
        assert again.question.number == 1
        assert run.previous_best == 1  # the streak the first run set
        assert run.close(5) is None


def test_leaving_before_any_answer_goes_home() -> None:
    run, _ = runner()
    ask(run.begin(make_drill(hands=3)))
    assert run.finish() is None
    run.stop()
    assert (run.session, run.question) == (None, None)


def test_answers_before_the_history_opens_are_kept_and_recorded_in_order() -> None:
    run, _ = runner()
    step = run.begin(run.prepare(make_drill(hands=3)))
    for _ in range(2):
        reveal(run.answer(TotalClaim(ask(step).question.actual)))
        step = run.next_question()
    assert [a.number for a in run.waiting] == [1, 2]
    assert run.unwritten == 2
    store = ListRecorder()
    with store:
        run.connect(store)
        assert run.waiting == []
        reveal(run.answer(TotalClaim(ask(step).question.actual)))
        assert run.flush(5)
        assert [a.number for a in store.attempts] == [1, 2, 3]
        assert run.close(0) is None


def test_an_answer_that_cannot_be_saved_is_kept_and_the_drill_goes_on() -> None:
    told: list[Notice] = []

    class Full(StatsStore):
        def __init__(self) -> None:
            super().__init__(":memory:")
            self.full = True

        def record(self, attempt: Attempt) -> int:
            if self.full:
                raise OSError("No space left on device")
            return super().record(attempt)

    store = Full()
    with store:
        run = DrillRunner(random.Random(3), notify=told.append)
        run.connect(store)
        assert run.recorder is not None
        run.recorder.first_pause = run.recorder.longest_pause = 0.01
        step = ask(run.begin(make_drill(hands=2)))
        reveal(run.answer(TotalClaim(step.question.actual)))  # judged and shown at once
        ask(run.next_question())  # the drill goes on
        assert not run.flush(0.2)
        assert run.unwritten == 1
        assert [(n.text, n.trouble) for n in told] == [
            (
                "1 answer is waiting to be saved: No space left on device; it is kept until "
                "it can be written.",
                True,
            )
        ]
        store.full = False
        assert run.flush(5)
        assert store.attempt_count() == 1
        assert told[-1] == Notice("1 answer that waited is saved in the history now.", False)
        assert run.close(5) is None


@pytest.mark.parametrize(("drill_policy", "expected"), [(None, "bsd"), ("off", "off")])
def test_the_players_defaults_apply_where_the_drill_chose_none(
    drill_policy: str | None, expected: str
) -> None:
    run, _ = runner(settings=Settings(muggins="bsd"))
    fields: dict[str, object] = {} if drill_policy is None else {"muggins": drill_policy}
    assert run.prepare(make_drill(fields)).muggins == expected


def test_the_weak_spots_drill_is_aimed_at_the_kinds_missed_most() -> None:
    run, _ = runner()
    weak = make_drill(drill_id="weak-spots", focus="weak-spots")
    assert run.prepare(weak, ()).constraints == weak.constraints  # no history: as it is
    kinds = (KindStats("nobs", 10, 6, 0), KindStats("fifteen-2", 40, 4, 0))
    aimed = run.prepare(weak, kinds)
    assert aimed.constraints.require == frozenset({"nobs"})
    assert "nobs" in aimed.description


def test_a_second_try_is_offered_after_a_wrong_total_and_the_first_count_stands() -> None:
    with StatsStore(":memory:") as store:
        run, _ = runner(store)
        drill = run.prepare(make_drill(hands=2, second_try=True, deal={"require": ["fifteen"]}))
        first = ask(run.begin(drill))
        actual = first.question.actual
        retry = run.answer(TotalClaim(actual + 2))
        assert isinstance(retry, Retry)
        assert retry.hint.startswith(f"Not {actual + 2}: that is too many. Count again")
        assert run.flush(5)
        assert store.attempt_count() == 1  # recorded as soon as judged
        shown = reveal(run.second_try(TotalClaim(actual)))
        assert shown.second_tried
        assert shown.second == TotalClaim(actual)
        assert shown.attempt.outcome == "over"
        assert store.attempt_count() == 1
        # A right count, or a drill without second tries, goes straight to the reveal.
        second = ask(run.next_question())
        reveal(run.answer(TotalClaim(second.question.actual)))
        with pytest.raises(RuntimeError):
            run.second_try(None)
        assert run.close(5) is None


def test_redrill_missed_asks_exactly_the_hands_answered_wrong() -> None:
    with StatsStore(":memory:") as store:
        run, _ = runner(store)
        step = run.begin(run.prepare(make_drill(hands=4, deal={"score": {"min": 2}})))
        asked = []
        for offset in (0, 1, 0, -1):
            q = ask(step).question
            asked.append(q)
            reveal(run.answer(TotalClaim(q.actual + offset)))
            step = run.next_question()
        done = step
        assert isinstance(done, Done)
        assert [a.number for a in done.summary.missed] == [2, 4]
        again = ask(run.redrill_missed())
        # The missed hands, in order, renumbered; the same cards and seeds.
        assert again.question.number == 1
        assert again.question == replace(asked[1], number=1)
        reveal(run.answer(TotalClaim(again.question.actual)))
        second = ask(run.next_question()).question
        assert (second.number, second.seed) == (2, asked[3].seed)
        reveal(run.answer(TotalClaim(second.actual + 2)))
        redone = run.next_question()
        assert isinstance(redone, Done)
        assert redone.summary.hands == 2
        assert [a.question.seed for a in redone.summary.missed] == [asked[3].seed]
        # Re-drilling the re-drill asks the one still missed; with none missed, the summary.
        last = ask(run.redrill_missed()).question
        assert last.seed == asked[3].seed
        reveal(run.answer(TotalClaim(last.actual)))
        final = run.next_question()
        assert isinstance(final, Done)
        assert final.summary.missed == ()
        assert isinstance(run.redrill_missed(), Done)
        assert run.flush(5)
        assert store.attempt_count() == 7
        assert run.close(5) is None
