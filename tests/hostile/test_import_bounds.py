"""`muggins import` holds every number an export carries to what the trainer could write.

The audit of issue 32: a count's end of 10**400 seconds imported with exit 0 and then
crashed the Stats screen on every visit; a 401-digit discard loss gave a traceback; a
ledger of any model (text, true, a 50 MB string) was kept. Each is now one line naming the
record (or game) and the field, and nothing is imported (a ledger only of a model a trainer
wrote: 1, an older one's, or 2, this one's); and no number anywhere in an export, however
large, gives anything but such a line.
"""

from __future__ import annotations

import copy
import io
import json
import math
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.game.scripted import play_out
from tests.history.known import build_history, drill
from tests.history.test_discard_history import throws
from tests.hostile.support import muggins
from trainer.game.coach.kept_ledger import import_problem, session_ledger
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import StatsStore, exchange
from trainer.history.exchange import ImportFormatError
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.quiz.attempt import SpokenTimes
from trainer.quiz.session import QuizSession
from trainer.textguard import excerpt

Data = dict[str, Any]


def _spoken(store: StatsStore) -> None:
    """A warm-up count said aloud: 0.4 s to its first word, 3 s to its end."""
    session = QuizSession(drill("warm-up"), random.Random(1), session_id="aloud")
    question = session.next_question()
    assert question is not None
    total = question.breakdown.total  # type: ignore[union-attr]
    attempt = session.answer(TotalClaim(total), spoken=SpokenTimes(0.4, 3.0))
    assert attempt is not None
    store.record(attempt)


def _catch_and_play(store: StatsStore) -> None:
    for name, reply in (("catch", CatchAnswer(call=2)), ("pegging", TotalClaim(2))):
        session = QuizSession(drill(name), random.Random(7), session_id=name)
        assert session.next_question() is not None
        attempt = session.answer(reply)
        assert attempt is not None
        store.record(attempt)


@pytest.fixture(scope="module")
def export() -> Data:
    """A real export holding every kind of answer (totals, announced counts, time-outs, a
    blitz, a catch, a card laid, a throw with its loss, a count said aloud) and a short game
    played out with its ledger."""
    with StatsStore(":memory:") as store:
        build_history(store)
        _catch_and_play(store)
        store.record(throws((3,))[0])
        _spoken(store)
        game = GameSession.start(store, variant("short"), 5, [None, "standard"])
        play_out(game)
        session_ledger(game)
        out = io.StringIO()
        exchange.write_json(
            exchange.export_records(store), out, exchange.export_game_records(store)
        )
    data: Data = json.loads(out.getvalue())
    return data


def _number(data: Data, test: Callable[[Data], bool]) -> int:
    """The 1-based number of the first answer ``test`` picks."""
    return next(n for n, r in enumerate(data["attempts"], 1) if test(r))


def _aloud(r: Data) -> bool:
    return isinstance(r["answer"], dict) and "spoken" in r["answer"]


def _throw(r: Data) -> bool:
    return bool(r["kind"] == "discard")


