"""Reading an export: every field of every record checked as strictly as the trainer writes
it, nesting bounded, sessions kept to one drill set, and CSV that round-trips byte for byte
with formula-like text quoted for spreadsheets."""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.history.known import build_history, drill
from trainer.history import StatsStore, exchange
from trainer.history.exchange import (
    TIME_ZONE_REACH,
    ImportFormatError,
    check_time,
    csv_text,
    csv_value,
    export_records,
    games_from_records,
    import_records,
    read_export,
    rows_from_records,
    time_range,
    too_deep,
)
from trainer.history.file import SavedGame
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.quiz.session import QuizSession
from trainer.textguard import CONTROLS

Record = dict[str, Any]


@pytest.fixture(scope="module")
def known() -> list[Record]:
    """The known history's 18 answers as a JSON export holds them."""
    with StatsStore(":memory:") as store:
        build_history(store)
        records = export_records(store)
    loaded: list[Record] = json.loads(json.dumps(records))
    return loaded


@pytest.fixture(scope="module")
def catch_and_play() -> list[Record]:
    """An answer to an opponent's count and one to a card laid, as exported."""
    with StatsStore(":memory:") as store:
        for name, reply in (("catch", CatchAnswer(call=2)), ("pegging", TotalClaim(2))):
            session = QuizSession(drill(name), random.Random(7), session_id=name)
            assert session.next_question() is not None
            attempt = session.answer(reply)
            assert attempt is not None
            store.record(attempt)
        loaded: list[Record] = json.loads(json.dumps(export_records(store)))
    return loaded


def refusal(record: Record) -> str:
    with pytest.raises(ImportFormatError) as caught:
        rows_from_records([record])
    return str(caught.value)


def test_every_answer_the_trainer_writes_reads_back(
    known: list[Record], catch_and_play: list[Record]
) -> None:
    rows = rows_from_records([*known, *catch_and_play])
    assert [r.attempt[0] for r in rows] == [r["uid"] for r in [*known, *catch_and_play]]


SPOILS: list[tuple[str, dict[str, Any], str]] = [
    ("number 0", {"number": 0}, "number: 0 is not a question number (1 to"),
    ("seed past 2**63", {"seed": 2**63}, "seed: 9223372036854775808 is not a seed"),
    ("seed a float", {"seed": 5.0}, "seed: 5.0 is not a whole number"),
    ("seed as text", {"seed": "5"}, "seed: '5' is not a whole number"),
    ("a flag as a number", {"crib": 0}, "crib: 0 is not true or false"),
    ("actual past a hand", {"actual": 30}, "actual: 30 is not a score of a 4-card show (0 to 29)"),
    ("kept past actual", {"kept": 30}, "kept: 30 is more than the score (0 to 29)"),
    ("opponent too much", {"opponent": 5}, "opponent: 5 is more than was lost (0 to 2)"),
    ("ms a year and more", {"ms": 10**12}, "ms: 1000000000000 is not an answer time in ms"),
    ("a time of day only", {"at": "12:00"}, "at: '12:00' is not an ISO 8601 time"),
    ("an empty drill id", {"drill_id": ""}, "drill_id: '' is empty"),
    ("a session id as a number", {"session_id": 7}, "session_id: 7 is not text"),
    ("a tab in the answer", {"answer_text": "2\t9"}, "answer_text: '2\\t9' holds a control"),
    ("an answer to another question", {"answer": {"type": "catch"}}, "answer: {'type': 'catch'}"),
    ("a count past 46", {"answer": {"type": "total", "points": 47}}, "answer: points: 47"),
    ("an answer with more", {"answer": {"type": "total", "points": 29, "x": 1}}, "answer: 'x'"),
    ("a crib flag on a hand", {"crib": True}, "crib: True does not fit a hand question"),
    ("no starter", {"starter": None}, "starter: missing for a hand question"),
    ("a starter not a card", {"starter": "5Z"}, "starter: '5Z' is not a card"),
    ("an opponent's claim", {"opponent_claim": 3}, "opponent_claim: 3 is given for a hand"),
    ("a time limit of 0", {"total_seconds": 0}, "total_seconds: 0 is not a positive number"),
    ("a time limit past floats", {"total_seconds": 1e400}, "total_seconds: inf is not a drill's"),
    (
        "a time limit of 400 digits",
        {"total_seconds": 10**400},
        "total_seconds: a 401-digit number is not a drill's time limit in seconds (0 to 86400)",
    ),
    ("a time limit past a day", {"total_seconds": 86401}, "total_seconds: 86401 is not a drill's"),
    ("categories of a play", {"categories": {"go": 1}}, "categories: 'go': 1 is not a field"),
    ("a category too many", {"categories": {"fifteens": 47}}, "categories: fifteens: 47 is not"),
    ("a kind present", {"present": {"pair": 0}}, "present: pair: 0 is not a count (1 to 64)"),
    ("an unknown kind present", {"present": {"poker": 1}}, "present: 'poker': 1 is not a field"),
    ("a combination", {"combos": [{"role": "missed"}]}, "combos[0]: stat_kind is missing"),
    ("not a record", {"uid": ["x"]}, "uid: ['x'] is not text"),
]


