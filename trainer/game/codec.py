"""A game's actions and options as plain JSON data, for the saved game and the export.

Writing checks that the data reads back to the very same value, so an action
with a field this codec does not know (one added to the engine later) is
refused rather than saved without it. Reading is strict: every key must be
known and present, every value of its type, and a `CodecError` names the field
and what is wrong with it (``action 12: cards: 'XH' is not a card ...``), quoting
a value read (from a saved game or an export) only as `trainer.textguard.excerpt`
does, never its whole ``repr()``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from trainer.game.state import Action, Count, Discard, GameOptions, Lay, Respond, SayGo
from trainer.judge.claims import (
    AnnounceClaim,
    CatchAnswer,
    Claim,
    TotalClaim,
    answer_from_data,
    answer_to_data,
)
from trainer.judge.policy import check_policy
from trainer.quiz.attempt import SpokenTimes
from trainer.rules.cards import Card, parse_card
from trainer.rules.combos import KINDS
from trainer.rules.show import Item
from trainer.textguard import excerpt, printable

ACTION_TYPES: Final[dict[type, str]] = {
    Discard: "discard",
    Lay: "lay",
    SayGo: "go",
    Count: "count",
    Respond: "respond",
}
_KEYS: Final[dict[str, frozenset[str]]] = {
    "discard": frozenset({"type", "seat", "cards"}),
    "lay": frozenset({"type", "seat", "card", "claim"}),
    "go": frozenset({"type", "seat"}),
    "count": frozenset({"type", "seat", "claim", "said"}),
    "respond": frozenset({"type", "seat", "answer"}),
}
HINTED: Final = "hinted"
"""A key a throw's or a card laid's data may carry, true: the coach's hint was asked for
before it (the ledger marks the decision so)."""
SPOKEN: Final = "spoken"
"""A key a count's data may carry: the count was said aloud, in so many seconds of speech to
its first word and to its end (`SpokenTimes`); the claim is the count as heard."""
UNDO: Final = "undo"
"""The type of a saved step that takes back the human's last decision and what followed it
(`undo_to_data`); not an action of the game."""
_MOST_SECONDS: Final = 24 * 3600.0
HEELS_TO: Final = ("dealer", "cutter")
_REASON_CHARS: Final = 160


class CodecError(ValueError):
    """Game data that cannot be written whole or read back; the message names the field."""


def dumps(data: Any) -> str:
    """Data as the compact JSON text the store keeps."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def loads(text: str, where: str) -> Any:
    """JSON text back as data; `CodecError` naming ``where`` if it is not JSON."""
    try:
        return json.loads(text)
    except ValueError as err:
        raise CodecError(f"{where}: not JSON ({err})") from None
    except RecursionError:
        raise CodecError(f"{where}: nested too deep to be read") from None


