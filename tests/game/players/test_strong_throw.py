"""The strong bot's throw: standard's values, plus a third of what the kept cards are worth
in the play in the two-hand six-card games, and standard's throw elsewhere."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.game.engine import new_game, prompt
from trainer.game.players.bots import Bot
from trainer.game.players.strong_throw import strong_throw
from trainer.game.state import Discard, GameState, Prompt
from trainer.game.variants import variant
from trainer.rules.cards import Card, parse_cards


def thrown(bot: Bot, state: GameState, asked: Prompt) -> set[Card]:
    action = bot.decide(state, asked)
    assert isinstance(action, Discard)
    return set(action.cards)


def dealt_to(seat: int, cards: str, *, dealer: int) -> GameState:
    """A standard game's first discard with ``cards`` dealt to ``seat``."""
    state, _ = new_game(variant("standard"), 1, dealer)
    hands = list(state.hand.dealt.hands)
    hands[seat] = tuple(parse_cards(cards))
    dealt = replace(state.hand.dealt, hands=tuple(hands))
    return replace(state, hand=replace(state.hand, dealer=dealer, dealt=dealt))


@pytest.mark.parametrize(
    ("cards", "dealer", "standard", "strong"),
    [
        # The dealer: 7-7-K-Q holds a little more in the hand and crib, but low cards to
        # pair and make fifteens with peg far better for the dealer.
        ("4D 7H KC QS 7D 2H", 0, "4D 2H", "KC QS"),
        # The pone: 4-4-5-7 counts a little more, but a five and a seven lead into fifteens
        # and runs; A-4-4-5 pegs better for the pone.
        ("AH 4H 5D 7H 10D 4D", 1, "AH 10D", "7H 10D"),
    ],
)
def test_the_play_can_change_the_throw(cards: str, dealer: int, standard: str, strong: str) -> None:
    state = dealt_to(0, cards, dealer=dealer)
    asked = prompt(state)
    assert asked is not None
    assert asked.kind == "discard"
    assert thrown(Bot("standard", 0, 1), state, asked) == set(parse_cards(standard))
    assert set(strong_throw(state, 0)) == set(parse_cards(strong))
    assert thrown(Bot("strong", 0, 1), state, asked) == set(parse_cards(strong))


def test_a_clear_throw_is_the_same() -> None:
    state = dealt_to(0, "5H 5C 5S JD KH 2C", dealer=0)
    assert set(strong_throw(state, 0)) <= set(parse_cards("KH 2C JD"))


@pytest.mark.parametrize("variant_id", ["five-card", "three-hand", "four-hand", "four-hand-solo"])
def test_other_variants_throw_as_standard(variant_id: str) -> None:
    rules = variant(variant_id)
    for seed in range(6):
        state, _ = new_game(rules, seed, seed % rules.players)
        for seat in range(rules.players):
            asked = prompt(state)
            assert asked is not None
            asked = replace(asked, seat=seat)
            standard = thrown(Bot("standard", seat, seed), state, asked)
            assert set(strong_throw(state, seat)) == standard
