"""Fixtures for driving the real app in tests."""

from __future__ import annotations

import pytest

from tests.factories import FakeClock
from tests.ui.support import ListRecorder
from trainer.drills.loader import DrillEntry, builtin_drills_dir, load_all


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def recorder() -> ListRecorder:
    return ListRecorder()


@pytest.fixture(scope="session")
def builtin_entries() -> list[DrillEntry]:
    return load_all([(builtin_drills_dir(), True)])
