"""The computer players: legal and deterministic in every variant, sound discards, and a
standard bot that beats an easy one."""

from __future__ import annotations

import json

import pytest

from trainer.game.bots import Bot, discard_values, expected_reply, hand_average
from trainer.game.record import play_game
from trainer.game.variants import VARIANTS, variant
from trainer.rules.cards import deck, parse_cards


def bots(levels: list[str], seed: int) -> list[Bot]:
    return [Bot(level, n, seed) for n, level in enumerate(levels)]  # type: ignore[arg-type]


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_bots_play_every_variant_to_the_end_and_replay_exactly(variant_id: str) -> None:
    rules = variant(variant_id)
    levels = ["standard", "easy"] * 2
    record = play_game(rules, 3, bots(levels[: rules.players], 3), levels[: rules.players])
    assert record.final[record.winner] == rules.target
    again = play_game(rules, 3, bots(levels[: rules.players], 3), levels[: rules.players])
    assert json.dumps(again.to_dict()) == json.dumps(record.to_dict())


def test_the_kept_hand_is_valued_over_every_unseen_starter() -> None:
    kept = parse_cards("5H 5C 5S JD")
    dealt = [*kept, *parse_cards("KH QH")]
    unseen = [c for c in deck() if c not in dealt]
    assert len(unseen) == 46
    # 5-5-5-J is 14 with any starter; more with a five, a ten-card or the jack's suit.
    assert hand_average(kept, unseen) > 14


def test_standard_keeps_the_fives_and_gives_the_crib_by_its_value() -> None:
    dealt = parse_cards("5H 5C 5S JD KH 2C")
    own = max(discard_values(dealt, 2, own_crib=True))[1]
    theirs = max(discard_values(dealt, 2, own_crib=False))[1]
    assert set(own) <= set(parse_cards("KH 2C JD"))
    assert set(theirs) <= set(parse_cards("KH 2C JD"))


def test_the_expected_reply_counts_only_cards_that_fit() -> None:
    pile = parse_cards("10S 10H")  # 20: a five makes... nothing; an ace makes 21
    assert expected_reply(pile, parse_cards("AH")) == 0.0
    assert expected_reply(parse_cards("10S"), parse_cards("5H 10D")) == (2 + 2) / 2
    assert expected_reply(parse_cards("KS KH 9D"), parse_cards("3C")) == 0.0  # 32: no fit


@pytest.mark.slow
def test_standard_beats_easy_with_seats_swapped() -> None:
    rules = variant("standard")
    wins = games = 0
    for seed in range(120):
        for first in ("standard", "easy"):
            levels = [first, "easy" if first == "standard" else "standard"]
            record = play_game(rules, seed, bots(levels, seed), levels)
            wins += levels[record.winner] == "standard"
            games += 1
    assert wins / games > 0.55, wins / games
