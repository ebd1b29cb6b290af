"""The total of a show without listing its items: the fast path of dealing, odds and bots.

Fifteens, pairs and runs come from the ranks alone: their points are read from
the table of every rank pattern (`rank_table.TOTALS`, keyed by the packed rank
counts, so the cards need no sorting); the flush and nobs rules are the show's
own (`flush_points`, `nobs_jack`). Checked against `score_show` in the tests.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.rules.cards import JACK, Card
from trainer.rules.rank_table import TOTALS
from trainer.rules.ranks import COUNT_UNIT
from trainer.rules.show import check_hand, flush_points


def show_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """The total of `score_show` without itemising; the hand is assumed valid."""
    unit = COUNT_UNIT
    key = unit[starter.rank]
    for card in hand:
        key += unit[card.rank]
    total = TOTALS[len(hand) + 1][key]
    if hand[0].suit == hand[1].suit:  # the flush's quick refusal, written out
        total += flush_points(hand, starter, crib)
    suit = starter.suit
    for card in hand:  # nobs_jack, written out: a call saved on every show
        if card.rank == JACK and card.suit == suit:
            return total + 1
    return total


def validated_total(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> int:
    """`show_total` after checking the hand like `score_show` does."""
    check_hand(hand, starter)
    return show_total(hand, starter, crib=crib)
