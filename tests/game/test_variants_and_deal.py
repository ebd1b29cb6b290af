"""The variants table (RULES.md, "The game") and the seeded deal of each hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.game.deal import deal_hand, hand_deck
from trainer.game.variants import MATCH_POINTS, VARIANTS, variant

# RULES.md's table: players, dealt, kept, crib from the deck, target.
TABLE = {
    "standard": (2, 6, 4, 0, 121),
    "short": (2, 6, 4, 0, 61),
    "five-card": (2, 5, 3, 0, 61),
    "three-hand": (3, 5, 4, 1, 121),
    "four-hand": (4, 5, 4, 0, 121),
    "four-hand-solo": (4, 6, 5, 0, 121),
}


@pytest.mark.parametrize("variant_id", list(TABLE))
def test_each_variant_is_as_rules_md_says(variant_id: str) -> None:
    v = variant(variant_id)
    assert (v.players, v.dealt, v.kept, v.deck_to_crib, v.target) == TABLE[variant_id]
    assert v.crib_size == 4
    if v.target == 121:
        assert (v.skunk_line, v.double_skunk_line) == (91, 61)
    else:
        assert (v.skunk_line, v.double_skunk_line) == (46, 31)


def test_the_table_lists_every_variant_in_order() -> None:
    assert list(VARIANTS) == list(TABLE)


def test_only_the_five_card_game_has_three_for_last() -> None:
    assert {v.id: v.start_bonus for v in VARIANTS.values() if v.start_bonus} == {"five-card": 3}


def test_partners_sit_across_and_others_play_alone() -> None:
    four = variant("four-hand")
    assert four.sides == ((0, 2), (1, 3))
    assert [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert variant("four-hand-solo").sides == ((0,), (1,), (2,), (3,))
    assert variant("three-hand").side_of(2) == 2
    with pytest.raises(ValueError, match="seat 4 is not at a 4-player table"):
        four.side_of(4)


@pytest.mark.parametrize(
    ("variant_id", "loser", "result", "points"),
    [
        ("standard", 91, "win", 1),
        ("standard", 90, "skunk", 2),
        ("standard", 61, "skunk", 2),
        ("standard", 60, "double-skunk", 4),
        ("short", 46, "win", 1),
        ("short", 45, "skunk", 2),
        ("short", 30, "double-skunk", 4),
    ],
)
def test_skunk_lines(variant_id: str, loser: int, result: str, points: int) -> None:
    got = variant(variant_id).result(loser)
    assert got == result
    assert MATCH_POINTS[got] == points


def test_an_unknown_variant_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="'six-hand' is not a game \\(known: standard, short"):
        variant("six-hand")


@given(
    st.sampled_from(list(TABLE)),
    st.integers(0, 2**63 - 1),
    st.integers(1, 200),
    st.integers(0, 3),
)
def test_a_deal_is_distinct_cards_in_the_right_numbers(
    variant_id: str, seed: int, number: int, dealer: int
) -> None:
    v = variant(variant_id)
    dealer %= v.players
    d = deal_hand(v, seed, number, dealer)
    assert [len(h) for h in d.hands] == [v.dealt] * v.players
    assert len(d.deck_to_crib) == v.deck_to_crib
    cards = [c for h in d.hands for c in h] + [*d.deck_to_crib, d.starter]
    assert len(set(cards)) == len(cards)
    # The same seed and number give the same cards, whoever asks and whenever.
    assert deal_hand(v, seed, number, dealer) == d


def test_cards_go_one_at_a_time_from_the_left_of_the_dealer() -> None:
    v = variant("three-hand")
    deck = hand_deck(7, 1)
    d = deal_hand(v, 7, 1, dealer=2)
    assert d.hands[0][:2] == (deck[0], deck[3])
    assert d.hands[1][:2] == (deck[1], deck[4])
    assert d.hands[2][:2] == (deck[2], deck[5])
    assert d.deck_to_crib == (deck[15],)
    assert d.starter == deck[16]


def test_each_hand_has_its_own_deck() -> None:
    assert hand_deck(7, 1) != hand_deck(7, 2)
    assert hand_deck(7, 1) != hand_deck(8, 1)
    assert hand_deck(7, 1) == hand_deck(7, 1)
    with pytest.raises(ValueError, match="dealer 2 is not a seat at a 2-player table"):
        deal_hand(variant("standard"), 7, 1, dealer=2)
