"""Cribbage itself: cards, the show, the play and the odds, as pure functions over cards.

This is Muggins' stable public API.
"""

from trainer.rules.cards import Card, CardError, parse_card, parse_cards
from trainer.rules.odds import distribution
from trainer.rules.play import score_play
from trainer.rules.show import Breakdown, HandError, Item, score_show
from trainer.rules.totals import show_total

__all__ = [
    "Breakdown",
    "Card",
    "CardError",
    "HandError",
    "Item",
    "distribution",
    "parse_card",
    "parse_cards",
    "score_play",
    "score_show",
    "show_total",
]
