"""What the trainer writes through the store: its answers, its games, the answers it keeps.

- `recorder`: the trainer's answers in a queue a thread of its own writes, kept trying
  while the file is busy, and kept in a file beside it at quitting (`pending`), which the
  next start brings back;
- `deferred`: the trainer's history, its file made with the first answer (`DeferredStore`);
- `games`: a game at the table, saved after every step, and its ledger once worked out
  (its row: `SavedGame`, in `trainer.history.file`).

It sits on top of `trainer.history`: it uses the store, and the export format for the
answers kept at quitting.
"""

from trainer.history.writing.deferred import DeferredStore
from trainer.history.writing.games import (
    GameConflictError,
    GameEnd,
    GameListed,
    abandon_game,
    create_game,
    finish_game,
    finished_games,
    game_count,
    games_over,
    latest_playing,
    load_game,
    save_ledger,
    save_step,
)
from trainer.history.writing.pending import PREFIX, keep, pending_files
from trainer.history.writing.recorder import QUIT_WAIT, Notice, Recorder, Unsaved

__all__ = [
    "PREFIX",
    "QUIT_WAIT",
    "DeferredStore",
    "GameConflictError",
    "GameEnd",
    "GameListed",
    "Notice",
    "Recorder",
    "Unsaved",
    "abandon_game",
    "create_game",
    "finish_game",
    "finished_games",
    "game_count",
    "games_over",
    "keep",
    "latest_playing",
    "load_game",
    "pending_files",
    "save_ledger",
    "save_step",
]
