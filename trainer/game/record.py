"""Playing a game through to its record: seats answer what the game asks, hand by hand.

A `Seat` answers a `Prompt` with an action (a bot at once; a human through the
screens). `play_game` runs the engine with one seat per player and keeps the
record: each hand's deal, what was kept and thrown, the starter and its
events, in the shape `muggins simulate --json` prints. The first dealer is cut
for (low card deals), from the game's own seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Event, event_dict
from trainer.game.state import Action, GameOptions, GameState, HandState, Prompt
from trainer.game.variants import GameVariant
from trainer.rules.cards import Card, deck
from trainer.rules.frozen import evolve

_CUT_SALT = 0xC07
"""Mixed into the game seed for the cut for deal, apart from every hand's deck."""


class Seat(Protocol):
    """A player at the table: answers whatever the game asks of it."""

    def decide(self, state: GameState, asked: Prompt) -> Action: ...


def cut_for_deal(seed: int, players: int) -> int:
    """Who deals first: each player cuts a card, the lowest deals (ties cut again)."""
    last = cuts_for_deal(seed, players)[-1]
    return last.index(min(last, key=lambda c: c.rank))


def cuts_for_deal(seed: int, players: int) -> list[tuple[Card, ...]]:
    """The cards each player cut for the deal, seat by seat, a round per cut: the last round
    has one lowest card (its seat deals), the rounds before it a tie for the lowest."""
    rng = random.Random(seed * 31 + _CUT_SALT)
    rounds = []
    while True:
        cards = tuple(rng.sample(deck(), players))
        rounds.append(cards)
        low = min(c.rank for c in cards)
        if sum(c.rank == low for c in cards) == 1:
            return rounds


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


@dataclass
class HandRecord:
    """One hand as it was played."""

    number: int
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    deck_to_crib: tuple[Card, ...]
    kept: tuple[tuple[Card, ...], ...] = ()
    crib: tuple[Card, ...] = ()
    starter: Card | None = None
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, hand: HandState) -> HandRecord:
        return cls(hand.number, hand.dealer, hand.dealt.hands, hand.dealt.deck_to_crib)

    def close(self, hand: HandState) -> None:
        """Fill in what the hand showed once its cards are thrown (once: they never change)."""
        if self.starter is None and all(k is not None for k in hand.kept):
            self.kept = tuple(k or () for k in hand.kept)
            self.crib = hand.crib
            self.starter = hand.dealt.starter

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "dealt": [_cards(h) for h in self.dealt],
            "deck_to_crib": _cards(self.deck_to_crib) or None,
            "kept": [_cards(h) for h in self.kept],
            "crib": _cards(self.crib),
            "starter": str(self.starter) if self.starter is not None else None,
            "events": [event_dict(e) for e in self.events],
        }


def hands_after(
    hands: Sequence[HandRecord], before: GameState, after: GameState, events: Sequence[Event]
) -> list[HandRecord]:
    """The record's hands after one step, as new objects where they change (the others are
    shared): the hand's cards filled in once thrown, its events added, and the crib's show
    ending it (what follows, the five-card game's three for last, opens the next hand)."""
    last = evolve(hands[-1], events=list(hands[-1].events))
    kept = [*hands[:-1], last]
    if after.hand.number == before.hand.number:
        last.close(after.hand)
        last.events += events
        return kept
    last.close(before.hand)
    last.events += events[:1]
    following = HandRecord.of(after.hand)
    following.events += events[1:]
    return [*kept, following]


@dataclass
class GameRecord:
    """A whole game: who sat where, the hands, the final score and the result."""

    rules: GameVariant
    seed: int
    seats: tuple[str, ...]
    first_dealer: int
    hands: list[HandRecord]
    final: tuple[int, ...]
    winner: int
    undos: int = 0
    """Times the human took back a decision (a game on its own only): in the plain data only
    when there were any."""

    @property
    def skunked(self) -> list[int]:
        """Losing sides under the skunk line (double skunks among them)."""
        return [
            n for n, s in enumerate(self.final) if n != self.winner and s < self.rules.skunk_line
        ]

    @property
    def double_skunked(self) -> list[int]:
        lines = self.rules.double_skunk_line
        return [n for n, s in enumerate(self.final) if n != self.winner and s < lines]

    def to_dict(self) -> dict[str, Any]:
        """The record as `muggins simulate --json` prints it (no times in it)."""
        return {
            "seed": self.seed,
            "seats": list(self.seats),
            "teams": [list(side) for side in self.rules.sides],
            "target": self.rules.target,
            "first_dealer": self.first_dealer,
            "final": list(self.final),
            "winner": self.winner,
            "skunked": self.skunked,
            "double_skunked": self.double_skunked,
            "hands": [h.to_dict() for h in self.hands],
            **({"undos": self.undos} if self.undos else {}),
        }


def play_game(
    rules: GameVariant,
    seed: int,
    seats: Sequence[Seat],
    names: Sequence[str],
    options: GameOptions | None = None,
    *,
    first_dealer: int | None = None,
    max_steps: int = 100_000,
) -> GameRecord:
    """Play a whole game with these seats and return its record."""
    if len(seats) != rules.players:
        raise ValueError(f"{rules.name} is played by {rules.players}, not {len(seats)}")
    dealer = cut_for_deal(seed, rules.players) if first_dealer is None else first_dealer
    state, events = new_game(rules, seed, dealer, options)
    hands = [HandRecord.of(state.hand)]
    hands[-1].events += events
    for _ in range(max_steps):
        asked = prompt(state)
        if asked is None:
            break
        after, events = step(state, seats[asked.seat].decide(state, asked))
        hands = hands_after(hands, state, after, events)
        state = after
    else:
        raise RuntimeError(f"the game did not end in {max_steps} steps")
    assert state.winner is not None
    return GameRecord(rules, seed, tuple(names), dealer, hands, state.scores, state.winner)