@pytest.mark.parametrize(("spoil", "message"), [s[1:] for s in SPOILS], ids=[s[0] for s in SPOILS])
def test_a_field_the_trainer_could_not_write_is_refused(
    known: list[Record], spoil: dict[str, Any], message: str
) -> None:
    record = {**copy.deepcopy(known[0]), **spoil}
    assert refusal(record).startswith(f"record 1: {message}")


COMBO = {"role": "missed", "stat_kind": "pair", "kind": "pair", "cards": "5H 5C", "points": 2}
COMBO_SPOILS: list[tuple[str, dict[str, Any], str]] = [
    ("a role", {"role": "found"}, "combos[0]: role: 'found' is not one of missed, wrong, total"),
    ("a stat kind", {"stat_kind": "quad"}, "combos[0]: stat_kind: 'quad' is not a kind"),
    ("a kind", {"kind": "pairs"}, "combos[0]: kind: 'pairs' is not a kind"),
    ("a card not shown", {"cards": "5H 6C"}, "combos[0]: cards: 6C is not one of the cards shown"),
    ("no cards", {"cards": ""}, "combos[0]: cards: '' names no cards"),
    ("no points", {"points": 0}, "combos[0]: points: 0 is not a value (1 to 46)"),
    ("a reason for a miss", {"reason": "duplicate"}, "combos[0]: reason: 'duplicate' is not"),
]


@pytest.mark.parametrize(
    ("spoil", "message"), [s[1:] for s in COMBO_SPOILS], ids=[s[0] for s in COMBO_SPOILS]
)
def test_a_combination_is_checked_like_the_rest(
    known: list[Record], spoil: dict[str, Any], message: str
) -> None:
    record = copy.deepcopy(known[0])
    record["combos"] = [{**COMBO, **spoil}]
    assert message in refusal(record)


def test_plays_and_catch_questions_hold_their_own_fields(catch_and_play: list[Record]) -> None:
    catch, play = catch_and_play
    assert "starter: 5H is given, but a play has no starter" in refusal({**play, "starter": "5H"})
    laid = {**play, "hand": "10H 10D 10S QC"}
    assert "hand: '10H 10D 10S QC' is not a play (cards laid, to 31)" in refusal(laid)
    assert "is not an answer to a play question" in refusal({**play, "answer": catch["answer"]})
    assert "are not kept for a catch question" in refusal({**catch, "combos": [COMBO]})
    assert "present: {'pair': 1} is not kept for a catch" in refusal(
        {**catch, "present": {"pair": 1}}
    )
    call = {**catch["answer"], "too_many": True}
    assert "both calls muggins and says too many" in refusal({**catch, "answer": call})


def test_a_nineteen_is_taken_as_nothing_only_where_a_hand_cannot_score_it(
    known: list[Record],
) -> None:
    """Said "nineteen" for a four-card hand: stored as a claim of 0, as the trainer judges it."""
    said = {"type": "total", "points": 19}
    nothing = {**known[0], "answer": said, "answer_text": "nineteen", "claimed": 0}
    nothing |= {"outcome": "under", "kept": 0, "opponent": 29, "missed_points": 29}
    assert len(rows_from_records([nothing])) == 1
    assert "claimed: 5 is not what the answer says (19)" in refusal({**nothing, "claimed": 5})


def test_times_keep_inside_the_calendar_in_every_time_zone() -> None:
    earliest, latest = time_range()
    assert check_time(earliest.isoformat(), "at") == earliest.isoformat(timespec="microseconds")
    assert check_time(latest.isoformat(), "at") == latest.isoformat(timespec="microseconds")
    for outside in (earliest - timedelta(microseconds=1), latest + timedelta(microseconds=1)):
        with pytest.raises(ValueError, match="is out of range"):
            check_time(outside.isoformat(), "at")
    assert earliest - TIME_ZONE_REACH == datetime.min.replace(tzinfo=UTC)
    assert latest + TIME_ZONE_REACH + timedelta(days=36500) == datetime.max.replace(tzinfo=UTC)
    local = "2025-03-01T23:30:00-05:00"
    assert check_time(local, "at") == "2025-03-02T04:30:00.000000+00:00"


