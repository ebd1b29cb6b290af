"""The one vocabulary of combination kinds: the table, the classifier, the deal features."""

from __future__ import annotations

import random
from typing import get_args

import pytest

from tests.factories import CRIB_5, HAND_8, HAND_9_FLUSH, HAND_9_NOBS, HAND_29
from trainer.rules.cards import deck, parse_card, parse_cards
from trainer.rules.combos import (
    COMBO_IDS,
    COMBOS,
    FEATURES,
    KINDS,
    ComboId,
    FeatureId,
    classify,
    combo,
    present_kinds,
)
from trainer.rules.show import score_show


def test_the_table_names_every_kind_once_in_announcement_order() -> None:
    assert [c.id for c in COMBOS] == list(COMBO_IDS) == list(get_args(ComboId))
    categories = [c.category for c in COMBOS]
    assert categories == sorted(categories, key=KINDS.index)  # fifteens first, nobs last
    assert all((c.label and c.label == c.label.lower()) or c.id == "nobs" for c in COMBOS)
    assert len({c.label for c in COMBOS}) == len(COMBOS)


def test_every_practice_names_known_features_and_sizes() -> None:
    assert list(FEATURES) == list(get_args(FeatureId))
    for c in COMBOS:
        p = c.practice
        assert set(p.require) | set(p.exclude) <= set(FEATURES), c.id
        assert not set(p.require) & set(p.exclude), c.id
        assert p.sizes, c.id
        assert set(p.sizes) <= {3, 4, 5}, c.id
        assert p.require or p.ranks, c.id  # every practice asks for something
    assert {c.practice.shows for c in COMBOS if c.category == "flush"} == {"hand", "crib"}


def test_combo_looks_up_by_id_and_names_the_known_ones() -> None:
    assert combo("pair-royal").category == "pair"
    with pytest.raises(ValueError, match="'fifteen-7' is not a kind of combination"):
        combo("fifteen-7")


def test_every_item_of_random_shows_is_classed_in_its_own_category() -> None:
    rng = random.Random(7)
    by_id = {c.id: c for c in COMBOS}
    for _ in range(2000):
        size = rng.choice((3, 4, 5))
        *hand, starter = rng.sample(deck(), size + 1)
        crib = size == 4 and rng.random() < 0.3
        b = score_show(hand, starter, crib=crib)
        for item in b.items:
            kind = classify(item.kind, item.cards, b.show, crib=crib)
            assert by_id[kind].category == item.kind, (item, kind)
        counted = present_kinds(((i.kind, i.cards) for i in b.items), b.show, crib=crib)
        assert sum(counted.values()) == len(b.items)


# ---------------------------------------------------------------- classify


def kind_of(kind: str, cards: str, hand: str, starter: str, *, crib: bool = False) -> str:
    shown = [*parse_cards(hand), parse_card(starter)]
    return classify(kind, parse_cards(cards), shown, crib=crib)


@pytest.mark.parametrize(
    ("kind", "cards", "hand", "starter", "crib", "expected"),
    [
        pytest.param("fifteen", "5S JD", *HAND_29, False, "fifteen-2", id="fifteen-2"),
        pytest.param("fifteen", "5S 5H 5C", *HAND_29, False, "fifteen-3", id="fifteen-3"),
        pytest.param("fifteen", "AS 2H 4D 8C", "AS 2H 4D 8C", "KD", False, "fifteen-4+", id="f4"),
        pytest.param("fifteen", "AS AH 2D 3C 8S", "AS AH 2D 3C", "8S", False, "fifteen-4+", id="5"),
        pytest.param("pair", "JD JC", *HAND_8, False, "pair", id="pair"),
        pytest.param("pair", "5S 5H", "5S 5H 5C 2D", "9H", False, "pair-royal", id="royal"),
        pytest.param("pair", "5S 5H", *HAND_29, False, "double-pair-royal", id="double-royal"),
        pytest.param("run", "AS 2H 3D", *CRIB_5, False, "run-3", id="run-3"),
        pytest.param("run", "2S 3H 4D 5C", "2S 3H 4D 5C", "KD", False, "run-4", id="run-4"),
        pytest.param("run", "9D 10D JS QD KD", *HAND_9_FLUSH, False, "run-5", id="run-5"),
        pytest.param("run", "JH QD KH", *HAND_9_NOBS, False, "double-run", id="double-run"),
        pytest.param("run", "3S 4H 5D", "3S 3H 3D 4H", "5D", False, "triple-run", id="triple"),
        pytest.param("run", "3S 4H 5D", "3S 3H 4S 4H", "5D", False, "double-double-run", id="dd"),
        pytest.param("run", "3S 4H 5D", "3S 3H 4S 4H 4D", "5D", False, "multiple-run", id="6x"),
        pytest.param("flush", "9D 10D QD KD", *HAND_9_FLUSH, False, "hand-flush-4", id="flush-4"),
        pytest.param("flush", "AH 3H 7H 9H KH", "AH 3H 7H 9H", "KH", False, "hand-flush-5", id="5"),
        pytest.param("flush", "AH 3H 7H", "AH 3H 7H", "KS", False, "hand-flush-3", id="three"),
        pytest.param("flush", "AH 3H 7H 9H KH", "AH 3H 7H 9H", "KH", True, "crib-flush", id="crib"),
        pytest.param("nobs", "JH KH", *HAND_9_NOBS, False, "nobs", id="nobs"),
    ],
)
def test_classify(
    kind: str, cards: str, hand: str, starter: str, crib: bool, expected: str
) -> None:
    assert kind_of(kind, cards, hand, starter, crib=crib) == expected
    assert expected in COMBO_IDS
