"""The list of your past games, as plain Python: each game over with its result, when it
ended, the game played and the points the coach's ledger says you lost (a ledger not yet
worked out is worked out when the game is reviewed). Read in a worker."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.game.coach.ledger import MODEL, ledger_from, ledger_model
from trainer.game.variants import VARIANTS
from trainer.ui.flow.coach_text import lost

if TYPE_CHECKING:
    from trainer.history import StatsStore
    from trainer.history.writing import GameListed
    from trainer.ui.flow.history import History

RESULTS = {
    "won": "won",
    "lost": "lost",
    "skunked": "lost, skunk",
    "double-skunked": "lost, dbl skunk",
}
"""Your side's result as the list says it, in a column of 22 with the score."""


@dataclass(frozen=True)
class PastGame:
    """One row of the list: the game's uid and its cells."""

    uid: str
    result: str
    date: str
    variant: str
    lost: str


def ledger_cell(game: GameListed) -> str:
    """Your points lost over the game by its kept ledger, or ``review it`` (none kept yet,
    or one of another version of the advice: the review works it out)."""
    side = game.human_side if game.human_side is not None else 0
    try:
        data = json.loads(game.ledger) if game.ledger is not None else None
        if not isinstance(data, dict) or ledger_model(data) != MODEL:
            return "review it"
        return lost(ledger_from(data).totals(side).total)
    except (KeyError, TypeError, ValueError, IndexError):
        return "review it"


def past_game(game: GameListed) -> PastGame:
    """A game over as its row shows it."""
    scores = (
        "" if game.final is None else " " + "-".join(map(str, sorted(game.final, reverse=True)))
    )
    result = RESULTS.get(game.human_result or "", "over") + scores
    name = next((v.name for v in VARIANTS.values() if v.id == game.variant), game.variant)
    when = game.ended.astimezone().strftime("%Y-%m-%d %H:%M")
    return PastGame(game.uid, result, when, name, ledger_cell(game))


def games_store(history: History) -> StatsStore | None:
    """The store your games are in; None while the trainer has made no file yet (no game)."""
    from trainer.history.writing import DeferredStore
    from trainer.ui.flow.game_start import writer

    if isinstance(history, DeferredStore) and not history.created:
        return None
    return writer(history)


def past_games(history: History, limit: int = 200) -> list[PastGame]:
    """Your last ``limit`` games over, the latest first."""
    from trainer.history.writing import games_over

    store = games_store(history)
    return [] if store is None else [past_game(g) for g in games_over(store, limit)]
