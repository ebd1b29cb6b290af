"""What is never a count (pegging talk, card names), and totals no show reaches: refused,
never judged, whatever the hand."""

from __future__ import annotations

import pytest

from tests.voice.counting import hear, show, words
from trainer.judge.claims import AnnounceClaim, ClaimedItem, TotalClaim
from trainer.rules.cards import parse_cards
from trainer.rules.show import Breakdown
from trainer.voice.grammar import build
from trainer.voice.heard import SLIP, NoCount, Unreachable
from trainer.voice.talk import CHATTER

PAIR = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair: 6
TWENTY_NINE = show("5H 5C 5S JD", "5D")
FIVE_CARDS = show("3H 4C 5D 6S 7H", "JH")


NOT_COUNTS = [
    "go",
    "one for the go",
    "thirty one for two",
    "fifteen for two",
    "two for his heels",
    "one for his heels",
    "his heels",
    "last card",
    "one for last card",
    "five of hearts",
    "the jack of diamonds",
    "five of hearts and five of spades",
    "ten of clubs nine of diamonds",
]


@pytest.mark.parametrize("said", NOT_COUNTS)
@pytest.mark.parametrize(
    "b",
    [PAIR, TWENTY_NINE, FIVE_CARDS, show("5H JH QH", "KH")],
    ids=["pair", "29", "five cards", "three cards"],
)
def test_pegging_talk_and_card_names_are_never_a_count(b: Breakdown, said: str) -> None:
    meant = build(b).parse(words(said))
    assert meant is None or (meant.command == CHATTER and not meant.units), meant
    with pytest.raises(NoCount):
        hear(b, said)


@pytest.mark.parametrize("said", [s for s in NOT_COUNTS if s != "fifteen for two"])
def test_the_grammar_hears_pegging_talk_and_card_names_as_talk(said: str) -> None:
    """Beside every count, so that it is heard as what it is rather than forced onto a
    count ("two for his heels" as "two, four, his nobs")."""
    for b in (PAIR, TWENTY_NINE, FIVE_CARDS):
        meant = build(b).parse(words(said))
        assert meant is not None, said
        assert meant.command == CHATTER, (said, meant)
        assert build(b, strict=True).parse(words(said)) is None  # the rival holds no talk


def test_a_hand_with_a_flush_is_never_heard_claiming_two() -> None:
    """The over-claim of a flush is one where the show has none: a second is no claim a
    player makes, and noise heard as one was judged ("flush for eight … and flush for
    fifteen"). Nobs said twice stays an over-claim (a player repeating it)."""
    flush = show("2H 4H 6H 8H", "JC")
    g = build(flush)
    assert g.parse(words("a flush is four")) is not None
    assert g.parse(words("a flush is four, and a flush is eight")) is None
    five = show("2H 4H 6H 8H", "QH")
    assert build(five).parse(words("a flush is five, and a flush is nine")) is None
    plain = show("2H 4C 6H 8D", "KS")  # a flush it does not hold: an over-claim
    assert build(plain).parse(words("a flush is four")) is not None
    nobs = show("2H 4C 6H JD", "9D")
    assert build(nobs).parse(words("one for his nobs, and one for his nobs is two")) is not None


def test_fifteen_two_of_a_pegging_pile_is_a_fifteen() -> None:
    fifteen = ClaimedItem("fifteen", parse_cards("5S 10C"), 2)
    assert hear(PAIR, "fifteen two").claim() == AnnounceClaim((fifteen,))


@pytest.mark.parametrize(
    ("b", "said", "message"),
    [
        (
            PAIR,
            "twenty seven",
            "I heard twenty-seven: no hand of four cards and a starter makes 27. Say it again, "
            "or type it.",
        ),
        (
            PAIR,
            "fifteen two, fifteen four, and a pair is six, that's thirty three",
            "I heard thirty-three: no hand of four cards and a starter makes 33.",
        ),
        (PAIR, "twenty five", "no hand of four cards and a starter makes 25."),
        (PAIR, "fifteen two, that's nineteen", "no hand of four cards and a starter makes 19."),
        (
            show("2D 4D 8D QD", "KD", crib=True),
            "twenty six",
            "I heard twenty-six: no crib of four cards and a starter makes 26.",
        ),
        (show("5H JH QH", "KH"), "seventeen", "no hand of three cards and a starter makes 17."),
        (
            show("3H 4C 5D 6S 7H", "JH"),
            "forty four",
            "no hand of five cards and a starter makes 44.",
        ),
        (
            show("3H 4C 5D 6S 7H", "JH"),
            "fifteen two, that's fifty",
            "five cards and a starter makes 50.",
        ),
    ],
)
def test_a_total_no_show_reaches_is_refused_never_judged(
    b: Breakdown, said: str, message: str
) -> None:
    assert build(b).parse(words(said)) is not None  # heard as said, not as another number
    with pytest.raises(Unreachable) as refused:
        hear(b, said)
    assert message in str(refused.value)


def test_a_total_some_show_reaches_is_judged() -> None:
    over = hear(PAIR, "fifteen two, fifteen four, fifteen six, and a pair is eight")
    verdict = over.verdict(PAIR, "hoyle")
    assert (verdict.outcome, verdict.excess_points, over.total) == ("over", 2, 8)
    assert hear(PAIR, "twenty eight").verdict(PAIR, "acc").outcome == "over"
    five = show("3H 4C 5D 6S 7H", "JH")
    assert hear(five, "nineteen").claim() == TotalClaim(19)  # 19 is a five-card count
    assert hear(five, "thirty six").total == 36


@pytest.mark.parametrize(
    ("said", "counted", "total"),
    [
        ("fifteen two, fifteen four, and a pair is six, that's four", "six", "four"),
        ("fifteen two, fifteen four, that's two", "four", "two"),
        ("a pair is two, and nobs is three, that's two", "three", "two"),
        ("fifteen two, fifteen four, fifteen six, and a pair is eight, that's six", "eight", "six"),
        ("fifteen two, fifteen four, that's eight", "four", "eight"),
        ("fifteen two, and a pair is four, that's ten", "four", "ten"),
        ("fifteen two, fifteen four, and a pair is six, that's twelve", "six", "twelve"),
    ],
)
def test_a_final_total_below_the_count_or_far_above_it_is_asked_again(
    said: str, counted: str, total: str
) -> None:
    """A slip adds wrong, upward, by a combination; a final total heard below what the
    count added up to, or more than `SLIP` above it, was misheard, and the player is
    asked again, not judged on it."""
    assert build(PAIR).parse(words(said)) is not None  # the grammar holds it: heard as said
    with pytest.raises(NoCount) as refused:
        hear(PAIR, said)
    assert str(refused.value) == (
        f"I heard a count of {counted} end on {total}. Say it again, or type it."
    )


def test_a_final_total_above_the_count_said_is_judged_and_the_slip_named() -> None:
    over = hear(PAIR, "fifteen two, fifteen four, and a pair is six, that's eight")
    assert (over.counted, over.total) == (6, 8)
    assert over.slip() == "You said 8; what you counted makes 6."
    assert over.verdict(PAIR, "acc").exact  # the combinations are judged
    same = hear(PAIR, "fifteen two, fifteen four, and a pair is six, that's six")
    assert (same.total, same.slip()) == (6, None)
    assert SLIP == 2
    assert hear(PAIR, "twenty eight").total == 28  # a total alone counts nothing to stand off
