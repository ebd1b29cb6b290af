"""Points lost a hand by phase over your last games, from the ledgers the history keeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.game.scripted import play_out
from trainer.game.coach import kept_ledger
from trainer.game.coach.kept_ledger import session_ledger, worked_out
from trainer.game.coach.phase_stats import phase_report
from trainer.game.session import GameSession
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore, StoreError
from trainer.history.writing import load_game


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


def finished(store: StatsStore, seed: int) -> GameSession:
    session = GameSession.start(
        store, variant("short"), seed, [None, "standard"], options=GameOptions(muggins="hoyle")
    )
    play_out(session)
    return session


def test_no_games_no_figures(store: StatsStore) -> None:
    report = phase_report(store)
    assert report.games == ()
    assert report.per_hand() is None
    assert report.to_dict() == {
        "games": 0,
        "hands": 0,
        "unread": 0,
        "per_hand": None,
        "by_game": [],
    }


def test_each_game_is_its_ledger_of_your_seat_a_hand(store: StatsStore) -> None:
    first, second = finished(store, 5), finished(store, 6)
    kept = session_ledger(first)  # the first kept at its end, the second not yet
    assert load_game(store, second.uid).ledger is None  # type: ignore[union-attr]
    report = phase_report(store)
    assert [g.uid for g in report.games] == [first.uid, second.uid]  # oldest first
    assert load_game(store, second.uid).ledger is not None  # type: ignore[union-attr]
    one = report.games[0]
    assert one.lost == kept.totals(0)
    assert one.hands == len(kept.hands)
    assert one.per_hand()["discard"] == pytest.approx(kept.totals(0).discard / one.hands)
    lost = kept.totals(0)
    assert one.per_hand()["count"] == pytest.approx((lost.count + lost.calls) / one.hands)
    average = report.per_hand()
    assert average is not None
    hands = report.hands
    assert hands == sum(g.hands for g in report.games)
    total = report.lost()
    assert average["play"] == pytest.approx(total.play / hands)
    assert average["total"] == pytest.approx(
        average["discard"] + average["play"] + average["count"]
    )
    data = report.to_dict()
    assert data["games"] == 2
    assert data["by_game"][0]["lost"] == kept.totals(0).to_dict()
    assert phase_report(store, last=1).games[0].uid == second.uid  # the most recent


def test_a_ledger_that_cannot_be_kept_is_worked_out_all_the_same(
    store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = finished(store, 5)

    def refuse(*_: object) -> None:
        raise StoreError("the stats file is read-only")

    monkeypatch.setattr(kept_ledger, "save_ledger", refuse)
    report = phase_report(store)
    assert [g.uid for g in report.games] == [game.uid]
    assert report.games[0].lost == worked_out(load_game(store, game.uid)).totals(0)  # type: ignore[arg-type]
    assert load_game(store, game.uid).ledger is None  # type: ignore[union-attr]
