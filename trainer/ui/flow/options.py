"""How the trainer runs: its clocks, the player's settings and what to start with."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.settings import Settings

if TYPE_CHECKING:  # the voice package is imported when a count is first said
    from trainer.drills.model import DrillSet
    from trainer.speech.engine import Speaker
    from trainer.voice.listen import AudioSource


def local_now() -> datetime:
    """The time now, in the local time zone (home's "today")."""
    return datetime.now().astimezone()


@dataclass(frozen=True)
class Options:
    """What the command line (or a test) chose for one run of the trainer."""

    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = local_now
    settings: Settings = field(default_factory=Settings)
    settings_path: Path | None = None
    """Where the settings are saved (None: this run saves none)."""
    settings_warning: str | None = None
    """Why the settings file could not be used, to tell the player at start."""
    start_drill: DrillSet | None = None
    plain_cards: bool = False
    bot_pause: float | None = None
    """Seconds a computer's move in a game is shown before the next (any key skips it);
    None: as the settings say (`Settings.table_pause`)."""
    warm_tables: bool = True
    """Check the drills and build the deal tables in the background after home is drawn."""
    voice_source: Callable[[], AudioSource] | None = None
    """Where a count said aloud is heard from (None: the microphone); tests pass a recording."""
    voice_profile: Path | None = None
    """Where the player's voice, learnt from the counts they said and had judged, is kept
    (`trainer.voice.learn`; None: it is not learnt)."""
    speaker: Callable[[int], Speaker] | None = None
    """The trainer's voice at a rate (None: espeak-ng); tests pass one that keeps the text."""
    saved_game: str | None = None
    """The game saved in the history, as home names it on its first frame (read before it,
    `trainer.saved_peek`); None: none found (home looks again once the history is open)."""
    history_path: Path | None = None
    """Where the history's file is, or will be made: answers judged before it is open are
    kept beside it meanwhile (None: in memory only, as tests' histories are)."""
    drill_dirs: tuple[tuple[Path, bool], ...] = ()
    """The drill folders (folder, is built-in), read again each time home is shown again,
    so a file added meanwhile is listed (none: the list stays as it was given)."""
