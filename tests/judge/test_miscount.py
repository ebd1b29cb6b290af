"""The opponent miscount model: it errs as often as asked on every kind of hand, says its
count aloud from the combinations it claims, and is the same under the same seed."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement

import pytest

from tests.factories import show
from trainer.drills.loader import builtin_drills_dir, load_all
from trainer.drills.model import DrillSet
from trainer.judge.miscount import (
    CORRECT_DESCRIPTION,
    OpponentClaim,
    claim_of,
    combo_phrase,
    combos_phrase,
    opponent_claim,
)
from trainer.judge.slips import MistakeId, possible_mistakes
from trainer.quiz.questions import CatchQuestion, make_question
from trainer.rules.cards import SUITS, Card, full_deck, parse_cards
from trainer.rules.combos import Kind
from trainer.rules.show import Breakdown, Item, score_show

DEALS = 2000


def catch_drill() -> DrillSet:
    (drill,) = [
        e.drill for e in load_all([(builtin_drills_dir(), True)]) if e.id == "catch" and e.drill
    ]
    return drill


def random_shows(seed: int, count: int) -> list[Breakdown]:
    """Random 4-card hands and cribs with starters."""
    rng = random.Random(seed)
    deck = full_deck()
    out = []
    for _ in range(count):
        cards = rng.sample(deck, 5)
        out.append(score_show(cards[:4], cards[4], crib=rng.random() < 0.3))
    return out


# ---------------------------------------------------------------- how often it errs


@pytest.mark.parametrize("rate", [0.5, 0.2, None], ids=["half", "a-fifth", "built-in"])
def test_error_rate_over_the_catch_drills_deals(rate: float | None) -> None:
    drill = catch_drill()
    if rate is not None:
        drill = replace(drill, opponent_errors=rate)
    wanted = drill.opponent_errors
    seeds = random.Random(2024)
    wrong = over = 0
    for _ in range(DEALS):
        q = make_question(drill, 1, seeds.getrandbits(63))
        assert isinstance(q, CatchQuestion)
        wrong += not q.opponent.correct
        over += q.opponent.claimed > q.opponent.actual
    assert abs(wrong / DEALS - wanted) <= 0.05, (wrong, wanted)
    assert 0.3 <= over / wrong <= 0.7  # both "too many" and muggins get practised


def rank_patterns(size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks that a deck can deal (at most four of a rank)."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(1, 14), size)
        if max(Counter(ranks).values()) <= 4
    ]


def unsuited(ranks: tuple[int, ...]) -> list[Card]:
    """Cards of these ranks with suits in turn, so no hand is one suit (no flush)."""
    return [Card(rank, SUITS[n % 4]) for n, rank in enumerate(ranks)]


@pytest.mark.parametrize("hand_size", [3, 4, pytest.param(5, marks=pytest.mark.slow)])
def test_always_errs_on_every_hand_when_told_to(hand_size: int) -> None:
    """Every pattern of ranks, zero hands among them, with no flush (so hand and crib count
    alike). Suits only add mistakes (a missed flush or nobs, a crib's four-card flush), so
    these are the hardest hands to miscount."""
    for n, ranks in enumerate(rank_patterns(hand_size + 1)):
        cards = unsuited(ranks)
        claim = opponent_claim(score_show(cards[:-1], cards[-1]), random.Random(n), error_rate=1)
        assert not claim.correct, ranks
        assert claim.mistake is not None


def test_zero_hand_is_miscounted_with_a_near_miss() -> None:
    breakdown = show("2H 4D 6C 8S KH")
    claims = {opponent_claim(breakdown, random.Random(s), error_rate=1.0) for s in range(40)}
    assert {(c.claimed, c.mistake) for c in claims} == {(2, "phantom-fifteen")}
    assert {c.spoken() for c in claims} == {"Fifteen two."}
    assert {combos_phrase(c.invented) for c in claims} == {
        "fifteen 4D KH for 2",
        "fifteen 6C 8S for 2",
        "fifteen 6C KH for 2",
        "fifteen 2H 4D 8S for 2",
        "fifteen 2H 4D KH for 2",
        "fifteen 2H 6C 8S for 2",
    }


def test_near_misses_share_one_draw() -> None:
    """Kinds: phantom fifteen, missed pair, ten-card pair, missed second run, missed nobs.
    The two near misses share one of four draws: each about 1/8, the others about 1/4."""
    breakdown = show("QD JH 4D JD KH")
    rng = random.Random(5)
    counts = Counter(opponent_claim(breakdown, rng, error_rate=1.0).mistake for _ in range(2000))
    assert set(counts) == set(possible_mistakes(breakdown))
    assert [counts[k] for k in ("phantom-fifteen", "ten-card-pair")] == pytest.approx(
        [250, 250], abs=70
    )
    assert [
        counts[k] for k in ("missed-pair", "missed-second-run", "missed-nobs")
    ] == pytest.approx([500, 500, 500], abs=80)


def test_no_claim_of_nineteen_where_nineteen_means_nothing() -> None:
    """A 17 hand: a phantom pair or a fifteen counted twice would make it 19."""
    four = show("5D JC 10C 5C QH")
    assert four.total == 17
    seen = {opponent_claim(four, random.Random(s), error_rate=1.0).claimed for s in range(300)}
    assert seen == {14, 15}
    five = show("2H KS JC KD 2S 3C")  # five cards: 19 is a real score, and may be claimed
    assert five.total == 17
    seen = {opponent_claim(five, random.Random(s), error_rate=1.0).claimed for s in range(300)}
    assert seen == {15, 16, 19}


def test_error_rate_zero_is_always_correct() -> None:
    rng = random.Random(1)
    for breakdown in random_shows(2, 300):
        claim = opponent_claim(breakdown, rng, error_rate=0.0)
        assert claim.correct
        assert (claim.mistake, claim.description) == (None, CORRECT_DESCRIPTION)
        assert claim.said == breakdown.items


def test_seeded_determinism() -> None:
    shows = random_shows(7, 100)
    first = [opponent_claim(b, random.Random(11)) for b in shows]
    assert first == [opponent_claim(b, random.Random(11)) for b in shows]
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert [opponent_claim(b, rng_a) for b in shows] == [opponent_claim(b, rng_b) for b in shows]


@pytest.mark.parametrize("rate", [-0.1, 1.5])
def test_error_rate_out_of_range(rate: float) -> None:
    with pytest.raises(ValueError, match=repr(rate)):
        opponent_claim(show("QD JH 4D JD KH"), random.Random(0), error_rate=rate)


# ---------------------------------------------------------------- what they say


def mistaken(cards: str, mistake: MistakeId, n: int = 0) -> OpponentClaim:
    return claim_of(show(cards), possible_mistakes(show(cards))[mistake][n])


@pytest.mark.parametrize(
    ("cards", "mistake", "claimed", "spoken"),
    [
        pytest.param(
            "QD JH 4D JD KH",
            None,
            9,
            "A double run of three is eight, and nobs is nine.",
            id="right",
        ),
        pytest.param("2H 4D 6C 8S KH", None, 0, "Nineteen (no score).", id="right-zero"),
        pytest.param(
            "QD JH 4D JD KH",
            "missed-second-run",
            6,
            "A pair is two, and a run of three is five, and nobs is six.",
            id="missed-second-run",
        ),
        pytest.param(
            "7S 8D 2C 4H KH",
            "missed-two-card-fifteen",
            0,
            "Nineteen (no score).",
            id="missed-the-only-fifteen",
        ),
        pytest.param("JS QD 2C 4H 7H", "ten-card-pair", 2, "A pair is two.", id="ten-card-pair"),
        pytest.param(
            "2H 2C 2S 8D 8C",
            "pair-royal-as-four",
            6,
            "Two pairs is four, and a pair is six.",
            id="pair-royal-as-four",
        ),
        pytest.param(
            "2H 2C 2S 2D 9C",
            "double-pair-royal-as-six",
            14,
            "Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair royal is fourteen.",
            id="double-pair-royal-as-six",
        ),
        pytest.param(
            "9S 8D JC 10D AH",
            "split-run-of-four",
            6,
            "A run of three is three, and another run of three is six.",
            id="split-run-of-four",
        ),
        pytest.param(
            "5H 10D JC QS 2H",
            "double-counted-fifteen",
            11,
            "Fifteen two, fifteen four, fifteen six, fifteen eight, and a run of three is eleven.",
            id="double-counted-fifteen",
        ),
        pytest.param(
            "8S 9D JC 2H 2D",
            "phantom-run",
            5,
            "A pair is two, and a run of three is five.",
            id="phantom-run",
        ),
    ],
)
def test_spoken_count(cards: str, mistake: MistakeId | None, claimed: int, spoken: str) -> None:
    claim = claim_of(show(cards)) if mistake is None else mistaken(cards, mistake)
    assert (claim.claimed, claim.spoken()) == (claimed, spoken)
    assert sum(i.points for i in claim.said) == claimed


def test_said_is_the_truth_less_missed_plus_invented() -> None:
    claim = mistaken("9S 8D JC 10D AH", "split-run-of-four")
    assert claim.missed == show("9S 8D JC 10D AH").items
    assert [(i.kind, i.points) for i in claim.invented] == [("run", 3), ("run", 3)]
    assert claim.said == claim.invented
    assert (claim.actual, claim.claimed, claim.combo) == (4, 6, "run-4")


def test_a_claim_must_add_up() -> None:
    item = Item("pair", tuple(parse_cards("7S 7D")), 2)
    with pytest.raises(ValueError, match="claim of 4"):
        OpponentClaim(4, 2, None, CORRECT_DESCRIPTION, said=(item,))
    with pytest.raises(ValueError, match="claim of 0"):
        OpponentClaim(0, 2, "missed-pair", "They missed the pair 7S 7D.")


@pytest.mark.parametrize(
    ("text", "kind", "points", "phrase"),
    [
        ("7S 8D", "fifteen", 2, "fifteen 7S 8D for 2"),
        ("7S 7D", "pair", 2, "a pair 7S 7D for 2"),
        ("3H 4C 5S", "run", 3, "a run of three 3H 4C 5S for 3"),
        ("2H 4H 6H 8H", "flush", 4, "a flush of four 2H 4H 6H 8H for 4"),
        ("JH 10H", "nobs", 1, "nobs JH for 1"),
    ],
)
def test_combo_phrase(text: str, kind: Kind, points: int, phrase: str) -> None:
    item = Item(kind, tuple(parse_cards(text)), points)
    assert combo_phrase(item) == phrase


def test_combos_phrase_joins_with_and() -> None:
    items = tuple(
        Item("fifteen", tuple(parse_cards(t)), 2) for t in ("7S 8D", "5H 10D", "AS 4C 10H")
    )
    assert combos_phrase(items[:1]) == "fifteen 7S 8D for 2"
    assert combos_phrase(items) == (
        "fifteen 7S 8D for 2, fifteen 5H 10D for 2 and fifteen AS 4C 10H for 2"
    )
    assert combos_phrase(()) == ""
