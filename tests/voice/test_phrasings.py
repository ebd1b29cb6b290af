"""Players' phrasings of a count, as text: the exact claim each makes (RULES.md, "Announcing a
count as players do"). What is never a count is in test_not_counts."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.voice.counting import hear, show, words
from trainer.judge.claims import AnnounceClaim, ClaimedItem, TotalClaim
from trainer.rules.cards import parse_cards
from trainer.rules.show import Breakdown
from trainer.voice.grammar import ELIDED_WEIGHT, OUT_OF_ORDER_WEIGHT, build


def claim(*said: tuple[str, str, int]) -> AnnounceClaim:
    """The claim of these items, each (kind, cards, points), in this order."""
    return AnnounceClaim(tuple(ClaimedItem(k, parse_cards(c), p) for k, c, p in said))


PAIR = show("5H 10C 9D 5S", "2D")  # two fifteens and a pair: 6
FIFTEENS = (("fifteen", "5S 10C", 2), ("fifteen", "5H 10C", 2))
PAIR_ITEM = ("pair", "5S 5H", 2)
RUN = show("3H 4C 5D 9S", "JH")  # a fifteen and a run of three: 5
DOUBLE_RUN = show("5H 5C 6D 4S", "JH")  # four fifteens and a double run of three: 16
DOUBLE_RUN_ITEMS = (
    ("fifteen", "5H JH", 2),
    ("fifteen", "5C JH", 2),
    ("fifteen", "4S 5H 6D", 2),
    ("fifteen", "4S 5C 6D", 2),
    ("run", "4S 5H 5C 6D", 8),
)
TWENTY_NINE = show("5H 5C 5S JD", "5D")
ZERO = show("2H 7C 9D KS", "QH")


@pytest.mark.parametrize(
    ("b", "said", "expected", "total"),
    [
        pytest.param(PAIR, "a pair is two, fifteen four, fifteen six", (PAIR_ITEM, *FIFTEENS), 6),
        pytest.param(
            PAIR,
            "a pair is two, fifteen two is four, and fifteen two makes six",
            (PAIR_ITEM, *FIFTEENS),
            6,
            id="fifteen two is four",
        ),
        pytest.param(
            RUN,
            "a run of three is three, and fifteen two is five",
            (("run", "3H 4C 5D", 3), ("fifteen", "5D JH", 2)),
            5,
            id="run first",
        ),
        pytest.param(
            RUN,
            "a run of three is three, fifteen five",
            (("run", "3H 4C 5D", 3), ("fifteen", "5D JH", 2)),
            5,
            id="run first, total",
        ),
        pytest.param(
            DOUBLE_RUN,
            "fifteen two, four, six, eight, and a double run is sixteen",
            DOUBLE_RUN_ITEMS,
            16,
            id="elided",
        ),
        pytest.param(
            DOUBLE_RUN,
            "two, four, six, eight, and a double run of three is sixteen",
            DOUBLE_RUN_ITEMS,
            16,
            id="elided from the start",
        ),
        pytest.param(
            DOUBLE_RUN,
            "a double run of three is eight, fifteen ten, twelve, fourteen, sixteen",
            (DOUBLE_RUN_ITEMS[4], *DOUBLE_RUN_ITEMS[:4]),
            16,
            id="elided after",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, and a pair makes six",
            (*FIFTEENS, PAIR_ITEM),
            6,
            id="makes",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, a pair, that's six",
            (*FIFTEENS, PAIR_ITEM),
            6,
            id="that's",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, pair for six, that is six",
            (*FIFTEENS, PAIR_ITEM),
            6,
            id="for, that is",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, a pair's six, makes six",
            (*FIFTEENS, PAIR_ITEM),
            6,
            id="pair's, makes",
        ),
    ],
)
def test_groups_in_any_order_elided_and_linked(
    b: Breakdown, said: str, expected: tuple[tuple[str, str, int], ...], total: int
) -> None:
    count = hear(b, said)
    assert count.claim() == claim(*expected)
    assert count.total == total
    assert count.verdict(b, "acc").exact


def test_the_announcement_order_is_the_likeliest() -> None:
    grammar = build(RUN)
    standard = grammar.parse(words("fifteen two, and a run of three is five"))
    reordered = grammar.parse(words("a run of three is three, and fifteen two is five"))
    assert standard is not None
    assert reordered is not None
    assert Counter(u.item for u in standard.units) == Counter(u.item for u in reordered.units)
    assert (standard.weight, reordered.weight) == (1.0, OUT_OF_ORDER_WEIGHT)
    elided = build(PAIR).parse(words("fifteen two, four, and a pair is six"))
    assert elided is not None
    assert elided.weight == ELIDED_WEIGHT
    assert build(PAIR).parse(words("two, and a pair is four")) is None  # "two" alone: a total


@pytest.mark.parametrize(
    "said",
    [
        "and one for his nobs is twenty nine",
        "and one for his nobs",
        "one for his nob",
        "and one for nobs",
        "nobs is twenty nine",
        "and his nobs is twenty nine",
        "nobs for twenty nine",
        "his nob makes twenty nine",
    ],
)
def test_nobs_as_players_say_it(said: str) -> None:
    count = hear(
        TWENTY_NINE,
        "fifteen two, four, six, eight, ten, twelve, fourteen, sixteen, "
        f"and a double pair royal is twenty eight, {said}",
    )
    announced = count.claim()
    assert isinstance(announced, AnnounceClaim)
    assert announced.items[-1] == ClaimedItem("nobs", parse_cards("JD 5D"), 1)
    assert count.total == 29
    assert count.verdict(TWENTY_NINE, "acc").exact


@pytest.mark.parametrize(
    ("b", "said", "expected"),
    [
        pytest.param(
            DOUBLE_RUN,
            "fifteen two, four, six, eight, a pair is ten and two runs of three is sixteen",
            ("run", "4S 5H 5C 6D", 8),
            id="double run, pair first",
        ),
        pytest.param(
            DOUBLE_RUN,
            "fifteen two, four, six, eight, two runs of three is fourteen, and a pair is sixteen",
            ("run", "4S 5H 5C 6D", 8),
            id="double run, runs first",
        ),
        pytest.param(
            show("3H 4C 5D 5S 6H", "JC"),
            "fifteen two, four, six, eight, a pair is ten, and two runs of four is eighteen",
            ("run", "3H 4C 5D 5S 6H", 10),
            id="double run of four",
        ),
        pytest.param(
            show("3H 4C 4D 4S", "5H"),
            "fifteen two, a pair royal is eight, and three runs of three is seventeen",
            ("run", "3H 4C 4D 4S 5H", 15),
            id="triple run",
        ),
        pytest.param(
            show("3H 4C 4D 4S", "5H"),
            "fifteen two, three runs of three is eleven and three of a kind makes seventeen",
            ("run", "3H 4C 4D 4S 5H", 15),
            id="triple run, runs first",
        ),
        pytest.param(
            show("3H 3C 4D 4S", "5H"),
            "fifteen two, fifteen four, two pairs is eight, and four runs of three is twenty",
            ("run", "3H 3C 4D 4S 5H", 16),
            id="double-double run",
        ),
        pytest.param(
            show("3H 3C 4D 4S", "5H"),
            "fifteen two, fifteen four, a pair is six, another "
            "pair is eight, four runs of three is twenty",
            ("run", "3H 3C 4D 4S 5H", 16),
            id="double-double run, each pair",
        ),
    ],
)
def test_a_multiple_run_said_as_its_parts_is_the_group(
    b: Breakdown, said: str, expected: tuple[str, str, int]
) -> None:
    count = hear(b, said)
    announced = count.claim()
    assert isinstance(announced, AnnounceClaim)
    assert announced.items[-1] == ClaimedItem(expected[0], parse_cards(expected[1]), expected[2])
    assert count.total == b.total
    assert count.verdict(b, "hoyle").exact  # the group's claim: no duplicate, no pair apart


@pytest.mark.parametrize("said", ["nothing", "zero", "no points"])
def test_nothing_is_a_total_of_nothing(said: str) -> None:
    count = hear(ZERO, said)
    assert count.claim() == TotalClaim(0)
    assert count.verdict(ZERO, "acc").exact


def test_nineteen_is_nothing_where_no_show_makes_nineteen() -> None:
    count = hear(ZERO, "nineteen")
    assert count.claim() == TotalClaim(19)
    verdict = count.verdict(ZERO, "acc")
    assert (verdict.exact, verdict.nineteen, verdict.claimed) == (True, True, 0)


@pytest.mark.parametrize(
    ("said", "heard_words"),
    [
        (
            "fifteen two, um, fifteen four, uh, and a pair er is six",
            "fifteen two fifteen four and a pair is six",
        ),
        (
            "um, fifteen two, fifteen four, and a pair is six, er, that's six",
            "fifteen two fifteen four and a pair is six that's six",
        ),
    ],
)
def test_hesitations_say_nothing(said: str, heard_words: str) -> None:
    count = hear(PAIR, said)
    assert count.claim() == claim(*FIFTEENS, PAIR_ITEM)
    assert count.words == heard_words


@pytest.mark.parametrize(
    ("b", "said", "expected"),
    [
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, no wait, fifteen two, a pair is four",
            (FIFTEENS[0], PAIR_ITEM),
            id="restated",
        ),
        pytest.param(
            RUN,
            "fifteen two, a pair is four, sorry, a run of three is five",
            (("fifteen", "5D JH", 2), ("run", "3H 4C 5D", 3)),
            id="sorry",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, a pair is six, no, a pair is six",
            (*FIFTEENS, PAIR_ITEM),
            id="said again",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, fifteen six, wait, and a pair is six",
            (*FIFTEENS, PAIR_ITEM),
            id="wait",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, no sorry, fifteen four, a pair is six",
            (*FIFTEENS, PAIR_ITEM),
            id="no sorry",
        ),
        pytest.param(
            PAIR,
            "fifteen two, fifteen four, fifteen six, start again, fifteen two, "
            "fifteen four, a pair is six",
            (*FIFTEENS, PAIR_ITEM),
            id="start again",
        ),
        pytest.param(PAIR, "two, four, start over, a pair is two", (PAIR_ITEM,), id="start over"),
    ],
)
def test_a_correction_takes_back_what_it_corrects(
    b: Breakdown, said: str, expected: tuple[tuple[str, str, int], ...]
) -> None:
    count = hear(b, said)
    assert count.claim() == claim(*expected)
    assert count.total == sum(p for _, _, p in expected)


def test_a_correction_goes_back_to_where_the_group_was_said_from() -> None:
    grammar = build(PAIR)
    # after "no wait" the count stands at two: four is the next fifteen, not six
    assert grammar.parse(words("fifteen two, fifteen four, no wait, fifteen six")) is None
    assert grammar.parse(words("fifteen two, a pair is four, no wait, fifteen six")) is None


@pytest.mark.parametrize(
    "said",
    [
        "fifteen two, fifteen four, no",  # a take-back the count ends on
        "fifteen two, fifteen four, and a pair is six, no wait",
        "fifteen two, fifteen four, wait wait, a pair is four",  # no loop of them
        "fifteen two, fifteen four, um",  # a hesitation leads into a phrase
        "fifteen two, fifteen four, um, that's four",
        "fifteen two, um, uh, fifteen four",  # one at a time
    ],
)
def test_noise_has_no_words_to_hide_in(said: str) -> None:
    """In a hard room the recogniser put what it did not hear into these ("…is twenty
    four no", "um uh er uh uh"): a take-back is followed by a phrase, a hesitation is one
    word before a phrase."""
    assert not build(PAIR).holds(words(said))
    assert build(PAIR).holds(words("fifteen two, um, fifteen four, no wait, fifteen four"))


def test_what_is_said_in_doubt() -> None:
    grammar = build(PAIR)
    sure = grammar.parse(words("fifteen two, fifteen four, and a pair is six, that's six"))
    corrected = grammar.parse(words("fifteen two, fifteen six, no wait, fifteen four"))
    slipped = grammar.parse(words("fifteen two, fifteen four, and a pair is six, that's eight"))
    hesitant = grammar.parse(words("fifteen two, um, fifteen four"))
    assert sure is not None
    assert corrected is not None
    assert slipped is not None
    assert hesitant is not None
    assert not sure.doubtful
    assert not hesitant.doubtful
    assert corrected.doubtful
    assert slipped.doubtful
    bare = grammar.parse(words("eight"))
    assert bare is not None
    assert not bare.doubtful


def test_the_strict_grammar_is_the_same_count_without_doubt() -> None:
    """The rival a doubtful count must beat: every count said with nothing taken back and
    the final total the one counted, nothing else."""
    strict = build(PAIR, strict=True)
    for said in (
        "fifteen two, fifteen four, and a pair is six",
        "fifteen two, fifteen four, and a pair is six, that's six",
        "a pair is two, fifteen four, fifteen six",
        "two, four, and a pair is six",
        "eight",
    ):
        assert strict.parse(words(said)) == build(PAIR).parse(words(said)), said
    for said in (
        "fifteen two, fifteen four, and a pair is six, that's eight",
        "fifteen two, fifteen six, no wait, fifteen four",
        "fifteen two, fifteen four, start again, fifteen two",
    ):
        assert strict.parse(words(said)) is None, said
