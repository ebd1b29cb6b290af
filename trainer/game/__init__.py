"""A whole game of cribbage at the table: variants, the deal, and (being built) the engine."""

from trainer.game.variants import VARIANTS, GameVariant, variant

__all__ = ["VARIANTS", "GameVariant", "variant"]
