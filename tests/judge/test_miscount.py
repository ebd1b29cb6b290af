"""The opponent miscount model: each mistake where it applies, never where it cannot, seeded."""

from __future__ import annotations

import random

import pytest

from trainer.judge.miscount import (
    CORRECT_DESCRIPTION,
    MISTAKES,
    MistakeId,
    opponent_claim,
    possible_mistakes,
)
from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.show import Breakdown, score_show


def show(text: str, *, crib: bool = False) -> Breakdown:
    """Score cards given as text, the last one being the starter."""
    cards = parse_cards(text)
    return score_show(cards[:-1], cards[-1], crib=crib)


def random_shows(seed: int, count: int) -> list[Breakdown]:
    """Random 4-card hands and cribs with starters."""
    rng = random.Random(seed)
    deck = full_deck()
    out = []
    for _ in range(count):
        cards = rng.sample(deck, 5)
        out.append(score_show(cards[:4], cards[4], crib=rng.random() < 0.3))
    return out


# Hands where exactly one mistake applies, in exactly one way.
SINGLE_MISTAKE = [
    pytest.param(
        "3H 4D 4C 5S 10H",
        False,
        "missed-second-run",
        10,
        7,
        "They missed the second run of three.",
        id="missed-second-run",
    ),
    pytest.param(
        "AH 7S 6D 2S QH",
        False,
        "missed-three-card-fifteen",
        2,
        0,
        "They missed the three-card fifteen 2S 6D 7S.",
        id="missed-three-card-fifteen",
    ),
    pytest.param(
        "7D AD 6D 10H AS",
        False,
        "missed-long-fifteen",
        4,
        2,
        "They missed the four-card fifteen AS AD 6D 7D.",
        id="missed-long-fifteen",
    ),
    pytest.param(
        "JH 2C 4S 8D 10H", False, "missed-nobs", 1, 0, "They missed nobs, the JH.", id="nobs"
    ),
    pytest.param(
        "2H 4H 6H 8H JS",
        True,
        "crib-four-flush",
        0,
        4,
        "They counted a four-card flush in the crib; a crib flush needs the starter's suit too.",
        id="crib-four-flush",
    ),
    pytest.param(
        "2H 2C 2S 8D 8C",
        False,
        "pair-royal-as-four",
        8,
        6,
        "They counted the pair royal of 2s as 4 instead of 6.",
        id="pair-royal-as-four",
    ),
    pytest.param(
        "2H 4H 6H 8H QS",
        False,
        "missed-flush",
        4,
        0,
        "They missed the flush of four.",
        id="missed-hand-flush",
    ),
    pytest.param(
        "2H 4H 6H 8H QH",
        True,
        "missed-flush",
        5,
        0,
        "They missed the flush of five.",
        id="missed-crib-flush",
    ),
    pytest.param(
        "9S 8D JC 10D AH",
        False,
        "split-run-of-four",
        4,
        6,
        "They counted the run of four 8D 9S 10D JC as two runs of three.",
        id="split-run-of-four",
    ),
]


@pytest.mark.parametrize(
    ("cards", "crib", "mistake", "actual", "claimed", "description"), SINGLE_MISTAKE
)
def test_each_mistake_gives_its_documented_claim(
    cards: str, crib: bool, mistake: MistakeId, actual: int, claimed: int, description: str
) -> None:
    breakdown = show(cards, crib=crib)
    assert list(possible_mistakes(breakdown)) == [mistake]
    claim = opponent_claim(breakdown, random.Random(0), error_rate=1.0)
    assert (claim.actual, claim.claimed) == (actual, claimed)
    assert claim.mistake == mistake
    assert claim.description == description
    assert not claim.correct


def test_double_counted_fifteen_adds_two() -> None:
    breakdown = show("5H 10D JC QS 2H")  # three fifteens and a single run of three: 9
    options = possible_mistakes(breakdown)
    assert list(options) == ["double-counted-fifteen"]
    assert len(options["double-counted-fifteen"]) == 3
    claim = opponent_claim(breakdown, random.Random(3), error_rate=1.0)
    assert (claim.actual, claim.claimed) == (9, 11)
    assert claim.description.startswith("They counted the fifteen 5H ")
    assert claim.description.endswith(" twice.")


