"""What the trainer writes through the store: its answers, its games, the answers it keeps.

- `recorder`: the trainer's answers in a queue a thread of its own writes, kept trying
  while the file is busy, and kept in a file beside it at quitting (`pending`), which the
  next start brings back;
- `deferred`: the trainer's history, its file made with the first answer (`DeferredStore`);
- `games`: a game at the table, saved after every step, and its ledger once worked out
  (its row: `SavedGame`, in `trainer.history.file`);
- `patience`: a write the busy store gave up on tried again until it is done (`patiently`:
  a game's steps; the recorder's queue waits the same way).

It sits on top of `trainer.history`: it uses the store, and the export format for the
answers kept at quitting.
"""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
    from trainer.history.writing.deferred import DeferredStore
    from trainer.history.writing.games import (
        GameConflictError,
        GameEnd,
        GameListed,
        UnreadableGame,
        abandon_game,
        abandon_unread,
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
    from trainer.history.writing.patience import Stop, patiently
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
    "Stop",
    "UnreadableGame",
    "Unsaved",
    "abandon_game",
    "abandon_unread",
    "create_game",
    "finish_game",
    "finished_games",
    "game_count",
    "games_over",
    "keep",
    "latest_playing",
    "load_game",
    "patiently",
    "pending_files",
    "save_ledger",
    "save_step",
]

# Each name's module is imported when the name is first used, not with the package: reading
# your games (``muggins stats``) needs neither the recorder nor the export format.
__getattr__ = exports(
    __name__,
    {
        "DeferredStore": "trainer.history.writing.deferred",
        "GameConflictError": "trainer.history.writing.games",
        "GameEnd": "trainer.history.writing.games",
        "GameListed": "trainer.history.writing.games",
        "UnreadableGame": "trainer.history.writing.games",
        "abandon_game": "trainer.history.writing.games",
        "abandon_unread": "trainer.history.writing.games",
        "create_game": "trainer.history.writing.games",
        "finish_game": "trainer.history.writing.games",
        "finished_games": "trainer.history.writing.games",
        "game_count": "trainer.history.writing.games",
        "games_over": "trainer.history.writing.games",
        "latest_playing": "trainer.history.writing.games",
        "load_game": "trainer.history.writing.games",
        "save_ledger": "trainer.history.writing.games",
        "save_step": "trainer.history.writing.games",
        "Stop": "trainer.history.writing.patience",
        "patiently": "trainer.history.writing.patience",
        "PREFIX": "trainer.history.writing.pending",
        "keep": "trainer.history.writing.pending",
        "pending_files": "trainer.history.writing.pending",
        "QUIT_WAIT": "trainer.history.writing.recorder",
        "Notice": "trainer.history.writing.recorder",
        "Recorder": "trainer.history.writing.recorder",
        "Unsaved": "trainer.history.writing.recorder",
    },
)
