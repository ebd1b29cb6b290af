"""The strong bot's discard: the standard bot's value of each throw (the kept hand over
every starter, the crib's value) plus what the kept cards are worth in the play.

The play's part is the play played out, by ranks, between the kept cards and the
other hand as it might be: the other player's cards dealt from those unseen (and a
starter) and thrown as the standard bot throws them, each card then laid as the
standard bot lays it (what it pegs less one unseen card's expected reply, as each
player sees the cards), on both sides. The same sample of hands meets every throw,
so the comparison is fair. Only the throws within `MARGIN` points of the best (at
most `CANDIDATES` of them) are played out: the play moves a throw's value by a point
or two. Two-player games only; with more players the play's part is left out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from trainer.game.search import Position, Ranks, Solver, scored
from trainer.game.state import GameState
from trainer.game.values import VALUE, discard_values, reply_total
from trainer.rules.cards import Card, deck

CANDIDATES: Final = 5
"""Throws played out at most: the best by hand and crib."""
MARGIN: Final = 2.5
"""Points below the best throw's hand and crib past which a throw is not played out."""
OPPONENTS: Final = 32
"""Hands (with a starter) the other player is dealt in the sample, the same for every throw."""


class Sample:
    """The other player's hand as it might be, and what each player has seen of the deck:
    the unseen cards of each rank, as the seat itself sees them."""

    def __init__(self, mine: Sequence[Card], theirs: Sequence[Card], starter: Card) -> None:
        self.views = [[0] + [4] * 13, [0] + [4] * 13]
        for view, held in zip(self.views, (mine, theirs), strict=True):
            for card in (*held, starter):
                view[card.rank] -= 1
        self.kept: Ranks = ()


def strong_discard(state: GameState, seat: int, rng: random.Random) -> tuple[Card, ...]:
    """The cards ``seat`` throws: the best value of hand, crib and play."""
    rules = state.rules
    dealt = state.hand.dealt.hands[seat]
    own = state.hand.dealer == seat
    values = discard_values(dealt, rules.thrown, own_crib=own)
    order = sorted(range(len(values)), key=lambda n: (values[n][0], n), reverse=True)
    best = values[order[0]][0]
    chosen = [n for n in order[:CANDIDATES] if values[n][0] >= best - MARGIN]
    if rules.players != 2 or len(chosen) == 1:
        return values[order[0]][1]
    samples = _samples(dealt, rules.thrown, own_crib=not own, rng=rng)
    leader = (state.hand.dealer + 1) % 2
    worth = {}
    for n in chosen:
        kept = tuple(sorted(c.rank for c in dealt if c not in values[n][1]))
        worth[n] = values[n][0] + play_value(kept, samples, seat, leader)
    return values[max(chosen, key=lambda n: (worth[n], n))][1]


def _samples(
    dealt: Sequence[Card], thrown: int, *, own_crib: bool, rng: random.Random
) -> list[Sample]:
    """`OPPONENTS` hands the other player may keep, dealt from the cards not in ``dealt``
    with a starter, and thrown by the standard bot's values (``own_crib``: theirs)."""
    unseen = [c for c in deck() if c not in dealt]
    out = []
    for _ in range(OPPONENTS):
        cards = rng.sample(unseen, len(dealt) + 1)
        theirs, starter = cards[:-1], cards[-1]
        values = discard_values(theirs, thrown, own_crib=own_crib)
        gone = max((v, n, t) for n, (v, t) in enumerate(values))[2]
        sample = Sample(dealt, theirs, starter)
        sample.kept = tuple(sorted(c.rank for c in theirs if c not in gone))
        out.append(sample)
    return out


def play_value(kept: Ranks, samples: Sequence[Sample], seat: int, leader: int) -> float:
    """The play's points for ``seat`` less the other player's, ``kept`` against each sample
    played out (`playout`), on average."""
    solver = Solver([1 if s == seat else -1 for s in range(2)])
    total = 0
    for sample in samples:
        hands = (kept, sample.kept) if seat == 0 else (sample.kept, kept)
        views = (sample.views[0], sample.views[1]) if seat == 0 else sample.views[::-1]
        total += playout(solver, (hands, leader, 0, (), 0, -1), views)
    return total / len(samples)


def playout(solver: Solver, pos: Position, views: Sequence[Sequence[int]]) -> int:
    """The rest of a two-player play from ``pos`` with each card laid as the standard bot
    lays it (`bots.Bot`: its points now less one unseen card's expected reply, the higher
    card on a tie), each seat seeing ``views[seat]`` unseen cards of each rank: the points,
    signed for ``solver``'s side."""
    hidden = [list(v) for v in views]
    unseen = [sum(v) for v in hidden]
    total = 0
    after: Position | None = pos
    while after is not None:
        pos = after
        seat = pos[1]
        moves = solver.moves(pos)
        rank, points, after = moves[0]
        if len(moves) > 1:
            count, tail = pos[2], pos[3]
            best = -1000.0, 0
            for move in moves:
                laid = move[0]
                assert laid is not None  # a go is a move alone
                now, rest = scored(tail, laid)
                at = count + VALUE[laid]
                if at in (15, 31):
                    now += 2
                key = now - reply_total(rest, at, hidden[seat]) / unseen[seat], VALUE[laid]
                if key > best:
                    best = key
                    rank, points, after = move
        total += points
        if rank is not None:
            hidden[1 - seat][rank] -= 1
            unseen[1 - seat] -= 1
    return total