def test_triple_run_misses_one_of_three() -> None:
    (mistake,) = possible_mistakes(show("3H 3C 3S 4D 5H"))["missed-second-run"]
    assert mistake.delta == -3
    assert mistake.description == "They missed one of the three runs of three."


def test_double_run_and_nobs_offers_both() -> None:
    breakdown = show("QD JH 4D JD KH")
    assert list(possible_mistakes(breakdown)) == ["missed-second-run", "missed-nobs"]
    seen = {
        opponent_claim(breakdown, random.Random(seed), error_rate=1.0).claimed for seed in range(50)
    }
    assert seen == {6, 8}


@pytest.mark.parametrize(
    ("cards", "crib", "absent"),
    [
        pytest.param("5H 6D 10C JS JD", False, "missed-nobs", id="jack-off-suit-no-nobs"),
        pytest.param("2H 4H 6H 8H JS", False, "crib-four-flush", id="hand-four-flush-is-real"),
        pytest.param("2H 4H 6H 8H QH", True, "crib-four-flush", id="crib-five-flush-is-real"),
        pytest.param("2H 4H 6H 8D QH", True, "crib-four-flush", id="crib-not-one-suit"),
        pytest.param("3H 4D 5C 6S 10H", False, "missed-second-run", id="single-run"),
        pytest.param("5H 5C 5S 5D JD", False, "pair-royal-as-four", id="four-of-a-kind"),
        pytest.param("3H 4D 4C 5S 6H", False, "split-run-of-four", id="double-run-of-four"),
        pytest.param("5H 10D 2C 4S 8H", False, "double-counted-fifteen", id="two-fifteens"),
        pytest.param("5H 10D JC QS 2H", False, "missed-three-card-fifteen", id="two-card-only"),
    ],
)
def test_mistakes_never_apply_where_they_cannot(cards: str, crib: bool, absent: str) -> None:
    assert absent not in possible_mistakes(show(cards, crib=crib))


def test_zero_hand_has_no_mistake_and_is_claimed_right() -> None:
    breakdown = show("2H 4D 6C 8S KH")
    assert possible_mistakes(breakdown) == {}
    for seed in range(20):
        claim = opponent_claim(breakdown, random.Random(seed), error_rate=1.0)
        assert (claim.claimed, claim.mistake, claim.description) == (0, None, CORRECT_DESCRIPTION)


def test_no_nobs_never_gives_missed_nobs() -> None:
    breakdown = show("5H 6D 10C JS JD")
    for seed in range(200):
        assert opponent_claim(breakdown, random.Random(seed), error_rate=1.0).mistake != (
            "missed-nobs"
        )


def test_seeded_determinism() -> None:
    shows = random_shows(7, 100)
    first = [opponent_claim(b, random.Random(11)) for b in shows]
    again = [opponent_claim(b, random.Random(11)) for b in shows]
    assert first == again
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert [opponent_claim(b, rng_a) for b in shows] == [opponent_claim(b, rng_b) for b in shows]


def test_error_rate_zero_is_always_correct() -> None:
    rng = random.Random(1)
    for breakdown in random_shows(2, 300):
        claim = opponent_claim(breakdown, rng, error_rate=0.0)
        assert claim.correct
        assert claim.mistake is None


def test_error_rate_one_always_errs_when_a_mistake_applies() -> None:
    rng = random.Random(3)
    used: set[str] = set()
    for breakdown in random_shows(4, 2000):
        claim = opponent_claim(breakdown, rng, error_rate=1.0)
        assert claim.actual == breakdown.total
        if possible_mistakes(breakdown):
            assert claim.claimed != claim.actual
            assert claim.mistake in possible_mistakes(breakdown)
            used.add(str(claim.mistake))
        else:
            assert claim.correct
    assert used == set(MISTAKES)


def test_error_rate_is_roughly_honoured() -> None:
    breakdown = show("QD JH 4D JD KH")
    rng = random.Random(9)
    wrong = sum(not opponent_claim(breakdown, rng, error_rate=0.3).correct for _ in range(4000))
    assert 0.25 < wrong / 4000 < 0.35


@pytest.mark.parametrize("rate", [-0.1, 1.5])
def test_error_rate_out_of_range(rate: float) -> None:
    with pytest.raises(ValueError, match=repr(rate)):
        opponent_claim(show("QD JH 4D JD KH"), random.Random(0), error_rate=rate)
