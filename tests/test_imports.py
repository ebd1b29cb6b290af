"""Core modules stay free of Textual and do nothing at import time."""

from __future__ import annotations

import subprocess
import sys

CORE = ["trainer.cards", "trainer.scoring", "trainer.pegging", "trainer.odds", "trainer.cli"]


def test_core_modules_do_not_import_textual() -> None:
    code = (
        "import sys\n"
        f"for name in {CORE!r}:\n"
        "    __import__(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_public_api_names() -> None:
    from trainer.cards import parse_cards
    from trainer.odds import distribution
    from trainer.pegging import score_play
    from trainer.scoring import score_show

    cards = parse_cards("5H 5C 5S JD 5D")
    assert score_show(cards[:4], cards[4]).total == 29
    assert score_play(parse_cards("5H 10D")).total == 2
    assert distribution(hand_size=4, crib=False)[29] == 4
