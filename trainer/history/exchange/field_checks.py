"""One value of an exported record checked: a time, text, a whole number, cards, a JSON cell.

Each check takes the value as a JSON export holds it or as a CSV cell's text, and
returns it as the store keeps it, or raises `RecordError` naming the field and quoting
the value only through `trainer.textguard.excerpt` (a 4,000-digit number or a long
text stays a short quotation). `trainer.history.exchange.record_checks` puts them together
for an answer, `trainer.history.writing.games` for a game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, Final

from trainer.history.reading.rating import scheduler
from trainer.history.times import iso
from trainer.rules.cards import Card, deck, parse_card
from trainer.textguard import control_problem, excerpt

SQLITE_MOST: Final = 2**63 - 1
"""The largest integer SQLite keeps."""
TIME_ZONE_REACH: Final = timedelta(hours=14)
"""The furthest any time zone is from UTC: a time must still be a date when shown there."""
_WHOLE: Final = re.compile(r"-?[0-9]+")
_DECIMAL: Final = re.compile(r"[0-9]{1,20}(\.[0-9]{1,20})?")
_CARD_SEPARATORS: Final = re.compile(r"[\s,]+")


class CsvCell(str):
    """Text read from a CSV cell, where every value is text: a number, a flag or a JSON
    value is read from it (in a JSON export each must be its own JSON type)."""


class RecordError(ValueError):
    """A record the trainer could not have written; the message names the field."""


def fail(field: str, value: object, problem: str) -> RecordError:
    """The error for one field: ``claimed: 99 is not a score (…)``."""
    return RecordError(f"{field}: {excerpt(value)} {problem}")


@cache
def time_range() -> tuple[datetime, datetime]:
    """The earliest and latest time a record may hold: shown in any time zone it is still
    a date, and the latest answer's re-drill (at most the scheduler's longest interval
    later) is one too."""
    longest = timedelta(days=scheduler().maximum_interval)
    earliest = datetime.min.replace(tzinfo=UTC) + TIME_ZONE_REACH
    return earliest, datetime.max.replace(tzinfo=UTC) - TIME_ZONE_REACH - longest


def check_time(value: object, field: str) -> str:
    """An ISO 8601 time as stored (UTC, fixed width), within `time_range`."""
    if not isinstance(value, str):
        raise fail(field, value, "is not a time (ISO 8601 text)")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise fail(field, value, "is not an ISO 8601 time") from None
    earliest, latest = time_range()
    first, last = earliest.isoformat(" ", "minutes")[:16], latest.date().isoformat()
    out_of_range = f"is out of range (from {first} to {last} UTC)"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        moment = moment.astimezone(UTC)
    except OverflowError:  # before year 1 or after 9999 once in UTC
        raise fail(field, value, out_of_range) from None
    if not earliest <= moment <= latest:
        raise fail(field, value, out_of_range)
    return iso(moment)


def check_text(value: object, field: str, *, empty: bool = False) -> str:
    """Text without control characters (and not empty unless ``empty``)."""
    if not isinstance(value, str):
        raise fail(field, value, "is not text")
    if not value and not empty:
        raise fail(field, value, "is empty")
    problem = control_problem(value)
    if problem is not None:
        raise fail(field, value, problem)
    return value


def check_whole(value: object, field: str, low: int, high: int, sense: str = "") -> int:
    """A whole number from ``low`` to ``high`` (JSON number or CSV text); ``sense`` says
    what it is (``is not a score``) when it is out of range."""
    number: object = value
    if isinstance(value, CsvCell) and _WHOLE.fullmatch(value) and len(value) <= 20:
        number = int(value)
    if isinstance(number, bool) or not isinstance(number, int):
        raise fail(field, value, "is not a whole number")
    if not low <= number <= high:
        raise fail(field, value, f"{sense or 'is out of range'} ({low} to {high})")
    return number


def check_real(value: object, field: str, low: float, high: float, sense: str) -> float:
    """A number from ``low`` to ``high`` (JSON number, or CSV text of at most 20 digits each
    side of the point); ``sense`` says what it is when it is out of range (``is not seconds
    of a count``). A whole number of any size is compared as it is, never turned into a
    float first (`math.isfinite` of a 400-digit number overflows); infinity (JSON's
    ``1e400`` reads as it) is past any finite ``high``, and NaN within no range."""
    number: object = value
    if isinstance(value, CsvCell) and _DECIMAL.fullmatch(value):
        number = float(value)
    if isinstance(number, bool) or not isinstance(number, int | float):
        raise fail(field, value, "is not a number")
    if not low <= number <= high:
        raise fail(field, value, f"{sense} ({low:g} to {high:g})")
    return float(number)


def check_flag(value: object, field: str) -> bool:
    """True or false (a CSV cell says ``true`` or ``false``)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, CsvCell) and value in ("true", "false"):
        return value == "true"
    raise fail(field, value, "is not true or false")


def check_json(value: object, field: str) -> Any:
    """A JSON cell's value: as it is in a JSON export, decoded from a CSV cell's text."""
    if not isinstance(value, CsvCell):
        return value
    try:
        return json.loads(value, parse_constant=_no_constant)
    except RecursionError:
        raise fail(field, value, "is nested deeper than an export is") from None
    except ValueError:
        raise fail(field, value, "is not JSON") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


@cache
def _cards_by_text() -> dict[str, Card]:
    return {str(c): c for c in deck()}


def check_card(value: object, field: str) -> Card:
    """One card as text (``10D``; any spelling `parse_card` reads)."""
    if not isinstance(value, str):
        raise fail(field, value, "is not a card")
    card = _cards_by_text().get(value)
    if card is not None:
        return card
    try:
        return parse_card(value)
    except ValueError:
        raise fail(field, value, "is not a card (rank A 2-10 J Q K, then suit S H D C)") from None


def check_distinct(cards: Sequence[Card], field: str) -> tuple[Card, ...]:
    """The cards, none of them twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RecordError(f"{field}: {card} is there twice")
        seen.add(card)
    return tuple(cards)


def check_cards(value: object, field: str) -> tuple[Card, ...]:
    """Cards as text (``5H 10D JS``), none twice."""
    if not isinstance(value, str):
        raise fail(field, value, "is not cards as text")
    tokens = [t for t in _CARD_SEPARATORS.split(value) if t]
    return check_distinct([check_card(t, field) for t in tokens], field)


def check_within(cards: Sequence[Card], shown: frozenset[Card], field: str) -> None:
    """Every card is one of those ``shown`` (a combination is made of the show's cards)."""
    stray = next((c for c in cards if c not in shown), None)
    if stray is not None:
        raise RecordError(f"{field}: {stray} is not one of the cards shown")


def check_mapping(value: object, field: str, needed: Sequence[str], allowed: Sequence[str]) -> Any:
    """An object holding every key of ``needed`` and none outside ``allowed``."""
    if not isinstance(value, Mapping):
        raise fail(field, value, "is not an object")
    missing = [k for k in needed if k not in value]
    if missing:
        raise RecordError(f"{field}: {missing[0]} is missing")
    stray = next((k for k in value if k not in allowed), None)
    if stray is not None:
        raise fail(f"{field}: {excerpt(stray)}", value[stray], "is not a field of it")
    return value


def check_choice(value: object, field: str, allowed: Sequence[str]) -> str:
    """One of the names ``allowed`` (a kind, a variant, a policy)."""
    if not isinstance(value, str) or value not in allowed:
        raise fail(field, value, f"is not one of {', '.join(allowed)}")
    return value
