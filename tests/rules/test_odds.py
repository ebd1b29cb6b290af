"""Exact score distributions: the published table, the suit formula, and exhaustive checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from trainer.rules import odds
from trainer.rules.cards import SUITS, Card, full_deck
from trainer.rules.ranks import rank_points
from trainer.rules.show import HAND_SIZES, MOST_POINTS, HandError, score_show
from trainer.rules.totals import show_total

# Hand scores (4-card hand + starter, hand rules) over all 12,994,800 deals, as published
# in Wikipedia's "Cribbage statistics" (after S. Lumetta's enumeration).
PUBLISHED_HAND: dict[int, int] = {
    0: 1_009_008,
    1: 99_792,
    2: 2_813_796,
    3: 505_008,
    4: 2_855_676,
    5: 697_508,
    6: 1_800_268,
    7: 751_324,
    8: 1_137_236,
    9: 361_224,
    10: 388_740,
    11: 51_680,
    12: 317_340,
    13: 19_656,
    14: 90_100,
    15: 9_168,
    16: 58_248,
    17: 11_196,
    18: 2_708,
    19: 0,
    20: 8_068,
    21: 2_496,
    22: 444,
    23: 356,
    24: 3_680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}
# Same source: with crib rules (a four-card flush without the starter scores nothing),
# 1,022,208 deals score zero.
PUBLISHED_CRIB_ZERO = 1_022_208


def test_hand_distribution_matches_published_table() -> None:
    assert odds.distribution(4, crib=False) == PUBLISHED_HAND


def test_crib_distribution_zero_and_deal_count() -> None:
    dist = odds.distribution(4, crib=True)
    assert dist[0] == PUBLISHED_CRIB_ZERO
    assert sum(dist.values()) == 12_994_800
    # Crib rules only ever take points away (the four-card flush), never add them.
    assert dist[29] == PUBLISHED_HAND[29]
    assert dist[28] == PUBLISHED_HAND[28]


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_every_deal_is_counted(size: int, crib: bool) -> None:
    dist = odds.distribution(size, crib)
    assert sum(dist.values()) == odds.deals(size) == comb(52, size) * (52 - size)
    assert list(dist) == list(range(max(dist) + 1))


def test_mean_and_impossible_scores() -> None:
    dist = odds.distribution(4)
    assert odds.mean(dist) == pytest.approx(4.7692, abs=1e-4)
    assert 19 not in odds.possible_scores(4)
    assert odds.possible_scores(4)[-1] == 29
    assert odds.possible_scores(3)[-1] == 20
    assert odds.possible_scores(5)[-1] == 46


def test_rarity() -> None:
    # 3,680 + 76 + 4 = 3,760 deals of 12,994,800 score 24 or more: about 1 in 3,456.
    assert odds.chance_at_least(24) == Fraction(3_760, 12_994_800)
    assert odds.rarity(24) == "1 hand in 3,456 scores 24 or more"
    assert odds.rarity(29) == "1 hand in 3,248,700 scores 29 or more"
    assert odds.rarity(0) == "1 hand in 13 scores nothing"  # 7.8%: never "0 or more"
    assert odds.rarity(0, crib=True) == "1 crib in 13 scores nothing"
    assert odds.rarity(0, 3) == "1 hand in 4 scores nothing"
    assert odds.rarity(0, 5) == "1 hand in 69 scores nothing"
    assert odds.rarity(30) == "no hand can score 30 or more"
    assert odds.rarity(2, crib=True).endswith("of cribs score 2 or more")


def test_bad_hand_size() -> None:
    with pytest.raises(HandError, match="hand size must be 3, 4 or 5, got 6"):
        odds.distribution(6)


def _explicit_split(hand: tuple[int, ...], starter: int, crib: bool) -> Counter[int]:
    """Flush + nobs points over every suit choice of one rank pattern, scored by score_show."""
    groups = Counter(hand)
    result: Counter[int] = Counter()

    def choices(ranks: list[int]) -> Iterator[list[Card]]:
        if not ranks:
            yield []
            return
        rank, rest = ranks[0], ranks[1:]
        for suits in combinations(SUITS, groups[rank]):
            for tail in choices(rest):
                yield [Card(rank, s) for s in suits] + tail

    for cards in choices(sorted(groups)):
        for suit in SUITS:
            start = Card(starter, suit)
            if start in cards:
                continue
            b = score_show(cards, start, crib=crib)
            result[b.flush + b.nobs] += 1
    return result


def _sample_patterns(size: int, rng: random.Random, n: int) -> list[tuple[tuple[int, ...], int]]:
    patterns = [(h, s) for h, s, _ in odds.rank_patterns(size)]
    chosen = rng.sample(patterns, n)
    # Always include the shapes the formula treats specially: jacks, the starter's rank
    # in the hand, a jack starter, repeated ranks.
    special = [p for p in patterns if 11 in p[0] or p[1] == 11 or p[1] in p[0]]
    return chosen + rng.sample(special, n)


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_suit_split_formula_matches_enumeration(size: int, crib: bool) -> None:
    rng = random.Random(size * 10 + crib)
    for hand, starter in _sample_patterns(size, rng, 40):
        expected = _explicit_split(hand, starter, crib)
        got = Counter(dict(odds.suit_split(hand, starter, crib)))
        assert got == expected, (hand, starter, crib)


RANKS = range(1, 14)


def _odds_for_starter_rank(hand_size: int, rank: int, crib: bool) -> Counter[int]:
    """The part of `odds.distribution` made of the deals whose starter has rank ``rank``:
    its rank patterns with that starter, added up as `odds` adds them."""
    hist: Counter[int] = Counter()
    for hand, starter, _ in odds.rank_patterns(hand_size):
        if starter == rank:
            base = rank_points(tuple(sorted((*hand, starter))))
            for bonus, ways in odds.suit_split(hand, starter, crib):
                hist[base + bonus] += ways
    return hist


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_the_starter_ranks_add_up_to_the_distribution(size: int, crib: bool) -> None:
    """The exhaustive checks below compare each starter rank's deals with its part of the
    odds; the parts make the whole distribution (itself the published table, above)."""
    total: Counter[int] = Counter()
    for rank in RANKS:
        total.update(_odds_for_starter_rank(size, rank, crib))
    assert dict(total) == {s: n for s, n in odds.distribution(size, crib).items() if n}


def _every_deal_with_starter_rank(
    hand_size: int,
    rank: int,
    crib_scorer: Callable[[tuple[Card, ...], Card], int],
    suits: str = SUITS,
) -> tuple[Counter[int], Counter[int]]:
    """Score every deal of ``hand_size`` cards whose starter has rank ``rank`` (and one of
    ``suits``): the hand by `score_show`, the crib by ``crib_scorer``."""
    deck = full_deck()
    hand_hist: Counter[int] = Counter()
    crib_hist: Counter[int] = Counter()
    for starter in (card for card in deck if card.rank == rank and card.suit in suits):
        for hand in combinations([card for card in deck if card != starter], hand_size):
            hand_hist[score_show(hand, starter).total] += 1
            crib_hist[crib_scorer(hand, starter)] += 1
    return hand_hist, crib_hist


@pytest.mark.slow
@pytest.mark.parametrize("rank", RANKS)
def test_exhaustive_every_four_card_hand_with_a_starter_of_each_rank(rank: int) -> None:
    """score_show on every four-card hand with one starter of each rank (3,248,700 deals,
    a rank a test so parallel workers share them) gives the odds' count: the starter's suit
    turns with its rank, so each suit is the starter for three or four ranks, and the odds
    count the four suits alike, so one suit's deals are a quarter of the rank's part of the
    table (the crib by the total-only path). The ranks' parts add up to the published table
    (`test_the_starter_ranks_add_up_to_the_distribution`)."""
    suit = SUITS[rank % len(SUITS)]
    hand_hist, crib_hist = _every_deal_with_starter_rank(
        4, rank, lambda hand, starter: show_total(hand, starter, crib=True), suits=suit
    )
    assert sum(hand_hist.values()) == sum(crib_hist.values()) == comb(51, 4)
    assert hand_hist == _quarter(_odds_for_starter_rank(4, rank, crib=False))
    assert crib_hist == _quarter(_odds_for_starter_rank(4, rank, crib=True))


def _quarter(hist: Counter[int]) -> Counter[int]:
    """A starter rank's part of the odds for one of its four suits."""
    assert all(ways % len(SUITS) == 0 for ways in hist.values()), hist
    return Counter({score: ways // len(SUITS) for score, ways in hist.items()})


@pytest.mark.slow
@pytest.mark.parametrize("rank", RANKS)
def test_exhaustive_every_three_card_deal(rank: int) -> None:
    """The five-card game's 3-card hands: every one of the 1,082,900 deals, both rules, a
    starter rank a test."""
    hand_hist, crib_hist = _every_deal_with_starter_rank(
        3, rank, lambda hand, starter: score_show(hand, starter, crib=True).total
    )
    assert sum(hand_hist.values()) == 4 * comb(51, 3)
    assert hand_hist == _odds_for_starter_rank(3, rank, crib=False)
    assert crib_hist == _odds_for_starter_rank(3, rank, crib=True)


@pytest.mark.parametrize("size", HAND_SIZES)
def test_most_points_is_the_highest_possible_score(size: int) -> None:
    assert max(odds.possible_scores(size)) == MOST_POINTS[size]
    assert max(odds.possible_scores(size, crib=True)) <= MOST_POINTS[size]
