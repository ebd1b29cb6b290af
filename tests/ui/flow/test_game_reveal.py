"""What a settled show's reveal at the table says, from the game's `Shown` event and what the
table kept: your count against the truth, the count you answered and your answer, what
muggins moved, and the combinations to mark as missed."""

from __future__ import annotations

from trainer.game.events import Shown
from trainer.game.setup import GameSetup
from trainer.game.state import Count, Respond
from trainer.game.variants import variant
from trainer.judge.claims import AnnounceClaim, CatchAnswer, ClaimedItem, TotalClaim
from trainer.rules.cards import parse_cards
from trainer.rules.show import Item, score_show
from trainer.ui.flow.game_reveal import game_reveal

SETUP = GameSetup.make(variant("standard"), 7, [None, "standard"], names=("You", "Computer"))
CARDS = tuple(parse_cards("7S JS 5D KD"))
STARTER = parse_cards("4C")[0]  # fifteen two (5 J), fifteen four (5 K): the hand is 4


def shown(seat: int, claimed: int, pegged: int, mugged: int = 0, by: int | None = None) -> Shown:
    return Shown(seat, "hand", CARDS, STARTER, 4, claimed, pegged, mugged, by)


def test_your_short_count_mugged() -> None:
    reveal = game_reveal(shown(0, 2, 2, 2, 1), SETUP, claim=TotalClaim(2))
    assert reveal.title == "Your hand: 4"
    assert reveal.verdict is not None
    assert reveal.verdict.claimed == 2
    assert reveal.lines == (
        reveal.verdict.claim_line(),
        "Muggins: Computer takes 2.",
        "You peg 2 for the hand.",
    )
    assert reveal.missed is None  # a total claimed: nothing to mark
    assert reveal.breakdown.total == 4


def test_a_short_count_nobody_called() -> None:
    reveal = game_reveal(shown(0, 2, 2), SETUP, claim=TotalClaim(2))
    assert "Nobody called muggins, but the 2 you missed are lost." in reveal.lines


def test_an_announced_count_marks_what_was_missed() -> None:
    truth = score_show(CARDS, STARTER)
    first = truth.items[0]
    claim = AnnounceClaim((ClaimedItem(first.kind, first.cards),))
    reveal = game_reveal(shown(0, 2, 2), SETUP, claim=claim)
    missed = reveal.missed
    assert missed is not None
    assert set(missed) == set(truth.items) - {first}
    assert all(isinstance(i, Item) for i in missed)


def test_a_count_you_answered_with_a_wrong_call() -> None:
    said = score_show(CARDS, STARTER).items
    count = Count(1, TotalClaim(4), said=said)
    answer = Respond(0, CatchAnswer(call=2))
    reveal = game_reveal(shown(1, 4, 6), SETUP, answered=(count, answer))
    assert reveal.verdict is None
    assert reveal.title == "Computer's hand: 4"
    assert reveal.lines[0] == 'Computer said "Fifteen two, fifteen four." (4); it is 4.'
    assert reveal.lines[1] == (
        "You answered: muggins for 2. Nothing was missed: a wrong call, and Computer takes 2."
    )
    assert reveal.lines[-1] == "Computer pegs 6 for the hand."


def test_too_many_that_was_not() -> None:
    answer = Respond(0, CatchAnswer(too_many=True))
    reveal = game_reveal(shown(1, 4, 4), SETUP, answered=(None, answer))
    assert reveal.lines[0] == 'Computer said "4." (4); it is 4.'  # a resumed game's count
    assert reveal.lines[1] == "You answered: too many. It was not too many: nothing moves."
