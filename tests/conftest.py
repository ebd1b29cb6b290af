"""Fixtures for every test: keep Muggins away from the real user folders."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def muggins_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``MUGGINS_HOME`` points at an empty folder of the test's own (stats, settings, drills)."""
    home = tmp_path / "muggins-home"
    home.mkdir()
    monkeypatch.setenv("MUGGINS_HOME", str(home))
    return home
