"""The stats file: opening it safely, knowing it is ours, its tables and their rows, upgrades.

- `opening`: what is checked before SQLite touches the file, the connection, the errors
  (`StoreError`, `StoreBusy`);
- `identity` and `rawfile`: whether the file and its write-ahead log are this store's,
  read without writing (the token, the WAL's frames);
- `wal`: the checkpoints, in a thread of their own;
- `schema` and `migrations`: the tables, their version, and upgrading an older file;
- `rows` and `game_rows`: the rows one answer makes, and a game's row (`SavedGame`; as the
  export holds it, `export_game`, a damaged one named by `Damaged`).

It sits above `trainer.history.reading` (writing an answer's rows keeps the figures up
to date) and below the store, which is its one user at run time.
"""

from trainer.history.file.game_rows import (
    HUMAN_RESULTS,
    STATUSES,
    GameStatus,
    HumanResult,
    SavedGame,
    export_game,
    export_games,
)
from trainer.history.file.identity import alone, identify
from trainer.history.file.opening import BUSY_SECONDS, StoreBusy, StoreError, inspect, wal_path
from trainer.history.file.rawfile import commits, copied_from, token_row, wal_problem
from trainer.history.file.rows import (
    ATTEMPT_COLUMNS,
    TOTAL,
    ComboRow,
    Rows,
    attempt_rows,
    attempt_uid,
    insert_rows,
)
from trainer.history.file.schema import SCHEMA_VERSION, SUMMARIES, rebuild_derived

__all__ = [
    "ATTEMPT_COLUMNS",
    "BUSY_SECONDS",
    "HUMAN_RESULTS",
    "SCHEMA_VERSION",
    "STATUSES",
    "SUMMARIES",
    "TOTAL",
    "ComboRow",
    "GameStatus",
    "HumanResult",
    "Rows",
    "SavedGame",
    "StoreBusy",
    "StoreError",
    "alone",
    "attempt_rows",
    "attempt_uid",
    "commits",
    "copied_from",
    "export_game",
    "export_games",
    "identify",
    "insert_rows",
    "inspect",
    "rebuild_derived",
    "token_row",
    "wal_path",
    "wal_problem",
]
