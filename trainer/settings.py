"""The player's settings: a small YAML file in the config folder.

Read with ``yaml.safe_load``. A file that cannot be read or holds a bad value is
never overwritten behind the player's back: loading returns the defaults for
what is wrong and a message naming the file and the problem; the file is only
replaced when the player saves new settings (and then the old one is kept
beside it as ``settings.yaml.broken`` if it was broken).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, Final, Literal, get_args

import yaml

from trainer.judge.policy import POLICIES, Policy

CardStyle = Literal["symbols", "letters"]
CARD_STYLES: Final[tuple[CardStyle, ...]] = get_args(CardStyle)
FILE_NAME: Final = "settings.yaml"


@dataclass(frozen=True)
class Settings:
    """What the player can change in Settings (each with the default shown)."""

    muggins: Policy = "acc"
    """Muggins policy for drills whose file does not choose one."""
    nineteen: bool = True
    """Whether 19 counts as a claim of zero, for drills whose file does not say."""
    card_style: CardStyle = "symbols"
    """Suits as symbols (♠ ♥ ♦ ♣) or letters (S H D C) for terminals without them."""
    theme: str = "textual-dark"
    """A Textual theme name."""
    announce_key: str = "s"
    """The key that shows the spoken count on the reveal."""


class SettingsError(ValueError):
    """Settings that cannot be saved; the message names the file."""


def settings_path(config_dir: Path) -> Path:
    """Where the settings live in a config folder."""
    return config_dir / FILE_NAME


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings in ``path`` (defaults if it does not exist), and a warning if any part
    of the file could not be used: the defaults stand in for that part, the file is kept."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as err:
        return Settings(), f"{path}: cannot be read ({err}); using the default settings"
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        return Settings(), f"{path}: {where}not valid YAML ({problem}); using the default settings"
    if data is None:
        return Settings(), None
    if not isinstance(data, dict):
        return Settings(), f"{path}: not a mapping of settings; using the default settings"
    settings, problems = _from_mapping(data)
    if problems:
        return settings, f"{path}: {'; '.join(problems)}; using the default for each"
    return settings, None


def _from_mapping(data: dict[Any, Any]) -> tuple[Settings, list[str]]:
    """Settings from parsed YAML, and a note for each value that was not usable."""
    problems: list[str] = []
    values: dict[str, Any] = {}
    known = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key not in known:
            problems.append(f"{key}: unknown setting")
            continue
        if key == "muggins" and value is False:
            value = "off"  # YAML 1.1 reads a bare `off` as false
        problem = _check(str(key), value)
        if problem:
            problems.append(f"{key}: {problem}")
        else:
            values[str(key)] = value
    return replace(Settings(), **values), problems


def _check(key: str, value: object) -> str | None:
    if key == "muggins" and value not in POLICIES:
        return f"must be one of {', '.join(POLICIES)}, got {value!r}"
    if key == "nineteen" and not isinstance(value, bool):
        return f"must be true or false, got {value!r}"
    if key == "card_style" and value not in CARD_STYLES:
        return f"must be one of {', '.join(CARD_STYLES)}, got {value!r}"
    if key == "theme" and (not isinstance(value, str) or not value):
        return f"must be a theme name, got {value!r}"
    if key == "announce_key" and not (
        isinstance(value, str) and len(value) == 1 and (value.isdigit() or "a" <= value <= "z")
    ):
        return f"must be one lower-case letter or digit, got {value!r}"
    return None


def save_settings(settings: Settings, path: Path, *, keep_broken: bool = False) -> None:
    """Write the settings atomically (a temporary file, then a rename).

    With ``keep_broken``, an existing file is first kept as ``settings.yaml.broken``,
    so a file that could not be read is never lost.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if keep_broken and path.exists():
            os.replace(path, path.with_name(path.name + ".broken"))
        text = "# Muggins settings (written by the trainer; safe to edit)\n" + yaml.safe_dump(
            asdict(settings), sort_keys=False, allow_unicode=True
        )
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".yaml")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError as err:
        raise SettingsError(f"{path}: cannot save the settings ({err})") from None