COUNT = "is not seconds of a count said aloud"
MODEL = "is not a model of the coach's advice (a number)"
CASES: list[tuple[str, Callable[[Data], bool] | None, Callable[[Data], None], str]] = [
    (
        "loss-401-digits",
        _throw,
        lambda r: r.update(loss=10**400),
        "loss: a 401-digit number is not the points a throw can lose (0 to 75)",
    ),
    (
        "end-400-digits",
        _aloud,
        lambda r: r["answer"]["spoken"].update(end=10**400),
        f"answer: spoken: end: a 401-digit number {COUNT}, from its first word (0.4 s) on "
        "(0.4 to 60)",
    ),
    (
        "first-word-400-digits",
        _aloud,
        lambda r: r["answer"]["spoken"].update(first_word=10**400),
        f"answer: spoken: first_word: a 401-digit number {COUNT} (0 to 60)",
    ),
    (
        "end-past-a-count",
        _aloud,
        lambda r: r["answer"]["spoken"].update(end=61),
        f"answer: spoken: end: 61 {COUNT}, from its first word (0.4 s) on (0.4 to 60)",
    ),
    (
        "ledger-model-text",
        None,
        lambda g: g["ledger"].update(model="1"),
        f"ledger: model: '1' {MODEL}",
    ),
    (
        "ledger-model-true",
        None,
        lambda g: g["ledger"].update(model=True),
        f"ledger: model: True {MODEL}",
    ),
    (
        "ledger-model-50-mb",
        None,
        lambda g: g["ledger"].update(model="x" * 50_000_000),
        f"ledger: model: {excerpt('x' * 50_000_000)} {MODEL}",
    ),
    (
        "ledger-model-3",
        None,
        lambda g: g["ledger"].update(model=3),
        "ledger: model: 3 is not a model of the coach's advice a Muggins writes (1 or 2)",
    ),
    (
        "ledger-hands",
        None,
        lambda g: g["ledger"].update(hands=[1, 2]),
        "ledger: hands: [1, 2] is not a list of objects",
    ),
    (
        "record-401-digits",
        None,
        lambda g: g["record"].update(target=10**400),
        "record: a 401-digit number is past SQLite's integers",
    ),
]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder holding the known history (copied by each test)."""
    folder = tmp_path_factory.mktemp("bounds") / "home"
    with StatsStore.open(folder) as store:
        build_history(store)
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(
    ("pick", "spoil", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_number_no_trainer_writes_is_refused_naming_record_and_field(
    pick: Callable[[Data], bool] | None,
    spoil: Callable[[Data], None],
    message: str,
    export: Data,
    home: Path,
    tmp_path: Path,
) -> None:
    """One line: the file, the record (or game) and the field, the value quoted short;
    nothing imported, the folder byte for byte as it was."""
    data = copy.deepcopy(export)
    if pick is None:
        where = "game 1"
        spoil(data["games"][0])
    else:
        number = _number(data, pick)
        where = f"record {number}"
        spoil(data["attempts"][number - 1])
    source = tmp_path / "spoiled.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    folder = tmp_path / "home"
    shutil.copytree(home, folder)
    before = _snapshot(folder)
    run = muggins("import", str(source), home=folder)
    line = run.refused()
    assert line == f"muggins: error: {source}: {where}: {message}; nothing was imported"
    assert _snapshot(folder) == before


def test_a_count_written_as_1e400_is_refused(export: Data, tmp_path: Path) -> None:
    """JSON's ``1e400`` is read as infinity, past every count."""
    data = copy.deepcopy(export)
    number = _number(data, _aloud)
    data["attempts"][number - 1]["answer"]["spoken"]["end"] = 12345.5
    source = tmp_path / "inf.json"
    source.write_text(json.dumps(data).replace("12345.5", "1e400"), encoding="utf-8")
    run = muggins("import", str(source), home=tmp_path / "home")
    assert run.refused() == (
        f"muggins: error: {source}: record {number}: answer: spoken: end: inf {COUNT}, from "
        "its first word (0.4 s) on (0.4 to 60); nothing was imported"
    )
    assert not (tmp_path / "home").exists()


def _numbers(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path to every number in JSON data."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers(item, (*path, key))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from _numbers(item, (*path, n))
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield path


def _refusal(kind: str, item: Data) -> str:
    """What an import says of one answer or one game, alone."""
    try:
        if kind == "attempts":
            exchange.rows_from_records([item])
        else:
            exchange.games_from_records([item], import_problem)
    except ImportFormatError as err:
        return str(err)
    return "imported"


@pytest.mark.parametrize("model", [1, 2])
def test_a_ledger_of_a_model_a_trainer_wrote_is_imported(model: int, export: Data) -> None:
    """Model 2 is this Muggins's, its figures checked against the game's record; model 1 an
    older trainer's, kept as it comes and worked out again when first asked for."""
    game = copy.deepcopy(export["games"][0])
    assert game["ledger"]["model"] == 2
    game["ledger"]["model"] = model
    assert _refusal("games", game) == "imported"
    game["ledger"]["model"] = 0
    assert _refusal("games", game) == (
        "game 1: ledger: model: 0 is not a model of the coach's advice a Muggins writes (1 or 2)"
    )


@pytest.mark.parametrize(
    "huge", [10**400, -(10**400), math.inf], ids=["401-digits", "negative", "infinity"]
)
def test_no_number_anywhere_is_more_than_a_named_refusal(huge: object, export: Data) -> None:
    """Every number of every answer, and of the game (its row, setup, actions, record and
    ledger), replaced one at a time (infinity is what JSON's ``1e400`` reads as): each is
    refused as the record's or the game's field (a game's in its JSON before it is played
    through), never an error of another kind."""
    data = copy.deepcopy(export)
    cases = 0
    for path in _numbers({"attempts": data["attempts"], "games": data["games"]}):
        kind, number, *inside = path
        item = data[kind][number]
        parent = item
        for key in inside[:-1]:
            parent = parent[key]
        kept, parent[inside[-1]] = parent[inside[-1]], huge
        said = _refusal(kind, item)
        parent[inside[-1]] = kept
        assert said.startswith("record 1: " if kind == "attempts" else "game 1: "), (path, said)
        cases += 1
    assert cases > 1000  # every answer's numbers and the game's
