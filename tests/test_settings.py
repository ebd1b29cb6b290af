"""Settings: defaults, reading with safe_load, and never losing a broken file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from trainer.drills.schema import parse_drill
from trainer.settings import Settings, SettingsError, load_settings, save_settings, settings_path


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.yaml") == (Settings(), None)
    assert Settings() == Settings("acc", True, "symbols", "textual-dark", "s")


def test_round_trip(tmp_path: Path) -> None:
    path = settings_path(tmp_path / "config")
    chosen = Settings("hoyle", False, "letters", "nord", "x")
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data == {
        "muggins": "hoyle",
        "nineteen": False,
        "card_style": "letters",
        "theme": "nord",
        "announce_key": "x",
    }


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
        ("- a\n- list\n", Settings(), "not a mapping of settings; using the default settings"),
        ("muggins: [acc\n", Settings(), "line 2: not valid YAML"),
    ],
    ids=["bad-policy", "three-problems", "not-a-mapping", "bad-yaml"],
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
