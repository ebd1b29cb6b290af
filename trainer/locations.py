"""Where Muggins keeps its files: user data (stats) and config (settings, the player's drills).

``MUGGINS_HOME`` (or the ``--data-dir`` option) puts everything in one folder,
which is how tests keep away from the real user directories. Nothing here
creates a directory; callers create what they write, when they write it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import platformdirs

from trainer.textguard import printable

APP = "muggins"
HOME_ENV = "MUGGINS_HOME"
NAME_MAX: Final = 255
"""The longest name of one file or folder, in bytes (Linux's, and most systems')."""
PATH_MAX: Final = 4096
"""The longest path, in bytes."""
STATS_NAME: Final = "muggins.sqlite3"
"""The stats file's name in the data folder."""
VOICE_NAME: Final = "voice.json"
"""The player's voice learnt from their counts (`trainer.voice.learn`), in the data folder;
the transform the recogniser loads is beside it (``voice.mllr``)."""


class LocationError(ValueError):
    """A path the player gave that cannot name a place: the message says which and why."""


def user_path(text: str | os.PathLike[str], what: str) -> Path:
    """The path ``text`` (given as ``what``: ``--data-dir``, ``MUGGINS_HOME``) with ``~``
    expanded; `LocationError` if it names no user's home or is too long to be a path."""
    raw = os.fspath(text)
    if not raw:
        raise LocationError(f"{what}: the path is empty")
    if "\0" in raw:
        raise LocationError(f"{what}: a path cannot hold a NUL character")
    try:
        path = Path(raw).expanduser()
    except RuntimeError:
        user = raw[1:].split("/", 1)[0]
        raise LocationError(
            f"{what}: {printable(raw[:80])}: ~{printable(user[:40])} names no home folder "
            "(there is no such user)"
        ) from None
    size = len(os.fsencode(path))
    longest = max((len(os.fsencode(part)) for part in path.parts), default=0)
    if size > PATH_MAX or longest > NAME_MAX:
        raise LocationError(
            f"{what}: the path is too long: {size} bytes, its longest name {longest} (a path "
            f"holds at most {PATH_MAX} bytes, a name {NAME_MAX})"
        )
    return path


def _folder(override: str | os.PathLike[str] | None, system: str) -> Path:
    """``override``, else ``$MUGGINS_HOME``, else the system's folder ``system``."""
    if override is not None:
        return user_path(override, "--data-dir")
    home = os.environ.get(HOME_ENV)
    if home:
        return user_path(home, HOME_ENV)
    return Path(system)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for the stats database: ``override``, else ``$MUGGINS_HOME``, else the OS's."""
    return _folder(override, platformdirs.user_data_dir(APP, appauthor=False))


def stats_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the stats file lives (nothing is created)."""
    return data_dir(override) / STATS_NAME


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for settings and the player's drill sets (same override rules as data)."""
    return _folder(override, platformdirs.user_config_dir(APP, appauthor=False))


def user_drills_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The player's own drill sets: ``drills/`` in the config folder."""
    return config_dir(override) / "drills"
