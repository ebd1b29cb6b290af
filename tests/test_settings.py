"""Settings: defaults, reading with safe_load, and never losing a broken file."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import pytest
import yaml
from textual.theme import BUILTIN_THEMES

from tests.hostile.support import dev_zero, named_pipe, too_large
from trainer.drills.schema import parse_drill
from trainer.game.players.bots import LEVELS
from trainer.game.variants import VARIANTS, VariantId
from trainer.judge.policy import POLICIES
from trainer.settings import (
    GAME_LEVELS,
    GAME_VARIANTS,
    GameChoices,
    GameVariantId,
    Settings,
    SettingsError,
    load_settings,
    save_settings,
    settings_path,
)
from trainer.textguard import CONTROLS


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.yaml") == (Settings(), None)
    assert Settings() == Settings("acc", True, "symbols", "textual-dark", "s")


def test_round_trip(tmp_path: Path) -> None:
    path = settings_path(tmp_path / "config")
    chosen = Settings("hoyle", False, "letters", "nord", "x", "always")
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data == {
        "muggins": "hoyle",
        "nineteen": False,
        "card_style": "letters",
        "theme": "nord",
        "announce_key": "x",
        "coach_hands": "always",
        "game": {
            "variant": "standard",
            "level": "standard",
            "muggins": "acc",
            "claim": "total",
            "peg_own": False,
            "match_points": 1,
        },
        "table_pause": 0.8,
        "reveal_accepted": True,
        "judge_at_once": False,
        "speech_rate": 0,
    }


def test_the_tables_pause_and_reveal_round_trip(tmp_path: Path) -> None:
    path = settings_path(tmp_path / "config")
    chosen = Settings(table_pause=0.0, reveal_accepted=False)
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)
    path.write_text("table_pause: 2\n", encoding="utf-8")
    loaded, _ = load_settings(path)
    assert loaded.table_pause == 2.0
    assert isinstance(loaded.table_pause, float)


def test_judging_a_spoken_count_at_once_round_trips_and_defaults_to_off(tmp_path: Path) -> None:
    path = settings_path(tmp_path / "config")
    save_settings(Settings(judge_at_once=True), path)
    assert load_settings(path) == (Settings(judge_at_once=True), None)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["judge_at_once"] is True
    path.write_text("muggins: hoyle\nreveal_accepted: false\n", encoding="utf-8")  # older
    assert load_settings(path) == (Settings(muggins="hoyle", reveal_accepted=False), None)
    assert not Settings().judge_at_once


def test_the_speaking_rate_round_trips_and_defaults_to_silent(tmp_path: Path) -> None:
    path = settings_path(tmp_path / "config")
    save_settings(Settings(speech_rate=210), path)
    assert load_settings(path) == (Settings(speech_rate=210), None)
    path.write_text("speech_rate: 300\n", encoding="utf-8")  # any rate espeak-ng takes
    assert load_settings(path) == (Settings(speech_rate=300), None)
    assert Settings().speech_rate == 0


def test_bare_off_in_yaml_is_the_off_policy(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("muggins: off\n", encoding="utf-8")
    assert load_settings(path) == (Settings(muggins="off"), None)


@pytest.mark.parametrize(
    ("text", "settings", "warning"),
    [
        (
            "muggins: sometimes\ncard_style: letters\n",
            Settings(card_style="letters"),
            "muggins: must be one of off, acc, hoyle, bsd, got 'sometimes'; using the default "
            "for each",
        ),
        (
            "nineteen: maybe\nannounce_key: enter\ncolour: red\n",
            Settings(),
            "nineteen: must be true or false, got 'maybe'; announce_key: must be one lower-case "
            "letter or digit, got 'enter'; colour: unknown setting; using the default for each",
        ),
        (
            "coach_hands: sometimes\n",
            Settings(),
            "coach_hands: must be one of first-games, always, never, got 'sometimes'",
        ),
        ("- a\n- list\n", Settings(), "not a mapping of settings; using the default settings"),
        ("muggins: [acc\n", Settings(), "line 2: not valid YAML"),
        (
            "table_pause: 2.5\nreveal_accepted: sometimes\n",
            Settings(),
            "table_pause: must be a number of seconds from 0 to 2, got 2.5; reveal_accepted: "
            "must be true or false, got 'sometimes'; using the default for each",
        ),
        (
            "judge_at_once: 1\nnineteen: false\n",
            Settings(nineteen=False),
            "judge_at_once: must be true or false, got 1; using the default for each",
        ),
        (
            "speech_rate: 20\n",
            Settings(),
            "speech_rate: must be 0 (silent) or words a minute from 80 to 450, got 20",
        ),
        ("speech_rate: true\n", Settings(), "speech_rate: must be 0 (silent) or words a minute"),
    ],
    ids=[
        "bad-policy",
        "three-problems",
        "bad-coach",
        "not-a-mapping",
        "bad-yaml",
        "table",
        "judge-at-once",
        "speech-rate",
        "speech-rate-bool",
    ],
)
def test_broken_values_fall_back_and_name_the_file(
    tmp_path: Path, text: str, settings: Settings, warning: str
) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    loaded, message = load_settings(path)
    assert loaded == settings
    assert message is not None
    assert message.startswith(f"{path}: ")
    assert warning in message
    assert path.read_text(encoding="utf-8") == text  # reading never touches the file


def test_saving_over_a_broken_file_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("muggins: [acc\n", encoding="utf-8")
    save_settings(Settings(muggins="bsd"), path, keep_broken=True)
    assert (tmp_path / "settings.yaml.broken").read_text(encoding="utf-8") == "muggins: [acc\n"
    assert load_settings(path) == (Settings(muggins="bsd"), None)


def test_unwritable_folder_is_a_settings_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SettingsError, match="cannot save the settings"):
        save_settings(Settings(), blocker / "settings.yaml")


def test_drill_defaults_apply_only_where_the_file_chose_nothing() -> None:
    plain = parse_drill({"name": "P", "description": "d"}, drill_id="p", source="p.yaml")
    strict = parse_drill(
        {"name": "S", "description": "d", "muggins": "off", "nineteen": True},
        drill_id="s",
        source="s.yaml",
    )
    assert plain.with_defaults("hoyle", False).muggins == "hoyle"
    assert plain.with_defaults("hoyle", False).nineteen is False
    assert strict.with_defaults("hoyle", False).muggins == "off"
    assert strict.with_defaults("hoyle", False).nineteen is True


def test_the_games_ids_and_levels_are_the_games_own() -> None:
    assert GAME_VARIANTS == tuple(VARIANTS) == get_args(VariantId) == get_args(GameVariantId)
    assert GAME_LEVELS == LEVELS
    assert GameChoices().muggins in POLICIES


def test_game_choices_round_trip_as_a_nested_mapping(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    game = GameChoices("four-hand", "strong", "hoyle", "announce", True, 5)
    save_settings(Settings(theme="nord", game=game), path)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["game"] == {
        "variant": "four-hand",
        "level": "strong",
        "muggins": "hoyle",
        "claim": "announce",
        "peg_own": True,
        "match_points": 5,
    }
    assert load_settings(path) == (Settings(theme="nord", game=game), None)


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("theme: nord\n", GameChoices()),
        ("game:\n", GameChoices()),
        ("game:\n  variant: short\n", GameChoices(variant="short")),
        (
            "game:\n  muggins: off\n  match_points: 99\n",
            GameChoices(muggins="off", match_points=99),
        ),
    ],
    ids=["no-game", "empty-game", "one-choice", "bare-off-and-most-points"],
)
def test_game_choices_missing_or_partial_take_the_defaults(
    tmp_path: Path, text: str, game: GameChoices
) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    settings, warning = load_settings(path)
    assert warning is None
    assert settings.game == game


@pytest.mark.parametrize(
    ("text", "game", "warning"),
    [
        (
            "game:\n  variant: six-hand\n  level: strong\n",
            GameChoices(level="strong"),
            "game.variant: must be one of standard, short, five-card, three-hand, four-hand, "
            "four-hand-solo, got 'six-hand'",
        ),
        (
            "game:\n  level: expert\n  claim: shout\n  peg_own: sometimes\n",
            GameChoices(),
            "game.level: must be one of easy, standard, strong, got 'expert'; game.claim: must "
            "be one of total, announce, got 'shout'; game.peg_own: must be true or false, got "
            "'sometimes'",
        ),
        (
            "game:\n  muggins: never\n  match_points: 0\n",
            GameChoices(),
            "game.muggins: must be one of off, acc, hoyle, bsd, got 'never'; game.match_points: "
            "must be a whole number from 1 to 99, got 0",
        ),
        (
            "game:\n  match_points: true\n  seats: 2\n",
            GameChoices(),
            "game.match_points: must be a whole number from 1 to 99, got True; game.seats: "
            "unknown setting",
        ),
        ("game:\n  match_points: 100\n", GameChoices(), "got 100"),
        ("game: [standard]\ntheme: nord\n", GameChoices(), "game: must be a mapping"),
    ],
    ids=[
        "bad-variant",
        "three-problems",
        "bad-policy-and-no-points",
        "bool-and-unknown",
        "too-many-points",
        "not-a-mapping",
    ],
)
def test_a_bad_game_choice_falls_back_alone_and_is_named(
    tmp_path: Path, text: str, game: GameChoices, warning: str
) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    settings, message = load_settings(path)
    assert settings.game == game
    assert message is not None
    assert message.startswith(f"{path}: ")
    assert warning in message
    assert message.endswith("; using the default for each")
    assert path.read_text(encoding="utf-8") == text  # kept


def test_settings_load_without_the_game() -> None:
    """The settings are read at start-up: they stay clear of the game package."""
    code = "import sys, trainer.settings; print(sorted(m for m in sys.modules if 'game' in m))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_manual_shows_the_file_as_saved(tmp_path: Path) -> None:
    usage = (Path(__file__).parents[1] / "docs" / "usage.md").read_text(encoding="utf-8")
    start = usage.index("```yaml\n# Muggins settings") + len("```yaml\n")
    path = tmp_path / "settings.yaml"
    save_settings(Settings(), path)
    assert usage[start : usage.index("```", start)] == path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- hostile files (issue 14)

HOSTILE = Path(__file__).parent / "data" / "hostile" / "settings"
ALIAS = "an alias (*a) is not allowed here: write the value out"
THEME = "must be a theme name (letters, digits, '-' and '_', like textual-dark)"
DEFAULTS = "; using the default settings"
EACH = "; using the default for each"
HOSTILE_FILES = {
    "alias-bomb": (Settings(), f"theme: line 4: {ALIAS}{DEFAULTS}"),
    "deep-nesting": (Settings(), f"theme: line 1: nested more than 32 levels deep{DEFAULTS}"),
    "long-number": (
        Settings(),
        f"game.match_points: line 2: a number of 5000 characters is too long{DEFAULTS}",
    ),
    "list-key": (
        Settings(),
        f"line 1: a field's name must be text, not a list or mapping{DEFAULTS}",
    ),
    "theme-markup": (Settings(card_style="letters"), f"theme: {THEME}, got '[/]'{EACH}"),
    "theme-control": (
        Settings(card_style="letters"),
        f"theme: holds a control character (U+001B) at character 5{EACH}",
    ),
    "control-key": (
        Settings(card_style="letters"),
        f"'\\x1b]0;owned\\x07colour': unknown setting{EACH}",
    ),
    "huge-theme": (
        Settings(card_style="letters"),
        f"theme: {THEME}, got 'ttttttttttttttttt...tttttttttttttttttt'{EACH}",
    ),
}
"""Each file in tests/data/hostile/settings/: the settings it gives and the warning, after
``file: ``."""


def test_every_hostile_settings_file_is_listed() -> None:
    assert {p.stem for p in HOSTILE.glob("*.yaml")} == set(HOSTILE_FILES)


@pytest.mark.parametrize(("stem", "expected"), HOSTILE_FILES.items(), ids=list(HOSTILE_FILES))
def test_a_hostile_settings_file_gives_defaults_a_warning_and_is_kept(
    tmp_path: Path, stem: str, expected: tuple[Settings, str]
) -> None:
    path = tmp_path / "settings.yaml"
    original = (HOSTILE / f"{stem}.yaml").read_bytes()
    path.write_bytes(original)
    assert load_settings(path) == (expected[0], f"{path}: {expected[1]}")
    assert path.read_bytes() == original


_large = too_large("theme: nord\n")


def _folder(path: Path) -> None:
    path.mkdir()


def _latin(path: Path) -> None:
    path.write_bytes(b"theme: caf\xe9\n")


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (named_pipe, "is a named pipe, not a file; give the path of a file"),
        (dev_zero, "is a device, not a file; give the path of a file"),
        (_large, "is larger than 64 kB, the most this file may hold"),
        (_folder, "is a folder, not a file; give the path of a file"),
        (_latin, "is not UTF-8 text (byte 11 cannot be read)"),
    ],
    ids=["named-pipe", "dev-zero", "over-64-kB", "folder", "not-utf-8"],
)
def test_a_settings_file_that_is_not_a_small_text_file_is_not_read(
    tmp_path: Path, make: Callable[[Path], None], problem: str
) -> None:
    path = tmp_path / "settings.yaml"
    make(path)
    kind = path.lstat().st_mode
    assert load_settings(path) == (Settings(), f"{path}: {problem}{DEFAULTS}")
    assert path.lstat().st_mode == kind


def test_a_settings_symlink_to_nothing_is_no_settings(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.symlink_to(tmp_path / "gone.yaml")
    assert load_settings(path) == (Settings(), None)


@pytest.mark.parametrize("theme", sorted(BUILTIN_THEMES))
def test_every_textual_theme_is_a_theme_name(tmp_path: Path, theme: str) -> None:
    path = tmp_path / "settings.yaml"
    save_settings(Settings(theme=theme), path)
    assert load_settings(path) == (Settings(theme=theme), None)


@pytest.mark.parametrize(
    "theme",
    ["[/]", "[@click=app.quit]x", "nord dark", "nörd", "", "x" * 41, "\u202enord", 7, ["nord"]],
    ids=["markup", "action", "space", "accent", "empty", "long", "bidi", "number", "list"],
)
def test_a_theme_that_is_not_a_theme_name_is_refused(tmp_path: Path, theme: object) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(yaml.safe_dump({"theme": theme, "muggins": "bsd"}), encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings(muggins="bsd")
    assert warning is not None
    assert warning.startswith(f"{path}: theme: ")
    assert warning.endswith(EACH)


@pytest.mark.parametrize("key", ["muggins", "card_style", "announce_key", "game.level"])
@pytest.mark.parametrize(
    "value", ["\x1b]0;owned\x07", "\x9b31m", "a\u202eb"], ids=["esc", "c1", "bidi"]
)
def test_a_text_setting_with_control_characters_is_quoted_escaped(
    tmp_path: Path, key: str, value: str
) -> None:
    path = tmp_path / "settings.yaml"
    group, _, name = key.rpartition(".")
    data: dict[str, object] = {name: value}
    path.write_text(yaml.safe_dump({group: data} if group else data), encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings()
    assert warning is not None
    assert warning.startswith(f"{path}: {key}: must be ")
    assert not CONTROLS.search(warning), warning


def test_setting_messages_quote_a_short_excerpt(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    huge = "h" * 10_000
    path.write_text(
        yaml.safe_dump({"muggins": huge, huge: 1, "game": {"match_points": [huge] * 50}}),
        encoding="utf-8",
    )
    settings, warning = load_settings(path)
    assert settings == Settings()
    assert warning is not None
    assert len(warning) < len(str(path)) + 500, warning
    assert huge[:100] not in warning
