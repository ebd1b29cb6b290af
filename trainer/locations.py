"""Where Muggins keeps its files: user data (stats) and config (settings, the player's drills).

``MUGGINS_HOME`` (or the ``--data-dir`` option) puts everything in one folder,
which is how tests keep away from the real user directories. Nothing here
creates a directory; callers create what they write, when they write it.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "muggins"
HOME_ENV = "MUGGINS_HOME"


def _folder(override: str | os.PathLike[str] | None, system: str) -> Path:
    """``override``, else ``$MUGGINS_HOME``, else the system's folder ``system``."""
    if override is not None:
        return Path(override).expanduser()
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    return Path(system)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for the stats database: ``override``, else ``$MUGGINS_HOME``, else the OS's."""
    return _folder(override, platformdirs.user_data_dir(APP, appauthor=False))


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for settings and the player's drill sets (same override rules as data)."""
    return _folder(override, platformdirs.user_config_dir(APP, appauthor=False))


def user_drills_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The player's own drill sets: ``drills/`` in the config folder."""
    return config_dir(override) / "drills"
