"""The catalogue of counting slips: each mistake where it applies, never where it cannot,
with the combinations it misses or invents itemised (that some mistake fits every hand is
tested with the model, in test_miscount)."""

from __future__ import annotations

import pytest

from tests.factories import show
from trainer.judge.slips import MISTAKES, Mistake, MistakeId, possible_mistakes
from trainer.rules.cards import format_cards
from trainer.rules.show import Item


def said(items: tuple[Item, ...]) -> list[str]:
    return [f"{i.kind} {format_cards(i.cards)} {i.points}" for i in items]


def variants(cards: str, mistake: MistakeId, *, crib: bool = False) -> list[Mistake]:
    return list(possible_mistakes(show(cards, crib=crib)).get(mistake, ()))


def itemised(m: Mistake) -> tuple[list[str], list[str], int, str]:
    return said(m.missed), said(m.invented), m.delta, m.description


# One row per mistake: a hand, and every variant of that mistake in it (missed items,
# invented items, change to the count, what the reveal says).
EACH_MISTAKE = [
    pytest.param(
        "7S 8D 2C 4H KH",
        False,
        "missed-two-card-fifteen",
        [(["fifteen 7S 8D 2"], [], -2, "They missed the two-card fifteen 7S 8D.")],
        id="missed-two-card-fifteen",
    ),
    pytest.param(
        "AH 7S 6D 2S QH",
        False,
        "missed-three-card-fifteen",
        [(["fifteen 2S 6D 7S 2"], [], -2, "They missed the three-card fifteen 2S 6D 7S.")],
        id="missed-three-card-fifteen",
    ),
    pytest.param(
        "7D AD 6D 10H AS",
        False,
        "missed-long-fifteen",
        [(["fifteen AS AD 6D 7D 2"], [], -2, "They missed the four-card fifteen AS AD 6D 7D.")],
        id="missed-long-fifteen",
    ),
    pytest.param(
        "2H 4D 6C 8S KH",
        False,
        "phantom-fifteen",
        [
            ([], ["fifteen 4D KH 2"], 2, "They counted 4D KH as fifteen; it makes fourteen."),
            ([], ["fifteen 6C 8S 2"], 2, "They counted 6C 8S as fifteen; it makes fourteen."),
            ([], ["fifteen 6C KH 2"], 2, "They counted 6C KH as fifteen; it makes sixteen."),
            ([], ["fifteen 2H 4D 8S 2"], 2, "They counted 2H 4D 8S as fifteen; it makes fourteen."),
            ([], ["fifteen 2H 4D KH 2"], 2, "They counted 2H 4D KH as fifteen; it makes sixteen."),
            ([], ["fifteen 2H 6C 8S 2"], 2, "They counted 2H 6C 8S as fifteen; it makes sixteen."),
        ],
        id="phantom-fifteen-one-off",
    ),
    pytest.param(
        "AS 2H 8D 9C QS",
        False,
        "phantom-fifteen",
        [
            ([], ["fifteen 8D 9C 2"], 2, "They counted 8D 9C as fifteen; it makes seventeen."),
            ([], ["fifteen AS 2H QS 2"], 2, "They counted AS 2H QS as fifteen; it makes thirteen."),
        ],
        id="phantom-fifteen-two-off-only-where-none-is-one-off",
    ),
    pytest.param(
        "5H 10D JC QS 2H",
        False,
        "double-counted-fifteen",
        [
            ([], ["fifteen 5H 10D 2"], 2, "They counted the fifteen 5H 10D twice."),
            ([], ["fifteen 5H JC 2"], 2, "They counted the fifteen 5H JC twice."),
            ([], ["fifteen 5H QS 2"], 2, "They counted the fifteen 5H QS twice."),
        ],
        id="double-counted-fifteen",
    ),
    pytest.param(
        "5H 10D 2C 4S 8H",
        False,
        "double-counted-fifteen",
        [],
        id="double-counted-fifteen-not-with-two",
    ),
    pytest.param(
        "7S 7D 2C 4H KH",
        False,
        "missed-pair",
        [(["pair 7S 7D 2"], [], -2, "They missed the pair 7S 7D.")],
        id="missed-pair",
    ),
    pytest.param(
        "2H 2C 2S 8D 8C",
        False,
        "pair-royal-as-four",
        [
            (
                ["pair 2H 2C 2"],
                [],
                -2,
                "They counted the pair royal of 2s as 4 instead of 6.",
            )
        ],
        id="pair-royal-as-four",
    ),
    pytest.param(
        "2H 2C 2S 8D 8C",
        False,
        "missed-pair",
        [(["pair 8D 8C 2"], [], -2, "They missed the pair 8D 8C.")],
        id="missed-pair-not-of-a-pair-royal",
    ),
    pytest.param(
        "2H 2C 2S 2D 9C",
        False,
        "double-pair-royal-as-six",
        [
            (
                ["pair 2S 2C 2", "pair 2H 2C 2", "pair 2D 2C 2"],
                [],
                -6,
                "They counted the four 2s as a pair royal, 6 instead of 12.",
            )
        ],
        id="double-pair-royal-as-six",
    ),
    pytest.param(
        "JS QD 2C 4H 7H",
        False,
        "ten-card-pair",
        [
            (
                [],
                ["pair JS QD 2"],
                2,
                "They counted JS QD as a pair; a pair is two cards of one rank.",
            )
        ],
        id="ten-card-pair",
    ),
    pytest.param(
        "JS JD 2C 4H 7H", False, "ten-card-pair", [], id="ten-card-pair-not-for-a-real-pair"
    ),
    pytest.param(
        "AS 2H 3D 6C 7S",
        False,
        "missed-run",
        [(["run AS 2H 3D 3"], [], -3, "They missed the run of three AS 2H 3D.")],
        id="missed-run",
    ),
    pytest.param(
        "3H 4D 4C 5S 10H",
        False,
        "missed-second-run",
        [(["run 3H 4C 5S 3"], [], -3, "They missed the second run of three.")],
        id="missed-second-run",
    ),
    pytest.param("3H 4D 4C 5S 10H", False, "missed-run", [], id="missed-run-not-of-a-double"),
    pytest.param(
        "3H 3C 3S 4D 5H",
        False,
        "missed-second-run",
        [(["run 3C 4D 5H 3"], [], -3, "They missed one of the three runs of three.")],
        id="missed-one-of-a-triple-run",
    ),
    pytest.param(
        "9S 8D JC 10D AH",
        False,
        "split-run-of-four",
        [
            (
                ["run 8D 9S 10D JC 4"],
                ["run 8D 9S 10D 3", "run 9S 10D JC 3"],
                2,
                "They counted the run of four 8D 9S 10D JC as two runs of three.",
            )
        ],
        id="split-run-of-four",
    ),
    pytest.param(
        "8S 9D JC 2H 2D",
        False,
        "phantom-run",
        [([], ["run 8S 9D JC 3"], 3, "They counted 8S 9D JC as a run; it skips the 10.")],
        id="phantom-run-with-a-gap",
    ),
    pytest.param(
        "QS KD AC 5H 6H",
        False,
        "phantom-run",
        [
            (
                [],
                ["run AC QS KD 3"],
                3,
                "They counted AC QS KD as a run; runs never turn the corner: the ace is low.",
            )
        ],
        id="phantom-run-round-the-corner",
    ),
    pytest.param("3S 4D 6C 5H KH", False, "phantom-run", [], id="no-phantom-run-inside-a-run"),
    pytest.param(
        "2H 4H 6H 8H QS",
        False,
        "missed-flush",
        [(["flush 2H 4H 6H 8H 4"], [], -4, "They missed the flush of four.")],
        id="missed-hand-flush",
    ),
    pytest.param(
        "2H 4H 6H 8H QH",
        True,
        "missed-flush",
        [(["flush 2H 4H 6H 8H QH 5"], [], -5, "They missed the flush of five.")],
        id="missed-crib-flush",
    ),
    pytest.param(
        "2H 4H 6H 8H JS",
        True,
        "crib-four-flush",
        [
            (
                [],
                ["flush 2H 4H 6H 8H 4"],
                4,
                "They counted a four-card flush in the crib; "
                "a crib flush needs the starter's suit too.",
            )
        ],
        id="crib-four-flush",
    ),
    pytest.param(
        "JH 2C 4S 8D 10H",
        False,
        "missed-nobs",
        [(["nobs JH 10H 1"], [], -1, "They missed nobs, the JH.")],
        id="missed-nobs",
    ),
]


