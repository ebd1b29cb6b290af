"""The strong bot's pegging: deal the cards it cannot see to the other seats, solve the rest
of the play for each deal (`search`), and lay the rank that does best on average (for
what the board asks near the game's end, `endgame`: a card that wins now is laid).

What a seat knows: its own dealt cards (its throw is in the crib, not in a hand),
the starter, every card laid, and that a seat which said go since the count
began holds nothing that fitted then. The other hands are dealt as it believes
them (`inference`: dealt afresh and kept as a sound player keeps, agreeing with
the cards laid), a fixed number of samples from the bot's own stream. The ways
to deal hands (`exact_deals`, `sample_deal`) are the coach's, which deals every
hand alike. The work is capped by
construction, not by the clock: a position too big to solve to the end is
searched to a horizon, and the deals stop once the search has laid a budget of
cards, so a choice depends only on the state and the seeded stream.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final, TypeAlias

from trainer.game.players.endgame import aim, weights, winning_rank
from trainer.game.players.inference import Believer
from trainer.game.players.search import Ranks, Solver, position, value_of
from trainer.game.state import GameState
from trainer.rules.cards import Card, deck
from trainer.rules.play import Play

SAMPLES: Final = 48
"""Deals drawn for one decision (the same deal drawn again is solved once, weighted)."""

WORK_BUDGET: Final = 20_000
"""Cards laid in the search for one decision, summed over the deals, shared out among the
players (a card laid costs more at a bigger table): the time cap, some 0.1 s."""

Hidden: TypeAlias = tuple[int, int, int | None]
"""Another seat's hand to deal: the seat, the cards it holds, the count it said go on (or
None)."""

HORIZONS: Final = ((10, None), (12, 7), (16, 6), (20, 5))
"""Cards laid ahead searched (None: to the end), by the cards held at most at the table:
a deal's search stays near 500 cards laid, so a decision solves some 25 deals at least."""


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows in the play: the ranks of the cards it cannot see, and for each
    seat that said go since the count began, the count it could not lay on."""

    unseen: Ranks
    stuck_at: Mapping[int, int]


def knowledge(state: GameState, seat: int) -> Knowledge:
    """What ``seat`` knows of the other hands now."""
    hand = state.hand
    table = hand.table
    assert table is not None
    owner: dict[Card, int] = {}
    for s, kept in enumerate(hand.kept):
        for card in kept or ():
            owner[card] = s
    seen = {*hand.dealt.hands[seat], hand.dealt.starter}
    for s, kept in enumerate(hand.kept):
        held = set(table.hands[s])
        seen.update(c for c in kept or () if c not in held)
    unseen = tuple(sorted(c.rank for c in deck() if c not in seen))
    return Knowledge(unseen, stuck_counts(table, owner))


def stuck_counts(table: Play, owner: Mapping[Card, int]) -> dict[int, int]:
    """The count each seat that said go since the count began could not lay on, from who
    laid each card of the pile (``owner``)."""
    owners = [owner[c] for c in table.pile]
    counts = [sum(c.value for c in table.pile[: n + 1]) for n in range(len(owners))]
    return {s: counts[_go_index(owners, s, len(table.hands))] for s in table.passed}


def _go_index(owners: Sequence[int], seat: int, players: int) -> int:
    """The last card laid before ``seat`` said go, from who laid each card since the count
    began: the seat's turn came once each seat after it (to the leader's seat and no further,
    if it had laid nothing) had laid a card, said go or been skipped, in turn."""
    mine = [n for n, s in enumerate(owners) if s == seat]
    at, ref = (mine[-1], seat) if mine else (0, owners[0])
    limit = players if ref == seat else (seat - ref) % players
    done = 0
    for n in range(at + 1, len(owners)):
        offset = (owners[n] - ref) % players
        if not done < offset < limit:
            break
        at, done = n, offset
    return at


def _fits(rank: int, stuck: int | None) -> bool:
    return stuck is None or value_of(rank) > 31 - stuck


def exact_deals(
    pool: Counter[int], sizes: Sequence[Hidden]
) -> Iterator[tuple[dict[int, Ranks], int]]:
    """Every deal of ``pool`` to the seats, weighted by its number of deals card by card:
    each seat's multisets of ranks (that a stuck seat could hold) in turn, lowest ranks
    first."""
    ranks = sorted(r for r in pool if pool[r])
    left = [pool[r] for r in ranks]  # taken from as the seats are dealt, then put back
    return _deals(ranks, left, sizes, 0)


def _deals(
    ranks: list[int], left: list[int], sizes: Sequence[Hidden], at: int
) -> Iterator[tuple[dict[int, Ranks], int]]:
    if at == len(sizes):
        yield {}, 1
        return
    seat, size, stuck = sizes[at]
    fit = [i for i, r in enumerate(ranks) if _fits(r, stuck)]

    def take(start: int, need: int) -> Iterator[tuple[dict[int, Ranks], int]]:
        if need == 0:
            for deal, more in _deals(ranks, left, sizes, at + 1):
                deal[seat] = ()
                yield deal, more
            return
        for n in range(start, len(fit)):
            i = fit[n]
            have = left[i]
            if not have:
                continue
            rank = ranks[i]
            for m in range(1, min(need, have) + 1):
                left[i] = have - m
                ways = comb(have, m)
                for deal, more in take(n + 1, need - m):
                    deal[seat] = (rank,) * m + deal[seat]
                    yield deal, ways * more
            left[i] = have

    for deal, ways in take(0, size):
        yield {seat: deal.pop(seat), **deal}, ways


def sample_deal(unseen: Ranks, sizes: Sequence[Hidden], rng: random.Random) -> dict[int, Ranks]:
    """One deal of the unseen cards to the seats in order, a stuck seat from the ranks it could
    hold (if too few are left for what it holds, from any)."""
    pool = list(unseen)
    deal: dict[int, Ranks] = {}
    for seat, size, stuck in sizes:
        fit: Sequence[int] = range(len(pool))
        if stuck is not None:
            fit = [n for n, r in enumerate(pool) if _fits(r, stuck)]
            if len(fit) < size:
                fit = range(len(pool))
        taken = sorted(rng.sample(fit, size), reverse=True)
        deal[seat] = tuple(sorted(pool[n] for n in taken))
        for n in taken:
            del pool[n]
    return deal


def horizon(held: int) -> int | None:
    """How far to search with ``held`` cards at the table (`HORIZONS`)."""
    return next((ahead for most, ahead in HORIZONS if held <= most), HORIZONS[-1][1])


def best_rank(state: GameState, seat: int, rng: random.Random) -> int:
    """The rank ``seat`` should lay now (it is its turn and it can lay)."""
    table = state.hand.table
    assert table is not None
    rules = state.rules
    ranks = {c.rank for c in table.playable(seat)}
    if len(ranks) == 1:
        return ranks.pop()
    base = position(table)
    need = rules.target - state.scores[rules.side_of(seat)]
    win = winning_rank(base, ranks, need)
    if win is not None:  # the game is won now
        return win
    known = knowledge(state, seat)
    pool = Counter(known.unseen)
    stuck_at: dict[int, int] = {}
    for s, stuck in known.stuck_at.items():
        held = len(table.hands[s])
        if s != seat and held and sum(pool[r] for r in pool if _fits(r, stuck)) >= held:
            stuck_at[s] = stuck  # else what it holds says otherwise: the go is forgotten
    signs, maximisers = weights(state, seat, aim(state, seat))
    solver = Solver(signs, horizon(sum(len(h) for h in table.hands)), maximisers=maximisers)
    believer = Believer(state, seat, stuck_at)
    drawn = Counter(tuple(sorted(believer.sample(rng).items())) for _ in range(SAMPLES))
    deals = [(dict(deal), weight) for deal, weight in drawn.items()]
    totals: dict[int, float] = dict.fromkeys(ranks, 0.0)
    for deal, weight in deals:
        hands = tuple(deal.get(s, h) for s, h in enumerate(base[0]))
        for move, worth in solver.root((hands, *base[1:])).items():
            if move is not None:
                totals[move] += weight * worth
        if solver.work >= WORK_BUDGET // rules.players:
            break
    return max(sorted(totals), key=lambda r: totals[r])


def best_card(state: GameState, seat: int, rng: random.Random) -> Card:
    """The card to lay: the best rank, any suit of it (suits never score in the play)."""
    table = state.hand.table
    assert table is not None
    rank = best_rank(state, seat, rng)
    return min(c for c in table.playable(seat) if c.rank == rank)
