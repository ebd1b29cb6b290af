"""`Card` and `Group` are written out, not dataclasses (importing `dataclasses` costs a
one-shot command more than its work): each behaves as the frozen dataclass it was, checked
against that dataclass defined here."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle
from typing import Any

import pytest

from trainer.rules.cards import SUITS, Card, CardError
from trainer.rules.groups import Group


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class CardWas:
    rank: int
    suit: str


@dataclasses.dataclass(frozen=True, slots=True)
class GroupWas:
    name: str
    kind: str
    cards: tuple[Card, ...]
    members: tuple[int, ...]
    points: int
    length: int


SAMPLE = [(rank, suit) for rank in (1, 5, 10, 11, 13) for suit in SUITS]


def test_cards_compare_hash_order_and_print_as_the_dataclass() -> None:
    for (a, b), (c, d) in itertools.product(SAMPLE, repeat=2):
        new, other, old, old_other = Card(a, b), Card(c, d), CardWas(a, b), CardWas(c, d)
        assert (new == other, new != other) == (old == old_other, old != old_other)
        assert (new < other, new <= other, new > other, new >= other) == (
            old < old_other,
            old <= old_other,
            old > old_other,
            old >= old_other,
        )
    for rank, suit in SAMPLE:
        assert hash(Card(rank, suit)) == hash(CardWas(rank, suit))
        assert repr(Card(rank, suit)) == repr(CardWas(rank, suit)).replace("CardWas", "Card")
    assert Card(rank=5, suit="H") == Card(5, "H")
    ordered = sorted(Card(r, s) for r, s in reversed(SAMPLE))
    assert [(c.rank, c.suit) for c in ordered] == sorted(SAMPLE)


def test_a_card_is_frozen_slotted_and_copies_as_itself() -> None:
    card = Card(5, "H")
    with pytest.raises(AttributeError, match="cannot assign to field 'rank'"):
        card.rank = 6  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot delete field 'suit'"):
        del card.suit
    with pytest.raises(AttributeError):
        card.colour = "red"  # type: ignore[attr-defined]
    assert not hasattr(card, "__dict__")
    for twin in (copy.copy(card), copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
        assert twin == card
        assert type(twin) is Card
    match card:
        case Card(rank, suit):
            assert (rank, suit) == (5, "H")


def test_a_card_is_no_other_value() -> None:
    card = Card(5, "H")
    assert card != (5, "H")
    assert card != CardWas(5, "H")
    with pytest.raises(TypeError):
        _ = card < (5, "H")  # type: ignore[operator]


@pytest.mark.parametrize(("rank", "suit"), [(0, "H"), (14, "S"), (5, "X"), (5, "HH"), (5, "")])
def test_a_card_that_is_none_is_refused(rank: int, suit: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        Card(rank, suit)


def group_fields(**changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "name": "pair royal",
        "kind": "pair",
        "cards": (Card(5, "S"), Card(5, "H"), Card(5, "D")),
        "members": (3, 4, 5),
        "points": 6,
        "length": 3,
    }
    return fields | changes


def test_groups_compare_hash_and_print_as_the_dataclass() -> None:
    variants = [group_fields(), group_fields(points=2), group_fields(name="pair"), {}]
    made = [(Group(**f), GroupWas(**f)) for f in variants if f]
    for (new, old), (other, old_other) in itertools.product(made, repeat=2):
        assert (new == other, new != other) == (old == old_other, old != old_other)
    for new, old in made:
        assert hash(new) == hash(old)
        assert repr(new) == repr(old).replace("GroupWas", "Group")
    group = Group(**group_fields())
    assert group == Group(*group_fields().values())
    with pytest.raises(AttributeError, match="cannot assign to field 'points'"):
        group.points = 2  # type: ignore[misc]
    assert not hasattr(group, "__dict__")
    assert pickle.loads(pickle.dumps(group)) == group == copy.deepcopy(group)
    assert group != GroupWas(**group_fields())
