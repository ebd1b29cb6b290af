"""Brute force for the coach's tests: each mean worked out by scoring every case one by one."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from trainer.game.coach.play import Spot
from trainer.rules.cards import Card, deck
from trainer.rules.play import Play
from trainer.rules.totals import show_total


def unseen_by(dealt: Sequence[Card]) -> list[Card]:
    return [c for c in deck() if c not in dealt]


def hand_mean(dealt: Sequence[Card], throw: Sequence[Card]) -> Fraction:
    """The kept cards' show over every starter not dealt to the thrower, one by one."""
    keep = [c for c in dealt if c not in throw]
    starters = unseen_by(dealt)
    return Fraction(sum(show_total(keep, s) for s in starters), len(starters))


def crib_mean(dealt: Sequence[Card], throw: Sequence[Card], crib_size: int = 4) -> Fraction:
    """The crib over every way to fill it from the cards not dealt to the thrower, and then
    every starter from the rest: each case scored."""
    unseen = unseen_by(dealt)
    total = cases = 0
    for others in combinations(unseen, crib_size - len(throw)):
        crib = (*throw, *others)
        for starter in unseen:
            if starter not in others:
                total += show_total(crib, starter, crib=True)
                cases += 1
    return Fraction(total, cases)


def _minimax(table: Play, signs: Sequence[int]) -> int:
    """The rest of the play from ``table``, for the side signed +1, every seat playing its
    best for its side: each card tried through the rules' play engine."""
    if table.done:
        return 0
    seat = table.turn
    able = table.playable(seat)
    if not able:
        after, items = table.go()  # a go that ends the count pegs for the last to lay
        if not items:
            return _minimax(after, signs)
        assert table.last_player is not None
        return sum(i.points for i in items) * signs[table.last_player] + _minimax(after, signs)
    outcomes = []
    for card in able:  # what a card laid pegs, with a go or last card after it, is its seat's
        after, items = table.lay(card)
        outcomes.append(sum(i.points for i in items) * signs[seat] + _minimax(after, signs))
    return max(outcomes) if signs[seat] > 0 else min(outcomes)


def exhaustive_play_values(spot: Spot) -> dict[Card, Fraction]:
    """Each card ``spot``'s seat may lay, valued over every way to deal the unseen cards to
    the other hands (card by card, only as a seat's goes allow), each solved by trying every
    card through `Play`."""
    rules = spot.rules
    mine = rules.side_of(spot.seat)
    signs = [1 if rules.side_of(s) == mine else -1 for s in range(rules.players)]
    others = [s for s in range(rules.players) if s != spot.seat and spot.held[s]]
    totals: dict[Card, int] = dict.fromkeys(spot.playable(), 0)
    deals = 0

    def fits(seat: int, cards: Sequence[Card]) -> bool:
        stuck = spot.stuck.get(seat)
        return stuck is None or all(c.value > 31 - stuck for c in cards)

    def deal(left: list[Card], n: int, hands: dict[int, tuple[Card, ...]]) -> None:
        nonlocal deals
        if n == len(others):
            hands_now = tuple(
                spot.hand if s == spot.seat else hands.get(s, ()) for s in range(rules.players)
            )
            last = spot.owners[-1] if spot.pile else None
            table = Play(hands_now, spot.seat, spot.pile, last, spot.passed)
            deals += 1
            for card in totals:
                after, items = table.lay(card)
                totals[card] += sum(i.points for i in items) + _minimax(after, signs)
            return
        seat = others[n]
        for cards in combinations(left, spot.held[seat]):
            if fits(seat, cards):
                deal([c for c in left if c not in cards], n + 1, {**hands, seat: cards})

    deal(list(spot.unseen), 0, {})
    return {card: Fraction(total, deals) for card, total in totals.items()}
