"""A game's row in the stats file: its columns, its statuses, and the game it gives back.

The store keeps a game as the game layer's JSON text and never reads inside it
(`trainer.game.session` encodes and decodes): the setup, one row per action in
``game_actions``, the record once the game is over, its ledger once worked out, and
summary columns for statistics. `read_game` turns a row (and its actions) back into a `SavedGame`;
`iter_games` gives every game as the export holds it. Saving a game goes through the
store (`trainer.history.writing.games`); an export's games come back through
`trainer.history.exchange.game_import`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, get_args

from trainer.history.times import iso, parse_iso
from trainer.textguard import excerpt

GameStatus = Literal["playing", "over", "abandoned"]
HumanResult = Literal["won", "lost", "skunked", "double-skunked"]
STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
HUMAN_RESULTS: Final[tuple[HumanResult, ...]] = get_args(HumanResult)

GAME_COLUMNS: Final = (
    "uid, variant, seed, status, setup, steps, record, created, updated, human_side, winner, "
    "final, human_result, ledger"
)


@dataclass(frozen=True)
class SavedGame:
    """One game as stored; ``setup``, ``actions``, ``record`` and ``ledger`` are JSON text."""

    id: int
    uid: str
    variant: str
    seed: int
    status: GameStatus
    setup: str
    steps: int
    actions: tuple[str, ...]
    record: str | None
    created: datetime
    updated: datetime
    human_side: int | None
    winner: int | None
    final: tuple[int, ...] | None
    human_result: HumanResult | None
    ledger: str | None = None
    """The coach's ledger of a game over, once worked out from its record (`trainer.game`)."""


def _time(uid: object, field: str, stored: object) -> datetime:
    """A game's stored time; a `ValueError` naming the game and the field if it is none (a
    file changed by hand, or by a program other than Muggins)."""
    try:
        if isinstance(stored, str):
            return parse_iso(stored)
    except (ValueError, OverflowError):
        pass
    raise ValueError(
        f"the saved game {excerpt(uid)}: {field}: {excerpt(stored)} is not a time "
        "(ISO 8601 text): the history's copy of it is damaged"
    )


def read_game(conn: sqlite3.Connection, row: Sequence[Any]) -> SavedGame:
    """A games row (its id, then `GAME_COLUMNS`) as a `SavedGame`, with its actions."""
    game_id, uid, variant, seed, status, setup, steps, record, created, updated, *rest = row
    human_side, winner, final, human_result, ledger = rest
    actions = tuple(
        r[0]
        for r in conn.execute(
            "SELECT action FROM game_actions WHERE game_id = ? ORDER BY n", (game_id,)
        )
    )
    return SavedGame(
        id=game_id,
        uid=uid,
        variant=variant,
        seed=seed,
        status=status,
        setup=setup,
        steps=steps,
        actions=actions,
        record=record,
        created=_time(uid, "created", created),
        updated=_time(uid, "updated", updated),
        human_side=human_side,
        winner=winner,
        final=None if final is None else tuple(json.loads(final)),
        human_result=human_result,
        ledger=ledger,
    )


def iter_games(conn: sqlite3.Connection) -> Iterator[dict[str, Any]]:
    """Every game as plain data (the export format), oldest first, one at a time; JSON text
    decoded."""
    for row in conn.execute(f"SELECT id, {GAME_COLUMNS} FROM games ORDER BY created, id"):
        game = read_game(conn, row)
        try:
            setup = json.loads(game.setup)
            actions = [json.loads(a) for a in game.actions]
            record = None if game.record is None else json.loads(game.record)
            ledger = None if game.ledger is None else json.loads(game.ledger)
        except ValueError as err:
            raise ValueError(f"game {game.uid}: its saved data is not JSON ({err})") from None
        yield {
            "uid": game.uid,
            "variant": game.variant,
            "seed": game.seed,
            "status": game.status,
            "created": iso(game.created),
            "updated": iso(game.updated),
            "setup": setup,
            "actions": actions,
            "record": record,
            "human_side": game.human_side,
            "winner": game.winner,
            "final": None if game.final is None else list(game.final),
            "human_result": game.human_result,
            "ledger": ledger,
        }
