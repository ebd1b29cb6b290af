"""The README's screenshot script still renders its seeded reveal (it broke once unnoticed)."""

from __future__ import annotations

import asyncio
import importlib.machinery
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "screenshot"


def test_the_screenshot_script_renders_the_reveal_of_a_wrong_count() -> None:
    loader = importlib.machinery.SourceFileLoader("screenshot_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader("screenshot_script", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    svg = asyncio.run(module.render())
    assert svg.startswith("<svg")
    assert "Under&#160;by&#160;2." in svg or "Under by 2." in svg
