"""The frozen play (`rules.play.Play`) with two to four seats: turns, go, 31, the last card."""

from __future__ import annotations

import pytest

from trainer.rules.cards import parse_cards
from trainer.rules.play import Play, PlayError


def test_fifteen_and_thirty_one_then_the_count_starts_again() -> None:
    t = Play.start([parse_cards("10S 6D 3C"), parse_cards("5C KH 2C")], leader=0)
    steps = []
    for card in ["10S", "5C", "6D", "KH"]:
        t, items = t.lay(parse_cards(card)[0])
        steps.append([(i.kind, i.points) for i in items])
    assert steps == [[], [("fifteen", 2)], [], [("thirty_one", 2)]]
    assert t.pile == ()  # 31 reset the count
    assert t.turn == 0  # the seat after the one who made 31 leads


def test_a_go_in_two_player_play_lets_the_other_play_on() -> None:
    t = Play.start([parse_cards("KS QS"), parse_cards("KH 9D AC")], leader=0)
    t, _ = t.lay(parse_cards("KS")[0])  # 10
    t, _ = t.lay(parse_cards("KH")[0])  # 20
    t, _ = t.lay(parse_cards("QS")[0])  # 30
    assert t.turn == 1
    assert t.playable(1) == tuple(parse_cards("AC"))
    t, items = t.lay(parse_cards("AC")[0])  # 31 for 2
    assert [(i.kind, i.points) for i in items] == [("thirty_one", 2)]
    assert t.turn == 1  # seat 0 has no cards: seat 1 leads the new count
    t, items = t.lay(parse_cards("9D")[0])
    assert [(i.kind, i.points) for i in items] == [("last", 1)]
    assert t.done


def test_go_is_refused_to_a_seat_that_can_lay() -> None:
    t = Play.start([parse_cards("KS"), parse_cards("KH")], leader=0)
    with pytest.raises(PlayError, match="seat 0 can lay KS: no go"):
        t.go()


def test_three_seats_the_go_goes_to_the_last_to_lay() -> None:
    t = Play.start([parse_cards("KS 9C"), parse_cards("QH 8D"), parse_cards("JD 2H")], leader=1)
    t, _ = t.lay(parse_cards("QH")[0])  # 10
    t, _ = t.lay(parse_cards("JD")[0])  # 20
    t, _ = t.lay(parse_cards("9C")[0])  # 29: seat 1 cannot lay 8D
    assert t.turn == 1
    assert t.playable(1) == ()
    t, items = t.go()
    assert items == ()
    assert t.turn == 2  # seat 2 plays on with 2H
    t, items = t.lay(parse_cards("2H")[0])  # 31
    assert [(i.kind, i.points) for i in items] == [("thirty_one", 2)]
    assert t.turn == 0  # the seat after seat 2 leads the new count
    t, items = t.lay(parse_cards("KS")[0])
    assert t.turn == 1
    t, items = t.lay(parse_cards("8D")[0])
    assert [(i.kind, i.points) for i in items] == [("last", 1)]
    assert t.done


def test_a_go_when_nobody_can_lay_goes_to_the_last_to_lay_at_once() -> None:
    t = Play.start([parse_cards("KS 9C"), parse_cards("QH 8D"), parse_cards("JD 2H")], leader=0)
    t, _ = t.lay(parse_cards("KS")[0])
    t, _ = t.lay(parse_cards("QH")[0])
    t, items = t.lay(parse_cards("JD")[0])  # K-Q-J, 30: nobody can lay
    assert [(i.kind, i.points) for i in items] == [("run", 3), ("go", 1)]
    assert t.count == 0
    assert t.last_player == 2
    assert t.turn == 0
