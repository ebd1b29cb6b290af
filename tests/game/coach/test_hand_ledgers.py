"""The hands' ledgers worked out as each hand ends, reused for the game's: the same ledger as
working the whole record out, no hand worked out twice, a changed hand worked out again."""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.game.scripted import play_out
from trainer.game.coach import hand_ledgers
from trainer.game.coach.analysis import Stopped, game_ledger, hand_ledger
from trainer.game.coach.hand_ledgers import HandLedgers
from trainer.game.coach.kept_ledger import session_ledger
from trainer.game.session import GameSession
from trainer.game.state import GameOptions
from trainer.game.variants import variant
from trainer.history import DB_NAME, StatsStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    with StatsStore(tmp_path / DB_NAME) as opened:
        yield opened


@pytest.fixture
def session(store: StatsStore) -> GameSession:
    played = GameSession.start(
        store, variant("short"), 5, [None, "standard"], options=GameOptions(muggins="hoyle")
    )
    play_out(played)
    return played


def test_the_hands_worked_out_as_they_ended_make_the_games_ledger(
    session: GameSession,
) -> None:
    rules = session.setup.rules
    ledgers = HandLedgers(rules, "hoyle")
    for hand in session.hands:  # as the table does when each hand ends
        ledgers.hand(hand.to_dict(), session.hints)
    assert ledgers.worked_out == len(session.hands) > 1
    ledger = session_ledger(session, ledgers)
    assert ledgers.worked_out == len(session.hands)  # none worked out again
    assert session.record is not None
    whole = game_ledger(rules, session.record.to_dict(), "hoyle", session.hints)
    assert ledger.to_dict() == whole.to_dict()


def test_only_the_hands_not_worked_out_yet_are_at_the_games_end(session: GameSession) -> None:
    ledgers = HandLedgers(session.setup.rules, "hoyle")
    for hand in session.hands[:-1]:
        ledgers.hand(hand.to_dict(), session.hints)
    before = ledgers.worked_out
    session_ledger(session, ledgers)
    assert ledgers.worked_out == before + 1


def test_a_hand_whose_record_or_hints_changed_is_worked_out_again(
    session: GameSession,
) -> None:
    rules = session.setup.rules
    ledgers = HandLedgers(rules, "hoyle")
    data = session.hands[0].to_dict()
    first = ledgers.hand(data, ())
    assert ledgers.hand(copy.deepcopy(data), ()) is first  # the same record: reused
    hinted = {(data["number"], 0, 0)}  # a hint before seat 0's throw
    again = ledgers.hand(data, hinted)
    assert ledgers.worked_out == 2
    assert again == hand_ledger(rules, data, "hoyle", hinted)
    throw = again.seats[0].throw
    assert throw is not None
    assert throw.hinted
    other_hand: dict[str, Any] = copy.deepcopy(data)
    other_hand["events"] = other_hand["events"][:-1]  # an undo took its last step back
    ledgers.hand(other_hand, hinted)
    assert ledgers.worked_out == 3
    # a hint of another hand is not this hand's: reused
    assert ledgers.hand(other_hand, hinted | {(data["number"] + 1, 0, 0)}) is not None
    assert ledgers.worked_out == 3


def test_a_hand_kept_is_a_copy_of_its_record(session: GameSession) -> None:
    ledgers = HandLedgers(session.setup.rules, "hoyle")
    data = session.hands[0].to_dict()
    ledgers.hand(data)
    data["events"].clear()  # the caller's record changes after: the kept one does not
    ledgers.hand(session.hands[0].to_dict())
    assert ledgers.worked_out == 1


def test_a_stop_ends_the_work_and_keeps_nothing(session: GameSession) -> None:
    ledgers = HandLedgers(session.setup.rules, "hoyle")
    data = session.hands[0].to_dict()
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(Stopped):
        ledgers.hand(data, stop=stop)
    assert ledgers.worked_out == 0
    ledgers.hand(data)
    assert ledgers.worked_out == 1


def test_a_hand_asked_for_while_it_is_worked_out_is_worked_out_once(
    session: GameSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = session.setup.rules
    started, go_on = threading.Event(), threading.Event()
    calls: list[int] = []

    def slow(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        started.set()
        assert go_on.wait(10)
        return hand_ledger(*args, **kwargs)

    monkeypatch.setattr(hand_ledgers, "hand_ledger", slow)
    ledgers = HandLedgers(rules, "hoyle")
    data = session.hands[0].to_dict()
    results: list[object] = []
    first = threading.Thread(target=lambda: results.append(ledgers.hand(data)))
    first.start()
    assert started.wait(10)
    second = threading.Thread(target=lambda: results.append(ledgers.hand(data)))
    second.start()
    go_on.set()
    first.join(10)
    second.join(10)
    assert len(calls) == 1
    assert len(results) == 2
    assert results[0] is results[1]
