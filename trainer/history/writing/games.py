"""Games at the table in the stats store: each saved after every step, resumable after a kill.

A game is kept as the game layer's JSON text, a row a game and a row an action
(`trainer.history.file.game_rows`), so saving a step appends a row and the save
costs the same at the last step as at the first. Each save is one transaction that
first checks the game is still playing at the step this trainer holds, so two
trainers playing one game cannot interleave their actions: the second is refused
(`GameConflictError`).
A step's action and the answer it judges (a human's count, as an `Attempt`) are
committed together, so a killed trainer leaves neither without the other. Games
come back from an export through `trainer.history.exchange.game_import`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from trainer.history.file.game_rows import (
    GAME_COLUMNS,
    GameStatus,
    HumanResult,
    SavedGame,
    read_game,
)
from trainer.history.file.rows import attempt_rows, insert_rows
from trainer.history.reading.damage import Damaged
from trainer.history.store import StatsStore
from trainer.history.times import iso, parse_iso
from trainer.quiz.attempt import Attempt
from trainer.textguard import excerpt


class GameConflictError(ValueError):
    """The saved game is not where this trainer left it: another trainer moved it on,
    finished or abandoned it (or it is not in the store)."""


class UnreadableGame(ValueError):
    """A stored game's row that cannot be read back (a file changed by hand, or by another
    program): ``uid`` names the game, ``problem`` what is wrong with it."""

    def __init__(self, uid: str, problem: str) -> None:
        super().__init__(f"the saved game {excerpt(uid)}: {problem}")
        self.uid = uid
        self.problem = problem


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
    again: bool = False,
    patient: bool = True,
) -> None:
    """Append the game's action number ``n`` (from 0), with the answer it judged and, on the
    last step, the game's end, in one transaction; `GameConflictError` unless the game is
    playing with exactly ``n`` actions saved.

    ``again``: this step was tried before and may have been saved unbeknown to the caller
    (its commit done, its acknowledgement lost): action ``n`` already saved as this very
    action is taken as this step, saved once (``game_actions`` is keyed by the game and
    ``n``), neither written twice nor refused. ``patient`` False: one try at the store's
    lock (`StatsStore.transaction`), for a caller that tries again off the screen's thread.
    """
    rows = None if attempt is None else attempt_rows(attempt)
    with store.transaction("saving the game", patient=patient) as conn:
        if again and _saved(conn, game_id, n, action):
            return
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


def _saved(conn: sqlite3.Connection, game_id: int, n: int, action: str) -> bool:
    """Whether the game's action number ``n`` is saved, and is ``action``."""
    found = conn.execute(
        "SELECT action FROM game_actions WHERE game_id = ? AND n = ?", (game_id, n)
    ).fetchone()
    return found is not None and found[0] == action


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


def save_ledger(store: StatsStore, game_id: int, ledger: str) -> None:
    """Keep a game's ledger (JSON text, worked out from its record by the game layer); only
    a game over has one. `GameConflictError` if the game is not over (or not stored)."""
    with store.transaction("saving the game's ledger") as conn:
        cur = conn.execute(
            "UPDATE games SET ledger = ? WHERE id = ? AND status = 'over'", (ledger, game_id)
        )
        if cur.rowcount == 0:
            raise GameConflictError(f"game {game_id} is not a game over in the stats store")


def abandon_game(store: StatsStore, game_id: int, at: datetime) -> None:
    """Mark a playing game abandoned: it is kept (with its actions) but never resumed."""
    with store.transaction("abandoning the game") as conn:
        _check_playing(conn, game_id, None)
        conn.execute(
            "UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?", (iso(at), game_id)
        )


def abandon_unread(store: StatsStore, uid: str, at: datetime) -> None:
    """Mark a playing game abandoned by its uid without reading it (a row too damaged to
    read, `UnreadableGame`): kept as it is, named by the reports, never offered again."""
    with store.transaction("abandoning the game") as conn:
        done = conn.execute(
            "UPDATE games SET status = 'abandoned', updated = ? WHERE uid = ? AND "
            "status = 'playing'",
            (iso(at), uid),
        ).rowcount
    if not done:
        raise GameConflictError(f"game {excerpt(uid)} is not a game in progress in the store")


