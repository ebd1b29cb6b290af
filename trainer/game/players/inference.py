"""What the other hands likely hold in the play: each dealt afresh from the cards a seat
cannot see and kept as a sound player keeps (the standard bot's throw), so long as the keep
holds every card that seat has laid and nothing it could have laid when it said go.

A player who has kept the best four of six rarely holds four scattered picture cards: the
cards kept are far from a uniform draw of the unseen ones, and the play is worth knowing
that (a bot that saw the other hand would peg more than a point a hand more than one that
guesses uniformly). Dealing six and keeping as the model keeps, then keeping only the deals
that agree with the cards laid, draws from that belief exactly; a seat whose play the model
cannot explain in a fair number of tries is dealt as before, uniformly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from trainer.game.players.search import Ranks
from trainer.game.players.values import discard_values
from trainer.game.state import GameState
from trainer.rules.cards import Card, deck

TRIES: Final = 12
"""Deals tried for a seat's hand, a sample, before it is dealt uniformly instead."""


def sound_keep(dealt: Sequence[Card], throw: int, own_crib: bool) -> tuple[Card, ...]:
    """The cards a sound player keeps from ``dealt`` (the standard bot's keep)."""
    values = discard_values(dealt, throw, own_crib=own_crib)
    thrown = max((value, n, cards) for n, (value, cards) in enumerate(values))[2]
    return tuple(c for c in dealt if c not in thrown)


class Believer:
    """Deals the other seats' hands as ``seat`` believes them now (`sample`)."""

    def __init__(self, state: GameState, seat: int, stuck_at: Mapping[int, int]) -> None:
        hand = state.hand
        table = hand.table
        assert table is not None
        self.rules = state.rules
        self.dealer = hand.dealer
        self.stuck_at = stuck_at
        self.laid: dict[int, tuple[Card, ...]] = {}
        seen = {*hand.dealt.hands[seat], hand.dealt.starter}
        self.held: dict[int, int] = {}
        for s, kept in enumerate(hand.kept):
            held = table.hands[s]
            laid = tuple(c for c in kept or () if c not in held)
            seen.update(laid)
            if s != seat and held:
                self.laid[s] = laid
                self.held[s] = len(held)
        self.unseen = [c for c in deck() if c not in seen]
        self.tried = 0
        self.believed = 0
        """Hands dealt so far, and how many of them by the model of a sound keep."""

    def sample(self, rng: random.Random) -> dict[int, Ranks]:
        """One deal of the other hands (the stuck seats first), by ranks."""
        pool = list(self.unseen)
        deal: dict[int, Ranks] = {}
        for s in sorted(self.held, key=lambda s: s not in self.stuck_at):
            cards, dealt = self._hand(s, pool, rng)
            deal[s] = tuple(sorted(c.rank for c in cards))
            for card in dealt:
                pool.remove(card)
        return deal

    def _hand(
        self, seat: int, pool: list[Card], rng: random.Random
    ) -> tuple[list[Card], Sequence[Card]]:
        """A hand for ``seat`` from ``pool``: the cards it holds, and the cards it took from
        the pool (its throw with them, when the keep was modelled)."""
        laid = self.laid[seat]
        size = self.held[seat]
        stuck = self.stuck_at.get(seat)
        draw = self.rules.dealt - len(laid)
        self.tried += 1
        if draw <= len(pool):
            for _ in range(TRIES):
                dealt = [*laid, *rng.sample(pool, draw)]
                keep = sound_keep(dealt, self.rules.thrown, seat == self.dealer)
                held = [c for c in keep if c not in laid]
                if len(held) == size and _fits(held, stuck):
                    self.believed += 1
                    return held, [c for c in dealt if c not in laid]
        able = [c for c in pool if _fits([c], stuck)]
        if len(able) < size:
            able = pool
        held = rng.sample(able, size)
        return held, held


def _fits(held: Sequence[Card], stuck: int | None) -> bool:
    """Whether a seat that said go at ``stuck`` (or never) could hold these cards."""
    return stuck is None or all(c.value > 31 - stuck for c in held)
