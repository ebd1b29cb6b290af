"""The show, as RULES.md counts it: worked examples, the golden corpus, the spoken count,
the JSON shape, errors, and properties that must hold for every deal."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.cards import SUITS, Card, CardError, full_deck, parse_card, parse_cards
from trainer.rules.combos import KINDS
from trainer.rules.show import Breakdown, HandError, score_show
from trainer.rules.totals import show_total, validated_total

CORPUS_PATH = Path(__file__).parents[1] / "data" / "hands.yaml"
CATEGORIES = ("fifteens", "pairs", "runs", "flush", "nobs")
KIND_OF_CATEGORY = {
    "fifteens": "fifteen",
    "pairs": "pair",
    "runs": "run",
    "flush": "flush",
    "nobs": "nobs",
}
DECK = full_deck()
FAST = settings(max_examples=300, deadline=None)

ItemKey = tuple[str, frozenset[str], int]


def show(hand: str, starter: str, *, crib: bool = False) -> Breakdown:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


def itemised(breakdown: Breakdown) -> Counter[ItemKey]:
    """The items as a multiset of (kind, cards, points): order inside is not specified."""
    return Counter(
        (item.kind, frozenset(str(c) for c in item.cards), item.points) for item in breakdown.items
    )


def items(*spec: tuple[str, str, int]) -> Counter[ItemKey]:
    """Expected items written as (kind, "cards separated by spaces", points)."""
    return Counter((kind, frozenset(cards.split()), points) for kind, cards, points in spec)


def totals(breakdown: Breakdown) -> dict[str, int]:
    return {name: getattr(breakdown, name) for name in (*CATEGORIES, "total")}


# ---------------------------------------------------------------- worked examples (RULES.md)


def test_seed_example_starter_kh_qd_jh_4d_jd() -> None:
    b = show("QD JH 4D JD", "KH")
    assert itemised(b) == items(
        ("pair", "JH JD", 2),
        ("run", "JH QD KH", 3),
        ("run", "JD QD KH", 3),
        ("nobs", "JH KH", 1),
    )
    assert totals(b) == {
        "fifteens": 0,
        "pairs": 2,
        "runs": 6,
        "flush": 0,
        "nobs": 1,
        "total": 9,
    }


def test_seed_example_run_of_five_and_diamond_flush() -> None:
    # RULES.md: "starter J (not a diamond)"; the jack of spades is chosen.
    b = show("9D 10D QD KD", "JS")
    assert itemised(b) == items(
        ("run", "9D 10D JS QD KD", 5),
        ("flush", "9D 10D QD KD", 4),
    )
    assert totals(b) == {
        "fifteens": 0,
        "pairs": 0,
        "runs": 5,
        "flush": 4,
        "nobs": 0,
        "total": 9,
    }


def test_seed_example_5_6_10_j_with_jack_starter() -> None:
    # RULES.md gives no suits. Chosen: mixed suits (no flush), and the hand's jack (JD) is
    # not of the starter's suit (JC), so there are no nobs, as the example says.
    b = show("5H 6C 10S JD", "JC")
    assert itemised(b) == items(
        ("fifteen", "5H 10S", 2),
        ("fifteen", "5H JD", 2),
        ("fifteen", "5H JC", 2),
        ("pair", "JD JC", 2),
    )
    assert totals(b) == {
        "fifteens": 6,
        "pairs": 2,
        "runs": 0,
        "flush": 0,
        "nobs": 0,
        "total": 8,
    }


def test_seed_example_crib_a_2_3_7_with_jack_starter() -> None:
    # RULES.md gives no suits. Chosen: four suits in the crib so no crib flush is possible.
    b = show("AH 2C 3D 7S", "JH", crib=True)
    assert itemised(b) == items(
        ("fifteen", "2C 3D JH", 2),
        ("run", "AH 2C 3D", 3),
    )
    assert totals(b) == {
        "fifteens": 2,
        "pairs": 0,
        "runs": 3,
        "flush": 0,
        "nobs": 0,
        "total": 5,
    }


def test_seed_example_twenty_nine() -> None:
    b = show("5H 5C 5S JD", "5D")
    fives = ["5H", "5C", "5S", "5D"]
    expected: Counter[ItemKey] = Counter()
    for left_out in fives:
        expected[("fifteen", frozenset(f for f in fives if f != left_out), 2)] += 1
    for five in fives:
        expected[("fifteen", frozenset({five, "JD"}), 2)] += 1
    for i, a in enumerate(fives):
        for b_ in fives[i + 1 :]:
            expected[("pair", frozenset({a, b_}), 2)] += 1
    expected[("nobs", frozenset({"JD", "5D"}), 1)] += 1
    assert itemised(b) == expected
    assert totals(b) == {
        "fifteens": 16,
        "pairs": 12,
        "runs": 0,
        "flush": 0,
        "nobs": 1,
        "total": 29,
    }


# ---------------------------------------------------------------- runs with multiplicity


def test_multiplicity_3_4_4_5_two_runs_and_a_pair() -> None:
    # Starter KC adds one fifteen (5+K) and nothing to the runs.
    b = show("3H 4H 4C 5D", "KC")
    assert itemised(b) == items(
        ("fifteen", "5D KC", 2),
        ("pair", "4H 4C", 2),
        ("run", "3H 4H 5D", 3),
        ("run", "3H 4C 5D", 3),
    )
    assert (b.runs, b.pairs, b.total) == (6, 2, 10)


def test_multiplicity_3_3_4_4_5_four_runs_and_two_pairs() -> None:
    b = show("3H 3C 4S 4D", "5H")
    assert itemised(b) == items(
        ("fifteen", "3H 3C 4S 5H", 2),
        ("fifteen", "3H 3C 4D 5H", 2),
        ("pair", "3H 3C", 2),
        ("pair", "4S 4D", 2),
        ("run", "3H 4S 5H", 3),
        ("run", "3H 4D 5H", 3),
        ("run", "3C 4S 5H", 3),
        ("run", "3C 4D 5H", 3),
    )
    assert (b.runs, b.pairs, b.total) == (12, 4, 20)


def test_multiplicity_3_3_3_4_5_three_runs_and_three_pairs() -> None:
    b = show("3H 3C 3S 4D", "5H")
    assert itemised(b) == items(
        ("fifteen", "3H 3C 4D 5H", 2),
        ("fifteen", "3H 3S 4D 5H", 2),
        ("fifteen", "3C 3S 4D 5H", 2),
        ("pair", "3H 3C", 2),
        ("pair", "3H 3S", 2),
        ("pair", "3C 3S", 2),
        ("run", "3H 4D 5H", 3),
        ("run", "3C 4D 5H", 3),
        ("run", "3S 4D 5H", 3),
    )
    assert (b.runs, b.pairs, b.total) == (9, 6, 21)


def test_run_of_four_is_never_two_runs_of_three() -> None:
    b = show("AH 2C 3S 4D", "KH")
    assert [(i.kind, i.points) for i in b.of_kind("run")] == [("run", 4)]


# ---------------------------------------------------------------- the golden corpus


def load_corpus() -> list[dict[str, Any]]:
    with CORPUS_PATH.open(encoding="utf-8") as f:
        data = yaml.safe_load(f)
    assert isinstance(data, list)
    return data


CORPUS = load_corpus()


def test_corpus_is_large_unique_and_self_consistent() -> None:
    assert len(CORPUS) >= 70
    ids = [h["id"] for h in CORPUS]
    assert len(ids) == len(set(ids))
    for h in CORPUS:
        assert h["total"] == sum(h[c] for c in CATEGORIES), h["id"]
        assert len(h["hand"]) in (3, 4, 5), h["id"]
        assert isinstance(h["crib"], bool), h["id"]
    sizes = Counter((len(h["hand"]), h["crib"]) for h in CORPUS)
    for size in (3, 4, 5):
        assert sizes[(size, False)] > 0
        assert sizes[(size, True)] > 0


@pytest.mark.parametrize("case", CORPUS, ids=[h["id"] for h in CORPUS])
def test_corpus_hand(case: dict[str, Any]) -> None:
    hand = parse_cards(case["hand"])
    starter = parse_card(case["starter"])
    crib: bool = case["crib"]
    b = score_show(hand, starter, crib=crib)
    assert totals(b) == {name: case[name] for name in (*CATEGORIES, "total")}
    if "items" in case:
        counts = Counter(item.kind for item in b.items)
        assert dict(counts) == case["items"]
    assert show_total(hand, starter, crib=crib) == case["total"]
    assert validated_total(hand, starter, crib=crib) == case["total"]
    # The other reading (crib/hand) must agree between the two paths as well.
    other = score_show(hand, starter, crib=not crib)
    assert show_total(hand, starter, crib=not crib) == other.total
    # One show worked out alone (`muggins score`) is the table's, item for item.
    assert score_show(hand, starter, crib=crib, table=False) == b


# ---------------------------------------------------------------- the spoken count

_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = {20: "twenty", 30: "thirty", 40: "forty"}


def in_words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens * 10] + (f"-{_ONES[ones]}" if ones else "")


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "spoken"),
    [
        pytest.param(
            "5H 5C 5S JD",
            "5D",
            False,
            "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, fifteen fourteen, fifteen sixteen, "
            "and a double pair royal is twenty-eight, and nobs is twenty-nine.",
            id="twenty-nine",
        ),
        pytest.param(
            "6H 6C 9S JD",
            "10D",
            False,
            "Fifteen two, fifteen four, and a pair is six, and a run of three is nine, "
            "and nobs is ten.",
            id="fifteens-pair-run-nobs",
        ),
        pytest.param("2H 4C 6S 8D", "10H", False, "Nineteen (no score).", id="zero-nineteen"),
        pytest.param(
            "QD JH 4D JD",
            "KH",
            False,
            "A double run of three is eight, and nobs is nine.",
            id="seed-double-run-nobs",
        ),
        pytest.param(
            "9D 10D QD KD",
            "JS",
            False,
            "A run of five is five, and a flush of four is nine.",
            id="run-then-flush",
        ),
        pytest.param(
            "KH KC KS 5D",
            "5H",
            False,
            "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, and a pair is fourteen, and a pair royal is twenty.",
            id="pair-and-pair-royal",
        ),
        pytest.param("2H 4H 6H 8H", "10S", False, "A flush of four is four.", id="hand-flush"),
        pytest.param("2H 4H 6H 8H", "10H", True, "A flush of five is five.", id="crib-flush-five"),
        pytest.param("AH 3C 9S JD", "KD", False, "Nobs is one.", id="nobs-only"),
    ],
)
def test_announce_exact(hand: str, starter: str, crib: bool, spoken: str) -> None:
    assert show(hand, starter, crib=crib).announce() == spoken


def test_announce_crib_four_suited_has_no_flush() -> None:
    assert show("2H 4H 6H 8H", "10S", crib=True).announce() == "Nineteen (no score)."


@pytest.mark.parametrize("case", CORPUS, ids=[h["id"] for h in CORPUS])
def test_announce_ends_at_the_total(case: dict[str, Any]) -> None:
    b = score_show(parse_cards(case["hand"]), parse_card(case["starter"]), crib=case["crib"])
    spoken = b.announce()
    if b.total == 0:
        assert spoken == "Nineteen (no score)."
        return
    assert spoken.endswith(f" {in_words(b.total)}.")
    # Group order: fifteens, pairs, runs (a multiple run with its pairs), flush, nobs.
    kinds = [g.kind for g in b.groups]
    assert kinds == sorted(kinds, key=KINDS.index)
    for category, kind in zip(("fifteens", "pairs", "runs", "flush", "nobs"), KINDS, strict=True):
        multiple = any(g.kind == "run" and g.name != "run" for g in b.groups)
        said = kind in kinds or (kind == "pair" and multiple)
        assert said == (getattr(b, category) > 0), (category, spoken)


# ---------------------------------------------------------------- JSON shape


@pytest.mark.parametrize(
    ("hand", "starter", "crib"),
    [
        ("5H 5C 5S JD", "5D", False),
        ("JC 3C 7C QC", "KC", True),
        ("2H 4H 6H", "8H", False),
        ("5H 5C 5S JD JH", "5D", False),
    ],
)
def test_to_dict_shape(hand: str, starter: str, crib: bool) -> None:
    b = show(hand, starter, crib=crib)
    d = json.loads(json.dumps(b.to_dict()))
    assert set(d) == {
        "hand",
        "starter",
        "crib",
        "total",
        "fifteens",
        "pairs",
        "runs",
        "flush",
        "nobs",
        "items",
        "announce",
    }
    assert d["hand"] == hand.split()
    assert d["starter"] == starter
    assert d["crib"] is crib
    assert d["total"] == b.total
    for name in CATEGORIES:
        assert d[name] == getattr(b, name)
    assert d["announce"] == b.announce()
    assert len(d["items"]) == len(b.items)
    for got, item in zip(d["items"], b.items, strict=True):
        assert set(got) == {"kind", "cards", "points"}
        assert got["kind"] == item.kind
        assert got["cards"] == [str(c) for c in item.cards]
        assert got["points"] == item.points
    assert sum(i["points"] for i in d["items"]) == d["total"]


def test_to_dict_twenty_nine_values() -> None:
    d = show("5H 5C 5S JD", "5D").to_dict()
    assert (d["total"], d["fifteens"], d["pairs"], d["runs"], d["flush"], d["nobs"]) == (
        29,
        16,
        12,
        0,
        0,
        1,
    )
    assert Counter(i["kind"] for i in d["items"]) == {"fifteen": 8, "pair": 6, "nobs": 1}


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("hand", ["5H 6H", "AS 2S 3S 4S 5S 6S", ""])
def test_wrong_hand_size_is_hand_error(hand: str) -> None:
    cards = parse_cards(hand)
    with pytest.raises(HandError):
        score_show(cards, parse_card("KD"))
    with pytest.raises(HandError):
        validated_total(cards, parse_card("KD"))


def test_starter_in_hand_is_card_error() -> None:
    with pytest.raises(CardError, match="5H"):
        score_show(parse_cards("5H 6C 7D 8S"), parse_card("5H"))


def test_duplicate_card_in_hand_is_card_error() -> None:
    hand = [Card(5, "H"), Card(5, "H"), Card(6, "C"), Card(7, "D")]
    with pytest.raises(CardError, match="5H"):
        score_show(hand, parse_card("KS"))
    with pytest.raises(CardError, match="5H"):
        validated_total(hand, parse_card("KS"))


@pytest.mark.parametrize(
    ("hand", "starter", "error", "match"),
    [
        pytest.param("5H 6H", "KD", HandError, "got 2", id="too-few"),
        pytest.param("AS 2S 3S 4S 5S 6S", "KD", HandError, "got 6", id="too-many"),
        pytest.param("5H 6C 7D 8S", "5H", CardError, "5H is given twice", id="starter-in-hand"),
        pytest.param("5H 5D 5S 5C", "5H", CardError, "5H is given twice", id="five-fives"),
        pytest.param("5H 5H 6C 7D", "KS", CardError, "5H is given twice", id="twice-in-hand"),
    ],
)
def test_one_show_alone_refuses_what_the_table_refuses(
    hand: str, starter: str, error: type[ValueError], match: str
) -> None:
    cards = [parse_card(c) for c in hand.split()]  # parse_cards refuses a card given twice
    with pytest.raises(error, match=match):
        score_show(cards, parse_card(starter), table=False)


# ---------------------------------------------------------------- properties


@st.composite
def deals(draw: st.DrawFn, sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[list[Card], Card]:
    """A hand of one of ``sizes`` cards and a starter, all distinct."""
    size = draw(st.sampled_from(sizes))
    cards = draw(st.permutations(DECK))
    return cards[:size], cards[size]


@FAST
@given(deal=deals(), crib=st.booleans(), data=st.data())
def test_hand_order_does_not_matter(
    deal: tuple[list[Card], Card], crib: bool, data: st.DataObject
) -> None:
    hand, starter = deal
    shuffled = data.draw(st.permutations(hand))
    a = score_show(hand, starter, crib=crib)
    b = score_show(shuffled, starter, crib=crib)
    assert totals(a) == totals(b)
    assert itemised(a) == itemised(b)


@FAST
@given(deal=deals(), crib=st.booleans(), relabel=st.permutations(SUITS))
def test_suit_relabelling_does_not_matter(
    deal: tuple[list[Card], Card], crib: bool, relabel: list[str]
) -> None:
    hand, starter = deal
    mapping = dict(zip(SUITS, relabel, strict=True))

    def move(c: Card) -> Card:
        return Card(c.rank, mapping[c.suit])

    a = score_show(hand, starter, crib=crib)
    b = score_show([move(c) for c in hand], move(starter), crib=crib)
    assert totals(a) == totals(b)


@FAST
@given(deal=deals(), crib=st.booleans())
def test_items_sum_to_totals(deal: tuple[list[Card], Card], crib: bool) -> None:
    hand, starter = deal
    b = score_show(hand, starter, crib=crib)
    assert sum(i.points for i in b.items) == b.total
    for category, kind in KIND_OF_CATEGORY.items():
        assert getattr(b, category) == sum(i.points for i in b.items if i.kind == kind)
    assert b.total == sum(b.category_totals().values())
    every = {*hand, starter}
    for item in b.items:
        assert set(item.cards) <= every
        if item.kind == "fifteen":
            assert sum(c.value for c in item.cards) == 15
            assert item.points == 2
        elif item.kind == "pair":
            assert len(item.cards) == 2
            assert item.cards[0].rank == item.cards[1].rank
            assert item.points == 2
        elif item.kind == "run":
            ranks = sorted(c.rank for c in item.cards)
            assert len(ranks) >= 3
            assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
            assert item.points == len(ranks)
        elif item.kind == "nobs":
            jack, cut = item.cards
            assert jack in hand
            assert cut == starter
            assert jack.rank == 11
            assert jack.suit == starter.suit
            assert item.points == 1


@FAST
@given(deal=deals(sizes=(4,)), crib=st.booleans())
def test_four_card_hand_impossible_scores(deal: tuple[list[Card], Card], crib: bool) -> None:
    hand, starter = deal
    total = score_show(hand, starter, crib=crib).total
    assert total not in {19, 25, 26, 27}
    assert 0 <= total <= 29


@FAST
@given(deal=deals(), crib=st.booleans())
def test_one_show_alone_is_the_tables(deal: tuple[list[Card], Card], crib: bool) -> None:
    hand, starter = deal
    alone = score_show(hand, starter, crib=crib, table=False)
    assert alone == score_show(hand, starter, crib=crib)
    assert alone.to_dict() == score_show(hand, starter, crib=crib).to_dict()


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("crib", [False, True])
@FAST
@given(data=st.data())
def test_show_total_matches_score_show(size: int, crib: bool, data: st.DataObject) -> None:
    hand, starter = data.draw(deals(sizes=(size,)))
    assert show_total(hand, starter, crib=crib) == score_show(hand, starter, crib=crib).total
