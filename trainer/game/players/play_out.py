"""A two-hand play by ranks, each side laying as the `standard` bot lays: what the play of
four kept cards is worth, for the pegging table (`peg_values`) the strong bot throws by.

Suits never score in the play, so the hands are ranks. Each side sees what the standard bot
sees (its own cards, every card laid, the starter) and lays the rank whose points now, less
one unseen card's expected reply, are the most (`values.reply_total`); the turns, the go and
the last card are those of RULES.md, as `search.Solver` plays them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from trainer.game.players.inference import sound_keep
from trainer.game.players.search import Ranks, scored
from trainer.game.players.values import VALUE, reply_total
from trainer.rules.cards import Card, deck

KEPT: Final = 4
"""Cards each side keeps for the play (the two-hand, six-card game)."""


def lay(held: Sequence[int], count: int, tail: Ranks, unseen: Sequence[int], left: int) -> int:
    """The rank the standard bot lays from ``held`` (some fit under 31): the most points now
    less the expected reply of one of the ``left`` unseen cards (``unseen[r]`` of rank r),
    then the highest counting value, then the lowest rank."""
    best = -1
    best_worth = (-99.0, 0)
    for rank in sorted(set(held)):
        total = count + VALUE[rank]
        if total > 31:
            continue
        now, after = scored(tail, rank)
        if total in (15, 31):
            now += 2
        worth = (now - reply_total(after, total, unseen) / left, VALUE[rank])
        if worth > best_worth:
            best, best_worth = rank, worth
    return best


def play(pone: Sequence[int], dealer: Sequence[int], starter: int) -> tuple[int, int]:
    """The points the pone and the dealer peg in the play of these hands (ranks), both laying
    as the standard bot lays, the pone leading."""
    hands = [list(pone), list(dealer)]
    laid = [0] * 14
    laid[starter] += 1
    points = [0, 0]
    count = 0
    tail: Ranks = ()
    turn = 0
    while hands[0] or hands[1]:
        held = hands[turn]
        room = 31 - count
        if not any(VALUE[r] <= room for r in held):
            turn = 1 - turn  # a go: the other side lays on (someone can: see below)
            continue
        seen = [*held]
        unseen = [0] + [4 - laid[r] for r in range(1, 14)]
        for rank in seen:
            unseen[rank] -= 1
        left = 52 - sum(laid) - len(seen)
        rank = lay(held, count, tail, unseen, left)
        held.remove(rank)
        laid[rank] += 1
        count += VALUE[rank]
        now, tail = scored(tail, rank)
        if count in (15, 31):
            now += 2
        other = 1 - turn
        if count != 31:
            room = 31 - count
            if any(VALUE[r] <= room for r in hands[other]):
                points[turn] += now
                turn = other
                continue
            if any(VALUE[r] <= room for r in held):
                points[turn] += now
                continue
            now += 1  # the go, or the last card
        points[turn] += now
        count, tail = 0, ()
        turn = other if hands[other] else turn
    return points[0], points[1]


def sample_play(kept: Sequence[int], dealer: bool, rng: random.Random) -> int:
    """One play of ``kept`` (ranks) against a hand the other side keeps as the standard bot
    does from six cards dealt from the rest: this side's points less the other's. This side's
    suits, its two thrown cards and the starter are dealt at random from what is left."""
    pack = list(deck())
    rng.shuffle(pack)
    want = list(kept)
    rest: list[Card] = []
    for card in pack:
        if card.rank in want:
            want.remove(card.rank)
        else:
            rest.append(card)
    other_dealt = rest[2:8]
    starter = rest[8]
    other = [c.rank for c in sound_keep(other_dealt, 2, own_crib=not dealer)]
    if dealer:
        theirs, ours = play(other, kept, starter.rank)
    else:
        ours, theirs = play(kept, other, starter.rank)
    return ours - theirs
