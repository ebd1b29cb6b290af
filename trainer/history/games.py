"""Games at the table in the stats store: each saved after every step, resumable after a kill.

This layer keeps a game as the game layer's JSON text and never reads inside it
(`trainer.game.session` encodes and decodes): the setup, one row per action (so
saving a step appends a row and the save costs the same at the last step as at
the first), the record once the game is over, and summary columns for
statistics. Each save is one transaction that first checks the game is still
playing at the step this trainer holds, so two trainers playing one game
cannot interleave their actions: the second is refused (`GameConflictError`).
A step's action and the answer it judges (a human's count, as an `Attempt`) are
committed together, so a killed trainer leaves neither without the other.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, get_args

from trainer.drills.model import SEED_LIMIT
from trainer.history.field_checks import (
    RecordError,
    check_choice,
    check_text,
    check_time,
    check_whole,
    fail,
)
from trainer.history.game_stats import SKUNK_LINES
from trainer.history.rows import attempt_rows, insert_rows
from trainer.history.store import StatsStore
from trainer.history.times import iso, parse_iso
from trainer.quiz.attempt import Attempt
from trainer.textguard import control_problem, excerpt

GameStatus = Literal["playing", "over", "abandoned"]
HumanResult = Literal["won", "lost", "skunked", "double-skunked"]
STATUSES: Final[tuple[GameStatus, ...]] = get_args(GameStatus)
HUMAN_RESULTS: Final[tuple[HumanResult, ...]] = get_args(HumanResult)

_COLUMNS: Final = (
    "uid, variant, seed, status, setup, steps, record, created, updated, human_side, winner, "
    "final, human_result"
)


class GameConflictError(ValueError):
    """The saved game is not where this trainer left it: another trainer moved it on,
    finished or abandoned it (or it is not in the store)."""


@dataclass(frozen=True)
class GameEnd:
    """What a finished game adds to its row: the record and the summary columns."""

    record: str
    """The game's record, JSON text."""
    winner: int
    """The winning side."""
    final: tuple[int, ...]
    """Points per side."""
    human_result: HumanResult | None
    """How the human's side came out (None in a game without a human)."""


@dataclass(frozen=True)
class SavedGame:
    """One game as stored; ``setup``, ``actions`` and ``record`` are JSON text."""

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


# ---------------------------------------------------------------- writing


def create_game(
    store: StatsStore,
    *,
    uid: str,
    variant: str,
    seed: int,
    setup: str,
    human_side: int | None,
    at: datetime,
) -> int:
    """Store a new game, status ``playing`` with no actions yet; returns its row id."""
    with store.transaction("saving a new game") as conn:
        cur = conn.execute(
            "INSERT INTO games (uid, variant, seed, status, setup, steps, created, updated, "
            "human_side) VALUES (?, ?, ?, 'playing', ?, 0, ?, ?, ?)",
            (uid, variant, seed, setup, iso(at), iso(at), human_side),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid


def _check_playing(conn: sqlite3.Connection, game_id: int, steps: int | None) -> None:
    found = conn.execute("SELECT uid, status, steps FROM games WHERE id = ?", (game_id,))
    row = found.fetchone()
    if row is None:
        raise GameConflictError(f"game {game_id} is not in the stats store")
    uid, status, saved = row
    if status != "playing":
        raise GameConflictError(f"game {uid} is {status}: it cannot be played on")
    if steps is not None and saved != steps:
        raise GameConflictError(
            f"game {uid} has moved on without this trainer ({saved} steps saved, this one "
            f"holds {steps}): another trainer is playing it; resume it again to go on"
        )


def save_step(
    store: StatsStore,
    game_id: int,
    n: int,
    action: str,
    at: datetime,
    *,
    attempt: Attempt | None = None,
    end: GameEnd | None = None,
) -> None:
    """Append the game's action number ``n`` (from 0), with the answer it judged and, on the
    last step, the game's end, in one transaction; `GameConflictError` unless the game is
    playing with exactly ``n`` actions saved."""
    rows = None if attempt is None else attempt_rows(attempt)
    with store.transaction("saving the game") as conn:
        _check_playing(conn, game_id, n)
        conn.execute(
            "INSERT INTO game_actions (game_id, n, action) VALUES (?, ?, ?)", (game_id, n, action)
        )
        if rows is not None:
            insert_rows(conn, rows)
        conn.execute(
            "UPDATE games SET steps = ?, updated = ? WHERE id = ?", (n + 1, iso(at), game_id)
        )
        if end is not None:
            _end(conn, game_id, end)


def finish_game(store: StatsStore, game_id: int, end: GameEnd, at: datetime) -> None:
    """Mark a playing game over with its record (a game whose last step was saved alone)."""
    with store.transaction("saving the game's end") as conn:
        _check_playing(conn, game_id, None)
        conn.execute("UPDATE games SET updated = ? WHERE id = ?", (iso(at), game_id))
        _end(conn, game_id, end)


def _end(conn: sqlite3.Connection, game_id: int, end: GameEnd) -> None:
    conn.execute(
        "UPDATE games SET status = 'over', record = ?, winner = ?, final = ?, human_result = ? "
        "WHERE id = ?",
        (end.record, end.winner, json.dumps(list(end.final)), end.human_result, game_id),
    )


def abandon_game(store: StatsStore, game_id: int, at: datetime) -> None:
    """Mark a playing game abandoned: it is kept (with its actions) but never resumed."""
    with store.transaction("abandoning the game") as conn:
        _check_playing(conn, game_id, None)
        conn.execute(
            "UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?", (iso(at), game_id)
        )


# ---------------------------------------------------------------- reading


def _saved(conn: sqlite3.Connection, row: Sequence[Any]) -> SavedGame:
    game_id, uid, variant, seed, status, setup, steps, record, created, updated, *rest = row
    human_side, winner, final, human_result = rest
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
        created=parse_iso(created),
        updated=parse_iso(updated),
        human_side=human_side,
        winner=winner,
        final=None if final is None else tuple(json.loads(final)),
        human_result=human_result,
    )


