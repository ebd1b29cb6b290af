"""What is never a count (pegging talk, card names), whatever the hand."""

from __future__ import annotations

import pytest

from tests.voice.counting import hear, show, words
from trainer.judge.claims import AnnounceClaim, ClaimedItem
from trainer.rules.cards import parse_cards
from trainer.rules.show import Breakdown
from trainer.voice.grammar import build
from trainer.voice.heard import NoCount

PAIR = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair: 6
TWENTY_NINE = show("5H 5C 5S JD", "5D")
FIVE_CARDS = show("3H 4C 5D 6S 7H", "JH")


NOT_COUNTS = [
    "go",
    "one for the go",
    "thirty one for two",
    "fifteen for two",
    "two for his heels",
    "one for his heels",
    "his heels",
    "last card",
    "one for last card",
    "five of hearts",
    "the jack of diamonds",
    "five of hearts and five of spades",
    "ten of clubs nine of diamonds",
]


@pytest.mark.parametrize("said", NOT_COUNTS)
@pytest.mark.parametrize(
    "b",
    [PAIR, TWENTY_NINE, FIVE_CARDS, show("5H JH QH", "KH")],
    ids=["pair", "29", "five cards", "three cards"],
)
def test_pegging_talk_and_card_names_are_never_a_count(b: Breakdown, said: str) -> None:
    assert build(b).parse(words(said)) is None
    with pytest.raises(NoCount):
        hear(b, said)


def test_fifteen_two_of_a_pegging_pile_is_a_fifteen() -> None:
    fifteen = ClaimedItem("fifteen", parse_cards("5S 10C"), 2)
    assert hear(PAIR, "fifteen two").claim() == AnnounceClaim((fifteen,))
