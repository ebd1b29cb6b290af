"""A game's ledger kept with it in the history: worked out once the game is over, read back as
kept, worked out again when missing or of another version of the advice, checked on import."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.game.scripted import play_out
from trainer.game.coach import kept_ledger
from trainer.game.coach.kept_ledger import (
    import_problem,
    ledger_text,
    session_ledger,
    stored_ledger,
    worked_out,
)
from trainer.game.coach.ledger import MODEL, ledger_from
from trainer.game.session import GameSession
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.file import SavedGame
from trainer.history.writing import load_game


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


def finished(store: StatsStore, seed: int = 5) -> GameSession:
    session = GameSession.start(
        store, variant("short"), seed, [None, "standard"], options=GameOptions(muggins="hoyle")
    )
    play_out(session)
    return session


def saved_game(store: StatsStore, session: GameSession) -> SavedGame:
    saved = load_game(store, session.uid)
    assert saved is not None
    return saved


def test_a_games_ledger_is_kept_with_it_once_over(store: StatsStore) -> None:
    session = finished(store)
    assert saved_game(store, session).ledger is None
    ledger = session_ledger(session)
    saved = saved_game(store, session)
    assert saved.ledger == ledger_text(ledger)
    assert json.loads(saved.ledger)["model"] == MODEL
    assert worked_out(saved).to_dict() == ledger.to_dict()  # the same from its actions
    assert import_problem(saved) is None


def test_a_kept_ledger_is_read_back_not_worked_out_again(
    store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = finished(store)
    ledger = session_ledger(session)

    def never(saved: SavedGame) -> None:
        raise AssertionError("worked out again")

    monkeypatch.setattr(kept_ledger, "worked_out", never)
    again = stored_ledger(store, saved_game(store, session))
    assert again.to_dict() == ledger.to_dict()
    assert ledger_from(ledger.to_dict()).to_dict() == ledger.to_dict()


@pytest.mark.parametrize("kept", [None, '{"model": 0, "hands": []}', "not json"])
def test_a_ledger_missing_or_of_another_model_is_worked_out_and_kept(
    store: StatsStore, kept: str | None
) -> None:
    session = finished(store)
    truth = session_ledger(session)
    saved = replace(saved_game(store, session), ledger=kept)
    assert stored_ledger(store, saved).to_dict() == truth.to_dict()
    assert saved_game(store, session).ledger == ledger_text(truth)


def test_a_ledger_kept_by_model_1_is_worked_out_again_not_shown(store: StatsStore) -> None:
    """Model 1 charged every point a count missed or overclaimed: a ledger kept so (its counts
    without what moved, its answers without the claim's miss) is not read, but worked out
    again with the count's points as they moved, and kept; an import keeps it as it comes."""
    assert MODEL == 2
    session = finished(store)
    truth = session_ledger(session)
    old = truth.to_dict() | {"model": 1}
    for hand in old["hands"]:
        for seat in hand["ledger"]:
            seat["counts"] = [
                {k: c[k] for k in ("box", "missed", "over", "mugged")} for c in seat["counts"]
            ]
            seat["answers"] = [
                {k: a[k] for k in ("owner", "box", "answer", "let_go", "wrong")}
                for a in seat["answers"]
            ]
    saved = replace(saved_game(store, session), ledger=json.dumps(old))
    assert kept_ledger.kept_ledger(saved) is None
    assert import_problem(saved) is None
    assert stored_ledger(store, saved).to_dict() == truth.to_dict()
    assert saved_game(store, session).ledger == ledger_text(truth)


def test_a_game_not_over_has_no_ledger(store: StatsStore) -> None:
    session = GameSession.start(store, variant("standard"), 3, [None, "standard"])
    with pytest.raises(ValueError, match="the game is not over"):
        session_ledger(session)


def test_an_import_checks_a_ledger_is_its_records(store: StatsStore) -> None:
    """A ledger brought by an import is its record's, of a model a Muggins writes (1, an
    older trainer's, is kept as it comes; another model, text, true or a 50 MB string is
    refused, quoted short)."""
    session = finished(store)
    session_ledger(session)
    saved = saved_game(store, session)
    data = json.loads(saved.ledger or "")
    data["hands"][1]["ledger"][0]["count"] += 1
    problem = import_problem(replace(saved, ledger=json.dumps(data)))
    assert problem == "ledger: hand 2 is not what its record gives"
    data = json.loads(saved.ledger or "")
    data["seats"][1]["discard"] += 0.5
    problem = import_problem(replace(saved, ledger=json.dumps(data)))
    assert problem is not None
    assert problem.startswith("ledger: seat 1's totals are not what its record gives")
    assert import_problem(replace(saved, ledger="[1, 2]")) == (
        "ledger: it is not a ledger (an object)"
    )
    for model in (MODEL + 1, 0, -1, "1", "2", True, "x" * 50_000_000):
        other = json.dumps({**data, "model": model})
        problem = import_problem(replace(saved, ledger=other))
        assert problem is not None
        assert problem.startswith("ledger: model: "), problem
        assert problem.endswith(" is not a model of the coach's advice a Muggins writes (1 or 2)")
        assert len(problem) < 200
    assert import_problem(replace(saved, ledger=json.dumps({**data, "model": 1}))) is None
