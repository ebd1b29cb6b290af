"""Fixtures for driving the real app in tests."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tests.factories import FakeClock
from tests.ui.support import ListRecorder
from trainer.drills.loader import DrillEntry, builtin_drills_dir, load_all


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field's text cursor does not blink in these tests: it shows as it does when the field
    takes the focus or a key. Blinking, it turns off half a second after that by the clock,
    so a snapshot taken on a busy machine caught it on or off by chance."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def recorder() -> ListRecorder:
    return ListRecorder()


@pytest.fixture(scope="session")
def builtin_entries() -> list[DrillEntry]:
    return load_all([(builtin_drills_dir(), True)])