def test_a_session_belongs_to_one_drill_set(known: list[Record], tmp_path: Path) -> None:
    blitz = next(n for n, r in enumerate(known) if r["drill_id"] == "blitz")
    joined = copy.deepcopy(known)
    joined[blitz]["session_id"] = known[0]["session_id"]
    with pytest.raises(ImportFormatError) as caught:
        rows_from_records(joined)
    assert str(caught.value) == (
        f"record {blitz + 1}: session_id: 'warm-up-03011200' is a session of 'warm-up' "
        "(record 1), not of 'blitz'"
    )
    with StatsStore(tmp_path / "s.sqlite3") as store:
        import_records(store, known[:4])
        moved = {**known[blitz], "session_id": "warm-up-03011200", "uid": "other"}
        with pytest.raises(ImportFormatError, match="record 2: session_id: 'warm-up-03011200'"):
            import_records(store, [known[5], moved])
        assert store.attempt_count() == 4  # the whole import was refused


def test_nesting_is_bounded_without_parsing() -> None:
    def nested(depth: int) -> str:
        return '{"a": ' * (depth - 1) + '["[{not a bracket}]", 1]' + "}" * (depth - 1)

    assert not too_deep(nested(exchange.MAX_DEPTH).encode())
    assert too_deep(nested(exchange.MAX_DEPTH + 1).encode())
    assert too_deep(b"[" * 100_000 + b"]" * 100_000)
    assert not too_deep(b'{"broken": [}')  # not deep, just not JSON: the parser says so
    strings = '["a\\"", "[[[[[[[[[[", "\\"[", "", "]]]]]]]]]]]]", "\\u005b"]'
    assert json.loads(strings)[2] == '"['
    assert not too_deep(strings.encode())


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


JSON_VALUES = st.recursive(
    st.none() | st.integers() | st.text(st.sampled_from('[]{}"\\ ,:ab\n\u00e9')),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(inner=JSON_VALUES, wraps=st.lists(st.text(max_size=2) | st.none(), max_size=14))
def test_the_depth_found_without_parsing_is_the_depth(
    inner: object, wraps: list[str | None]
) -> None:
    """Brackets, quotes and backslashes inside strings never count (each wrap puts the
    value in a list, or in an object under that key)."""
    value = inner
    for key in wraps:
        value = [value] if key is None else {key: value}
    data = json.dumps(value, ensure_ascii=len(wraps) % 2 == 0).encode()
    assert too_deep(data) == (_depth(value) > exchange.MAX_DEPTH)


def test_an_export_with_games_is_exactly_twelve_deep(tmp_path: Path) -> None:
    """`MAX_DEPTH` is how deep the trainer's own export goes: the depth of a game's record,
    down to the cards of a combination in a show's verdict."""
    show = {"cards": ["5H"], "verdict": {"items": [{"cards": ["5H"]}]}}
    record = {"hands": [{"events": [show], "dealt": [["5H"]]}]}
    game = {"uid": "g", "record": record, "actions": [{"claim": {"items": [{"cards": ["5H"]}]}}]}
    text = json.dumps({"games": [game]})
    assert not too_deep(text.encode())
    assert too_deep(text.replace('["5H"]', '[["5H"]]').encode())


# ---------------------------------------------------------------- CSV


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+cmd", "'+cmd"),
        ("-1+1", "'-1+1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tlead", "'\tlead"),
        ("\rlead", "'\rlead"),
        ("'quoted", "''quoted"),
        ("-12", "-12"),
        ("-1.5e3", "-1.5e3"),
        ("+7", "+7"),
        ("plain", "plain"),
        ("", ""),
    ],
)
def test_csv_quotes_what_a_spreadsheet_would_run(cell: str, written: str) -> None:
    assert csv_text(cell) == written
    assert csv_value(written) == cell


def test_a_line_break_inside_a_csv_field_is_read_as_written(
    known: list[Record], tmp_path: Path
) -> None:
    """CSV is read with ``newline=""``: a field's CR LF reaches the checks whole (which then
    refuse it, naming the control character)."""
    buffer = io.StringIO()
    exchange.write_csv([{**known[0], "drill_name": "Warm\r\nup"}], buffer)
    path = tmp_path / "export.csv"
    path.write_text(buffer.getvalue(), encoding="utf-8", newline="")
    (record,) = read_export(path).attempts
    assert record["drill_name"] == "Warm\r\nup"
    assert "drill_name: 'Warm\\r\\nup' holds a control character (U+000D) at character 5" in (
        refusal(record)
    )


