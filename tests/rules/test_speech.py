"""Every spoken word of a count: numbers, the phrase of each combination, the announcement,
and what a card laid in the play pegs."""

from __future__ import annotations

import random

import pytest

from tests.factories import show
from trainer.rules.cards import deck, parse_cards
from trainer.rules.play import score_play
from trainer.rules.show import score_show
from trainer.rules.speech import (
    announce,
    claim_phrases,
    number_word,
    play_phrase,
    spoken_groups,
)


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "zero"),
        (1, "one"),
        (15, "fifteen"),
        (19, "nineteen"),
        (20, "twenty"),
        (21, "twenty-one"),
        (29, "twenty-nine"),
        (30, "thirty"),
        (46, "forty-six"),
    ],
)
def test_number_word(n: int, words: str) -> None:
    assert number_word(n) == words


def said(text: str, *, crib: bool = False) -> list[str]:
    b = show(text, crib=crib)
    return [p for _, p in spoken_groups((i.kind, i.cards, i.points) for i in b.items)]


def test_a_pair_royal_is_said_as_one() -> None:
    # 5-5-5 with a king: four fifteens, then the three pairs said as one.
    assert said("5H 5C 5S KD 2H") == [
        "fifteen two",
        "fifteen four",
        "fifteen six",
        "fifteen eight",
        "a pair royal is fourteen",
    ]


def test_pairs_of_two_ranks_are_said_apart() -> None:
    assert said("KH KC 5S 5D 9H")[-2:] == ["a pair is ten", "a pair is twelve"]


def test_four_of_a_kind_is_a_double_pair_royal() -> None:
    assert said("5H 5C 5S 5D JH")[-1] == "a double pair royal is twenty-eight"


def test_a_second_run_of_the_same_length_is_another() -> None:
    # Five cards and the starter can hold two runs of three apart.
    assert said("2D 3H 4D 9D 10C JH")[-2:] == [
        "a run of three is nine",
        "another run of three is twelve",
    ]


@pytest.mark.parametrize(
    ("text", "phrases"),
    [
        # RULES.md, Announcing a count: each group of the table, with its points.
        ("3H 4S 4D 5C KH", ["fifteen two", "a double run of three is ten"]),
        ("3H 4S 5D 5C 6H", ["fifteen two", "fifteen four", "a double run of four is fourteen"]),
        ("3H 4S 4D 4C 5H", ["fifteen two", "a triple run is seventeen"]),
        ("3H 3S 4D 4C 5H", ["fifteen two", "fifteen four", "a double-double run is twenty"]),
        ("QD JH 4D JD KH", ["a double run of three is eight", "nobs is nine"]),
        ("7H 7S 2D 3C 4H", ["a pair is two", "a run of three is five"]),
    ],
)
def test_multiple_runs_are_said_with_their_pairs_where_the_runs_are(
    text: str, phrases: list[str]
) -> None:
    assert said(text) == phrases


def test_six_card_multiple_runs_have_names() -> None:
    assert said("3H 3S 3D 3C 4H 5H")[-1] == "a quadruple run is thirty-six"
    assert said("3H 3S 4D 4C 5H 5C")[-1] == "a double-double-double run is thirty-eight"
    assert said("3H 3S 3D 4C 4H 5H")[-1] == "a triple-double run is thirty-eight"
    assert said("3H 4S 5D 5C 5H 6H")[-1] == "a triple run of four is twenty-six"


def test_flush_phrase() -> None:
    assert said("2H 4H 6H JH 9C") == ["fifteen two", "fifteen four", "a flush of four is eight"]
    assert said("2H 4H 6H JH QH", crib=True) == ["a flush of five is five", "nobs is six"]


def test_a_claim_list_names_each_claim_on_its_own() -> None:
    """A player's claims, in claim order, each said as what it is, never regrouped."""
    c = parse_cards("5H 5C 5S")
    assert claim_phrases([("pair", c, 6), ("fifteen", c, 2)]) == [
        "a pair royal is six",
        "fifteen eight",
    ]
    pairs = [("pair", (c[0], c[1]), 2), ("pair", (c[0], c[2]), 2)]
    assert claim_phrases(pairs) == ["a pair is two", "a pair is four"]
    run = parse_cards("3H 4S 4D 5C")
    assert claim_phrases([("run", run, 8), ("run", run[:2] + run[3:], 3)]) == [
        "a double run of three is eight",
        "a run of three is eleven",
    ]


def test_the_groups_make_the_announcement_for_random_shows() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        size = rng.choice((3, 4, 5))
        *hand, starter = rng.sample(deck(), size + 1)
        b = score_show(hand, starter, crib=rng.random() < 0.2)
        triples = [(i.kind, i.cards, i.points) for i in b.items]
        groups = spoken_groups(triples)
        members = sorted(n for g, _ in groups for n in g.members)
        assert members == list(range(len(b.items)))
        assert sum(g.points for g, _ in groups) == b.total
        for g, _ in groups:
            assert set(g.cards) == {c for n in g.members for c in b.items[n].cards}
        if not groups:
            assert announce(triples) == "Nineteen (no score)."
            continue
        text = announce(triples)
        for _, phrase in groups:
            assert phrase in text.lower()
        assert text.endswith(f" {number_word(b.total)}.")


@pytest.mark.parametrize(
    ("laid", "words"),
    [
        ("4H 6D 5S", "fifteen for 2, run of 3 for 3"),
        ("KS QH AC", "no score"),
        ("7H 7D 7S", "pair royal for 6"),
        ("10S 10H", "pair for 2"),
        ("10S QH AD 9C", "no score"),
        ("10S QH AD 10C", "thirty-one for 2"),
    ],
)
def test_play_phrase(laid: str, words: str) -> None:
    score = score_play(parse_cards(laid))
    assert play_phrase((i.kind, i.cards, i.points) for i in score.items) == words
    assert score.describe() == words
