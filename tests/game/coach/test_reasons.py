"""The hint's reasons: what a keep holds before the cut and what a throw gives the crib, and
what a card laid pegs now, in a player's words and exact points."""

from __future__ import annotations

import pytest

from trainer.game.coach.reasons import gives, holds, lay_reason, rank_name, throw_reason
from trainer.rules.cards import parse_cards


@pytest.mark.parametrize(
    ("keep", "said", "points"),
    [
        ("3C 4S 4D 5H", "a double run of three", 8),
        ("6C 6D 7S 8H", "a double run of three and fifteen 2", 10),
        ("3C 3D 4S 4H 5C", "a double-double run of three and fifteen 4", 20),
        ("2S 3S 4D", "a run of three", 3),
        ("5H 5S JD JH", "a pair of fives, a pair of jacks and fifteen 8", 12),
        ("5C 5D 5S 10S", "a pair royal of fives and fifteen 8", 14),
        ("6C 6D 6H 6S", "a double pair royal of sixes", 12),
        ("2H 4H 7H 9H", "fifteen 2 and a flush", 6),
        ("2C 7D 9S KH", "nothing", 0),
        ("AC 2C 3C", "a run of three and a flush", 6),  # a five-card game's keep of three
    ],
)
def test_a_keep_is_named_with_its_points_before_the_cut(keep: str, said: str, points: int) -> None:
    assert holds(parse_cards(keep)) == (said, points)


@pytest.mark.parametrize(
    ("throw", "given"),
    [
        ("5S 6D", ["a five", "cards that can run"]),
        ("5S 5D", ["two fives"]),
        ("KH KD", ["a pair of kings"]),
        ("7C 8D", ["a fifteen", "cards that can run"]),
        ("5S 10D", ["a five", "a fifteen"]),
        ("9C JD", ["cards that can run"]),
        ("2C 9D", []),
        ("5H", ["a five"]),
        ("KH", []),
    ],
)
def test_a_throw_names_what_it_gives_a_crib(throw: str, given: list[str]) -> None:
    assert gives(parse_cards(throw)) == given


def test_the_reason_says_whose_crib_and_nothing_as_nothing() -> None:
    assert throw_reason(parse_cards("2C 7D 9S KH"), parse_cards("QD 4S"), own_crib=False) == (
        "keeps nothing; gives their crib no five and nothing together"
    )
    assert throw_reason(parse_cards("6C 6D 7S 8H"), parse_cards("5S 5D"), own_crib=True) == (
        "keeps a double run of three and fifteen 2, 10 before the cut; gives your crib two fives"
    )
    assert throw_reason(parse_cards("5C 5D 5S 10S"), parse_cards("KH"), own_crib=False) == (
        "keeps a pair royal of fives and fifteen 8, 14 before the cut; gives their crib no five"
    )


@pytest.mark.parametrize(
    ("pile", "card", "said"),
    [
        ("", "5H", "count 5"),
        ("7C", "8D", "fifteen for 2"),
        ("7C 7D", "7H", "pair royal for 6"),
        ("4C 6D", "5H", "fifteen for 2, run of 3 for 3"),
        ("KC QD 5S", "6H", "thirty-one for 2"),
        ("KC QD", "9S", "count 29"),
    ],
)
def test_a_card_laid_says_what_it_pegs_now_or_the_count(pile: str, card: str, said: str) -> None:
    assert lay_reason(parse_cards(pile) if pile else [], parse_cards(card)[0]) == said


def test_ranks_are_named_as_players_say_them() -> None:
    assert [rank_name(r) for r in (1, 5, 10, 11, 13)] == ["ace", "five", "ten", "jack", "king"]
    assert [rank_name(r, plural=True) for r in (6, 3, 12)] == ["sixes", "threes", "queens"]
