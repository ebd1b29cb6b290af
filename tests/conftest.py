"""Fixtures for every test: keep Muggins away from the real user folders."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings


def pytest_configure(config: pytest.Config) -> None:
    """Let this run and the processes it starts keep compiled bytecode (in ``__pycache__``,
    ignored by git). A machine that sets ``PYTHONDONTWRITEBYTECODE`` would otherwise have each
    child that imports the editable package, and each parallel worker that imports the tests
    (their assertions rewritten), compile it all again.

    Hypothesis holds no example to a wall-clock deadline and never calls its data too slow to
    make: on a loaded machine both fail tests that are right."""
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        sys.dont_write_bytecode = False
    settings.register_profile(
        "muggins", deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.load_profile("muggins")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, each file's in their order: a parallel run starts its longest
    tests while every worker is busy, rather than leaving one to finish them alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def muggins_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``MUGGINS_HOME`` points at an empty folder of the test's own (stats, settings, drills)."""
    home = tmp_path / "muggins-home"
    home.mkdir()
    monkeypatch.setenv("MUGGINS_HOME", str(home))
    return home
