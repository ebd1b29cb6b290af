"""What the trainer says, tested as text: cards by their names, a hand and its starter, a
judgement and the count as players say it, and screen text made sayable."""

from __future__ import annotations

import pytest

from trainer.judge.claims import TotalClaim
from trainer.judge.verdict import judge
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.show import score_show
from trainer.speech.said import card_words, count_words, hand_words, judged_words, spoken

SHOW = score_show(parse_cards("5H 5C 6D 10S"), parse_card("2H"))  # 15-2, 15-4, a pair: 6


@pytest.mark.parametrize(
    ("card", "words"),
    [("5H", "five of hearts"), ("AS", "ace of spades"), ("10C", "ten of clubs"),
     ("QD", "queen of diamonds"), ("KH", "king of hearts"), ("JC", "jack of clubs")],
)  # fmt: skip
def test_a_card_is_said_by_its_name(card: str, words: str) -> None:
    assert card_words(parse_card(card)) == words


def test_a_hand_and_its_starter_are_read_as_players_name_them() -> None:
    hand = parse_cards("5H 5C JD 4S")
    assert hand_words(hand, parse_card("6C")) == (
        "five of hearts, five of clubs, jack of diamonds, four of spades; "
        "the starter, the six of clubs."
    )
    assert hand_words(hand, parse_card("6C"), crib=True).startswith("The crib: five of hearts")
    assert hand_words(hand, None) == (
        "five of hearts, five of clubs, jack of diamonds, four of spades."
    )


def test_the_count_is_said_as_players_say_it() -> None:
    assert count_words(SHOW) == "Fifteen two, fifteen four, and a pair is six."
    nothing = score_show(parse_cards("2H 4C 6D 8S"), parse_card("KH"))
    assert nothing.total == 0
    assert count_words(nothing) == "Nineteen: nothing to count."


def test_a_judgement_is_read_then_the_count_it_should_have_been() -> None:
    right = judge(TotalClaim(6), SHOW, "acc")
    said = judged_words(right, SHOW)
    assert said == f"{right.summary()} Fifteen two, fifteen four, and a pair is six."
    short = judge(TotalClaim(4), SHOW, "acc")
    said = judged_words(short, SHOW)
    assert said.startswith(short.summary())
    assert "Under by 2" in said
    assert said.endswith("and a pair is six.")
    assert judged_words(short, None) == short.summary()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("You threw 5H 10C.", "You threw five of hearts ten of clubs."),
        ("easy: 8♣ (18)", "easy: eight of clubs (18)"),
        ("starter 9♦, then QS", "starter nine of diamonds, then queen of spades"),
        ("TH and AD", "ten of hearts and ace of diamonds"),
        ("5 points, 10 seconds, HD video", "5 points, 10 seconds, HD video"),
    ],
)
def test_screen_text_is_made_sayable(text: str, words: str) -> None:
    assert spoken(text) == words
