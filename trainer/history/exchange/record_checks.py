"""One exported answer checked field by field, as strictly as the trainer writes it.

Exports are shared between players, so every value in one is hostile until checked: a
number may be past SQLite's integers or the scores a hand can make, a time may leave
the calendar once shifted to a time zone, a hand may hold the starter or a card twice,
a name may hold terminal controls. `check_record` turns a record (JSON values, or the
text cells of a CSV row) into the `Rows` the trainer would have stored for it, or
raises `RecordError` naming the field and quoting the value only through
`trainer.textguard.excerpt`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final, get_args

from trainer.drills.model import CRIB_SIZE, HAND_SIZE, SEED_LIMIT
from trainer.drills.schema import MAX_SECONDS as DRILL_SECONDS
from trainer.history.exchange.discard_checks import (
    check_dealt,
    check_loss,
    discard_points,
    throw_said,
)
from trainer.history.exchange.field_checks import (
    SQLITE_MOST,
    TIME_ZONE_REACH,
    CsvCell,
    RecordError,
    check_card,
    check_cards,
    check_choice,
    check_distinct,
    check_flag,
    check_json,
    check_mapping,
    check_real,
    check_text,
    check_time,
    check_whole,
    check_within,
    fail,
)
from trainer.history.file.rows import (
    ATTEMPT_COLUMNS,
    ROLES,
    TOTAL,
    ComboRow,
    Rows,
    attempt_uid,
    total_row,
)
from trainer.history.times import parse_iso, zone_offset_minutes
from trainer.judge.claims import MAX_COUNT
from trainer.judge.outcome import Outcome, outcome_of
from trainer.judge.policy import BSD_PENALTY, POLICIES
from trainer.judge.verdict import NINETEEN_IMPOSSIBLE_SIZES, WHY_WRONG
from trainer.quiz.questions import QuestionKind
from trainer.rules.cards import Card
from trainer.rules.combos import COMBO_IDS, KINDS
from trainer.rules.play import PlayError, PlayKind, score_play
from trainer.rules.show import MOST_POINTS
from trainer.textguard import excerpt
from trainer.voice.audio import MAX_SECONDS

MOST_MS: Final = 366 * 24 * 3600 * 1000
"""The longest answer time taken (a year): longer is no answer time, and a hundred
million answers of a year each still add up within SQLite's integers."""
_MOST_IN_SHOW: Final = 2**6
"""A show has at most six cards, so no kind of combination occurs more often in one."""
_KINDS: Final[tuple[QuestionKind, ...]] = get_args(QuestionKind)
_OUTCOMES: Final[tuple[Outcome, ...]] = get_args(Outcome)
_VARIANTS: Final = tuple(HAND_SIZE)
_PLAY_KINDS: Final[tuple[PlayKind, ...]] = get_args(PlayKind)
_SHOW_CATEGORIES: Final = ("fifteens", "pairs", "runs", "flush", "nobs")
_REASONS: Final = {"missed": (None,), "wrong": (None, *WHY_WRONG)}
LATER_COLUMNS: Final = frozenset({"utc_offset", "loss"})
"""Columns an export from an older Muggins lacks, filled in by `check_record`."""
_REACH_MINUTES: Final = int(TIME_ZONE_REACH.total_seconds()) // 60


class _Show:
    """What the cross-field checks need of a record: the kind of question and its cards."""

    def __init__(
        self, kind: str, hand: tuple[Card, ...], starter: Card | None, variant: str
    ) -> None:
        self.kind = kind
        self.variant = variant
        self.hand = hand
        self.shown = frozenset(hand) | ({starter} if starter is not None else set())

    @property
    def most(self) -> int:
        """The most the question can score (once its cards are known to fit it)."""
        return MAX_COUNT if self.kind == "play" else MOST_POINTS[len(self.hand)]


def _spoken(value: object, show: _Show) -> None:
    """How fast a count was said aloud, kept only with a count of a hand or crib (the
    trainer listens for nothing else): seconds of audio to its first word and to its end,
    neither past the longest count listened to, and the end not before the first word."""
    if show.kind not in ("hand", "crib"):
        raise fail("answer: spoken", value, f"is kept only for a count, not a {show.kind} answer")
    times = check_mapping(value, "answer: spoken", ("first_word", "end"), ("first_word", "end"))
    sense = "is not seconds of a count said aloud"
    first = check_real(times["first_word"], "answer: spoken: first_word", 0, MAX_SECONDS, sense)
    sense = f"{sense}, from its first word ({first:g} s) on"
    check_real(times["end"], "answer: spoken: end", first, MAX_SECONDS, sense)


