"""A hint asked for at the table is kept with the decision it came before: the action is saved
marked ``"hinted": true``, a game played through again (resumed, imported) knows it, and the
game's ledger marks that decision; a mark on anything else is refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.game.scripted import scripted
from trainer.game.coach.kept_ledger import session_ledger, worked_out
from trainer.game.codec import CodecError, action_from_data
from trainer.game.session import GameSession
from trainer.game.state import Discard, Lay
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.writing import load_game


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


def play_hinting(store: StatsStore, seed: int = 5) -> GameSession:
    """A short game whose human asks for a hint before its first throw and before every
    second card it lays."""
    session = GameSession.start(store, variant("short"), seed, [None, "standard"])
    lays = 0
    while not session.over:
        session.run_bots()
        asked = session.prompt
        if asked is None:
            break
        action = scripted(session.state, asked)
        hinted = isinstance(action, Discard) and session.state.hand.number == 1
        if isinstance(action, Lay):
            lays += 1
            hinted = lays % 2 == 0
        session.act(action, seconds=1.0, hinted=hinted)
    return session


def test_hints_are_saved_with_their_decisions_and_marked_in_the_ledger(
    store: StatsStore,
) -> None:
    session = play_hinting(store)
    assert (1, 0, 0) in session.hints  # the first throw
    assert all(seat == 0 for _, seat, _ in session.hints)
    saved = load_game(store, session.uid)
    assert saved is not None
    marked = [json.loads(a) for a in saved.actions if '"hinted"' in a]
    assert len(marked) == len(session.hints)
    assert all(a["type"] in ("discard", "lay") and a["hinted"] is True for a in marked)
    # Played through again, as resuming or importing it does, the hints are the same.
    with StatsStore(":memory:") as nowhere:
        assert GameSession.played(nowhere, saved).hints == session.hints
    ledger = session_ledger(session)
    kept = worked_out(saved)
    assert kept.to_dict() == ledger.to_dict()
    marked_choices = [
        (hand.number, choice)
        for hand in ledger.hands
        for choice in (hand.seats[0].throw, *hand.seats[0].lays)
        if choice is not None and choice.hinted
    ]
    assert marked_choices  # the hinted throw at least (a lay with no choice is not costed)
    assert ledger.hands[0].seats[0].throw is not None
    assert ledger.hands[0].seats[0].throw.hinted
    assert ledger.totals(0).hinted == len(marked_choices)
    assert ledger.totals(1).hinted == 0


def test_a_hint_on_a_count_or_an_answer_is_not_kept(store: StatsStore) -> None:
    session = GameSession.start(store, variant("short"), 5, [None, "standard"])
    while not session.over and session.state.phase != "show":
        session.run_bots()
        asked = session.prompt
        assert asked is not None
        session.act(scripted(session.state, asked))
    session.run_bots()
    asked = session.prompt
    assert asked is not None
    assert (asked.seat, asked.kind in ("count", "respond")) == (0, True)
    session.act(scripted(session.state, asked), hinted=True)
    assert session.hints == set()
    saved = load_game(store, session.uid)
    assert saved is not None
    assert not any('"hinted"' in a for a in saved.actions)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"type": "discard", "seat": 0, "cards": ["5H", "5S"], "hinted": False}, "only ever"),
        ({"type": "lay", "seat": 0, "card": "5H", "claim": None, "hinted": 1}, "only ever"),
        ({"type": "go", "seat": 0, "hinted": True}, "unknown field hinted"),
    ],
)
def test_a_hint_mark_that_is_not_true_on_a_throw_or_lay_is_refused(
    data: dict[str, object], problem: str
) -> None:
    with pytest.raises(CodecError, match=problem):
        action_from_data(data, "action 3")


def test_a_marked_action_reads_as_the_action() -> None:
    plain = {"type": "lay", "seat": 1, "card": "5H", "claim": None}
    assert action_from_data({**plain, "hinted": True}) == action_from_data(plain)
