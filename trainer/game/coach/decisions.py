"""Each decision of a hand re-derived from the game's record, as the seat saw it when it chose.

The record (`record.HandRecord.to_dict`, as `muggins simulate --json` prints it and the
history keeps it) holds each hand's deal, what each seat kept, the starter and every
event, each card laid with the count, the seats that had said go since the count
began (``passed``) and what it pegged. That is enough, without the engine, to see
each throw (the cards dealt, the crib's owner) and each card laid: the seat's cards,
how many every seat held, the cards since the count began and who laid them, the
cards it had not seen, and every go said this hand (`PlayWalk`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.game.coach.play import Spot
from trainer.game.variants import GameVariant
from trainer.rules.cards import Card, deck, stored_cards


def cards_of(texts: Iterable[str]) -> tuple[Card, ...]:
    """Cards from the record's text (``["5H", "10D"]``)."""
    return stored_cards(" ".join(texts))


@dataclass(frozen=True)
class Throw:
    """A throw to the crib as made: the cards dealt, the cards thrown, whose crib it was."""

    hand: int
    seat: int
    dealt: tuple[Card, ...]
    thrown: tuple[Card, ...]
    own_crib: bool


@dataclass(frozen=True)
class Lay:
    """A card laid in the play as made, with the position its seat saw (its turn, `Spot`)."""

    hand: int
    seat: int
    spot: Spot
    card: Card


class PlayWalk:
    """The play of one hand followed event by event: what each seat holds, the cards laid,
    the count in progress, and each seat known to hold nothing under some count."""

    def __init__(
        self,
        rules: GameVariant,
        dealt: Sequence[Sequence[Card]],
        kept: Sequence[Sequence[Card]],
        starter: Card,
    ) -> None:
        self.rules = rules
        self.dealt = [tuple(d) for d in dealt]
        self.hands = [list(k) for k in kept]
        self.starter = starter
        self.laid: list[Card] = []
        self.pile: list[Card] = []
        self.owners: list[int] = []
        self.passed: frozenset[int] = frozenset()
        """The seats that had said go at the last card laid in this count."""
        self.stuck: dict[int, int] = {}

    def _stuck_at(self, seats: Iterable[int], count: int) -> None:
        for s in seats:
            self.stuck[s] = min(count, self.stuck.get(s, count))

    def spot(self, seat: int, passed: Iterable[int]) -> Spot:
        """What ``seat`` sees at its turn, when the seats ``passed`` have said go since the
        count began (those new since the last card said it at this count)."""
        passed = frozenset(passed)
        count = sum(c.value for c in self.pile)
        stuck = dict(self.stuck)
        for s in passed - self.passed:
            stuck[s] = min(count, stuck.get(s, count))
        seen = {*self.dealt[seat], self.starter, *self.laid}
        return Spot(
            self.rules,
            seat,
            tuple(self.hands[seat]),
            tuple(len(h) for h in self.hands),
            tuple(self.pile),
            tuple(self.owners),
            passed,
            tuple(c for c in deck() if c not in seen),
            stuck,
        )

    def add(self, event: Mapping[str, Any]) -> None:
        """Follow one event of the play (``play`` or ``go``; any other is ignored)."""
        if event["type"] == "play":
            seat = event["seat"]
            (card,) = cards_of([event["card"]])
            passed = frozenset(event["passed"])
            count = sum(c.value for c in self.pile)
            self._stuck_at(passed - self.passed, count)
            self.hands[seat].remove(card)
            self.laid.append(card)
            self.pile.append(card)
            self.owners.append(seat)
            self.passed = passed
            if event["count"] == 31:
                self._reset()
        elif event["type"] == "go":
            count = sum(c.value for c in self.pile)
            self._stuck_at((s for s, h in enumerate(self.hands) if h), count)
            self._reset()

    def _reset(self) -> None:
        self.pile, self.owners, self.passed = [], [], frozenset()


def hand_decisions(rules: GameVariant, hand: Mapping[str, Any]) -> tuple[list[Throw], list[Lay]]:
    """Every throw and every card laid in one hand of a record, in order."""
    if not hand["kept"]:  # the game ended before the throws
        return [], []
    number, dealer = hand["number"], hand["dealer"]
    dealt = [cards_of(d) for d in hand["dealt"]]
    kept = [cards_of(k) for k in hand["kept"]]
    crib_side = rules.side_of(dealer)
    throws = [
        Throw(
            number,
            seat,
            dealt[seat],
            tuple(c for c in dealt[seat] if c not in kept[seat]),
            rules.side_of(seat) == crib_side,
        )
        for seat in range(rules.players)
    ]
    (starter,) = cards_of([hand["starter"]])
    walk = PlayWalk(rules, dealt, kept, starter)
    lays = []
    for event in hand["events"]:
        if event["type"] == "play":
            spot = walk.spot(event["seat"], event["passed"])
            lays.append(Lay(number, event["seat"], spot, cards_of([event["card"]])[0]))
        walk.add(event)
    return throws, lays


def spot_now(rules: GameVariant, hand: Mapping[str, Any], seat: int, passed: Iterable[int]) -> Spot:
    """The position ``seat`` sees at its turn in the play of a hand in progress: the hand's
    record so far (its deal, what was kept, the starter, the events) and the seats that have
    said go since the count began (the table's). What the hint at the table and a seat
    playing the advice value, the same position the ledger values afterwards."""
    dealt = [cards_of(d) for d in hand["dealt"]]
    kept = [cards_of(k) for k in hand["kept"]]
    (starter,) = cards_of([hand["starter"]])
    walk = PlayWalk(rules, dealt, kept, starter)
    for event in hand["events"]:
        walk.add(event)
    return walk.spot(seat, passed)
