"""Times as the store keeps them: fixed-width ISO 8601 in UTC, so text order is time order;
and each answer's own UTC offset, in minutes, so its day is the one it was given on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Final

MINUTES_A_DAY: Final = 24 * 60
"""An offset from UTC is less than this many minutes either way."""
LOCAL_OFFSET_SQL: Final = (
    "CAST(round((julianday(at, 'localtime') - julianday(at)) * 1440) AS INTEGER)"
)
"""SQL for the offset the local zone's rules give at a stored time ``at``, in minutes: what
an answer stored before offsets were kept is given (SQLite asks the C library, as Python's
`datetime.astimezone` does, so both follow ``TZ``)."""


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


def offset_minutes(moment: datetime) -> int:
    """The time's own offset from UTC in whole minutes east (0 for a naive time: UTC)."""
    offset = moment.utcoffset()
    return 0 if offset is None else round(offset.total_seconds() / 60)


def zone_offset_minutes(moment: datetime) -> int:
    """The offset the local zone's rules give at that instant, in minutes: the best guess for
    an answer that came without its own."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return offset_minutes(moment.astimezone())


def local_minute(at: str, minutes: int) -> str:
    """A stored time as the wall clock showed it where it was given, to the minute
    (``2025-07-01T00:30``)."""
    return (parse_iso(at) + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M")