def _answer(value: object, show: _Show) -> tuple[str | None, tuple[str, int] | None]:
    """The answer as stored JSON text, and its kind with what it says (a total's points,
    a call, the number of combinations announced); None for a time-out."""
    data = check_json(value, "answer")
    if data is None:
        return None, None
    kinds = {"play": ("total",), "catch": ("catch",), "discard": ("throw",)}.get(
        show.kind, ("total", "announce")
    )
    if not isinstance(data, Mapping) or data.get("type") not in kinds:
        raise fail("answer", data, f"is not an answer to a {show.kind} question")
    kind: str = data["type"]
    said: tuple[str, int]
    if "spoken" in data and kind not in ("catch", "throw"):
        _spoken(data["spoken"], show)
    if kind == "throw":
        said = throw_said(data, show.hand, show.variant)
    elif kind == "total":
        check_mapping(data, "answer", ("type", "points"), ("type", "points", "spoken"))
        said = kind, check_whole(data["points"], "answer: points", 0, MAX_COUNT, "is not a count")
    elif kind == "catch":
        check_mapping(data, "answer", ("type",), ("type", "call", "too_many"))
        call, too_many = data.get("call"), data.get("too_many", False)
        if call is not None:
            call = check_whole(call, "answer: call", 1, MAX_COUNT, "is not a call")
        if check_flag(too_many, "answer: too_many") and call is not None:
            raise fail("answer", data, "both calls muggins and says too many")
        said = kind, call or 0
    else:
        check_mapping(data, "answer", ("type", "items"), ("type", "items", "spoken"))
        items = data["items"]
        if not isinstance(items, list):
            raise fail("answer: items", items, "is not a list")
        for n, item in enumerate(items):
            where = f"answer: items[{n}]"
            check_mapping(item, where, ("kind", "cards"), ("kind", "cards", "points"))
            if item["kind"] not in KINDS:
                raise fail(f"{where}: kind", item["kind"], "is not a kind of combination")
            cards = item["cards"]
            if not isinstance(cards, list) or not cards:
                raise fail(f"{where}: cards", cards, "is not a list of cards")
            listed = check_distinct(
                [check_card(c, f"{where}: cards") for c in cards], f"{where}: cards"
            )
            check_within(listed, show.shown, f"{where}: cards")
            if item.get("points") is not None:
                check_whole(item["points"], f"{where}: points", 1, MAX_COUNT, "is not a value")
        said = kind, len(items)
    return json.dumps(data, separators=(",", ":")), said


def _categories(value: object, kind: str) -> str:
    data = check_json(value, "categories")
    names = () if kind == "discard" else _PLAY_KINDS if kind == "play" else _SHOW_CATEGORIES
    check_mapping(data, "categories", (), names)
    for name, points in data.items():
        check_whole(points, f"categories: {name}", 0, MAX_COUNT, "is not a score")
    return json.dumps(data, separators=(",", ":"))


def _combos(value: object, show: _Show) -> list[ComboRow]:
    """The missed and wrongly claimed combinations (a wrong total's row is made again from
    the attempt's own fields)."""
    data = check_json(value, "combos")
    if not isinstance(data, list):
        raise fail("combos", data, "is not a list")
    if data and show.kind not in ("hand", "crib"):
        raise fail("combos", data, f"are not kept for a {show.kind} question")
    fields = ("role", "stat_kind", "kind", "cards", "points")
    rows = []
    for n, combo in enumerate(data):
        where = f"combos[{n}]"
        check_mapping(combo, where, fields, (*fields, "reason"))
        role, reason = combo["role"], combo.get("reason")
        if role not in ROLES:
            raise fail(f"{where}: role", role, f"is not one of {', '.join(ROLES)}")
        if role == TOTAL:  # made again from the attempt's own fields; its points still a value
            check_whole(combo["points"], f"{where}: points", 1, MAX_COUNT, "is not a value")
            continue
        if reason not in _REASONS[role]:
            raise fail(f"{where}: reason", reason, f"is not a reason for a {role} row")
        if combo["stat_kind"] not in COMBO_IDS:
            raise fail(f"{where}: stat_kind", combo["stat_kind"], "is not a kind of combination")
        if combo["kind"] not in KINDS:
            raise fail(f"{where}: kind", combo["kind"], "is not a kind of combination")
        cards = check_cards(combo["cards"], f"{where}: cards")
        if not cards:
            raise fail(f"{where}: cards", combo["cards"], "names no cards")
        check_within(cards, show.shown, f"{where}: cards")
        points = check_whole(combo["points"], f"{where}: points", 1, MAX_COUNT, "is not a value")
        stored = " ".join(str(c) for c in cards)
        rows.append(ComboRow(role, combo["stat_kind"], combo["kind"], stored, points, reason))
    return rows


