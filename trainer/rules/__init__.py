"""Cribbage itself: cards, the show, the play and the odds, as pure functions over cards.

This is Muggins' stable public API.
"""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
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

# Each name's module is imported when the name is first used, not with the package.
__getattr__ = exports(
    __name__,
    {
        "Card": "trainer.rules.cards",
        "CardError": "trainer.rules.cards",
        "parse_card": "trainer.rules.cards",
        "parse_cards": "trainer.rules.cards",
        "distribution": "trainer.rules.odds",
        "score_play": "trainer.rules.play",
        "Breakdown": "trainer.rules.show",
        "HandError": "trainer.rules.show",
        "Item": "trainer.rules.show",
        "score_show": "trainer.rules.show",
        "show_total": "trainer.rules.totals",
    },
)
