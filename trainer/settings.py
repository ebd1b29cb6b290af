"""The player's settings, and the choices of their last game: a small YAML file in the config
folder.

Read as hostile (a copied or shared file): only a regular file of at most
`SMALL_FILE_BYTES` (`trainer.userfiles`), parsed by `trainer.safe_yaml` (no aliases,
bounded nesting and numbers), every value checked and quoted in messages only through
`trainer.textguard.excerpt`. A file that cannot be read or holds a bad value is never
overwritten behind the player's back: loading returns the defaults for what is wrong
and a message naming the file and the problem; the file is only replaced when the
player saves new settings (and then the old one is kept beside it as
``settings.yaml.broken`` if it was broken).
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Final, Literal, get_args

import yaml

from trainer import safe_yaml, userfiles
from trainer.judge.policy import POLICIES, Policy
from trainer.speech.engine import HIGHEST_RATE, LOWEST_RATE
from trainer.textguard import control_problem, excerpt, label

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
"""The computer players' levels, `trainer.game.players.bots.LEVELS`."""
ClaimStyle = Literal["total", "announce"]
CLAIM_STYLES: Final[tuple[ClaimStyle, ...]] = get_args(ClaimStyle)
CoachHands = Literal["first-games", "always", "never"]
COACH_HANDS: Final[tuple[CoachHands, ...]] = get_args(CoachHands)
"""When a hand's summary at the table says what the hand cost you (the coach)."""
MAX_MATCH_POINTS: Final = 99
MAX_TABLE_PAUSE: Final = 2.0
"""The longest pause (seconds) a computer's move at the table can be shown for."""
THEME_NAME: Final = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""What a theme's name looks like (Textual's are like ``textual-dark``, ``nord``)."""


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
    coach_hands: CoachHands = "first-games"
    """After each hand at the table, what it cost you: in your first games, always, never."""
    game: GameChoices = field(default_factory=GameChoices)
    """The choices for a game at the table, remembered from the last one dealt."""
    table_pause: float = 0.8
    """Seconds a computer's move at the table is shown before the next, 0 to 2 (any key
    shows it at once)."""
    reveal_accepted: bool = True
    """Whether a computer's count you accepted opens its reveal (off: only one you called
    too many or muggins on)."""
    judge_at_once: bool = False
    """Whether a count said aloud is judged as soon as it is heard (off: what was heard is
    shown first, and Enter judges it)."""
    speech_rate: int = 0
    """The trainer speaks (the hand, the verdict, the count) at this many words a minute;
    0: it does not."""


class SettingsError(ValueError):
    """Settings that cannot be saved; the message names the file."""


def settings_path(config_dir: Path) -> Path:
    """Where the settings live in a config folder."""
    return config_dir / FILE_NAME


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings in ``path`` (defaults if it does not exist), and a warning if any part
    of the file could not be used: the defaults stand in for that part, the file is kept."""
    try:
        text = userfiles.read_text(path, limit=userfiles.SMALL_FILE_BYTES)
    except userfiles.FileMissing:
        return Settings(), None
    except userfiles.FileRefused as err:
        return Settings(), f"{path}: {err}; using the default settings"
    try:
        data = safe_yaml.load(text)
    except safe_yaml.YamlError as err:
        field = "" if err.field is None else f"{err.field}: "
        return Settings(), f"{path}: {field}{err}; using the default settings"
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
    if "table_pause" in values:
        values["table_pause"] = float(values["table_pause"])  # YAML's 1 is an int
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
        name = f"{prefix}{label(key)}"
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
    if value in choices:
        return None
    return f"must be one of {', '.join(choices)}, got {excerpt(value)}"


def _theme_problem(value: object) -> str | None:
    """Why ``value`` is not a theme's name: text without control characters, made of
    letters, digits, ``-`` and ``_`` (never markup like ``[/]``)."""
    if not isinstance(value, str) or not value:
        return f"must be a theme name, got {excerpt(value)}"
    problem = control_problem(value)
    if problem is not None:
        return problem
    if not THEME_NAME.fullmatch(value):
        return (
            "must be a theme name (letters, digits, '-' and '_', like textual-dark), "
            f"got {excerpt(value)}"
        )
    return None


def _check(key: str, value: object) -> str | None:
    """What is wrong with ``value`` for the setting ``key`` (``game.level`` inside the game's)."""
    if key in ("muggins", "game.muggins"):
        return _one_of(POLICIES, value)
    booleans = ("nineteen", "game.peg_own", "reveal_accepted", "judge_at_once")
    if key in booleans and not isinstance(value, bool):
        return f"must be true or false, got {excerpt(value)}"
    if key == "card_style":
        return _one_of(CARD_STYLES, value)
    if key == "coach_hands":
        return _one_of(COACH_HANDS, value)
    if key == "theme":
        return _theme_problem(value)
    if key == "announce_key" and not (
        isinstance(value, str) and len(value) == 1 and (value.isdigit() or "a" <= value <= "z")
    ):
        return f"must be one lower-case letter or digit, got {excerpt(value)}"
    if key == "table_pause" and not (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and 0 <= value <= MAX_TABLE_PAUSE
    ):
        return f"must be a number of seconds from 0 to {MAX_TABLE_PAUSE:g}, got {excerpt(value)}"
    if key == "speech_rate" and not (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (value == 0 or LOWEST_RATE <= value <= HIGHEST_RATE)
    ):
        return (
            f"must be 0 (silent) or words a minute from {LOWEST_RATE} to {HIGHEST_RATE}, "
            f"got {excerpt(value)}"
        )
    if key == "game" and not (value is None or isinstance(value, dict)):
        return f"must be a mapping of game choices, got {excerpt(value)}"
    if key == "game.variant":
        return _one_of(GAME_VARIANTS, value)
    if key == "game.level":
        return _one_of(GAME_LEVELS, value)
    if key == "game.claim":
        return _one_of(CLAIM_STYLES, value)
    if key == "game.match_points" and not (
        isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_MATCH_POINTS
    ):
        return f"must be a whole number from 1 to {MAX_MATCH_POINTS}, got {excerpt(value)}"
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
