"""Cards: the text form (parse and print), errors that name the token, the deck, values."""

from __future__ import annotations

import pytest

from trainer.rules.cards import SUITS, Card, CardError, full_deck, parse_card, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5H", 5, "H"),
        ("10D", 10, "D"),
        ("TD", 10, "D"),
        ("td", 10, "D"),
        ("js", 11, "S"),
        ("JS", 11, "S"),
        ("QC", 12, "C"),
        ("kh", 13, "H"),
        ("AC", 1, "C"),
        ("as", 1, "S"),
        ("2S", 2, "S"),
        ("9c", 9, "C"),
        (" 7D ", 7, "D"),
    ],
)
def test_parse_card(text: str, rank: int, suit: str) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "printed"),
    [("5H", "5H"), ("10D", "10D"), ("TD", "10D"), ("tc", "10C"), ("js", "JS"), ("aH", "AH")],
)
def test_str_is_canonical(text: str, printed: str) -> None:
    card = parse_card(text)
    assert str(card) == printed
    assert "T" not in str(card)


def test_str_round_trips_for_every_card() -> None:
    for card in full_deck():
        assert parse_card(str(card)) == card
        assert str(card) == str(card).upper()
    assert str(Card(10, "S")) == "10S"


def test_parse_cards_separators() -> None:
    expected = [Card(5, "H"), Card(10, "D"), Card(11, "S")]
    assert parse_cards("5H,10D JS") == expected
    assert parse_cards("5H 10D JS") == expected
    assert parse_cards("5H,10D,JS") == expected
    assert parse_cards("  5h ,  td\tjs\n") == expected
    assert parse_cards("5H, 10D, JS") == expected


def test_parse_cards_iterable_of_tokens() -> None:
    expected = [Card(5, "H"), Card(10, "D"), Card(11, "S")]
    assert parse_cards(["5H", "10D", "JS"]) == expected
    assert parse_cards(("5h", "TD", "js")) == expected
    assert parse_cards(iter(["5H", "10D", "JS"])) == expected
    assert parse_cards(["5H 10D", "JS"]) == expected


def test_parse_cards_empty() -> None:
    assert parse_cards("") == []
    assert parse_cards([]) == []


@pytest.mark.parametrize("token", ["5X", "1H", "11S", "H5", "10", "0S", "ZZ", "5", "10HH", "JJ"])
def test_bad_token_is_card_error_naming_it(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert token in str(info.value)


def test_empty_token_is_card_error() -> None:
    with pytest.raises(CardError) as info:
        parse_card("")
    assert "''" in str(info.value)


@pytest.mark.parametrize("token", ["5X", "1H", "11S", "H5", "10"])
def test_bad_token_in_a_list_is_named(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(f"5H {token} JS")
    assert token in str(info.value)
    with pytest.raises(CardError) as info:
        parse_cards(["5H", token, "JS"])
    assert token in str(info.value)


def test_card_error_is_value_error() -> None:
    with pytest.raises(ValueError, match="5X"):
        parse_card("5X")


@pytest.mark.parametrize("text", ["5H 6C 5H", "5H 6C 5h", "TD 10D", "JS,js"])
def test_duplicate_card_is_card_error_naming_it(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    message = str(info.value)
    assert any(name in message for name in ("5H", "10D", "JS"))


def test_duplicate_message_names_the_card() -> None:
    with pytest.raises(CardError, match="10D"):
        parse_cards(["TD", "10d"])


@pytest.mark.parametrize(("rank", "suit"), [(0, "H"), (14, "H"), (5, "X"), (5, "")])
def test_card_constructor_rejects_non_cards(rank: int, suit: str) -> None:
    with pytest.raises(CardError):
        Card(rank, suit)


def test_full_deck() -> None:
    deck = full_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert {c.suit for c in deck} == set(SUITS)
    assert {c.rank for c in deck} == set(range(1, 14))
    assert len({str(c) for c in deck}) == 52


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("AS", 1),
        ("2H", 2),
        ("5D", 5),
        ("9C", 9),
        ("10S", 10),
        ("JH", 10),
        ("QD", 10),
        ("KC", 10),
    ],
)
def test_card_value(text: str, value: int) -> None:
    assert parse_card(text).value == value


def test_values_over_the_deck() -> None:
    assert sum(c.value for c in full_deck()) == 4 * (sum(range(1, 11)) + 30)
