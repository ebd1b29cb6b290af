"""Moments of the play for pegging drills: a random two-player play and one card of it.

The drill asks what the card just laid pegs, knowing what a player at the table
knows: the cards since the reset, their own cards left, and whether the
opponent can follow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from trainer.drills.dealing import sorted_hand
from trainer.rules.cards import SUITS, Card, deck
from trainer.rules.play import Play, PlayItem, PlayScore, score_play

PlayCategory = Literal[
    "fifteen", "pair", "pair-royal", "run", "thirty-one", "go", "last", "nothing"
]

TARGETS: Final[dict[PlayCategory, int]] = {
    "fifteen": 16,
    "pair": 14,
    "pair-royal": 8,
    "run": 15,
    "thirty-one": 13,
    "go": 12,
    "last": 10,
    "nothing": 12,
}
"""How often a pegging drill aims at each kind of moment (in hundredths): what scores
points most of the time, a go, the last card or nothing about a third of it."""

TRIES: Final = 6
"""Plays dealt looking for the moment aimed at; then the most telling moment of the last."""

GREED: Final = 0.8
"""How often a player lays the card that pegs most: players take the points they see."""


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
    """A two-player play (4 cards each) and one card of it to score, spread over what it pegs.

    First a kind of moment is chosen (`TARGETS`), then plays are dealt until one
    holds such a moment; most cards laid at random score nothing, and a drill of
    zeros and goes teaches little. Players lay the card that pegs most four times
    in five (`GREED`), else any legal card.
    """
    rng = random.Random(seed)
    target = rng.choices(list(TARGETS), list(TARGETS.values()))[0]
    order = list(TARGETS)
    for _ in range(TRIES):
        moments = _play(rng, royal=target == "pair-royal")
        kinds = [order.index(category(m[-1])) for m in moments]
        aimed = [i for i, k in enumerate(kinds) if k == order.index(target)]
        if aimed:
            break
    else:
        aimed = [i for i, k in enumerate(kinds) if k == min(kinds)]
    pick = rng.choice(aimed)
    return _moment(moments[pick], seed, last=pick == len(moments) - 1)


def category(items: tuple[PlayItem, ...]) -> PlayCategory:
    """The kind of moment a card's items make, the most telling first (a pair royal that
    makes fifteen is a pair royal)."""
    kinds = {i.kind: i.points for i in items}
    if kinds.get("pair", 0) >= 6:
        return "pair-royal"
    if "run" in kinds:
        return "run"
    if "thirty_one" in kinds:
        return "thirty-one"
    if "fifteen" in kinds:
        return "fifteen"
    if "pair" in kinds:
        return "pair"
    if "last" in kinds:
        return "last"
    return "go" if "go" in kinds else "nothing"


_Moment = tuple[tuple[Card, ...], Card, tuple[Card, ...], tuple[Card, ...], tuple[PlayItem, ...]]
"""A card laid: the cards before it, the card, the hands left (its player's, the other's),
and what it pegged."""


def _play(rng: random.Random, *, royal: bool) -> list[_Moment]:
    """Every moment of one play; ``royal`` deals three cards of a rank, two to one player."""
    if royal:
        rank = rng.randrange(1, 14)
        three = [Card(rank, s) for s in rng.sample(SUITS, 3)]
        rest = rng.sample([c for c in deck() if c.rank != rank], 5)
        hands = [[three[0], three[1], *rest[:2]], [three[2], *rest[2:]]]
        rng.shuffle(hands)
    else:
        cards = rng.sample(deck(), 8)
        hands = [cards[:4], cards[4:]]
    play = Play.start(hands)
    moments: list[_Moment] = []
    while not play.done:
        player = play.turn
        able = play.playable(player)
        if not able:
            play = play.go()[0]
            continue
        before = play.pile
        if rng.random() < GREED:
            card = max(able, key=lambda c: score_play((*before, c)).total)
        else:
            card = rng.choice(able)
        play, items = play.lay(card)
        moments.append((before, card, play.hands[player], play.hands[1 - player], items))
    return moments


def _moment(m: _Moment, seed: int, last: bool) -> PlayDeal:
    before, card, mine, theirs, items = m
    return PlayDeal(
        before=before,
        card=card,
        remaining=sorted_hand(mine),
        opponent_go=_cannot_follow(before, card, theirs),
        last_card=last,
        items=items,
        seed=seed,
    )


def _cannot_follow(before: tuple[Card, ...], card: Card, opponent: Sequence[Card]) -> bool:
    """The opponent can lay nothing on this count (at 31 the count resets: no go is said)."""
    count = sum(c.value for c in before) + card.value
    return count < 31 and all(c.value > 31 - count for c in opponent)
