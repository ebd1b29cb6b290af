"""Import hygiene: the core never loads Textual, and importing does nothing; a one-shot
command loads only what it runs; the public API."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import trainer

CORE = sorted(
    m.name
    for m in pkgutil.walk_packages(trainer.__path__, "trainer.")
    if not m.name.startswith("trainer.ui") or m.name.startswith("trainer.ui.flow")
)
"""Every module but the Textual app's; the UI's flow (plain Python) is held to it too."""


def test_every_core_module_imports_without_textual_and_without_side_effects(
    tmp_path: Path,
) -> None:
    home = tmp_path / "not-yet"
    code = (
        "import importlib, json, sys\n"
        f"for name in {CORE!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(json.dumps(sorted(loaded)))\n"
    )
    env = {**os.environ, "MUGGINS_HOME": str(home)}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert json.loads(result.stdout) == []
    assert not home.exists()  # nothing is created at import time
    assert len(CORE) > 40  # every module of every core package, not a handful


ONE_SHOT = (
    "import sys\n"
    "from trainer.__main__ import main\n"
    "status = main(sys.argv[1:])\n"
    "modules = sorted(sys.modules)\n"
    "import json\n"
    "from trainer.rules import rank_table\n"
    "tables = [len(t) for t in (rank_table.ROWS, rank_table.TOTALS, rank_table.STARTERS)]\n"
    "print(json.dumps({'status': status, 'modules': modules, 'tables': tables}))\n"
)
"""Runs ``muggins ARGS`` in the interpreter and prints, last, its exit status, every module
it imported and how many sizes of each rank-pattern table it built."""


def one_shot(tmp_path: Path, *argv: str) -> tuple[set[str], list[int]]:
    """The modules ``muggins ARGV`` imports in a fresh interpreter, and the tables' sizes."""
    env = {**os.environ, "MUGGINS_HOME": str(tmp_path / "home")}
    result = subprocess.run(
        [sys.executable, "-c", ONE_SHOT, *argv], capture_output=True, text=True, env=env
    )
    assert result.stderr == ""
    ran = json.loads(result.stdout.splitlines()[-1])
    assert ran["status"] == 0
    return set(ran["modules"]), ran["tables"]


def loaded(modules: set[str], *packages: str) -> list[str]:
    """The modules of these packages (or these modules) among ``modules``."""
    return sorted(
        m for m in modules if m in packages or m.startswith(tuple(f"{p}." for p in packages))
    )


NOT_FOR_SCORING = (
    "trainer.game",
    "trainer.history",
    "trainer.quiz",
    "trainer.practice",
    "sqlite3",
    "yaml",
)


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["score", "5H", "5C", "5S", "JD", "5D"], id="four-cards"),
        pytest.param(["score", "--json", "AH", "2H", "3H", "4H", "5H", "6H"], id="five-cards-json"),
        pytest.param(["score", "2C", "3D", "4S", "--starter", "5H"], id="three-cards"),
        pytest.param(["score", "--crib", "AS", "2H", "3D", "7C", "JH"], id="crib"),
    ],
)
def test_score_loads_no_game_no_store_and_builds_no_table(tmp_path: Path, argv: list[str]) -> None:
    modules, tables = one_shot(tmp_path, *argv)
    assert loaded(modules, *NOT_FOR_SCORING, "trainer.ui", "textual") == []
    assert loaded(modules, "trainer.drills", "trainer.rules.odds", "trainer.rules.play") == []
    # Nor `dataclasses` (its `inspect`, `ast` and `dis`): more than the rest of the command.
    assert loaded(modules, "dataclasses", "inspect") == []
    assert ("json" in modules) == ("--json" in argv)
    assert tables == [0, 0, 0]  # one show: its pattern worked out alone, no table built


def test_stats_with_no_game_played_loads_none_of_the_games_machinery(tmp_path: Path) -> None:
    modules, _ = one_shot(tmp_path, "stats")
    game = {"trainer.game", "trainer.game.coach", "trainer.game.coach.phase_stats"}
    assert set(loaded(modules, "trainer.game")) == game
    assert loaded(modules, "trainer.drills.loader", "trainer.practice", "yaml") == []
    assert loaded(modules, "trainer.history.exchange", "trainer.history.writing.recorder") == []


def test_advise_discard_loads_no_play_search_no_store(tmp_path: Path) -> None:
    modules, _ = one_shot(
        tmp_path, "advise", "discard", "--dealer", "5H", "5C", "5S", "JD", "5D", "4H"
    )
    assert "trainer.game.coach.discard" in modules
    assert (
        loaded(
            modules,
            "trainer.game.players.search",
            "trainer.game.players.strong",
            "trainer.game.session",
        )
        == []
    )
    assert loaded(modules, "trainer.history", "trainer.drills", "sqlite3", "yaml") == []


def test_public_api() -> None:
    from trainer import rules

    assert set(rules.__all__) == {
        "Breakdown",
        "Card",
        "CardError",
        "HandError",
        "Item",
        "distribution",
        "parse_card",
        "parse_cards",
        "score_play",
        "score_show",
        "show_total",
    }
    *hand, starter = rules.parse_cards("5H 5C 5S JD 5D")
    breakdown = rules.score_show(hand, starter)
    assert isinstance(breakdown, rules.Breakdown)
    assert breakdown.total == rules.show_total(hand, starter) == 29
    assert all(isinstance(i, rules.Item) for i in breakdown.items)
    assert rules.parse_card("10d") == rules.Card(10, "D")
    assert rules.score_play(rules.parse_cards("5H 10D")).total == 2
    assert rules.distribution(hand_size=4, crib=False)[29] == 4
