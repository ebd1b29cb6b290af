"""Games in an export read back: each checked as strictly as the trainer writes it, then
added in the import's transaction, a game already stored (by ``uid``) skipped.

A game row's own fields (uid, variant, seed, status, times, the end's summary
columns) are held to what `trainer.history.writing.games` writes; its setup, actions,
record and ledger are the game layer's JSON, of which this layer checks only that the
setup is of the row's variant and seed, that only a game over has a ledger (in the shape
a ledger is written), that no text in them holds a control character and that no number
in them is past SQLite's integers or infinite. The game layer plays each game through
before it is kept, and works its ledger out again from its record (a `GameCheck` the
import's caller passes in), so no game is kept that cannot be resumed, nor a ledger that
is not its record's, nor one of a model of the advice this Muggins does not write.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from trainer.drills.model import SEED_LIMIT
from trainer.history.exchange.field_checks import (
    SQLITE_MOST,
    RecordError,
    check_choice,
    check_mapping,
    check_text,
    check_time,
    check_whole,
    fail,
)
from trainer.history.file.game_rows import (
    GAME_COLUMNS,
    HUMAN_RESULTS,
    STATUSES,
    SavedGame,
)
from trainer.history.reading.game_stats import GAME_POINTS_MOST, SIDES_MOST, SKUNK_LINES
from trainer.history.times import parse_iso
from trainer.textguard import control_problem, excerpt


@dataclass(frozen=True)
class GameRows:
    """One imported game as rows: the games row (without its id) and its actions' text."""

    game: tuple[Any, ...]
    actions: tuple[str, ...]

    @property
    def uid(self) -> str:
        return str(self.game[0])

    def saved(self) -> SavedGame:
        """The game as the store would give it back once kept (its id 0: not kept yet)."""
        uid, variant, seed, status, setup, steps, record, created, updated, *rest = self.game
        human_side, winner, final, human_result, ledger = rest
        return SavedGame(
            id=0,
            uid=uid,
            variant=variant,
            seed=seed,
            status=status,
            setup=setup,
            steps=steps,
            actions=self.actions,
            record=record,
            created=parse_iso(created),
            updated=parse_iso(updated),
            human_side=human_side,
            winner=winner,
            final=None if final is None else tuple(json.loads(final)),
            human_result=human_result,
            ledger=ledger,
        )


GameCheck = Callable[[SavedGame], "str | None"]
"""What an import asks of each game before keeping it: played through the rules as resuming
it would be (and its ledger, if it has one, what its record gives), its first problem
(``"action 14: seat 1 must lay now"``), or None if it plays through. The game layer does it
(`trainer.game.coach.kept_ledger.import_problem`) and its caller passes it in: this layer sits
below the game layer and never imports it."""


def _json_text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_A_GAME: Final = {"playing": "a game still playing", "abandoned": "an abandoned game"}
"""A game of each status but over, as an error names it."""


def _optional_whole(game: Mapping[str, Any], key: str, high: int) -> int | None:
    value = game.get(key)
    return None if value is None else check_whole(value, key, 0, high)


def game_rows(game: Any) -> GameRows:
    """An exported game checked and turned into rows; `RecordError` (a ValueError) naming
    the bad field. The row's own fields are held to what the trainer writes; of its setup,
    actions, record and ledger this layer checks only their shape (`_ledger`, `_plain`) and
    that the setup is of the row's variant and seed: playing them through, and the ledger's
    model and figures, are the game layer's (`GameCheck`)."""
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
    ledger = _ledger(game.get("ledger"), status)
    for key in ("setup", "actions", "record", "ledger"):
        _plain(game.get(key), key)
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
        None if ledger is None else _json_text(ledger),
    )
    return GameRows(row, tuple(_json_text(a) for a in actions))


LEDGER_FIELDS: Final = ("model", "seats", "hands")
"""The fields of a ledger as the game layer writes it (`GameLedger.to_dict`)."""


def _ledger(ledger: object, status: str) -> Mapping[str, Any] | None:
    """A game over's ledger in the shape the game layer writes: its model a whole number,
    the totals of each of 2 to 4 seats and its hands, each an object. Which model this
    Muggins writes, and whether the ledger is its record's, is the game layer's check."""
    if ledger is None:
        return None
    if status != "over":
        raise fail("ledger", ledger, f"is given for {_A_GAME[status]}: only a game over has one")
    if not isinstance(ledger, Mapping):
        raise fail("ledger", ledger, "is not a game's ledger (an object)")
    check_mapping(ledger, "ledger", LEDGER_FIELDS, LEDGER_FIELDS)
    model, seats, hands = (ledger[k] for k in LEDGER_FIELDS)
    if isinstance(model, bool) or not isinstance(model, int):
        raise fail("ledger: model", model, "is not a model of the coach's advice (a number)")
    if not isinstance(seats, list) or not 2 <= len(seats) <= SIDES_MOST:
        raise fail("ledger: seats", seats, f"is not the totals of 2 to {SIDES_MOST} seats")
    for field, items in (("seats", seats), ("hands", hands)):
        if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
            raise fail(f"ledger: {field}", items, "is not a list of objects")
    return ledger


def _plain(value: object, field: str) -> None:
    """Nothing anywhere in ``value`` (JSON data) is what the game layer never writes: no
    text holds a control character (seats' names and everything else the trainer may show
    again once the game is resumed), no whole number is past SQLite's integers and no
    number is infinite (JSON's ``1e400``), so the game's JSON is kept and exported again as
    JSON."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            problem = control_problem(item)
            if problem is not None:
                raise fail(field, item, problem)
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int) and not -SQLITE_MOST <= item <= SQLITE_MOST:
            raise fail(field, item, "is past SQLite's integers")
        elif isinstance(item, float) and not math.isfinite(item):
            raise fail(field, item, "is not a finite number")
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
            f"INSERT OR IGNORE INTO games ({GAME_COLUMNS}) VALUES ({', '.join('?' * 14)})",
            game.game,
        )
        if cur.rowcount == 0:
            continue
        added += 1
        conn.executemany(
            "INSERT INTO game_actions (game_id, n, action) VALUES (?, ?, ?)",
            [(cur.lastrowid, n, a) for n, a in enumerate(game.actions)],
        )
    return added