def fields(data: object, where: str, keys: frozenset[str]) -> Mapping[str, Any]:
    """``data`` as a mapping with exactly ``keys``; `CodecError` naming what is missing or
    unknown."""
    if not isinstance(data, Mapping):
        raise CodecError(f"{where}: expected an object, got {excerpt(data)}")
    missing = sorted(keys - data.keys())
    if missing:
        raise CodecError(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(str(k) for k in data.keys() - keys)
    if unknown:
        raise CodecError(f"{where}: unknown field {', '.join(unknown)}")
    return data


def whole_number(value: object, where: str, *, least: int = 0) -> int:
    """``value`` as an int of at least ``least`` (a bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise CodecError(f"{where}: expected a whole number {least} or more, got {excerpt(value)}")
    return value


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise CodecError(f"{where}: expected a card as text, got {excerpt(value)}")
    try:
        return parse_card(value)
    except ValueError:
        raise CodecError(
            f"{where}: {excerpt(value)} is not a card (rank A 2-10 J Q K, then suit S H D C)"
        ) from None


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise CodecError(f"{where}: expected a list of cards, got {excerpt(value)}")
    return tuple(_card(c, f"{where}[{n}]") for n, c in enumerate(value))


# ---------------------------------------------------------------- actions


def _item_data(item: Item) -> dict[str, Any]:
    return {"kind": item.kind, "cards": [str(c) for c in item.cards], "points": item.points}


def _encode(action: Action) -> dict[str, Any]:
    kind = next((k for t, k in ACTION_TYPES.items() if isinstance(action, t)), None)
    if kind is None:
        raise CodecError(f"{action!r} is not an action of the game")
    data: dict[str, Any] = {"type": kind, "seat": action.seat}
    if isinstance(action, Discard):
        data["cards"] = [str(c) for c in action.cards]
    elif isinstance(action, Lay):
        data["card"] = str(action.card)
        data["claim"] = action.claim
    elif isinstance(action, Count):
        data["claim"] = answer_to_data(action.claim)
        data["said"] = [_item_data(i) for i in action.said]
    elif isinstance(action, Respond):
        data["answer"] = {"call": action.answer.call, "too_many": action.answer.too_many}
    return data


def action_to_data(action: Action) -> dict[str, Any]:
    """The action as plain data; `CodecError` if the data would not read back as the same
    action (a field this codec does not know)."""
    data = _encode(action)
    if action_from_data(data) != action:
        raise CodecError(
            f"{type(action).__name__} {action!r} cannot be saved whole: the saved-game codec "
            "does not know all of its fields"
        )
    return data


def action_from_data(data: object, where: str = "action") -> Action:
    """An action back from its data; `CodecError` naming the first thing wrong."""
    if not isinstance(data, Mapping):
        raise CodecError(f"{where}: expected an object, got {excerpt(data)}")
    kind = data.get("type")
    if kind not in _KEYS:
        known = ", ".join(_KEYS)
        raise CodecError(f"{where}: type must be one of {known}, got {excerpt(kind)}")
    if kind in ("discard", "lay") and HINTED in data:
        if data[HINTED] is not True:
            raise CodecError(f"{where}: {HINTED} is only ever true, got {excerpt(data[HINTED])}")
        data = {k: v for k, v in data.items() if k != HINTED}  # read as the action without it
    if kind == "count" and SPOKEN in data:
        count_spoken(data, where)
        data = {k: v for k, v in data.items() if k != SPOKEN}  # read as the action without it
    data = fields(data, where, _KEYS[kind])
    seat = whole_number(data["seat"], f"{where}: seat")
    if kind == "discard":
        return Discard(seat, _cards(data["cards"], f"{where}: cards"))
    if kind == "lay":
        claim = data["claim"]
        if claim is not None:
            claim = whole_number(claim, f"{where}: claim")
        return Lay(seat, _card(data["card"], f"{where}: card"), claim)
    if kind == "go":
        return SayGo(seat)
    if kind == "count":
        return Count(seat, _claim(data["claim"], f"{where}: claim"), _said(data["said"], where))
    answer = fields(data["answer"], f"{where}: answer", frozenset({"call", "too_many"}))
    call, too_many = answer["call"], answer["too_many"]
    if call is not None:
        call = whole_number(call, f"{where}: answer: call", least=1)
    if not isinstance(too_many, bool):
        raise CodecError(
            f"{where}: answer: too_many must be true or false, got {excerpt(too_many)}"
        )
    try:
        return Respond(seat, CatchAnswer(call, too_many))
    except ValueError as err:
        raise CodecError(f"{where}: answer: {_reason(err)}") from None


def spoken_data(data: dict[str, Any], spoken: SpokenTimes) -> dict[str, Any]:
    """A count's data (`action_to_data`) marked as said aloud, with how fast."""
    return {**data, SPOKEN: spoken.to_data()}


def count_spoken(data: Mapping[str, Any], where: str = "action") -> SpokenTimes | None:
    """How fast a count's data says it was said aloud (None: typed, or an older record
    without it); `CodecError` naming the field if the times are not seconds."""
    value = data.get(SPOKEN)
    if value is None:
        return None
    times = fields(value, f"{where}: {SPOKEN}", frozenset({"first_word", "end"}))
    seconds = []
    for key in ("first_word", "end"):
        number = times[key]
        if (
            isinstance(number, bool)
            or not isinstance(number, int | float)
            or not 0 <= number <= _MOST_SECONDS
        ):
            raise CodecError(
                f"{where}: {SPOKEN}: {key}: expected seconds (0 to a day), got {excerpt(number)}"
            )
        seconds.append(float(number))
    return SpokenTimes(*seconds)


def _reason(err: ValueError) -> str:
    """Why the judge's types refused a value, cut short: their messages quote the value
    whole, which from a file may be any size."""
    text = printable(str(err))
    return text if len(text) <= _REASON_CHARS else text[: _REASON_CHARS - 1] + "…"


def _claim(data: object, where: str) -> Claim:
    if data is None:
        return None
    if not isinstance(data, Mapping) or data.get("type") not in ("total", "announce"):
        raise CodecError(f"{where}: expected a total or an announcement, got {excerpt(data)}")
    try:
        claim = answer_from_data(data)
    except ValueError as err:
        raise CodecError(f"{where}: {_reason(err)}") from None
    assert isinstance(claim, TotalClaim | AnnounceClaim)
    return claim


def _said(data: object, where: str) -> tuple[Item, ...]:
    if not isinstance(data, list):
        raise CodecError(f"{where}: said: expected a list, got {excerpt(data)}")
    items = []
    for n, raw in enumerate(data):
        at = f"{where}: said[{n}]"
        item = fields(raw, at, frozenset({"kind", "cards", "points"}))
        kind = item["kind"]
        if kind not in KINDS:
            raise CodecError(f"{at}: kind must be one of {', '.join(KINDS)}, got {excerpt(kind)}")
        cards = _cards(item["cards"], f"{at}: cards")
        items.append(Item(kind, cards, whole_number(item["points"], f"{at}: points", least=1)))
    return tuple(items)


def undo_to_data(steps: int) -> dict[str, Any]:
    """An undo as a saved step: the ``steps`` before it that it takes back (`trainer.game.undo`)."""
    return {"type": UNDO, "steps": steps}


def undo_from_data(data: object, where: str = "action") -> int | None:
    """The steps a saved undo takes back; None for the data of any other step. `CodecError`
    naming what is wrong with an undo's data."""
    if not isinstance(data, Mapping) or data.get("type") != UNDO:
        return None
    data = fields(data, where, frozenset({"type", "steps"}))
    return whole_number(data["steps"], f"{where}: steps", least=1)


# ---------------------------------------------------------------- options


def options_to_data(options: GameOptions) -> dict[str, Any]:
    """The table rules as plain data; `CodecError` if they would not read back the same."""
    data = {
        "muggins": options.muggins,
        "heels_to": options.heels_to,
        "peg_own": sorted(options.peg_own),
        "nineteen": options.nineteen,
    }
    if options_from_data(data) != options:
        raise CodecError(f"{options!r} cannot be saved whole: the codec does not know its fields")
    return data


_OPTION_KEYS: Final = frozenset({"muggins", "heels_to", "peg_own"})


def options_from_data(data: object, where: str = "options") -> GameOptions:
    """The table rules back from their data; `CodecError` naming what is wrong. Games saved
    before ``nineteen`` was an option counted 19 as nothing, as its default does."""
    keys = (
        _OPTION_KEYS | {"nineteen"}
        if isinstance(data, Mapping) and "nineteen" in data
        else _OPTION_KEYS
    )
    data = fields(data, where, keys)
    muggins, heels, own = data["muggins"], data["heels_to"], data["peg_own"]
    nineteen = data.get("nineteen", True)
    if not isinstance(nineteen, bool):
        raise CodecError(f"{where}: nineteen must be true or false, got {excerpt(nineteen)}")
    if not isinstance(own, list):
        raise CodecError(f"{where}: peg_own must be a list of seats, got {excerpt(own)}")
    seats = frozenset(whole_number(s, f"{where}: peg_own[{n}]") for n, s in enumerate(own))
    if not isinstance(muggins, str):
        raise CodecError(f"{where}: muggins must be a policy name, got {excerpt(muggins)}")
    try:
        policy = check_policy(muggins)
    except ValueError as err:
        raise CodecError(f"{where}: muggins: {_reason(err)}") from None
    if heels == "dealer":
        return GameOptions(policy, "dealer", seats, nineteen)
    if heels == "cutter":
        return GameOptions(policy, "cutter", seats, nineteen)
    raise CodecError(
        f"{where}: heels_to must be one of {', '.join(HEELS_TO)}, got {excerpt(heels)}"
    )
