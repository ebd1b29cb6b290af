"""The trainer driven like a user: keys in, screens, widgets and recorded answers out."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input, OptionList, Static

from tests.factories import FakeClock, catch_of
from tests.ui.support import (
    ListRecorder,
    answer_total,
    app_for,
    drill,
    entry,
    notifications,
    revealing,
    running,
    session_of,
    text_of,
)
from tests.ui.waiting import until
from trainer.drills.loader import DrillEntry
from trainer.quiz.attempt import Attempt
from trainer.quiz.questions import CatchQuestion, DiscardQuestion, PlayQuestion
from trainer.ui.screens.help import HelpScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.screens.summary import SummaryScreen
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.playing_card import PlayingCard

SIZE = (100, 30)


async def test_home_lists_drills_and_enter_starts_the_warm_up(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        table = app.screen.query_one("#drills", DataTable)
        assert table.row_count == len(builtin_entries)
        assert table.cursor_row == 0
        assert "Ten random hands" in text_of(app, "#description")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        assert session_of(app).drill.id == "warm-up"
        assert "Warm-up" in text_of(app, "#quiz-title")
        assert "1 of 10" in text_of(app, "#quiz-title")
        cards = app.screen.query_one("#quiz-view").query(PlayingCard)
        assert len(cards) == 5
        assert app.screen.query_one("#claim", Input).has_focus


async def test_broken_drill_is_listed_with_its_error(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    broken = DrillEntry(
        "broken", "broken.yaml", None, "broken.yaml: hands: must be a positive integer"
    )
    app = app_for([broken, *builtin_entries], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        assert "cannot be used" in text_of(app, "#description")
        assert "hands: must be a positive integer" in text_of(app, "#description")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # nothing started


async def test_correct_and_wrong_total_claims(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill(
        {"name": "Two", "description": "two hands", "hands": 2, "deal": {"score": {"min": 4}}}
    )
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        clock.advance(4.5)
        await answer_total(app, pilot, q.actual)
        assert revealing(app)
        assert text_of(app, "#verdict").startswith("Exact!")
        assert recorder.attempts[-1].exact
        assert recorder.attempts[-1].seconds == 4.5
        items = app.screen.query_one("#items", OptionList)
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        assert items.option_count == len(q.breakdown.groups)  # a row for each thing said
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        q2 = app.runner.question
        assert q2 is not None
        await answer_total(app, pilot, q2.actual - 2)
        assert revealing(app)
        verdict = text_of(app, "#verdict")
        assert verdict.startswith("Under by 2. ")
        assert f"the hand is {q2.actual}" in verdict
        assert "Muggins! Your opponent takes 2" in verdict
        assert recorder.attempts[-1].judgement.opponent == 2
        assert [a.outcome for a in recorder.attempts] == ["exact", "under"]


async def test_bad_claim_is_a_notification_not_an_answer(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "One", "description": "one", "hands": 1})
    app = app_for([entry(d)], clock, recorder)
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        app.screen.query_one("#claim", Input).value = "ten"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        assert recorder.attempts == []
        assert any("'ten' is not a count" in n for n in sent)


async def test_reveal_highlights_the_cards_of_each_item(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Runs", "description": "d", "hands": 1, "deal": {"require": ["double-run"]}})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        await answer_total(app, pilot, q.actual)
        table = app.screen.query_one("#reveal-cards", CardTable)
        # One row per group: the double run's row lights all its cards.
        items = q.breakdown.groups
        assert any(g.name == "double run" for g in items)
        for index, item in enumerate(items):
            highlighted = {w.card for w in table.card_widgets() if w.highlight}
            assert highlighted == set(item.cards), index
            if index < len(items) - 1:
                await pilot.press("down")
                await pilot.pause()


async def test_announce_with_a_missed_combination(clock: FakeClock, recorder: ListRecorder) -> None:
    # A hand with exactly one fifteen and one pair: claim only the pair.
    d = drill(
        {
            "name": "Say it",
            "description": "d",
            "hands": 1,
            "claim": "announce",
            "deal": {"require": ["pair", "fifteen"], "exclude": ["run", "flush", "nobs"],
                     "score": 4},
        }
    )  # fmt: skip
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        pair = q.breakdown.of_kind("pair")[0]
        table = app.screen.query_one("#table", CardTable)
        order = table.all_cards
        for card in pair.cards:
            await pilot.press(str(order.index(card) + 1))
        assert {w.card for w in table.card_widgets() if w.selected} == set(pair.cards)
        await pilot.press("p")
        await pilot.pause()
        assert "a pair is two" in text_of(app, "#claim-list")
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        attempt = recorder.attempts[-1]
        assert attempt.outcome == "under"
        assert [i.kind for i in attempt.missed] == ["fifteen"]
        assert attempt.judgement.kept == 2
        assert attempt.judgement.opponent == 2
        options = app.screen.query_one("#items", OptionList)
        texts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("missed" in t and "fifteen" in t for t in texts)
        assert any(t.startswith("✓ pair") for t in texts)


async def test_announce_backspace_takes_back_a_claim(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Say it", "description": "d", "hands": 1, "claim": "announce"})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter", "1", "2", "f")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuizScreen)
        assert len(screen.draft.claims) == 1
        await pilot.press("backspace")
        assert screen.draft.claims == []
        assert text_of(app, "#claim-list") == "(nothing claimed yet)"


async def test_time_out_records_a_claim_of_nothing(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Fast", "description": "d", "hands": 2, "time": {"per_hand": 10},
               "deal": {"score": {"min": 2}}})  # fmt: skip
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert "10 s for this hand" in text_of(app, "#countdown")
        clock.advance(10.5)
        # The countdown's next tick (every 0.2 s) finds the time up.
        await until(pilot, lambda: revealing(app), "the reveal")
        await pilot.pause()
        attempt = recorder.attempts[-1]
        assert attempt.timed_out
        assert attempt.judgement.claimed == 0
        assert attempt.outcome == "under"
        assert text_of(app, "#verdict").startswith("Time's up. Nothing claimed; the hand is ")


async def test_blitz_ends_when_the_drill_clock_runs_out(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Blitz", "description": "d", "time": {"total": 60}})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for _ in range(3):
            q = app.runner.question
            assert q is not None
            clock.advance(5)
            await answer_total(app, pilot, q.actual)
            await pilot.press("space")
            await pilot.pause()
        assert "45 s left in the drill" in text_of(app, "#countdown")
        clock.advance(46)
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen), "the summary")
        await pilot.pause()
        assert len(recorder.attempts) == 3
        assert "Hands                 3" in text_of(app, "#summary-table")


async def test_catch_drill_call_muggins(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill({"name": "Catch", "description": "d", "kind": "catch", "hands": 6,
               "opponent_errors": 1.0, "deal": {"require": ["nobs"]}})  # fmt: skip
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        assert isinstance(q, CatchQuestion)
        assert not isinstance(q, PlayQuestion | DiscardQuestion)
        said, actual = q.opponent.claimed, q.breakdown.total
        assert q.opponent.spoken() in text_of(app, "#opponent")
        screen_input = app.screen.query_one("#claim", Input)
        if said < actual:
            screen_input.value = str(actual - said)
            await pilot.press("enter")
        else:  # one key, no Enter
            await pilot.press("t" if said > actual else "a")
        await until(pilot, lambda: revealing(app), "the reveal")
        attempt = recorder.attempts[-1]
        assert attempt.kind == "catch"
        assert attempt.exact
        assert f"They said {said}; the hand is {actual}" in text_of(app, "#verdict")


async def test_catch_drill_accepting_an_undercount_lets_points_slip(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Catch", "description": "d", "kind": "catch", "hands": 30,
               "opponent_errors": 1.0, "deal": {"require": ["nobs"]}})  # fmt: skip
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        # Accept every count until one was an undercount.
        for _ in range(30):
            q = app.runner.question
            assert q is not None
            assert isinstance(q, CatchQuestion)
            under = q.opponent.claimed < q.opponent.actual
            await pilot.press("a")  # accepts at once
            await until(pilot, lambda: revealing(app), "the reveal")
            if under:
                break
            await pilot.press("space")
            await pilot.pause()
        attempt = recorder.attempts[-1]
        assert attempt.outcome == "under"
        claim = catch_of(attempt).opponent_claim
        assert claim is not None
        assert attempt.judgement.missed_points == claim.actual - claim.claimed


async def test_play_drill(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill({"name": "Peg", "description": "d", "kind": "play", "hands": 3})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        assert isinstance(q, PlayQuestion)
        assert f"Count now: {q.play.count}." in text_of(app, "#play-notes")
        await answer_total(app, pilot, q.play.points)
        assert revealing(app)
        assert recorder.attempts[-1].kind == "play"
        assert recorder.attempts[-1].exact
        assert "muggins never applies" in text_of(app, "#verdict")


async def test_summary_numbers_and_repeat(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill({"name": "Three", "description": "d", "hands": 3, "deal": {"score": {"min": 2}}})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        for offset, seconds in ((0, 2.0), (1, 4.0), (0, 6.0)):
            q = app.runner.question
            assert q is not None
            clock.advance(seconds)
            await answer_total(app, pilot, q.actual + offset)
            await pilot.press("space")
            await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        table = text_of(app, "#summary-table")
        assert "Hands                 3" in table
        assert "Exact claims          2" in table
        assert "Accuracy              67%" in table
        assert "Mean time             4.0 s a hand" in table
        assert "Points mugged         0" in table  # acc: an overcount is only corrected
        assert "Best streak           1" in table
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        assert "1 of 3" in text_of(app, "#quiz-title")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # nothing answered: straight home


async def test_escape_mid_drill_keeps_what_was_answered(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Ten", "description": "d", "hands": 10})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        await answer_total(app, pilot, q.actual)
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert len(recorder.attempts) == 1
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_help_opens_on_f1_and_question_mark(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for(builtin_entries, clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert dict(app.screen.keys)["home / end"] == "the first / the last one"
        assert dict(app.screen.keys)["f1 or ?"] == "Help"  # the key as typed, not its name
        drawn = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "f1 or ?: Help" in drawn
        assert "question_mark" not in drawn
        assert drawn.lower().count("f1") == 1, drawn  # not again at the foot of the list
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")  # the claim box has focus: F1 still works
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = dict(app.screen.keys)
        assert keys["enter"] == "submit your answer"
        assert "End drill" in keys.values()


async def test_start_drill_option_opens_the_quiz(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    crib = next(e.drill for e in builtin_entries if e.id == "crib")
    assert crib is not None
    app = app_for(builtin_entries, clock, recorder, start_drill=crib)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        assert app.runner.question is not None
        assert app.runner.question.kind == "crib"
        assert "Crib" in str(app.screen.query_one("#what", Static).render())


async def test_an_answer_that_cannot_be_saved_waits_and_the_drill_goes_on(
    clock: FakeClock,
) -> None:
    class Broken(ListRecorder):
        def record(self, attempt: Attempt) -> int:
            raise OSError("No space left on device")

    d = drill({"name": "One", "description": "d", "hands": 2})
    app = app_for([entry(d)], clock, Broken())
    sent = notifications(app)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = app.runner.question
        assert q is not None
        app.screen.query_one("#claim", Input).value = str(q.actual)
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        told = (
            "1 answer is waiting to be saved: No space left on device; it is kept until it "
            "can be written."
        )
        # The recorder's first try fails in its own thread.
        await until(pilot, lambda: told in sent, "the notice of an answer waiting")
        assert app.runner.unwritten == 1  # kept, not dropped
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)  # the drill goes on


async def test_home_shows_progress_after_a_drill(clock: FakeClock, recorder: ListRecorder) -> None:
    d = drill({"name": "One", "description": "d", "hands": 2})
    app = app_for([entry(d)], clock, recorder, now=clock.now)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#drills", DataTable)
        assert [str(c) for c in table.get_row_at(0)[2:]] == ["-", "never"]
        await pilot.press("enter")
        await pilot.pause()
        for off in (0, 1):  # one right, one wrong: due again soon
            q = app.runner.question
            assert q is not None
            await answer_total(app, pilot, q.actual + off)
            await pilot.press("space")
            await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        clock.advance(61)  # a hand counted wrong comes back in a minute
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert [str(c) for c in table.get_row_at(0)[2:]] == ["50%", "today"]
        assert text_of(app, "#due") == "1 hand due for review: r reviews them."


async def test_store_error_screen(builtin_entries: list[DrillEntry], clock: FakeClock) -> None:
    from trainer.ui.screens.store_error import StoreErrorScreen

    message = "/x/muggins.sqlite3 is not an SQLite database; it has been left untouched"

    def cannot_open() -> ListRecorder:
        raise ValueError(message)

    app = app_for(builtin_entries, clock, None, history=cannot_open)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StoreErrorScreen)
        assert message in text_of(app, "#store-error")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_store_opened_after_start_with_a_drill_given(
    builtin_entries: list[DrillEntry], clock: FakeClock, tmp_path: Path
) -> None:
    """--drill starts the quiz before home is drawn; opening the store then must not fail."""
    from trainer.history import StatsStore

    store = StatsStore(tmp_path / "muggins.sqlite3")
    opened: list[bool] = []

    def connect() -> StatsStore:
        opened.append(True)
        return store

    crib = next(e.drill for e in builtin_entries if e.id == "crib")
    assert crib is not None
    app = app_for(builtin_entries, clock, None, start_drill=crib, history=connect)
    with store:
        async with running(app, SIZE) as pilot:
            await pilot.pause()
            assert opened == [True]
            assert app.runner.history is store
            assert isinstance(app.screen, QuizScreen)
            q = app.runner.question
            assert q is not None
            await answer_total(app, pilot, q.actual + 1)  # wrong: the hand is due again soon
            assert store.attempt_count() == 1
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            table = app.screen.query_one("#drills", DataTable)
            row = [e.id for e in builtin_entries].index("crib")
            assert [str(c) for c in table.get_row_at(row)[2:]] == ["0%", "today"]


async def test_a_store_that_cannot_open_replaces_home(
    builtin_entries: list[DrillEntry], clock: FakeClock, recorder: ListRecorder
) -> None:
    from trainer.ui.screens.store_error import StoreErrorScreen

    def connect() -> ListRecorder:
        raise ValueError("/x/muggins.sqlite3 is damaged; it has been left untouched")

    app = app_for(builtin_entries, clock, None, history=connect)
    async with running(app, SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StoreErrorScreen)
        assert "is damaged" in text_of(app, "#store-error")
        assert app.store_error is not None


async def test_announce_cards_can_be_picked_with_the_mouse(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Say it", "description": "d", "hands": 1, "claim": "announce"})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen.query_one("#table", CardTable)
        first, second = table.card_widgets()[:2]
        await pilot.click(first)
        await pilot.click(second)
        await pilot.pause()
        assert {w.card for w in table.card_widgets() if w.selected} == {first.card, second.card}
        await pilot.click(first)
        await pilot.pause()
        assert [w.card for w in table.card_widgets() if w.selected] == [second.card]
