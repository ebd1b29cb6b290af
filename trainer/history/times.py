"""Times as the store keeps them: fixed-width ISO 8601 in UTC, so text order is time order."""

from __future__ import annotations

from datetime import UTC, datetime


def iso(moment: datetime) -> str:
    """A time as fixed-width ISO 8601 in UTC, as stored (naive times are taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_iso(text: str) -> datetime:
    """A stored time back as an aware UTC datetime."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)
