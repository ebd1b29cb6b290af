"""The pegging drill draws every card of the current count, face up, beside the count, at
80x24: the cards as drawn on the screen, not only as the question holds them (issue 23)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, answer_total, app_for, drill, entry, running
from trainer.quiz.questions import PlayQuestion
from trainer.rules.cards import RANK_NAMES, Card
from trainer.ui.app import MugginsApp

SMALL = (80, 24)
LONGEST_PILE = 381
"""A drill seed whose first moment has seven cards laid before yours (five, ten, ace, ace,
three, two, five, then your four to 31): the widest row the play can have."""


def face(card: Card, *, plain: bool) -> str:
    """A card's corner as a `PlayingCard` draws it: ``5♥``, or ``5H`` with plain cards."""
    return RANK_NAMES[card.rank] + (card.suit if plain else card.symbol[-1])


def screen_lines(app: MugginsApp) -> list[str]:
    """Every line of the screen as the terminal is sent it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def assert_pile_drawn(app: MugginsApp, q: PlayQuestion, *, plain: bool = False) -> None:
    """The line of the play shows the corner of every card since the reset, in order, then
    yours; the count before your card is on the screen too."""
    lines = screen_lines(app)
    (row,) = [line for line in lines if "then you lay" in line]
    left, _, right = row.partition("then you lay")
    at = 0
    for card in q.play.before:
        found = left.find(face(card, plain=plain), at)
        assert found >= 0, f"{card} is not drawn before 'then you lay' in {row!r}"
        at = found + 1
    assert face(q.play.card, plain=plain) in right, f"{q.play.card} is not drawn in {row!r}"
    count = q.play.count - q.play.card.value
    text = "\n".join(lines)
    assert f"count {count} before your card" in text if q.play.before else "new count" in text
    assert f"Count now: {q.play.count}." in text


async def first_question(app: MugginsApp, pilot: Pilot[None]) -> PlayQuestion:
    await pilot.press("enter")
    await pilot.pause()
    q = app.runner.question
    assert isinstance(q, PlayQuestion)
    return q


@pytest.mark.parametrize("plain", [False, True], ids=["symbols", "plain-cards"])
async def test_the_longest_pile_is_drawn_whole_at_80x24(
    clock: FakeClock, recorder: ListRecorder, plain: bool
) -> None:
    d = drill({"name": "Peg", "description": "d", "kind": "play", "hands": 2,
               "seed": LONGEST_PILE})  # fmt: skip
    app = app_for([entry(d)], clock, recorder, plain_cards=plain)
    async with running(app, SMALL) as pilot:
        q = await first_question(app, pilot)
        assert len(q.play.before) == 7
        assert_pile_drawn(app, q, plain=plain)


async def test_every_moment_of_a_drill_draws_its_pile(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = drill({"name": "Peg", "description": "d", "kind": "play", "hands": 8})
    app = app_for([entry(d)], clock, recorder)
    async with running(app, SMALL) as pilot:
        q = await first_question(app, pilot)
        piles = []
        for n in range(8):
            if n:
                await pilot.press("space")  # the next deal, from the reveal
                await pilot.pause()
                q2 = app.runner.question
                assert isinstance(q2, PlayQuestion)
                q = q2
            assert_pile_drawn(app, q)
            piles.append(len(q.play.before))
            await answer_total(app, pilot, q.play.points)
        assert max(piles) >= 2, piles  # piles worth drawing, not only leads
