"""`evolve`: a frozen dataclass copied with some fields changed, as `dataclasses.replace`."""

from __future__ import annotations

import dataclasses

import pytest

from trainer.rules.cards import parse_cards
from trainer.rules.frozen import evolve
from trainer.rules.play import Play


def test_evolve_gives_what_replace_gives_and_leaves_the_original() -> None:
    play = Play.start((tuple(parse_cards("5H 6D")), tuple(parse_cards("KS AC"))), 1)
    changed = evolve(play, turn=0, pile=tuple(parse_cards("KS")))
    assert changed == dataclasses.replace(play, turn=0, pile=tuple(parse_cards("KS")))
    assert type(changed) is Play
    assert play.turn == 1
    assert play.pile == ()
    assert hash(changed) == hash(dataclasses.replace(play, turn=0, pile=tuple(parse_cards("KS"))))
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.turn = 1  # type: ignore[misc]


def test_evolve_with_no_change_is_an_equal_copy() -> None:
    play = Play.start((tuple(parse_cards("5H")), tuple(parse_cards("KS"))))
    assert evolve(play) == play
    assert evolve(play) is not play


def test_evolve_refuses_a_name_that_is_no_field() -> None:
    play = Play.start((tuple(parse_cards("5H")), tuple(parse_cards("KS"))))
    with pytest.raises(TypeError, match="Play has no field colour, tern"):
        evolve(play, tern=1, colour="red")
