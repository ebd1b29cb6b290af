"""Import hygiene: the core never loads Textual, and importing does nothing; the public API."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

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