# ---------------------------------------------------------------- reading


def _read(conn: sqlite3.Connection, row: tuple[Any, ...]) -> SavedGame:
    """A games row as a `SavedGame`; `UnreadableGame` naming the game if a column is not
    what Muggins writes (its times, its final score)."""
    uid = row[1]
    try:
        return read_game(conn, row)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:  # the one JSON column read here
        problem = f"final: not JSON ({err})"
    except RecursionError:
        problem = "final: nested too deep to be read"
    except TypeError:
        problem = "final: not a list of points"
    except ValueError as err:
        problem = str(err).removeprefix(f"the saved game {excerpt(uid)}: ")
    raise UnreadableGame(str(uid), problem) from None


def latest_playing(store: StatsStore) -> SavedGame | None:
    """The game in progress saved most recently, with its actions; None if there is none."""
    with store.guard("reading the game in progress") as conn:
        row = conn.execute(
            f"SELECT id, {GAME_COLUMNS} FROM games WHERE status = 'playing' "
            "ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else _read(conn, row)


def load_game(store: StatsStore, uid: str) -> SavedGame | None:
    """The game with this uid, with its actions; None if there is none."""
    with store.guard("reading a game") as conn:
        row = conn.execute(f"SELECT id, {GAME_COLUMNS} FROM games WHERE uid = ?", (uid,)).fetchone()
        return None if row is None else _read(conn, row)


def game_count(store: StatsStore, status: GameStatus | None = None) -> int:
    """How many games are stored (with this status)."""
    with store.guard("counting games") as conn:
        if status is None:
            return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])
        sql = "SELECT count(*) FROM games WHERE status = ?"
        return int(conn.execute(sql, (status,)).fetchone()[0])


@dataclass(frozen=True)
class GameListed:
    """A game over as the list of past games shows it (no actions read)."""

    uid: str
    variant: str
    ended: datetime
    human_side: int | None
    human_result: HumanResult | None
    final: tuple[int, ...] | None
    ledger: str | None
    """The coach's ledger kept with it (JSON text), None until worked out."""


def games_over(store: StatsStore, limit: int = 200) -> list[GameListed]:
    """The last ``limit`` games over, the latest first. A row whose time or scores cannot be
    read is left out (the export and the import name it)."""
    with store.guard("listing your games") as conn:
        rows = conn.execute(
            "SELECT uid, variant, updated, human_side, human_result, final, ledger FROM games "
            "WHERE status = 'over' ORDER BY updated DESC, id DESC LIMIT ?",
            (limit,),
        ).fetchall()
    out = []
    for uid, variant, updated, side, result, final, ledger in rows:
        try:
            ended = parse_iso(updated)
            scores = None if final is None else tuple(int(p) for p in json.loads(final))
        except (ValueError, TypeError, OverflowError):
            continue
        out.append(GameListed(uid, variant, ended, side, result, scores, ledger))
    return out


class FinishedGames(NamedTuple):
    """The games over that a human played, oldest first, and those that could not be read,
    each named (`trainer.history.reading.damage`)."""

    games: list[SavedGame]
    damaged: list[str]


def finished_games(store: StatsStore, last: int) -> FinishedGames:
    """The ``last`` games over that a human played, with their actions, oldest first; a
    damaged row is left out and named."""
    with store.guard("reading your games") as conn:
        rows = conn.execute(
            f"SELECT id, {GAME_COLUMNS} FROM games "
            "WHERE status = 'over' AND human_side IS NOT NULL "
            "ORDER BY updated DESC, id DESC LIMIT ?",
            (last,),
        ).fetchall()
        found = FinishedGames([], [])
        for row in reversed(rows):
            try:
                found.games.append(read_game(conn, row))
            except Damaged as err:
                found.damaged.append(str(err))
        return found