HOSTILE_TEXT = st.text(
    st.sampled_from("=+-@'\",;| \\AZaz09é€\U0001f0a1[/]{}<>"), min_size=1, max_size=12
).filter(lambda t: CONTROLS.search(t) is None)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=HOSTILE_TEXT,
    drill_id=HOSTILE_TEXT,
    session=HOSTILE_TEXT,
    uid=HOSTILE_TEXT,
    said=HOSTILE_TEXT,
)
def test_every_export_round_trips_byte_for_byte_through_csv(
    known: list[Record], tmp_path: Path, name: str, drill_id: str, session: str, uid: str, said: str
) -> None:
    """Text a spreadsheet would run, quotes, commas and more, in every free-text field."""
    record = {**known[0], "drill_name": name, "drill_id": drill_id, "session_id": session}
    record |= {"uid": uid, "answer_text": said}
    with StatsStore(":memory:") as first, StatsStore(":memory:") as second:
        import_records(first, [record, known[1]])
        exported = export_records(first)
        written = io.StringIO()
        exchange.write_csv(exported, written)
        path = tmp_path / "export.csv"
        path.write_text(written.getvalue(), encoding="utf-8", newline="")
        import_records(second, read_export(path).attempts)
        again = io.StringIO()
        exchange.write_csv(export_records(second), again)
        assert again.getvalue() == written.getvalue()
        assert export_records(second) == exported


# ---------------------------------------------------------------- games


GAME: dict[str, Any] = {
    "uid": "g1",
    "variant": "standard",
    "seed": 5,
    "status": "over",
    "created": "2026-12-01T21:48:28.949105+00:00",
    "updated": "2026-12-01T21:49:28.949105+00:00",
    "setup": {"variant": "standard", "seed": 5},
    "actions": [],
    "record": {},
    "human_side": 0,
    "winner": 1,
    "final": [65, 121],
    "human_result": "skunked",
}
GAME_SPOILS: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("uid empty", lambda g: g.update(uid=""), "uid: '' is empty"),
    ("seed negative", lambda g: g.update(seed=-1), "seed: -1 is not a seed"),
    ("setup of another", lambda g: g["setup"].update(seed=6), "setup: seed: 6 is not the game's"),
    ("a time", lambda g: g.update(updated="9999-12-31T23:59:59-01:00"), "updated: '9999-12-31"),
    ("final points", lambda g: g.update(final=[65, 122]), "final[1]: 122 is out of range"),
    ("a side", lambda g: g.update(final=[65]), "final: [65] is not the points of 2 to 4 sides"),
    ("winner", lambda g: g.update(winner=2), "winner: 2 is out of range (0 to 1)"),
    ("playing", lambda g: g.update(status="playing", record=None), "final and winner must be"),
    ("a result", lambda g: g.update(human_result="won"), "human_result: 'won' does not fit side"),
    ("text", lambda g: g["actions"].append({"said": "\x9b2J"}), "actions: '\\x9b2J' holds"),
]


def plays_through(saved: SavedGame) -> str | None:
    """A game check with nothing to say: what this layer checks is tested alone (the game
    layer's replay is tested in tests/game and tests/hostile/test_imports.py)."""
    return None


@pytest.mark.parametrize(
    ("spoil", "message"), [s[1:] for s in GAME_SPOILS], ids=[s[0] for s in GAME_SPOILS]
)
def test_a_game_is_held_to_what_the_trainer_writes(
    spoil: Callable[[dict[str, Any]], object], message: str
) -> None:
    assert len(games_from_records([GAME], plays_through)) == 1
    game = copy.deepcopy(GAME)
    spoil(game)
    with pytest.raises(ImportFormatError) as caught:
        games_from_records([game], plays_through)
    assert str(caught.value).startswith(f"game 1: {message}")


def test_a_game_uid_comes_once() -> None:
    with pytest.raises(ImportFormatError, match="game 2: uid: 'g1' is game 1's uid too"):
        games_from_records([GAME, GAME], plays_through)


def test_every_game_is_played_through_by_the_check_it_is_given() -> None:
    """The check sees each game as the store would give it back, and the first problem it
    finds refuses the import, naming the game."""
    seen: list[SavedGame] = []

    def check(saved: SavedGame) -> str | None:
        seen.append(saved)
        return "action 3: seat 1 must lay now" if saved.uid == "g2" else None

    with pytest.raises(ImportFormatError, match=r"^game 2: action 3: seat 1 must lay now$"):
        games_from_records([GAME, {**GAME, "uid": "g2"}, {**GAME, "uid": "g3"}], check)
    assert [g.uid for g in seen] == ["g1", "g2"]
    first = seen[0]
    assert (first.status, first.seed, first.final, first.human_result) == (
        "over",
        5,
        (65, 121),
        "skunked",
    )
    assert json.loads(first.setup) == GAME["setup"]
    assert first.updated == datetime(2026, 12, 1, 21, 49, 28, 949105, tzinfo=UTC)


def test_a_day_late_answer_still_counts(known: list[Record]) -> None:
    """A slow answer (a day with the trainer open) is an answer time the trainer writes."""
    slow = {**known[0], "ms": 24 * 3600 * 1000, "uid": "slow"}
    assert len(rows_from_records([slow])) == 1
