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

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, get_args

from trainer.history.reading.damage import Damaged, damaged, game_row, stored_json
from trainer.history.reading.game_stats import HUMAN_RESULTS as HUMAN_RESULTS
from trainer.history.reading.game_stats import SIDES_MOST, final_points
from trainer.history.reading.game_stats import HumanResult as HumanResult
from trainer.history.times import iso, parse_iso

GameStatus = Literal["playing", "over", "abandoned"]
STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)

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
    """A game's stored time; `Damaged` naming the game and the field if it is none (a file
    changed by hand, or by a program other than Muggins)."""
    try:
        if isinstance(stored, str):
            return parse_iso(stored)
    except (ValueError, OverflowError):
        pass
    raise Damaged(damaged(game_row(uid), field, stored, "is not a time (ISO 8601 text)"))


def _whole(value: object, most: int | None = None) -> bool:
    return type(value) is int and value >= 0 and (most is None or value <= most)


def _optional(value: object, most: int) -> bool:
    return value is None or _whole(value, most)


def _text(value: object) -> bool:
    return isinstance(value, str)


def _column_problem(row: Sequence[Any]) -> tuple[str, object, str] | None:
    """The first column of a games row (its id, then `GAME_COLUMNS`) that is not as the
    trainer writes it: (field, value, problem); None if all are. Its JSON is read where it
    is used (the game layer's, and `export_game`)."""
    _, uid, variant, seed, status, setup, steps, record, *_, side, winner, final, result, ledger = (
        row
    )
    checks: tuple[tuple[str, object, bool, str], ...] = (
        ("uid", uid, _text(uid), "is not a game's uid (text)"),
        ("variant", variant, _text(variant), "is not a variant's name (text)"),
        ("seed", seed, _whole(seed), "is not a seed (a whole number)"),
        ("status", status, status in STATUSES, f"is not one of {', '.join(STATUSES)}"),
        ("setup", setup, _text(setup), "is not a game's setup (JSON text)"),
        ("steps", steps, _whole(steps), "is not a number of steps"),
        ("record", record, record is None or _text(record), "is not a record (JSON text)"),
        ("human_side", side, _optional(side, SIDES_MOST - 1), "is not a side (0 to 3)"),
        ("winner", winner, _optional(winner, SIDES_MOST - 1), "is not a side (0 to 3)"),
        ("human_result", result, result is None or result in HUMAN_RESULTS, "is not a result"),
        ("ledger", ledger, ledger is None or _text(ledger), "is not a ledger (JSON text)"),
    )
    for field, value, good, problem in checks:
        if not good:
            return field, value, problem
    if final is not None:
        try:
            final_points(final)
        except ValueError as err:
            return "final", final, str(err)
    return None


def read_game(conn: sqlite3.Connection, row: Sequence[Any]) -> SavedGame:
    """A games row (its id, then `GAME_COLUMNS`) as a `SavedGame`, with its actions;
    `Damaged` naming the game and the first column the trainer could not have written."""
    problem = _column_problem(row)
    if problem is not None:
        raise Damaged(damaged(game_row(row[1]), *problem))
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
        final=None if final is None else final_points(final),
        human_result=human_result,
        ledger=ledger,
    )


def _json(game: SavedGame, field: str, text: str) -> Any:
    return stored_json(game_row(game.uid), field, text)


def export_game(conn: sqlite3.Connection, row: Sequence[Any]) -> dict[str, Any]:
    """One games row (its id, then `GAME_COLUMNS`) as the export holds it, JSON text decoded;
    `Damaged` naming the game and the field if any column is not as the trainer writes it
    (an export of it could not be imported)."""
    game = read_game(conn, row)
    actions = [_json(game, f"action {n}", a) for n, a in enumerate(game.actions)]
    return {
        "uid": game.uid,
        "variant": game.variant,
        "seed": game.seed,
        "status": game.status,
        "created": iso(game.created),
        "updated": iso(game.updated),
        "setup": _json(game, "setup", game.setup),
        "actions": actions,
        "record": None if game.record is None else _json(game, "record", game.record),
        "human_side": game.human_side,
        "winner": game.winner,
        "final": None if game.final is None else list(game.final),
        "human_result": game.human_result,
        "ledger": None if game.ledger is None else _json(game, "ledger", game.ledger),
    }


def iter_games(
    conn: sqlite3.Connection, skipped: Callable[[Damaged], None] | None = None
) -> Iterator[dict[str, Any]]:
    """Every game as plain data (the export format), oldest first, one at a time. A damaged
    game raises `Damaged` (naming it and the field), or, given ``skipped``, is told to it and
    left out."""
    for row in conn.execute(f"SELECT id, {GAME_COLUMNS} FROM games ORDER BY created, id"):
        try:
            yield export_game(conn, row)
        except Damaged as err:
            if skipped is None:
                raise
            skipped(err)


def export_games(
    conn: sqlite3.Connection, skipped: Callable[[Damaged], None] | None = None
) -> list[dict[str, Any]]:
    """Every game as plain data (the export format), oldest first (`iter_games`)."""
    return list(iter_games(conn, skipped))
