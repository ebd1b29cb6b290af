"""A two-player position told as a player tells it, turned into what the play advice values."""

from __future__ import annotations

import re

import pytest

from trainer.game.coach.spot import ME, THEM, SpotError, two_player_spot
from trainer.game.variants import variant
from trainer.rules.cards import Card, parse_cards

STANDARD = variant("standard")


def cards(text: str) -> list[Card]:
    return parse_cards(text) if text else []


def test_the_pone_leads_the_first_card_of_the_hand() -> None:
    spot = two_player_spot(STANDARD, cards("5H 10D 4C 6S"), [], [], dealer=False)
    assert spot.held == (4, 4)
    assert (spot.pile, spot.owners, spot.passed, spot.stuck) == ((), (), frozenset(), {})
    assert len(spot.unseen) == 48


def test_the_cards_alternate_the_last_your_opponents() -> None:
    spot = two_player_spot(
        STANDARD, cards("5H 10D 4C"), cards("9S 2H KC"), cards("AS"), dealer=True
    )
    assert spot.owners == (THEM, ME, THEM)
    assert spot.held == (3, 2)
    assert len(spot.unseen) == 52 - 3 - 3 - 1


def test_after_a_go_every_card_is_yours_and_your_opponent_is_stuck() -> None:
    spot = two_player_spot(STANDARD, cards("AC"), cards("10S 10H 5C 2D"), [], dealer=False, go=25)
    assert spot.owners == (ME, THEM, ME, ME)
    assert spot.passed == frozenset({THEM})
    assert spot.stuck == {THEM: 25}
    assert spot.held == (1, 3)  # you led, and laid one more after the go


def test_how_many_your_opponent_holds_can_be_given() -> None:
    spot = two_player_spot(STANDARD, cards("5H"), cards("9S"), [], dealer=True, theirs=1)
    assert spot.held == (1, 1)


@pytest.mark.parametrize(
    ("hand", "pile", "seen", "more", "message"),
    [
        ("5H 10D", "10D", "", {}, "10D is both in your hand and on the pile"),
        ("5H 10D", "", "5H", {}, "5H is given as seen but it is in your hand"),
        ("5H 10D", "9S", "9S", {"dealer": True}, "9S is given as seen but it is on the pile"),
        ("5H 10D", "KS QS JS 5C", "", {}, "the pile's count is 35: a count never passes 31"),
        ("5H 10D 4C 6S 2S", "", "", {}, "you hold at most 4 cards in the play, got 5"),
        ("5H 10D", "9S", "", {"go": 8}, "the count was never 8 (the counts the pile made: 9)"),
        ("5H 10D 4C 6S", "9S", "", {}, "the pile's cards cannot be laid so"),
        ("5H", "", "", {"theirs": 5}, "your opponent holds 0 to 4 cards, not 5"),
    ],
)
def test_a_position_that_cannot_be_is_named(
    hand: str, pile: str, seen: str, more: dict[str, object], message: str
) -> None:
    options: dict[str, object] = {"dealer": False, **more}
    with pytest.raises(SpotError, match=re.escape(message)):
        two_player_spot(STANDARD, cards(hand), cards(pile), cards(seen), **options)  # type: ignore[arg-type]


def test_only_two_player_games_are_told_so() -> None:
    with pytest.raises(SpotError, match=r"a position is told for two players; .* has 3"):
        two_player_spot(variant("three-hand"), cards("5H"), [], [], dealer=False)
