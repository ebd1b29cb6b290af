"""The quiz screen of catch and pegging drills: the opponent's count said aloud, and a
pegging header without a muggins policy (none applies to the play)."""

from __future__ import annotations

from typing import Any

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, drill, entry, revealing, running, text_of
from tests.ui.waiting import until
from trainer.quiz.questions import CatchQuestion, PlayQuestion
from trainer.ui.screens.quiz import QuizScreen

SIZE = (100, 30)
NEAR_MISSES = {"Fifteen two.", "A pair is two.", "A run of three is three."}
"""What an opponent who miscounts a zero hand can say: a near miss, each worth 2 or 3."""


def catch_drill(errors: float) -> dict[str, Any]:
    return {
        "name": "Catch",
        "description": "d",
        "kind": "catch",
        "hands": 5,
        "opponent_errors": errors,
        "deal": {"score": 0},
    }


async def test_catch_screen_says_a_miscounted_zero_hand_aloud(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(drill(catch_drill(1.0)))], clock, recorder)
    async with running(app, SIZE) as pilot:
        for n in range(5):
            await pilot.press("enter" if n == 0 else "space")
            await pilot.pause()
            assert isinstance(app.screen, QuizScreen)
            q = app.runner.question
            assert isinstance(q, CatchQuestion)
            assert q.breakdown.total == 0
            spoken = q.opponent.spoken()
            assert spoken in NEAR_MISSES
            assert text_of(app, "#opponent") == f'Your opponent counts their hand: "{spoken}"'
            await pilot.press("t")  # at once, no Enter
            await until(pilot, lambda: revealing(app), "the reveal")
            assert recorder.attempts[-1].exact  # too many, rightly


async def test_catch_screen_says_nineteen_for_nothing(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(drill(catch_drill(0.0)))], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.runner.question, CatchQuestion)
        assert text_of(app, "#opponent") == (
            'Your opponent counts their hand: "Nineteen (no score)."'
        )
        assert text_of(app, "#quiz-title").endswith("muggins: acc")


async def test_pegging_header_shows_no_muggins_policy(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Peg", "description": "d", "kind": "play", "hands": 3, "muggins": "hoyle"})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.runner.question, PlayQuestion)
        assert text_of(app, "#quiz-title") == f"Peg  ·  1 of 3  ·  {d.variant}"


async def test_the_pegging_notes_name_your_cards_as_the_table_draws_them(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    """The cards left are written with suit symbols, as the cards above them are drawn."""
    d = drill({"name": "Peg", "description": "d", "kind": "play", "hands": 3})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SIZE) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.runner.question, PlayQuestion), "a play")
        q = app.runner.question
        assert isinstance(q, PlayQuestion)
        left = q.play.remaining
        notes = text_of(app, "#play-notes")
        if left:
            assert f"Your cards left: {' '.join(c.symbol for c in left)}." in notes
        else:
            assert "You have no cards left." in notes