def _present(value: object, kind: str) -> dict[str, int]:
    data = check_mapping(check_json(value, "present"), "present", (), COMBO_IDS)
    if data and kind not in ("hand", "crib"):
        raise fail("present", data, f"is not kept for a {kind} question")
    return {
        k: check_whole(n, f"present: {k}", 1, _MOST_IN_SHOW, "is not a count")
        for k, n in data.items()
    }


def _seconds(value: object) -> float | None:
    """A drill's whole time limit: None, or positive seconds, at most what a drill file may
    give (a day)."""
    if value is None:
        return None
    sense = "is not a drill's time limit in seconds"
    seconds = check_real(value, "total_seconds", 0, DRILL_SECONDS, sense)
    if seconds <= 0:
        raise fail("total_seconds", value, "is not a positive number of seconds")
    return seconds


def _check_cards_shown(show: _Show, variant: str, starter: Card | None, crib: bool) -> None:
    """The cards fit the question: a play's cards since the reset (no starter, never
    past 31), or a show of the variant's size (a crib of 4) without the starter."""
    kind, hand = show.kind, show.hand
    if kind == "discard":
        check_dealt(hand, variant, starter)
        return
    if kind == "play":
        if starter is not None:
            raise RecordError(f"starter: {starter} is given, but a play has no starter")
        if crib:
            raise fail("crib", crib, "is given for a play")
        try:
            score_play(hand)
        except PlayError:
            raise fail(
                "hand", " ".join(map(str, hand)), "is not a play (cards laid, to 31)"
            ) from None
        return
    if (kind == "crib") != crib and kind != "catch":
        raise fail("crib", crib, f"does not fit a {kind} question")
    size = CRIB_SIZE if crib else HAND_SIZE[variant]
    if len(hand) != size:
        what = "a crib" if crib else f"a hand of {variant}"
        raise fail("hand", " ".join(map(str, hand)), f"is not {what} ({size} cards)")
    if starter is None:
        raise RecordError(f"starter: missing for a {kind} question")
    if starter in hand:
        raise RecordError(f"starter: {starter} is in the hand too")


def _optional(record: Mapping[str, Any], column: str) -> Any:
    """A column that may be empty: None in JSON, an empty cell in CSV."""
    value = record[column]
    return None if isinstance(value, CsvCell) and not value else value


def _utc_offset(record: Mapping[str, Any], at: str) -> int:
    """The answer's own offset from UTC, in minutes east; an export from before offsets were
    kept gets the one the local zone's rules give for its moment, as the store's upgrade
    does."""
    value = _optional(record, "utc_offset") if "utc_offset" in record else None
    if value is None:
        return zone_offset_minutes(parse_iso(at))
    sense = "is not an offset from UTC in minutes"
    return check_whole(value, "utc_offset", -_REACH_MINUTES, _REACH_MINUTES, sense)


