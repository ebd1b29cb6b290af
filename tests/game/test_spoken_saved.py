"""A count of your show said aloud at the table keeps how fast it was said: the count's saved
action carries it (read back by the codec; an action without it, as older games were saved,
reads as before), its attempt's answer carries it to the stats' spoken-speed line, and an
export and an import carry both."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.game.scripted import scripted
from trainer.game.coach.kept_ledger import import_problem
from trainer.game.codec import CodecError, action_from_data, count_spoken
from trainer.game.session import GameSession
from trainer.game.state import Count
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.exchange import (
    export_game_records,
    export_records,
    games_from_records,
    insert_export,
    rows_from_records,
)
from trainer.history.writing import load_game
from trainer.quiz.attempt import SpokenTimes

FAST = SpokenTimes(0.5, 3.25)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


def count_aloud(store: StatsStore, seed: int = 5) -> GameSession:
    """A short game played to your first count, said aloud (and every later one typed)."""
    session = GameSession.start(store, variant("short"), seed, [None, "standard"])
    said = False
    while not session.over:
        session.run_bots()
        asked = session.prompt
        if asked is None:
            break
        action = scripted(session.state, asked)
        aloud = isinstance(action, Count) and not said
        session.act(action, seconds=4.0, spoken=FAST if aloud else None)
        said = said or aloud
    assert said
    return session


def test_a_count_said_aloud_is_saved_with_its_speed_and_read_back(store: StatsStore) -> None:
    session = count_aloud(store)
    saved = load_game(store, session.uid)
    assert saved is not None
    marked = [json.loads(a) for a in saved.actions if '"spoken"' in a]
    assert len(marked) == 1
    assert marked[0]["type"] == "count"
    assert marked[0]["spoken"] == {"first_word": 0.5, "end": 3.25}
    assert count_spoken(marked[0]) == FAST
    assert [count_spoken(json.loads(a)) for a in saved.actions].count(None) == len(
        saved.actions
    ) - 1
    # Played through again, as resuming or importing it does, it is the same game.
    with StatsStore(":memory:") as nowhere:
        assert GameSession.played(nowhere, saved).actions == session.actions
    spoken = [a.spoken for a in session.attempts]
    assert spoken[0] == FAST
    assert all(s is None for s in spoken[1:])


def test_the_stats_line_counts_it_as_said_at_the_table(store: StatsStore) -> None:
    count_aloud(store)
    speed = store.spoken_speed()
    assert (speed.counts, speed.table, speed.end, speed.first_word) == (1, 1, 3.25, 0.5)
    assert speed.line().startswith("Counted aloud: 1 hand (all at the table), ")


def test_a_bot_count_or_an_answer_keeps_no_speed(store: StatsStore) -> None:
    session = GameSession.start(store, variant("short"), 5, [None, "standard"])
    while not session.over:
        session.run_bots()
        asked = session.prompt
        if asked is None:
            break
        session.act(scripted(session.state, asked), spoken=None if asked.kind == "count" else FAST)
    saved = load_game(store, session.uid)
    assert saved is not None
    assert not any('"spoken"' in a for a in saved.actions)
    assert store.spoken_speed().counts == 0


def test_an_export_and_an_import_carry_it(store: StatsStore) -> None:
    count_aloud(store)
    games = json.loads(json.dumps(export_game_records(store)))
    records = json.loads(json.dumps(export_records(store)))
    assert sum('"spoken"' in json.dumps(a) for a in games[0]["actions"]) == 1
    with StatsStore(":memory:") as elsewhere:
        insert_export(
            elsewhere, rows_from_records(records), games_from_records(games, import_problem)
        )
        assert export_game_records(elsewhere) == games
        assert elsewhere.spoken_speed() == store.spoken_speed()
    spoiled = json.loads(json.dumps(games))
    count = next(a for a in spoiled[0]["actions"] if "spoken" in a)
    count["spoken"]["end"] = "soon"
    with pytest.raises(ValueError, match=r"game 1: action \d+: spoken: end: expected seconds"):
        games_from_records(spoiled, import_problem)


@pytest.mark.parametrize(
    ("spoken", "problem"),
    [
        ({"first_word": 0.5}, "spoken: missing end"),
        ({"first_word": 0.5, "end": 2, "words": "x"}, "spoken: unknown field words"),
        ({"first_word": True, "end": 2}, "first_word: expected seconds"),
        ({"first_word": 0.5, "end": -1}, "end: expected seconds"),
        ({"first_word": 0.5, "end": float("nan")}, "end: expected seconds"),
        ([0.5, 2], "spoken: expected an object"),
    ],
)
def test_a_speed_that_is_not_seconds_is_refused(spoken: object, problem: str) -> None:
    data = {"type": "count", "seat": 0, "claim": {"type": "total", "points": 4}, "said": []}
    with pytest.raises(CodecError, match=problem):
        action_from_data({**data, "spoken": spoken}, "action 7")


def test_a_count_without_it_reads_as_before_and_with_it_as_the_same_action() -> None:
    data = {"type": "count", "seat": 0, "claim": {"type": "total", "points": 4}, "said": []}
    assert count_spoken(data) is None
    marked = {**data, "spoken": {"first_word": 0, "end": 2}}
    assert action_from_data(marked) == action_from_data(data)
    assert count_spoken(marked) == SpokenTimes(0.0, 2.0)
    with pytest.raises(CodecError, match="unknown field spoken"):
        action_from_data({"type": "go", "seat": 0, "spoken": {"first_word": 0, "end": 2}})
