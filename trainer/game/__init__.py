"""A whole game of cribbage at the table: the variants, the deal, the engine, the bots."""

from trainer.game.variants import VARIANTS, GameVariant, variant

__all__ = ["VARIANTS", "GameVariant", "variant"]
