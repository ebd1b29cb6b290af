"""Deals for discard drills: the cards a player is dealt, and whose crib it is.

The same seed always deals the same cards and the same crib, so a stored attempt
can be dealt again from its seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trainer.drills.dealing import sorted_hand
from trainer.rules.cards import Card, deck


@dataclass(frozen=True)
class DiscardDeal:
    """A dealt hand to throw from: ``own_crib`` says the crib is the player's (the dealer's)."""

    dealt: tuple[Card, ...]
    own_crib: bool
    seed: int


def deal_discard(seed: int, dealt: int) -> DiscardDeal:
    """``dealt`` cards off a deck shuffled by ``seed``, sorted, and a fair coin for the crib."""
    rng = random.Random(seed)
    cards = list(deck())
    rng.shuffle(cards)
    return DiscardDeal(sorted_hand(tuple(cards[:dealt])), rng.random() < 0.5, seed)
