"""Cards: ranks, suits, the text form used everywhere, and the deck.

A card's text form is rank then suit (``5H``, ``10D``, ``JS``, ``AC``). Input
also accepts ``T`` for ten, lower case, and spaces or commas between cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Final

from trainer.rules.frozen import frozen_value

SUITS: Final = "SHDC"
"""Suits in display order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS: Final = frozenset("HD")

RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank text by rank number (1 = ace ... 13 = king); index 0 is unused."""

RANK_WORDS: Final = (
    "", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)  # fmt: skip
"""Each rank as players say it, by rank number (index 0 is unused)."""
SUIT_WORDS: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

JACK: Final = 11

_RANK_BY_TEXT: Final = {name: rank for rank, name in enumerate(RANK_NAMES) if name} | {"T": 10}
_SEPARATORS: Final = re.compile(r"[\s,]+")


_set = object.__setattr__
"""Sets a field of a frozen value (its own ``__setattr__`` refuses)."""


class CardError(ValueError):
    """Card text that is not a card, or a card given twice; the message quotes the token."""


@frozen_value
class Card:
    """One playing card: ``rank`` 1 (ace) to 13 (king) and ``suit`` one of ``SHDC``.

    A frozen value, compared, hashed and ordered by (rank, suit), as the frozen, slotted,
    ordered dataclass it was. Written out, not a dataclass: importing `dataclasses` (its
    `inspect`, `ast` and `dis`) cost ``muggins score`` twice as much as the rest of what
    it does beyond ``muggins --version`` (docs/development.md, "One-shot commands").
    """

    __slots__ = ("rank", "suit")
    __match_args__ = ("rank", "suit")

    rank: int
    suit: str

    def __init__(self, rank: int, suit: str) -> None:
        if not 1 <= rank <= 13 or suit not in SUITS or len(suit) != 1:
            raise CardError(f"not a card: rank {rank!r}, suit {suit!r}")
        _set(self, "rank", rank)
        _set(self, "suit", suit)

    if not TYPE_CHECKING:  # frozen: the type checker refuses these itself (`frozen_value`)

        def __setattr__(self, name: str, value: object) -> None:
            raise AttributeError(f"cannot assign to field {name!r}")

        def __delattr__(self, name: str) -> None:
            raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is Card:
            return (self.rank, self.suit) == (other.rank, other.suit)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        if type(other) is Card:
            return (self.rank, self.suit) < (other.rank, other.suit)
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if type(other) is Card:
            return (self.rank, self.suit) <= (other.rank, other.suit)
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if type(other) is Card:
            return (self.rank, self.suit) > (other.rank, other.suit)
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if type(other) is Card:
            return (self.rank, self.suit) >= (other.rank, other.suit)
        return NotImplemented

    @property
    def value(self) -> int:
        """Counting value for fifteens and the pegging count: A = 1, faces = 10."""
        return min(self.rank, 10)

    @property
    def symbol(self) -> str:
        """Rank with the suit's symbol, e.g. ``10♦``."""
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit


def parse_card(text: str) -> Card:
    """Parse one card such as ``5H``, ``10d``, ``TD`` or ``js``; raise `CardError` naming it."""
    token = text.strip()
    upper = token.upper()
    rank = _RANK_BY_TEXT.get(upper[:-1]) if len(upper) >= 2 else None
    suit = upper[-1:] if upper else ""
    if rank is None or suit not in SUITS or not suit:
        raise CardError(f"{token!r} is not a card (expected rank A 2-10 J Q K, then suit S H D C)")
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or an iterable of tokens).

    Raises `CardError` naming the first malformed token, or the first card
    that appears twice.
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text) if t]
    else:
        tokens = [t for item in text for t in _SEPARATORS.split(item) if t]
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = parse_card(token)
        if card in seen:
            raise CardError(f"{card} is given twice (as {token!r})")
        seen.add(card)
        cards.append(card)
    return cards


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise `CardError` if any card appears more than once."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} is given twice")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in text form separated by spaces: ``5H 10D JS``."""
    return " ".join(str(c) for c in cards)


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (by suit, then rank)."""
    return list(deck())


@cache
def deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (by suit, then rank), made once."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


@cache
def _by_text() -> dict[str, Card]:
    return {str(c): c for c in deck()}


def stored_cards(text: str) -> tuple[Card, ...]:
    """Cards from their canonical text (``5H 10D JS``, as stored): a lookup per card, so
    fast; any other spelling is parsed as `parse_cards` does."""
    table = _by_text()
    try:
        return tuple(table[token] for token in text.split())
    except KeyError:
        return tuple(parse_cards(text))


_SUIT_ORDER: Final = {suit: i for i, suit in enumerate(SUITS)}


def sort_key(card: Card) -> int:
    """Display order: by rank, then suit in ``SHDC`` order."""
    return card.rank * 4 + _SUIT_ORDER[card.suit]
