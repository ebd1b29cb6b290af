"""A hostile ``settings.yaml`` through the real ``muggins``: defaults, one warning, file kept.

``muggins drills --json`` reads the settings (the player's default policy and nineteen
rule); a settings file that cannot be used must not hang, exhaust or stop it: the
command goes on with the default settings, warns in one line naming the file and the
field, and leaves the file as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.support import (
    DATA,
    Run,
    muggins,
    not_small_files,
)

SETTINGS = DATA / "settings"
FIELDS = {
    "alias-bomb": ("theme", "alias"),
    "deep-nesting": ("theme", "nested more than 32 levels"),
    "long-number": ("game.match_points", "5000 characters"),
    "list-key": ("line 1", "a field's name must be text"),
    "theme-markup": ("theme", "must be a theme name"),
    "theme-control": ("theme", "control character (U+001B)"),
    "control-key": ("'\\x1b]0;owned\\x07colour'", "unknown setting"),
    "huge-theme": ("theme", "must be a theme name"),
}
"""Each hostile settings file: the field its warning names, and a word of the problem."""


def test_every_hostile_settings_file_has_a_case() -> None:
    assert {p.stem for p in SETTINGS.glob("*.yaml")} == set(FIELDS)


def _listed(home: Path) -> tuple[Run, str]:
    """``drills --json`` with the settings in ``home``: the run and its one warning line."""
    run = muggins("drills", "--json", home=home)
    assert "Traceback" not in run.err
    assert run.status == 0, run.err
    drills = json.loads(run.out)
    assert {d["id"] for d in drills} >= {"warm-up", "exam"}
    assert all(d["error"] is None for d in drills)
    # The player's defaults stand in for settings that could not be used.
    warm_up = next(d for d in drills if d["id"] == "warm-up")
    assert (warm_up["muggins"], warm_up["nineteen"]) == ("acc", True)
    lines = run.err.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"muggins: warning: {home / 'settings.yaml'}: ")
    return run, lines[0]


@pytest.mark.parametrize(("stem", "named"), FIELDS.items(), ids=list(FIELDS))
def test_a_hostile_settings_file_gives_the_defaults(
    tmp_path: Path, stem: str, named: tuple[str, str]
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    original = (SETTINGS / f"{stem}.yaml").read_bytes()
    (home / "settings.yaml").write_bytes(original)
    run, line = _listed(home)
    assert f"settings.yaml: {named[0]}: " in line
    assert named[1] in line
    assert len(line) < len(str(home)) + 300
    run.clean()
    assert (home / "settings.yaml").read_bytes() == original
    assert sorted(p.name for p in home.iterdir()) == ["settings.yaml"]


@pytest.mark.parametrize(("make", "problem"), not_small_files("theme: nord\n"))
def test_settings_that_are_not_a_small_regular_file_are_not_read(
    tmp_path: Path, make: Callable[[Path], None], problem: str
) -> None:
    path = tmp_path / "settings.yaml"
    make(path)
    kind = path.lstat().st_mode
    _, line = _listed(tmp_path)
    assert f"settings.yaml: {problem}" in line
    assert line.endswith("; using the default settings")
    assert path.lstat().st_mode == kind
