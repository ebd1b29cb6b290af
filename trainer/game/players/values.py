"""The standard bot's values, shared by every level and the coach: a throw's (the kept
hand's average over every starter unseen, the crib's value) and a card's in the play (what
it pegs less one unseen card's expected reply).

A throw's starters are worked out by rank from the table of every rank pattern
(`rules.rank_table.STARTERS`) and by suit for the flush and nobs, not starter by
starter; a reply is scored once a rank, not once a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from trainer.game.players.crib_values import crib_value
from trainer.game.players.search import Ranks, scored
from trainer.rules.cards import JACK, SUITS, Card
from trainer.rules.rank_table import STARTERS, TOTALS
from trainer.rules.ranks import COUNT_UNIT
from trainer.rules.show import flush_value

VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""The counting value of each rank (index 0 unused)."""


def hand_average(kept: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The kept cards' exact average show over every starter among ``unseen``."""
    return starter_sum(kept, unseen) / len(unseen)


def starter_sum(kept: Sequence[Card], unseen: Sequence[Card]) -> int:
    """The kept cards' shows summed over every starter among ``unseen``: `show_total` of each,
    worked out by starter rank (the fifteens, pairs and runs, one lookup a rank, weighted by
    how many unseen cards have it) and by suit (the flush and nobs, by how many unseen cards
    have each suit), rather than starter by starter."""
    ranks = [0] * 14
    suits = dict.fromkeys(SUITS, 0)
    for card in unseen:
        ranks[card.rank] += 1
        suits[card.suit] += 1
    return _starter_sum(kept, _weights(ranks), suits, len(unseen))


def _weights(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Each rank that unseen cards have, as (its packed count unit, how many cards)."""
    return [(COUNT_UNIT[r], ranks[r]) for r in range(1, 14) if ranks[r]]


def _starter_sum(
    kept: Sequence[Card], weights: list[tuple[int, int]], suits: dict[str, int], n: int
) -> int:
    """`starter_sum` given the unseen cards' ranks (`_weights`), how many have each suit, and
    how many there are (``n``)."""
    unit = COUNT_UNIT
    key = sum([unit[c.rank] for c in kept])
    table = TOTALS[len(kept) + 1]
    total = sum([cards * table[key + one] for one, cards in weights])
    return total + _suit_sum(kept, suits, n)


def _suit_sum(kept: Sequence[Card], suits: dict[str, int], n: int) -> int:
    """The flush and nobs of the kept cards, summed over ``n`` unseen starters of which
    ``suits[s]`` have each suit s."""
    total = 0
    suit = kept[0].suit
    if kept[1].suit == suit and all(c.suit == suit for c in kept):
        size = len(kept)
        matching = suits[suit]
        total += matching * flush_value(size, with_starter=True, crib=False)
        total += (n - matching) * flush_value(size, with_starter=False, crib=False)
    for card in kept:
        if card.rank == JACK:
            total += suits[card.suit]
    return total


def discard_values(
    dealt: Sequence[Card], throw: int, *, own_crib: bool | None
) -> list[tuple[float, tuple[Card, ...]]]:
    """Each way to throw ``throw`` cards, valued: the kept hand's average over every starter,
    plus (own crib) or minus (the opponent's) the thrown pair's crib value; ``own_crib``
    None leaves the crib out.

    The starters are the 52 cards less the dealt ones, so a kept hand's rank points over
    them are its `rank_table.STARTERS` entry (over the 52 less the kept) less those of the
    thrown cards as starters; the flush and nobs go by the unseen cards of each suit.
    """
    suits = dict.fromkeys(SUITS, 13)  # the unseen cards of each suit
    for card in dealt:
        suits[card.suit] -= 1
    unseen = 52 - len(dealt)
    size = len(dealt) - throw
    starters, totals, unit = STARTERS[size], TOTALS[size + 1], COUNT_UNIT
    # The i-th way to throw leaves the i-th from last way to keep (combinations' order).
    keeps = list(combinations(dealt, size))
    keeps.reverse()
    out = []
    for thrown, kept in zip(combinations(dealt, throw), keeps, strict=True):
        key = sum([unit[c.rank] for c in kept])
        ranks = starters[key] - sum([totals[key + unit[c.rank]] for c in thrown])
        value = (ranks + _suit_sum(kept, suits, unseen)) / unseen
        if own_crib is not None and throw == 2:
            crib = crib_value(thrown[0], thrown[1])
            value += crib if own_crib else -crib
        out.append((value, thrown))
    return out


def expected_reply(pile: Sequence[Card], unseen: Sequence[Card]) -> float:
    """What one unseen card laid next would peg on average (a card that does not fit pegs 0)."""
    if not unseen:
        return 0.0
    ranks = [0] * 14
    for card in unseen:
        ranks[card.rank] += 1
    tail: Ranks = ()
    for card in pile:
        tail = scored(tail, card.rank)[1]
    return reply_total(tail, sum(c.value for c in pile), ranks) / len(unseen)


def reply_total(tail: Ranks, count: int, ranks: Sequence[int]) -> int:
    """What one card laid next pegs, summed over unseen cards with ``ranks[r]`` cards of each
    rank r, on a pile at ``count`` whose last cards that can still score are ``tail`` (by
    rank, `search.scored`). What a card pegs in the play depends on its rank alone, so each
    rank is scored once, by `search.scored` (the one pegging scorer, remembered)."""
    room = 31 - count
    total = 0
    for rank in range(1, 14):
        held = ranks[rank]
        if not held or VALUE[rank] > room:
            continue
        points = scored(tail, rank)[0]
        if count + VALUE[rank] in (15, 31):
            points += 2
        total += held * points
    return total
