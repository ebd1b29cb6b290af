"""The player's settings, and the choices of their last game: a small YAML file in the config
folder.

Read with ``yaml.safe_load``. A file that cannot be read or holds a bad value is
never overwritten behind the player's back: loading returns the defaults for
what is wrong and a message naming the file and the problem; the file is only
replaced when the player saves new settings (and then the old one is kept
beside it as ``settings.yaml.broken`` if it was broken).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Final, Literal, get_args

import yaml

from trainer.judge.policy import POLICIES, Policy

CardStyle = Literal["symbols", "letters"]
CARD_STYLES: Final[tuple[CardStyle, ...]] = get_args(CardStyle)
FILE_NAME: Final = "settings.yaml"

# The game's ids and levels are copied here, not imported: the settings are read at start-up,
# before anything of the game is needed (tests/test_settings.py keeps them equal to the game's).
GameVariantId = Literal[
    "standard", "short", "five-card", "three-hand", "four-hand", "four-hand-solo"
]
GAME_VARIANTS: Final[tuple[GameVariantId, ...]] = get_args(GameVariantId)
"""The ids of `trainer.game.variants.VARIANTS`, in its order."""
GameLevel = Literal["easy", "standard", "strong"]
GAME_LEVELS: Final[tuple[GameLevel, ...]] = get_args(GameLevel)
"""The computer players' levels, `trainer.game.bots.LEVELS`."""
ClaimStyle = Literal["total", "announce"]
CLAIM_STYLES: Final[tuple[ClaimStyle, ...]] = get_args(ClaimStyle)
MAX_MATCH_POINTS: Final = 99


@dataclass(frozen=True)
class GameChoices:
    """How the player last chose to play a game at the table (each with its default)."""

    variant: GameVariantId = "standard"
    """Which of the six games (RULES.md, "The game")."""
    level: GameLevel = "standard"
    """How well the computer players count, play and notice a miss."""
    muggins: Policy = "acc"
    """What a wrong count costs at the table."""
    claim: ClaimStyle = "total"
    """Say a count as its total, or announce it combination by combination."""
    peg_own: bool = False
    """Peg your own play (ACC 10.2), so missed play points can be mugged too."""
    match_points: int = 1
    """1: a single game; otherwise a match, first to this many game points."""


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
    game: GameChoices = field(default_factory=GameChoices)
    """The choices for a game at the table, remembered from the last one dealt."""


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
    values, problems = _usable(data, Settings, "")
    if "game" in values:
        game, more = _usable(values["game"] or {}, GameChoices, "game.")
        values["game"], problems = GameChoices(**game), problems + more
    return replace(Settings(), **values), problems


def _usable(data: dict[Any, Any], of: type, prefix: str) -> tuple[dict[str, Any], list[str]]:
    """The values in ``data`` that are good for fields of ``of``, and a note for each of the
    others, its name given as ``prefix`` + key (``game.level``)."""
    problems: list[str] = []
    values: dict[str, Any] = {}
    known = {f.name for f in fields(of)}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if key not in known:
            problems.append(f"{name}: unknown setting")
            continue
        if key == "muggins" and value is False:
            value = "off"  # YAML 1.1 reads a bare `off` as false
        problem = _check(name, value)
        if problem:
            problems.append(f"{name}: {problem}")
        else:
            values[str(key)] = value
    return values, problems


def _one_of(choices: tuple[str, ...], value: object) -> str | None:
    return None if value in choices else f"must be one of {', '.join(choices)}, got {value!r}"


def _check(key: str, value: object) -> str | None:
    """What is wrong with ``value`` for the setting ``key`` (``game.level`` inside the game's)."""
    if key in ("muggins", "game.muggins"):
        return _one_of(POLICIES, value)
    if key in ("nineteen", "game.peg_own") and not isinstance(value, bool):
        return f"must be true or false, got {value!r}"
    if key == "card_style":
        return _one_of(CARD_STYLES, value)
    if key == "theme" and (not isinstance(value, str) or not value):
        return f"must be a theme name, got {value!r}"
    if key == "announce_key" and not (
        isinstance(value, str) and len(value) == 1 and (value.isdigit() or "a" <= value <= "z")
    ):
        return f"must be one lower-case letter or digit, got {value!r}"
    if key == "game" and not (value is None or isinstance(value, dict)):
        return f"must be a mapping of game choices, got {value!r}"
    if key == "game.variant":
        return _one_of(GAME_VARIANTS, value)
    if key == "game.level":
        return _one_of(GAME_LEVELS, value)
    if key == "game.claim":
        return _one_of(CLAIM_STYLES, value)
    if key == "game.match_points" and not (
        isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_MATCH_POINTS
    ):
        return f"must be a whole number from 1 to {MAX_MATCH_POINTS}, got {value!r}"
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
