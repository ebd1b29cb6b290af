"""Taking back your last decision in a game on its own: the game goes back to just before it
(every computer step after it taken back too), the undo is saved as a step of its own, a
resumed game comes to the same place, the record counts the undos; never in a match, never
once the game is over, never before your first decision."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.game.scripted import play_out, scripted
from trainer.game.codec import UNDO
from trainer.game.saved_games import replay_problem
from trainer.game.session import GameSession, SavedGameError
from trainer.game.setup import MatchPlace
from trainer.game.state import Count, Discard, GameError, GameState, Lay, SayGo
from trainer.game.undo import undo_span
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore
from trainer.history.file import SavedGame
from trainer.history.writing import load_game
from trainer.judge.claims import TotalClaim
from trainer.rules.cards import parse_card


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


def start(store: StatsStore, match: MatchPlace | None = None) -> GameSession:
    return GameSession.start(store, variant("short"), 11, [None, "standard"], match=match)


def play_until(session: GameSession, decisions: int) -> list[GameState]:
    """Play (the computer, then the scripted you) until you have made ``decisions`` more
    decisions (a go is none); the state just before each of them."""
    before: list[GameState] = []
    while len(before) < decisions:
        session.run_bots()
        asked = session.prompt
        assert asked is not None
        action = scripted(session.state, asked)
        if not isinstance(action, SayGo):
            before.append(session.state)
        session.act(action, seconds=3.0)
    session.run_bots()
    return before


def saved(store: StatsStore, session: GameSession) -> SavedGame:
    found = load_game(store, session.uid)
    assert found is not None
    return found


def test_an_undo_goes_back_to_just_before_your_last_decision(store: StatsStore) -> None:
    session = start(store)
    before = play_until(session, 6)[-1]
    taken = len(session.actions)
    last = next(a for a in reversed(session.actions) if a.seat == 0 and not isinstance(a, SayGo))
    undone = session.undo()
    assert undone[0] == last
    assert len(undone) == taken - before.steps  # yours, and every step after it
    assert session.state == before
    assert len(session.actions) == before.steps
    assert session.human_turn
    rows = saved(store, session).actions
    assert len(rows) == taken + 1 == session.saved
    assert json.loads(rows[-1]) == {"type": UNDO, "steps": len(undone)}


def test_a_game_resumed_after_an_undo_is_where_it_was_and_its_record_says_so(
    store: StatsStore, tmp_path: Path
) -> None:
    session = start(store)
    play_until(session, 4)
    session.undo()
    asked = session.prompt
    assert asked is not None
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert (resumed.state, resumed.actions, resumed.hands) == (
        session.state,
        session.actions,
        session.hands,
    )
    assert (resumed.undos, resumed.saved, resumed.counts) == (1, session.saved, session.counts)
    play_out(resumed)
    record = resumed.record
    assert record is not None
    assert record.to_dict()["undos"] == 1
    done = saved(store, resumed)
    assert replay_problem(done) is None  # an import plays the undo through too
    assert json.loads(done.record or "")["undos"] == 1


def test_undoing_a_count_keeps_its_answer_and_counts_on(store: StatsStore) -> None:
    """The count you took back was an answer all the same: it stays in your history, and the
    count made again is an answer of its own."""
    session = start(store)
    while True:
        session.run_bots()
        asked = session.prompt
        assert asked is not None
        if asked.kind == "count" and asked.seat == 0:
            break
        session.act(scripted(session.state, asked))
    at = session.state
    session.act(Count(0, TotalClaim(0)), seconds=2.0)
    session.run_bots()
    assert session.counts == 1
    while not isinstance(session.undo()[0], Count):  # back to the count (its answers too)
        pass
    assert session.state == at
    session.act(Count(0, TotalClaim(0)), seconds=2.0)
    assert session.counts == 2
    assert [a.question.number for a in session.attempts] == [1, 2]


def test_a_throw_undone_after_a_hint_is_no_longer_hinted(store: StatsStore) -> None:
    session = start(store)
    session.run_bots()
    dealt = session.state.hand.dealt.hands[0]
    session.act(Discard(0, dealt[:2]), hinted=True)
    assert session.hints == {(1, 0, 0)}
    session.undo()
    assert session.hints == set()
    session.act(Discard(0, dealt[-2:]))
    assert session.hints == set()
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert (resumed.hints, resumed.state) == (set(), session.state)


def test_no_undo_before_your_first_decision_in_a_match_or_once_over(store: StatsStore) -> None:
    session = start(store)
    session.run_bots()
    with pytest.raises(GameError, match="no throw, card, count or answer of yours to undo yet"):
        session.undo()
    assert saved(store, session).steps == session.saved  # nothing saved
    match = start(store, MatchPlace("m1", 5, 3, 1, (0, 0)))
    play_until(match, 2)
    steps = saved(store, match).steps
    with pytest.raises(GameError, match="no undo in a match: its games count as played"):
        match.undo()
    assert saved(store, match).steps == steps
    play_out(session)
    with pytest.raises(GameError, match="the game is over"):
        session.undo()


def test_a_saved_undo_that_could_not_have_been_taken_is_refused(store: StatsStore) -> None:
    session = start(store)
    play_until(session, 3)
    span = undo_span(session.actions, 0)
    session.undo()
    good = saved(store, session)
    assert replay_problem(good) is None
    wrong = json.dumps({"type": UNDO, "steps": span + 1})
    bad = replace(good, actions=(*good.actions[:-1], wrong))
    n = len(good.actions) - 1
    assert replay_problem(bad) == (
        f"action {n}: an undo takes back the last decision of yours, not {span + 1} steps"
    )
    with pytest.raises(SavedGameError, match="steps: expected a whole number 1 or more"):
        GameSession.played(
            store, replace(good, actions=(*good.actions[:-1], '{"type":"undo","steps":0}'))
        )
    match = start(store, MatchPlace("m2", 5, 3, 1, (0, 0)))
    play_until(match, 2)
    in_match = saved(store, match)
    undo = json.dumps({"type": UNDO, "steps": undo_span(match.actions, 0)})
    tampered = replace(in_match, actions=(*in_match.actions, undo), steps=in_match.steps + 1)
    assert replay_problem(tampered) == (
        f"action {in_match.steps}: no undo in a match: its games count as played"
    )


def test_what_an_undo_takes_back() -> None:
    throw, go, lay = Discard(0, ()), SayGo(0), Lay(0, parse_card("5H"))
    assert undo_span([], 0) == 0
    assert undo_span([Discard(1, ())], 0) == 0
    assert undo_span([throw, Discard(1, ())], 0) == 2
    assert undo_span([throw, lay, Discard(1, ()), go, Discard(1, ())], 0) == 4  # a go: no choice
    assert undo_span([throw], None) == 0  # no human at the table