def latest_playing(store: StatsStore) -> SavedGame | None:
    """The game in progress saved most recently, with its actions; None if there is none."""
    with store.guard("reading the game in progress") as conn:
        row = conn.execute(
            f"SELECT id, {_COLUMNS} FROM games WHERE status = 'playing' "
            "ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else _saved(conn, row)


def load_game(store: StatsStore, uid: str) -> SavedGame | None:
    """The game with this uid, with its actions; None if there is none."""
    with store.guard("reading a game") as conn:
        row = conn.execute(f"SELECT id, {_COLUMNS} FROM games WHERE uid = ?", (uid,)).fetchone()
        return None if row is None else _saved(conn, row)


def game_count(store: StatsStore, status: GameStatus | None = None) -> int:
    """How many games are stored (with this status)."""
    with store.guard("counting games") as conn:
        if status is None:
            return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
        sql = "SELECT count(*) FROM games WHERE status = ?"
        return int(conn.execute(sql, (status,)).fetchone()[0])


# ---------------------------------------------------------------- export and import


def export_games(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every game as plain data (the export format), oldest first; JSON text decoded."""
    out = []
    for row in conn.execute(f"SELECT id, {_COLUMNS} FROM games ORDER BY created, id").fetchall():
        game = _saved(conn, row)
        try:
            setup = json.loads(game.setup)
            actions = [json.loads(a) for a in game.actions]
            record = None if game.record is None else json.loads(game.record)
        except ValueError as err:
            raise ValueError(f"game {game.uid}: its saved data is not JSON ({err})") from None
        out.append(
            {
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
            }
        )
    return out


@dataclass(frozen=True)
class GameRows:
    """One imported game as rows: the games row (without its id) and its actions' text."""

    game: tuple[Any, ...]
    actions: tuple[str, ...]

    @property
    def uid(self) -> str:
        return str(self.game[0])


def _json_text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


GAME_POINTS_MOST: Final = 121
"""The most points a side can have: the highest target of any variant (the game ends
the instant a side reaches it)."""
SIDES_MOST: Final = 4
"""The most sides at a table: four players, each alone."""


def _optional_whole(game: Mapping[str, Any], key: str, high: int) -> int | None:
    value = game.get(key)
    return None if value is None else check_whole(value, key, 0, high)


def game_rows(game: Any) -> GameRows:
    """An exported game checked and turned into rows; `RecordError` (a ValueError) naming
    the bad field. The row's own fields are held to what the trainer writes; of its setup,
    actions and record this layer checks only that the setup is of the row's variant and
    seed and that no text in them holds a control character: reading them is the game
    layer's (`trainer.game.setup.check_saved`)."""
    if not isinstance(game, Mapping):
        raise RecordError(f"{excerpt(game)} is not a game (an object of fields)")
    for key in ("uid", "variant", "seed", "status", "created", "updated", "setup", "actions"):
        if key not in game:
            raise RecordError(f"missing field {key!r}")
    uid = check_text(game["uid"], "uid")
    variant = check_choice(game["variant"], "variant", tuple(SKUNK_LINES))
    seed = check_whole(game["seed"], "seed", 0, SEED_LIMIT - 1, "is not a seed")
    status = check_choice(game["status"], "status", STATUSES)
    times = [check_time(game[k], k) for k in ("created", "updated")]
    setup, actions, record = game["setup"], game["actions"], game.get("record")
    if not isinstance(setup, Mapping):
        raise fail("setup", setup, "is not an object")
    for key, value in (("variant", variant), ("seed", seed)):
        if setup.get(key) != value:
            raise fail(f"setup: {key}", setup.get(key), f"is not the game's {key} ({value})")
    if not isinstance(actions, list) or not all(isinstance(a, Mapping) for a in actions):
        raise fail("actions", actions, "is not a list of objects")
    if (record is None) != (status != "over"):
        raise RecordError(f"record must be an object for a game over and null otherwise ({status})")
    if record is not None and not isinstance(record, Mapping):
        raise fail("record", record, "is not an object")
    for key in ("setup", "actions", "record"):
        _no_controls(game.get(key), key)
    final, winner, human_side, human_result = _result(game, status)
    row = (
        uid,
        variant,
        seed,
        status,
        _json_text(setup),
        len(actions),
        None if record is None else _json_text(record),
        *times,
        human_side,
        winner,
        None if final is None else json.dumps(final),
        human_result,
    )
    return GameRows(row, tuple(_json_text(a) for a in actions))


def _no_controls(value: object, field: str) -> None:
    """No text anywhere in ``value`` (JSON data) holds a control character: seats' names
    and everything else the trainer may show again once the game is resumed."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            problem = control_problem(item)
            if problem is not None:
                raise fail(field, item, problem)
        elif isinstance(item, Mapping):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _result(
    game: Mapping[str, Any], status: str
) -> tuple[list[int] | None, int | None, int | None, str | None]:
    """The summary columns (final, winner, human side, human result), as a game's end
    writes them: all but the human's side given exactly when the game is over."""
    final = game.get("final")
    if final is not None:
        if not isinstance(final, list) or not 2 <= len(final) <= SIDES_MOST:
            raise fail("final", final, f"is not the points of 2 to {SIDES_MOST} sides")
        final = [check_whole(p, f"final[{n}]", 0, GAME_POINTS_MOST) for n, p in enumerate(final)]
    sides = SIDES_MOST if final is None else len(final)
    winner = _optional_whole(game, "winner", sides - 1)
    human_side = _optional_whole(game, "human_side", SIDES_MOST - 1)
    human_result = game.get("human_result")
    if human_result is not None:
        human_result = check_choice(human_result, "human_result", HUMAN_RESULTS)
    over = status == "over"
    if (final is not None, winner is not None) != (over, over):
        raise RecordError(
            f"final and winner must be given for a game over, and only then ({status})"
        )
    if human_result is not None and (human_side is None or not over):
        raise fail("human_result", human_result, "is given for a game without a human's end")
    if human_result is not None and (human_result == "won") != (winner == human_side):
        raise fail("human_result", human_result, f"does not fit side {winner} winning")
    return final, winner, human_side, human_result


def insert_games(conn: sqlite3.Connection, games: Sequence[GameRows]) -> int:
    """Add checked games (inside the caller's transaction), skipping any uid already stored;
    returns how many were added."""
    added = 0
    for game in games:
        cur = conn.execute(
            f"INSERT OR IGNORE INTO games ({_COLUMNS}) VALUES ({', '.join('?' * 13)})", game.game
        )
        if cur.rowcount == 0:
            continue
        added += 1
        conn.executemany(
            "INSERT INTO game_actions (game_id, n, action) VALUES (?, ?, ?)",
            [(cur.lastrowid, n, a) for n, a in enumerate(game.actions)],
        )
    return added
