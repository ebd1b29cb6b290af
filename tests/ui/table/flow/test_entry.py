"""What you type at the table becomes the action it says, or a message saying what is wrong."""

from __future__ import annotations

import pytest

from trainer.game.engine import new_game, step
from trainer.game.state import Count, Discard, GameState, Lay, Prompt, Respond
from trainer.game.variants import variant
from trainer.judge.claims import CatchAnswer, ClaimError, TotalClaim
from trainer.rules.cards import parse_card
from trainer.ui.table.flow.entry import typed_action


def _thrown() -> GameState:
    """A standard game's first hand once both seats have thrown (their hands are kept)."""
    state, _ = new_game(variant("standard"), 1, 0)
    for seat in (0, 1):
        state, _ = step(state, Discard(seat, state.hand.dealt.hands[seat][:2]))
    return state


STATE = _thrown()
COUNT = Prompt(0, "count", "hand")
RESPOND = Prompt(0, "respond", "hand")


@pytest.mark.parametrize(
    ("asked", "text", "laying", "action"),
    [
        (COUNT, " 12 ", None, Count(0, TotalClaim(12))),
        (COUNT, "nineteen", None, Count(0, TotalClaim(19))),  # the judge says 19 is nothing
        (COUNT, "19", None, Count(0, TotalClaim(19))),
        (RESPOND, "a", None, Respond(0, CatchAnswer())),
        (RESPOND, "T", None, Respond(0, CatchAnswer(too_many=True))),
        (RESPOND, "3", None, Respond(0, CatchAnswer(call=3))),
        (Prompt(0, "play"), "2", parse_card("5H"), Lay(0, parse_card("5H"), 2)),
        (Prompt(0, "play"), "", parse_card("5H"), Lay(0, parse_card("5H"), 0)),
    ],
)
def test_what_you_type_is_the_action(
    asked: Prompt, text: str, laying: object, action: object
) -> None:
    assert typed_action(STATE, asked, 0, text, laying) == action  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("asked", "text", "problem"),
    [
        (COUNT, "", "type your count first"),
        (COUNT, "twelve!", "'twelve!' is not a count"),
        (RESPOND, "", "type a to accept"),
        (RESPOND, "0", "at least 1 point"),
        (Prompt(0, "discard"), "3", "nothing to type now"),
    ],
)
def test_what_cannot_be_an_action_is_refused_saying_why(
    asked: Prompt, text: str, problem: str
) -> None:
    with pytest.raises(ClaimError, match=problem):
        typed_action(STATE, asked, 0, text, None)