def check_record(record: object) -> Rows:
    """The rows the trainer stores for an exported answer; `RecordError` naming the first
    field it could not have written."""
    if not isinstance(record, Mapping):
        raise RecordError(f"{excerpt(record)} is not an answer (an object of fields)")
    missing = next(
        (c for c in ATTEMPT_COLUMNS[1:] if c not in record and c not in LATER_COLUMNS), None
    )
    if missing is not None:
        raise RecordError(f"missing field {missing!r}")
    at = check_time(record["at"], "at")
    texts = [check_text(record[c], c) for c in ("drill_id", "drill_name", "session_id")]
    number = check_whole(record["number"], "number", 1, SQLITE_MOST, "is not a question number")
    variant = check_choice(record["variant"], "variant", _VARIANTS)
    kind = check_choice(record["kind"], "kind", _KINDS)
    policy = check_choice(record["policy"], "policy", POLICIES)
    hand = check_cards(record["hand"], "hand")
    starter_text = _optional(record, "starter")
    starter = None if starter_text is None else check_card(starter_text, "starter")
    crib = check_flag(record["crib"], "crib")
    show = _Show(kind, hand, starter, variant)
    _check_cards_shown(show, variant, starter, crib)
    seed = check_whole(record["seed"], "seed", 0, SEED_LIMIT - 1, "is not a seed")
    answer, said = _answer(_optional(record, "answer"), show)
    answer_text = check_text(record["answer_text"], "answer_text", empty=True)
    loss = check_loss(_optional(record, "loss") if "loss" in record else None, kind)
    timed_out = check_flag(record["timed_out"], "timed_out")
    if loss is None:
        points = _points(record, show, said)
    else:
        outcome = check_choice(record["outcome"], "outcome", _OUTCOMES)
        points = discard_points(record, loss, outcome, timed_out)
    categories = _categories(record["categories"], kind)
    ms = check_whole(record["ms"], "ms", 0, MOST_MS, "is not an answer time in ms")
    if said is None and not timed_out:
        raise RecordError("timed_out: False, but there is no answer (a time-out)")
    itemised = check_flag(record["itemised"], "itemised")
    total_seconds = _seconds(_optional(record, "total_seconds"))
    opponent_claim = _optional(record, "opponent_claim")
    if opponent_claim is not None:
        if kind != "catch":
            raise fail("opponent_claim", opponent_claim, f"is given for a {kind} question")
        opponent_claim = check_whole(
            opponent_claim, "opponent_claim", 0, MAX_COUNT, "is not a count"
        )
    utc_offset = _utc_offset(record, at)
    combos = _combos(record.get("combos", []), show)
    present = _present(record.get("present", {}), kind)
    uid = _optional(record, "uid") if "uid" in record else None
    starter_stored = None if starter is None else str(starter)
    hand_stored = " ".join(str(c) for c in hand)
    if uid is None:
        uid = attempt_uid(texts[2], number, at, hand_stored, starter_stored)
    row = (
        check_text(uid, "uid"),
        at,
        *texts,
        number,
        variant,
        kind,
        policy,
        hand_stored,
        starter_stored,
        int(crib),
        seed,
        answer,
        answer_text,
        *points,
        categories,
        ms,
        int(timed_out),
        int(itemised),
        total_seconds,
        opponent_claim,
        utc_offset,
        loss,
    )
    total = total_row(dict(zip(ATTEMPT_COLUMNS, row, strict=True)))
    return Rows(row, [*combos, *([] if total is None else [total])], present)


def _points(
    record: Mapping[str, Any], show: _Show, said: tuple[str, int] | None
) -> tuple[int, int, str, int, int, int, int]:
    """claimed, actual, outcome, kept, opponent, missed_points and excess_points, each
    within what the question can score and agreeing with the answer and each other (a
    total, or nothing, claimed against a show or a play misses and overclaims exactly the
    difference; an announced count or a reply to a count is judged item by item)."""
    what = (
        f"{len(show.hand)} cards laid" if show.kind == "play" else f"a {len(show.hand)}-card show"
    )
    actual = check_whole(record["actual"], "actual", 0, show.most, f"is not a score of {what}")
    announced = said is not None and said[0] == "announce"
    most = MAX_COUNT * max(said[1], 1) if said is not None and announced else MAX_COUNT
    claimed = check_whole(record["claimed"], "claimed", 0, most, "is not a claim")
    if not announced:
        says = 0 if said is None else said[1]
        nineteen = (
            said == ("total", 19)
            and show.kind in ("hand", "crib")
            and len(show.hand) in NINETEEN_IMPOSSIBLE_SIZES
        )
        if claimed != says and not (nineteen and claimed == 0):
            raise fail("claimed", claimed, f"is not what the answer says ({says})")
    most_missed = MAX_COUNT if show.kind == "catch" else actual
    missed = check_whole(record["missed_points"], "missed_points", 0, most_missed, "is too many")
    excess = check_whole(record["excess_points"], "excess_points", 0, claimed, "is over the claim")
    if not announced and show.kind != "catch":
        for field, value, truth in (
            ("missed_points", missed, max(0, actual - claimed)),
            ("excess_points", excess, max(0, claimed - actual)),
        ):
            if value != truth:
                raise fail(field, value, f"is not the difference of {claimed} and {actual}")
    kept = check_whole(record["kept"], "kept", 0, actual, "is more than the score")
    most_lost = missed + excess + BSD_PENALTY
    opponent = check_whole(record["opponent"], "opponent", 0, most_lost, "is more than was lost")
    outcome = check_choice(record["outcome"], "outcome", _OUTCOMES)
    if show.kind != "catch" and outcome != outcome_of(missed, excess):
        raise fail("outcome", outcome, f"does not fit {missed} missed and {excess} too many")
    return claimed, actual, outcome, kept, opponent, missed, excess
