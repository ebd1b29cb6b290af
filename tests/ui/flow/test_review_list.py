"""The review list's plain parts: cycling its filters, and stored times said from now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.ui.flow.review_list import step, until, when

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def test_the_filters_cycle_round() -> None:
    options: list[str | None] = [None, "fifteen", "pair"]
    assert step(options, None, 1) == "fifteen"
    assert step(options, "pair", 1) is None
    assert step(options, None, -1) == "pair"
    assert step(options, "gone", 1) == "fifteen"  # a filter no longer listed starts over


@pytest.mark.parametrize(
    ("later", "said"),
    [
        (timedelta(seconds=30), "in under a minute"),
        (timedelta(minutes=1), "in 1 minute"),
        (timedelta(minutes=4), "in 4 minutes"),
        (timedelta(hours=1), "in 1 hour"),
        (timedelta(hours=30), "in 30 hours"),
    ],
)
def test_until_a_due_time(later: timedelta, said: str) -> None:
    assert until(NOW + later, NOW) == said


def test_until_days_ahead_names_the_day() -> None:
    due = NOW + timedelta(days=3)
    assert until(due, NOW) == due.astimezone().strftime("on %d %b at %H:%M")


def test_when_names_the_year_only_when_it_is_another() -> None:
    assert when(NOW, NOW) == NOW.astimezone().strftime("%d %b %H:%M")
    older = NOW - timedelta(days=400)
    assert when(older, NOW) == older.astimezone().strftime("%d %b %Y")
