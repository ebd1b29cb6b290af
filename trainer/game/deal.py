"""The deal of each hand: its deck comes from the game's seed and the hand's number alone.

So a game replays exactly from its seed and the players' choices: no choice (a
discard, a card laid, a bot's thinking) can move the cards of a later hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from trainer.game.variants import GameVariant
from trainer.rules.cards import Card, deck

_HAND_STRIDE: Final = 1_000_003
"""Mixes the hand number into the game seed (a prime, so no two hands share a stream)."""


def hand_deck(game_seed: int, hand_number: int) -> tuple[Card, ...]:
    """The shuffled deck of hand ``hand_number`` (1, 2, ...) of the game ``game_seed``."""
    cards = list(deck())
    random.Random(game_seed * _HAND_STRIDE + hand_number).shuffle(cards)
    return tuple(cards)


@dataclass(frozen=True)
class Dealt:
    """One hand as dealt: each seat's cards, the crib's card from the deck, the starter."""

    hands: tuple[tuple[Card, ...], ...]
    deck_to_crib: tuple[Card, ...]
    starter: Card
    """The card the cut turns up, once every player has thrown."""


def deal_hand(rules: GameVariant, game_seed: int, hand_number: int, dealer: int) -> Dealt:
    """Deal one card at a time clockwise from the seat left of ``dealer``, then the crib's
    card from the deck (three-hand), then the starter from what is left."""
    if not 0 <= dealer < rules.players:
        raise ValueError(f"dealer {dealer} is not a seat at a {rules.players}-player table")
    cards = hand_deck(game_seed, hand_number)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    order = [(dealer + 1 + n) % rules.players for n in range(rules.players)]
    for n in range(rules.dealt * rules.players):
        hands[order[n % rules.players]].append(cards[n])
    used = rules.dealt * rules.players
    extra = cards[used : used + rules.deck_to_crib]
    starter = cards[used + rules.deck_to_crib]
    return Dealt(tuple(tuple(h) for h in hands), tuple(extra), starter)
