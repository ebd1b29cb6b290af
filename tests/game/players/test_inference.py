"""What the strong bot believes of the other hands in the play: hands a sound player keeps,
agreeing with the cards laid and the goes said, or dealt uniformly when nothing explains
them."""

from __future__ import annotations

import random
import statistics

import pytest

from tests.game.players.test_search import state_in_play
from trainer.game.players import inference
from trainer.game.players.inference import Believer, sound_keep
from trainer.game.players.values import discard_values
from trainer.game.state import GameState
from trainer.rules.cards import Card, deck, parse_cards
from trainer.rules.totals import show_total


def test_a_sound_keep_is_the_standard_bots_keep() -> None:
    dealt = parse_cards("5H 5C 5S JD KH 2C")
    assert set(sound_keep(dealt, 2, own_crib=True)) >= set(parse_cards("5H 5C 5S"))
    rng = random.Random(2)
    for _ in range(50):
        six = rng.sample(list(deck()), 6)
        thrown = max((v, n, t) for n, (v, t) in enumerate(discard_values(six, 2, own_crib=False)))
        assert set(sound_keep(six, 2, own_crib=False)) == set(six) - set(thrown[2])


def _other(state: GameState) -> tuple[int, int]:
    table = state.hand.table
    assert table is not None
    return table.turn, 1 - table.turn


def _unseen_by(state: GameState, seat: int) -> list[Card]:
    hand = state.hand
    table = hand.table
    assert table is not None
    laid = [c for s, kept in enumerate(hand.kept) for c in kept or () if c not in table.hands[s]]
    seen = {*hand.dealt.hands[seat], hand.dealt.starter, *laid}
    return [c for c in deck() if c not in seen]


def test_believed_hands_are_kept_hands_not_a_uniform_draw() -> None:
    """Before anything is laid, the other hand believed shows, with the starter, far more
    than four cards drawn at random from those unseen: what a sound keep is."""
    state = state_in_play("standard", 11, 0)
    seat, other = _other(state)
    starter = state.hand.dealt.starter
    believer = Believer(state, seat, {})
    rng = random.Random(5)
    unseen = _unseen_by(state, seat)
    believed, uniform = [], []
    for _ in range(300):
        ranks = believer.sample(rng)[other]
        assert len(ranks) == 4
        cards = [Card(r, s) for r, s in zip(ranks, "SHDC", strict=True)]  # no flush, no nobs
        believed.append(show_total(cards, Card(starter.rank, "S")))
        drawn = [Card(c.rank, s) for c, s in zip(rng.sample(unseen, 4), "SHDC", strict=True)]
        uniform.append(show_total(drawn, Card(starter.rank, "S")))
    assert statistics.fmean(believed) > statistics.fmean(uniform) + 2
    assert believer.believed == believer.tried == 300


@pytest.mark.parametrize("laid", [2, 3, 5])
def test_a_belief_agrees_with_the_cards_laid(laid: int) -> None:
    state = state_in_play("standard", 4, laid)
    seat, other = _other(state)
    table = state.hand.table
    assert table is not None
    held = len(table.hands[other])
    unseen = sorted(c.rank for c in _unseen_by(state, seat))
    believer = Believer(state, seat, {})
    rng = random.Random(laid)
    for _ in range(100):
        ranks = believer.sample(rng)[other]
        assert len(ranks) == held
        left = list(unseen)
        for rank in ranks:
            left.remove(rank)  # only cards the seat cannot see
    assert believer.believed >= 90


def test_a_seat_that_said_go_holds_nothing_that_fitted() -> None:
    state = state_in_play("standard", 4, 2)
    seat, other = _other(state)
    believer = Believer(state, seat, {other: 24})
    rng = random.Random(1)
    for _ in range(100):
        assert all(min(r, 10) > 7 for r in believer.sample(rng)[other])


def test_hands_no_keep_explains_are_dealt_uniformly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inference, "TRIES", 0)
    state = state_in_play("three-hand", 6, 2)
    table = state.hand.table
    assert table is not None
    seat = table.turn
    believer = Believer(state, seat, {})
    deal = believer.sample(random.Random(3))
    assert {s: len(h) for s, h in deal.items()} == {
        s: len(table.hands[s]) for s in range(3) if s != seat and table.hands[s]
    }
    assert believer.believed == 0
    assert believer.tried == len(deal)
