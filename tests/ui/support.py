"""Helpers for driving the real app: a fake clock, a recording store, drills from dicts."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from trainer.drill import DrillEntry, DrillSet, parse_drill
from trainer.session import Attempt
from trainer.ui.app import MugginsApp, make_app

FIXED_NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


class FakeClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class ListRecorder:
    """Stands in for the stats store: keeps every recorded attempt."""

    def __init__(self) -> None:
        self.attempts: list[Attempt] = []

    def record(self, attempt: Attempt, *, drill: DrillSet | None = None) -> int:
        self.attempts.append(attempt)
        return len(self.attempts)


def drill(data: dict[str, Any], drill_id: str = "test") -> DrillSet:
    """A drill set from a dict, as if read from ``test.yaml``."""
    return parse_drill(data, drill_id=drill_id, source=f"{drill_id}.yaml")


def entry(d: DrillSet) -> DrillEntry:
    return DrillEntry(d.id, d.source, d, None)


def app_for(
    entries: list[DrillEntry],
    clock: FakeClock,
    recorder: ListRecorder,
    *,
    seed: int = 7,
    now: Callable[[], datetime] = lambda: FIXED_NOW,
    **options: Any,
) -> MugginsApp:
    """The real app with a fixed seed, the fake clock, a fixed now and the list recorder."""
    return make_app(
        entries,
        random.Random(seed),
        recorder=recorder,
        clock=clock,
        now=now,
        warm_tables=False,
        **options,
    )
