"""Every spoken word of a count: numbers, the phrase of each combination, the announcement,
and what a card laid in the play pegs."""

from __future__ import annotations

import random

import pytest

from tests.factories import show
from trainer.rules.cards import deck, parse_cards
from trainer.rules.play import score_play
from trainer.rules.show import score_show
from trainer.rules.speech import announce, count_phrases, number_word, play_phrase


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
    return count_phrases((i.kind, i.cards, i.points) for i in b.items)


def test_a_pair_royal_is_said_once_on_its_last_pair() -> None:
    # 5-5-5 with a king: four fifteens, then the three pairs said as one.
    assert said("5H 5C 5S KD 2H") == [
        "fifteen two",
        "fifteen four",
        "fifteen six",
        "fifteen eight",
        "",
        "",
        "a pair royal is fourteen",
    ]


def test_pairs_of_two_ranks_are_said_apart() -> None:
    assert said("KH KC 5S 5D 9H")[-2:] == ["a pair is ten", "a pair is twelve"]


def test_four_of_a_kind_is_a_double_pair_royal() -> None:
    phrases = said("5H 5C 5S 5D JH")
    assert phrases.count("") == 5
    assert "a double pair royal is twenty-eight" in phrases


def test_a_second_run_of_the_same_length_is_another() -> None:
    assert said("QD JH 4D JD KH") == [
        "a pair is two",
        "a run of three is five",
        "another run of three is eight",
        "nobs is nine",
    ]


def test_flush_phrase() -> None:
    assert said("2H 4H 6H JH 9C") == ["fifteen two", "fifteen four", "a flush of four is eight"]
    assert said("2H 4H 6H JH QH", crib=True) == ["a flush of five is five", "nobs is six"]


def test_a_claim_list_speaks_as_the_announcement_does() -> None:
    """A player's claimed combinations, in claim order, are phrased by the same rules."""
    cards = parse_cards("5H 5C 5S")
    pairs = [("pair", (cards[0], cards[1]), 2), ("pair", (cards[0], cards[2]), 2)]
    assert count_phrases(pairs) == ["", "two pairs is four"]
    assert count_phrases([*pairs[:1], ("fifteen", tuple(cards), 2), *pairs[1:]]) == [
        "a pair is two",
        "fifteen four",
        "a pair is six",
    ]


def test_the_phrases_make_the_announcement_for_random_shows() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        size = rng.choice((3, 4, 5))
        *hand, starter = rng.sample(deck(), size + 1)
        b = score_show(hand, starter, crib=rng.random() < 0.2)
        triples = [(i.kind, i.cards, i.points) for i in b.items]
        phrases = count_phrases(triples)
        assert len(phrases) == len(b.items)
        spoken = [p for p in phrases if p]
        if not spoken:
            assert announce(triples) == "Nineteen (no score)."
            continue
        text = announce(triples)
        for phrase in spoken:
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
