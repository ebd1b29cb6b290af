"""The coach's discard advice: every throw's hand, crib and net, exact against brute force."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game.brute import crib_mean, hand_mean
from trainer.game.coach.discard import (
    SHOWN,
    CribModel,
    discard_advice,
    rank_points_table,
)
from trainer.game.variants import VARIANTS, variant
from trainer.rules.cards import SUITS, Card, CardError, deck, parse_card, parse_cards
from trainer.rules.show import HandError, score_show

EXACT = 1e-9
"""Floats made from the same exact fractions: equal but for the last bit."""

# (variant, dealt, the throws checked against the brute force: None for every one)
CASES = [
    ("standard", "5H 5S JD JH 4D 6C", None),  # pairs of fives and jacks
    ("standard", "2H 4H 7H 9H JH KH", None),  # all one suit: hand and crib flushes, nobs
    ("five-card", "JH 5H 2H 9H KH", None),  # a flush of five with a jack
    ("five-card", "5C 5D 10S KH 5S", None),  # three fives
    ("three-hand", "JS 5S 7S 8S QS", ["JS"]),  # a jack thrown, flush-prone
    ("four-hand", "5D 5C 5H JS 10D", ["JS"]),  # a jack with three fives
    ("four-hand-solo", "AC 2C 3D JC 9H KS", ["JC"]),  # a jack in a run-prone hand
]
SLOW_CASES = [
    ("standard", "2C 7D 9S KH QD 4S", None),  # junk
    ("short", "3C 3D 4S 5H 5S 6D", None),  # double runs
    ("three-hand", "JS 5S 7S 8S QS", None),
    ("three-hand", "2C 7D 9S KH 4S", None),  # junk
    ("four-hand", "5D 5C 5H JS 10D", None),
    ("four-hand-solo", "AC 2C 3D JC 9H KS", None),
    ("four-hand-solo", "5S 5H JS JH 10S 4S", None),  # fives, jacks, flush-prone
]


def _check_against_brute_force(variant_id: str, dealt_text: str, throws: list[str] | None) -> None:
    rules = variant(variant_id)
    dealt = parse_cards(dealt_text)
    advice = discard_advice(dealt, rules, own_crib=True)
    against = discard_advice(dealt, rules, own_crib=False)
    by_throw = {frozenset(t.throw): t for t in advice}
    assert len(by_throw) == comb(rules.dealt, rules.thrown)
    wanted = (
        [frozenset(t) for t in combinations(dealt, rules.thrown)]
        if throws is None
        else [frozenset(parse_cards(" ".join(throws)))]
    )
    for throw in wanted:
        got = by_throw[throw]
        hand = hand_mean(dealt, tuple(throw))
        crib = crib_mean(dealt, tuple(throw))
        assert got.hand == pytest.approx(float(hand), abs=EXACT), throw
        assert got.crib == pytest.approx(float(crib), abs=EXACT), throw
        assert got.net == pytest.approx(float(hand + crib), abs=EXACT), throw
        other = next(t for t in against if frozenset(t.throw) == throw)
        assert other.net == pytest.approx(float(hand - crib), abs=EXACT), throw


@pytest.mark.parametrize(
    ("variant_id", "dealt", "throws"), CASES, ids=[f"{v}-{d}" for v, d, _ in CASES]
)
def test_every_variant_against_brute_force(
    variant_id: str, dealt: str, throws: list[str] | None
) -> None:
    _check_against_brute_force(variant_id, dealt, throws)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant_id", "dealt", "throws"), SLOW_CASES, ids=[f"{v}-{d}" for v, d, _ in SLOW_CASES]
)
def test_every_throw_of_more_hands_against_brute_force(
    variant_id: str, dealt: str, throws: list[str] | None
) -> None:
    _check_against_brute_force(variant_id, dealt, throws)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_each_kept_hand_is_its_mean_over_every_starter(variant_id: str) -> None:
    rules = variant(variant_id)
    dealt = list(deck()[3 : 3 + rules.dealt])
    for t in discard_advice(dealt, rules, own_crib=False):
        assert t.hand == pytest.approx(float(hand_mean(dealt, t.throw)), abs=EXACT)
        assert sorted(t.keep + t.throw) == sorted(dealt)
        assert len(t.keep) == rules.kept


def test_the_unseen_cards_are_the_46_not_dealt_to_you_not_50() -> None:
    """The bots' table averages over the 50 cards besides the throw; the coach knows the
    other four dealt cards are not in the crib, and the two differ."""
    from trainer.game.players.crib_values import crib_value

    dealt = parse_cards("5H 5S 5D 5C JD JH")
    advice = discard_advice(dealt, variant("standard"), own_crib=True)
    jacks = next(t for t in advice if set(t.throw) == set(parse_cards("JD JH")))
    assert jacks.crib == pytest.approx(float(crib_mean(dealt, jacks.throw)), abs=EXACT)
    assert abs(jacks.crib - crib_value(*jacks.throw)) > 0.5  # no fives left to make fifteens


def test_the_rank_table_is_the_shows_fifteens_pairs_and_runs() -> None:
    table = rank_points_table()
    for cards in [parse_cards("5H 5S 5D JC 5C"), parse_cards("JH JS JD JC 4H"), deck()[:5]]:
        breakdown = score_show(cards[:4], cards[4], crib=True)
        rank_only = breakdown.total - breakdown.flush - breakdown.nobs
        key = sum(1 << 4 * c.rank for c in cards)
        assert table(key) == rank_only


@settings(max_examples=60)
@given(st.permutations(deck()), st.data())
def test_the_rank_table_for_any_five_cards(cards: list[Card], data: st.DataObject) -> None:
    five = cards[:5]
    breakdown = score_show(five[:4], five[4], crib=data.draw(st.booleans()))
    key = sum(1 << 4 * c.rank for c in five)
    assert rank_points_table()(key) == breakdown.total - breakdown.flush - breakdown.nobs


def test_every_crib_model_counts_every_case_once() -> None:
    model = CribModel(list(deck()[6:]), SHOWN - 2)
    assert sum(w for _, w in model.fills) == comb(46, 3) == model.ways


def _dealt(variant_id: str) -> st.SearchStrategy[list[Card]]:
    return st.permutations(deck()).map(lambda cards: cards[: variant(variant_id).dealt])


@settings(max_examples=30)
@given(st.sampled_from(list(VARIANTS)), st.data(), st.booleans())
def test_the_best_throw_comes_first_and_its_net_is_the_most(
    variant_id: str, data: st.DataObject, own: bool
) -> None:
    rules = variant(variant_id)
    dealt = data.draw(_dealt(variant_id))
    advice = discard_advice(dealt, rules, own_crib=own)
    nets = [t.net for t in advice]
    assert advice[0].net == max(nets)
    assert nets == sorted(nets, reverse=True)
    assert (
        len({frozenset(t.throw) for t in advice}) == len(advice) == comb(rules.dealt, rules.thrown)
    )
    for t in advice:
        assert t.net == pytest.approx(t.hand + t.crib if own else t.hand - t.crib, abs=EXACT)
        assert 0 <= t.hand <= 29
        assert 0 <= t.crib <= 29


@settings(max_examples=20)
@given(st.sampled_from(list(VARIANTS)), st.data(), st.permutations(SUITS))
def test_naming_the_suits_otherwise_changes_no_value(
    variant_id: str, data: st.DataObject, suits: list[str]
) -> None:
    rules = variant(variant_id)
    dealt = data.draw(_dealt(variant_id))
    rename = dict(zip(SUITS, suits, strict=True))
    renamed = [Card(c.rank, rename[c.suit]) for c in dealt]
    before = {frozenset(t.throw): t for t in discard_advice(dealt, rules, own_crib=True)}
    for t in discard_advice(renamed, rules, own_crib=True):
        original = before[frozenset(Card(c.rank, SUITS[suits.index(c.suit)]) for c in t.throw)]
        assert (t.hand, t.crib) == pytest.approx((original.hand, original.crib), abs=EXACT)


@pytest.mark.parametrize(
    ("variant_id", "dealt", "message"),
    [
        ("standard", "5H 5S JD JH 4D", "Two players, to 121 deals 6 cards a player, got 5"),
        ("three-hand", "5H 5S JD JH 4D 6C", "deals 5 cards a player, got 6"),
        ("standard", "5H 5S JD JH 4D 5H", "5H is given twice"),
    ],
)
def test_a_hand_the_variant_does_not_deal_is_refused(
    variant_id: str, dealt: str, message: str
) -> None:
    cards = [parse_card(t) for t in dealt.split()]
    with pytest.raises((HandError, CardError), match=message):
        discard_advice(cards, variant(variant_id), own_crib=True)
