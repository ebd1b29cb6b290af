"""Known games in a store: finished games with exact final scores, and counts at the table.

`build_games` adds, on top of whatever the store holds (the known history, say):
- standard, you at side 0: won 121-95 (plain), 121-80 (a skunk), 121-50 (a double
  skunk); lost 85-121 (skunked);
- short, you at side 1: lost 20-61 (double skunked);
- four counts at the standard table on 4 March 2025, 17:00: 29, 8 and 8 right, a 9 claimed 7.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.factories import HAND_8, HAND_9_NOBS, HAND_29
from tests.history.known import BASE, History, show, total
from trainer.game.attempts import game_drill
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.history.file import HumanResult
from trainer.history.writing import GameEnd, create_game, finish_game

T0 = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)


def finished(
    store: StatsStore,
    uid: str,
    variant_id: str,
    final: tuple[int, ...],
    winner: int,
    human_side: int | None,
    result: HumanResult | None,
) -> None:
    """A game stored and marked over with this final score (its record a stand-in)."""
    game_id = create_game(
        store, uid=uid, variant=variant_id, seed=1, setup="{}", human_side=human_side, at=T0
    )
    finish_game(store, game_id, GameEnd("{}", winner, final, result), T0 + timedelta(hours=1))


def build_games(store: StatsStore) -> None:
    """The games and counts above."""
    finished(store, "s1", "standard", (121, 95), 0, 0, "won")
    finished(store, "s2", "standard", (121, 80), 0, 0, "won")
    finished(store, "s3", "standard", (121, 50), 0, 0, "won")
    finished(store, "s4", "standard", (85, 121), 1, 0, "skunked")
    finished(store, "h1", "short", (61, 20), 0, 1, "double-skunked")
    History(store).session(
        game_drill(variant("standard"), GameOptions()),
        BASE + timedelta(days=3, hours=5),
        [
            (show(HAND_29), total(29), 4.0),
            (show(HAND_8), total(8), 5.0),
            (show(HAND_9_NOBS), total(7), 6.0),
            (show(HAND_8), total(8), 5.0),
        ],
    )