@pytest.mark.parametrize(("cards", "crib", "mistake", "expected"), EACH_MISTAKE)
def test_each_mistake_itemised(
    cards: str,
    crib: bool,
    mistake: MistakeId,
    expected: list[tuple[list[str], list[str], int, str]],
) -> None:
    found = variants(cards, mistake, crib=crib)
    assert [itemised(m) for m in found] == expected
    assert all(m.id == mistake for m in found)


def test_kinds_of_a_hand_in_announcement_order() -> None:
    options = possible_mistakes(show("QD JH 4D JD KH"))
    assert list(options) == [
        "phantom-fifteen",
        "missed-pair",
        "ten-card-pair",
        "missed-second-run",
        "missed-nobs",
    ]
    assert [m.combo for m in options["missed-second-run"]] == ["double-run"]
    assert [said(m.invented) for m in options["ten-card-pair"]] == [
        ["pair JH QD 2"],
        ["pair JD QD 2"],
        ["pair QD KH 2"],
        ["pair JH KH 2"],
        ["pair JD KH 2"],
    ]


@pytest.mark.parametrize(
    ("cards", "crib", "absent"),
    [
        pytest.param("5H 6D 10C JS JD", False, "missed-nobs", id="jack-off-suit-no-nobs"),
        pytest.param("2H 4H 6H 8H JS", False, "crib-four-flush", id="hand-four-flush-is-real"),
        pytest.param("2H 4H 6H 8H QH", True, "crib-four-flush", id="crib-five-flush-is-real"),
        pytest.param("2H 4H 6H 8D QH", True, "crib-four-flush", id="crib-not-one-suit"),
        pytest.param("3H 4D 5C 6S 10H", False, "missed-second-run", id="single-run"),
        pytest.param("5H 5C 5S 5D JD", False, "pair-royal-as-four", id="four-of-a-kind"),
        pytest.param("5H 5C 5S 8D JD", False, "double-pair-royal-as-six", id="three-of-a-kind"),
        pytest.param("3H 4D 4C 5S 6H", False, "split-run-of-four", id="double-run-of-four"),
        pytest.param("5H 10D JC QS 2H", False, "missed-three-card-fifteen", id="two-card-only"),
        pytest.param("2H 4D 6C 8S KH", False, "missed-pair", id="no-pair"),
    ],
)
def test_mistakes_never_apply_where_they_cannot(cards: str, crib: bool, absent: str) -> None:
    assert absent not in possible_mistakes(show(cards, crib=crib))


def test_every_mistake_changes_the_count() -> None:
    for cards in ("QD JH 4D JD KH", "5H 10D JC QS 2H", "2H 4D 6C 8S KH", "2H 2C 2S 2D 9C"):
        for found in possible_mistakes(show(cards)).values():
            assert all(m.delta != 0 for m in found)


def test_the_table_makes_every_mistake() -> None:
    made = {p.values[2] for p in EACH_MISTAKE if p.values[3]}
    assert made == set(MISTAKES)
