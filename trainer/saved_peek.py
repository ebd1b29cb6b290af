"""The game in progress as the stats file names it, read before the trainer's first frame.

Home says at once that a game is saved (and ``c`` resumes it): this is one query on one row,
read-only, through `sqlite3` alone. It lives outside `trainer.history` because importing the
store costs a sixth of the start-up time; the store's own read
(`trainer.history.writing.latest_playing`) follows in the background and is the authority.
Nothing is created: no file there, no game; a file that cannot be read here is the
background open's to report.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

LATEST_PLAYING = (
    "SELECT variant, steps, updated FROM games WHERE status = 'playing' "
    "ORDER BY updated DESC, id DESC LIMIT 1"
)
"""The row `trainer.history.writing.latest_playing` reads, its three small columns."""


@dataclass(frozen=True)
class GameInProgress:
    """The saved game's variant (its id), how many moves it has, when it was last played."""

    variant: str
    steps: int
    updated: datetime


def peek_saved_game(path: Path) -> GameInProgress | None:
    """The game still playing in the stats file at ``path``; None if there is none, no file,
    or the file cannot be read now (the background open says why)."""
    if not path.is_file():
        return None
    import sqlite3  # only with a file to read: a first start does without it

    # With no WAL beside it the file holds everything: read it as immutable (no -wal or -shm
    # made). With one, another trainer may be writing (or one was killed): read through it.
    wal = os.path.lexists(f"{path}-wal")
    uri = f"{path.absolute().as_uri()}?{'mode=ro' if wal else 'immutable=1'}"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=0.2)) as conn:
            row = conn.execute(LATEST_PLAYING).fetchone()
    except (sqlite3.Error, OSError):
        return None
    if row is None:
        return None
    variant, steps, updated = row
    if not (isinstance(variant, str) and isinstance(steps, int) and isinstance(updated, str)):
        return None  # a file changed by hand: the background read names what is wrong
    try:
        moment = datetime.fromisoformat(updated)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return GameInProgress(variant, steps, moment)
