"""What the trainer says aloud, as players say it: a hand and its starter by the cards'
names ("five of hearts, five of clubs, jack of diamonds, four of spades; the starter, the
six of clubs"), a judgement and the count it should have been ("Fifteen two, fifteen four,
and a pair is six.")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from trainer.judge.outcome import Judgement
from trainer.rules.cards import RANK_WORDS, SUIT_SYMBOLS, SUIT_WORDS, Card
from trainer.rules.show import Breakdown

_CARD: Final = re.compile(r"\b(10|[2-9AJQKT])([SHDC♠♥♦♣])(?![\w])")
"""A card as the screens write it: 5H, 10♣, QD."""
_RANK_OF: Final = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10} | {str(n): n for n in range(2, 11)}
_SUIT_OF: Final = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def card_words(card: Card) -> str:
    """A card by its name: "five of hearts", "jack of diamonds"."""
    return f"{RANK_WORDS[card.rank]} of {SUIT_WORDS[card.suit]}"


def hand_words(hand: Sequence[Card], starter: Card | None, *, crib: bool = False) -> str:
    """A show to count, read out: its cards, then the starter ("the crib: ..." for a crib)."""
    cards = ", ".join(card_words(c) for c in hand)
    lead = "The crib: " if crib else ""
    if starter is None:
        return f"{lead}{cards}."
    return f"{lead}{cards}; the starter, the {card_words(starter)}."


def count_words(breakdown: Breakdown) -> str:
    """The count as a player says it ("Fifteen two, ... and a pair is six."); "Nineteen:
    nothing to count." for a show of none."""
    if not breakdown.total:
        return "Nineteen: nothing to count."
    return breakdown.announce()


def judged_words(judgement: Judgement, breakdown: Breakdown | None) -> str:
    """A judgement read out, then the count as it should be said (for a show)."""
    said = spoken(judgement.summary())
    if breakdown is None:
        return said
    return f"{said} {count_words(breakdown)}"


def spoken(text: str) -> str:
    """Screen text made sayable: each card written as the screens write it (5H, 10♣) by
    its name."""

    def name(match: re.Match[str]) -> str:
        rank = _RANK_OF[match.group(1)]
        suit = _SUIT_OF.get(match.group(2), match.group(2))
        return f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"

    return _CARD.sub(name, text)
