"""Moments of the play for pegging drills: a random two-player play and one card of it.

The drill asks what the card just laid pegs, knowing what a player at the table
knows: the cards since the reset, their own cards left, and whether the
opponent can follow.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from trainer.drills.dealing import sorted_hand
from trainer.rules.cards import Card, deck
from trainer.rules.play import PlayItem, PlayScore, PlayState

SCORING_SHARE: Final = 2 / 3
"""How often a pegging drill asks about a card that scores something."""


@dataclass(frozen=True)
class PlayDeal:
    """A moment in the play: the cards since the reset, the card you lay, what you know.

    ``opponent_go`` says the opponent cannot lay after your card (they said go or
    hold nothing); ``last_card`` that yours is the final card of the play. With
    your remaining cards visible, that is everything a player at the table knows.
    """

    before: tuple[Card, ...]
    card: Card
    remaining: tuple[Card, ...]
    opponent_go: bool
    last_card: bool
    items: tuple[PlayItem, ...]
    seed: int

    @property
    def count(self) -> int:
        """The running count after your card."""
        return sum(c.value for c in self.before) + self.card.value

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)

    @property
    def laid(self) -> tuple[Card, ...]:
        """The cards since the reset, yours last."""
        return (*self.before, self.card)

    @property
    def score(self) -> PlayScore:
        """What your card pegs, itemised (a go or last card included)."""
        return PlayScore(self.laid, self.count, self.items)


def deal_play(seed: int) -> PlayDeal:
    """A random two-player play (4 cards each, random legal cards) and one card of it to score.

    Two times in three the moment is one of the cards that score (when any
    does), else any of the eight: most cards laid score nothing, and a drill
    of zeros teaches little.
    """
    rng = random.Random(seed)
    cards = rng.sample(deck(), 8)
    state = PlayState([cards[:4], cards[4:]])
    moments: list[PlayDeal] = []
    while not state.done:
        player = state.turn
        able = state.playable(player)
        if not able:
            state.go()
            continue
        before = tuple(state.pile)
        card = rng.choice(able)
        items = state.lay(card)
        moments.append(
            PlayDeal(
                before=before,
                card=card,
                remaining=sorted_hand(tuple(state.hands[player])),
                opponent_go=_cannot_follow(before, card, state.hands[1 - player]),
                last_card=state.done,
                items=items,
                seed=seed,
            )
        )
    scoring = [m for m in moments if m.items]
    if scoring and rng.random() < SCORING_SHARE:
        return rng.choice(scoring)
    return rng.choice(moments)


def _cannot_follow(before: tuple[Card, ...], card: Card, opponent: list[Card]) -> bool:
    """The opponent can lay nothing on this count (at 31 the count resets: no go is said)."""
    count = sum(c.value for c in before) + card.value
    return count < 31 and all(c.value > 31 - count for c in opponent)
