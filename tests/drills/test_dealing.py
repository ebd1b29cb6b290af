"""Constrained dealing: the dealer's tables against the exact odds, unbiased draws,
deal features read from the cards, and the pegging moments of `deal_play`."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from tests.factories import deal_features
from trainer.drills.constraints import Constraints, DealError
from trainer.drills.dealing import (
    SPREAD_POWER,
    DeckDealer,
    make_dealer,
    random_deal,
    table_dealer,
)
from trainer.drills.patterns import BIT, pattern_table, possible_scores
from trainer.drills.plays import PlayDeal, deal_play
from trainer.rules import odds
from trainer.rules.cards import Card, parse_cards, sort_key
from trainer.rules.combos import FEATURES, FeatureId
from trainer.rules.odds import class_bonus
from trainer.rules.play import PlayItem, score_play
from trainer.rules.show import score_show
from trainer.rules.totals import show_total

# ---------------------------------------------------------------- the tables


@pytest.mark.parametrize("crib", [False, True])
@pytest.mark.parametrize("size", [3, 4, 5])
def test_unconstrained_table_is_the_exact_distribution(size: int, crib: bool) -> None:
    dealer = table_dealer(size, crib, Constraints())
    assert dealer.hand_size == size
    assert dealer.crib is crib
    assert dealer.deals == odds.deals(size)
    by_score: Counter[int] = Counter()
    for pattern, cls in dealer._cells:
        by_score[pattern.base + class_bonus(cls, size, crib)] += pattern.weights[cls]
    assert sum(by_score.values()) == odds.deals(size)
    expected = {score: n for score, n in odds.distribution(size, crib).items() if n}
    assert dict(by_score) == expected


@pytest.mark.parametrize("crib", [False, True])
@pytest.mark.parametrize("size", [3, 4, 5])
def test_the_tables_possible_scores_are_the_odds(size: int, crib: bool) -> None:
    """A drill's scores are checked against the deal table's; the odds reach the same."""
    assert sorted(possible_scores(size, crib)) == odds.possible_scores(size, crib)


def test_constrained_dealer_counts_match_the_odds() -> None:
    for crib in (False, True):
        dist = odds.distribution(4, crib)
        for score in (0, 12, 24, 28, 29):
            dealer = make_dealer(4, crib, Constraints(scores=frozenset({score})))
            assert dealer.deals == dist[score]
        high = make_dealer(4, crib, Constraints(scores=frozenset(range(20, 30))))
        assert high.deals == sum(dist[s] for s in range(20, 30))


def test_impossible_constraints_deal_nothing() -> None:
    dealer = make_dealer(4, False, Constraints(scores=frozenset({19})))
    assert dealer.deals == 0
    with pytest.raises(DealError, match="no deal satisfies these constraints"):
        dealer.draw(random.Random(1))


# ---------------------------------------------------------------- unbiased draws


def test_dream_hands_are_drawn_in_proportion() -> None:
    dist = odds.distribution(4, False)
    assert (dist[28], dist[29]) == (76, 4)
    dealer = make_dealer(4, False, Constraints(scores=frozenset({28, 29})))
    assert dealer.deals == 80
    rng = random.Random(2829)
    draws = 4000
    scores = Counter(show_total(*dealer.draw_uniform(rng)) for _ in range(draws))
    assert set(scores) == {28, 29}
    # 4 deals in 80 score 29: expect 200 of 4,000 (sd about 14).
    assert 140 <= scores[29] <= 260, scores


def test_dream_hands_are_spread_by_the_square_root_of_their_deals() -> None:
    dealer = make_dealer(4, False, Constraints(scores=frozenset({28, 29})))
    rng = random.Random(2829)
    draws = 4000
    scores = Counter(show_total(*dealer.draw(rng)) for _ in range(draws))
    # 29 has 4 deals, 28 has 76: drawn as 2 to 8.72, 747 of 4,000 (sd about 25).
    assert SPREAD_POWER == 0.5
    assert 670 <= scores[29] <= 820, scores


def test_every_29_is_dealt() -> None:
    dealer = make_dealer(4, False, Constraints(scores=frozenset({29})))
    rng = random.Random(29)
    seen = {dealer.draw(rng) for _ in range(200)}
    # The four 29s: three fives and the jack of the fourth five's suit, that five cut.
    assert len(seen) == 4
    for hand, starter in seen:
        assert starter.rank == 5
        assert sorted(c.rank for c in hand) == [5, 5, 5, 11]
        assert any(c.rank == 11 and c.suit == starter.suit for c in hand)


def test_unconstrained_scores_follow_the_distribution() -> None:
    draws = 20_000
    rng = random.Random(20_000)
    for crib in (False, True):
        dealer = make_dealer(4, crib, Constraints())
        seen = Counter(show_total(*dealer.draw(rng), crib=crib) for _ in range(draws))
        dist = odds.distribution(4, crib)
        total = odds.deals(4)
        for score in (0, 1, 2, 4, 5, 6, 8, 12):
            assert abs(seen[score] / draws - dist[score] / total) < 0.012, (crib, score)
        distance = sum(abs(seen[s] / draws - n / total) for s, n in dist.items()) / 2
        assert distance < 0.03, crib
        assert not set(seen) - set(odds.possible_scores(4, crib))


def test_unconstrained_features_match_a_shuffled_deck() -> None:
    draws = 6000
    rng = random.Random(6000)
    dealer = make_dealer(4, False, Constraints())
    dealt: Counter[str] = Counter()
    shuffled: Counter[str] = Counter()
    for _ in range(draws):
        dealt.update(deal_features(*dealer.draw(rng), crib=False))
        shuffled.update(deal_features(*random_deal(4, rng), crib=False))
    for feature in ("fifteen", "pair", "run", "run-of-4", "double-run", "flush", "nobs"):
        # The exact share of deals with the feature, from the dealer's own counts ...
        exact = make_dealer(4, False, Constraints(require=frozenset({feature}))).deals
        share = exact / odds.deals(4)
        # ... agrees with a shuffled deck and with the unconstrained dealer.
        assert abs(shuffled[feature] / draws - share) < 0.02, feature
        assert abs(dealt[feature] / draws - share) < 0.02, feature


def test_draws_are_reproducible_and_valid() -> None:
    for size, crib in ((3, False), (4, False), (4, True), (5, False)):
        dealer = make_dealer(size, crib, Constraints())
        first = [dealer.draw(random.Random(seed)) for seed in range(300)]
        assert first == [dealer.draw(random.Random(seed)) for seed in range(300)]
        for hand, starter in first:
            assert len(hand) == size
            assert len({*hand, starter}) == size + 1
            assert list(hand) == sorted(hand, key=sort_key)


# ---------------------------------------------------------------- features from the cards


def _cards(text: str) -> tuple[tuple[Card, ...], Card]:
    *hand, starter = parse_cards(text)
    return tuple(hand), starter


# (hand and starter, crib, features it has, features it lacks)
FEATURE_CASES: list[tuple[str, bool, set[str], set[str]]] = [
    ("5H 10S 2C 3D 8C", False, {"fifteen"}, {"pair", "run", "flush", "nobs"}),
    # Fifteens by size: 5-10 (two cards), 2-3-10 (three), none of four or more.
    ("5H 10S 2C 3D KC", False, {"fifteen-of-2", "fifteen-of-3"}, {"fifteen-of-4"}),
    ("7H 4S 4C 9D KC", False, {"fifteen-of-3"}, {"fifteen-of-2", "fifteen-of-4"}),
    ("AH AS 3C 10D QC", False, {"fifteen-of-4"}, {"fifteen-of-2", "fifteen-of-3"}),
    # A-A-2-3-8 is a fifteen of five cards: "four or more".
    ("AH AS 2C 3D 8C", False, {"fifteen-of-4"}, {"fifteen-of-2", "fifteen-of-3"}),
    ("AH 2S 4C 8D", False, {"fifteen-of-4"}, {"fifteen-of-2", "fifteen-of-3"}),  # 3-card hand
    ("AH AS 2C 2D 4C", False, set(), {"fifteen-of-2", "fifteen-of-3", "fifteen-of-4"}),
    (
        "AH AS 2C 2D 4C",
        False,
        {"pair"},
        {"fifteen", "pair-royal", "double-pair-royal", "run", "suited", "jack-starter"},
    ),
    ("5H 5S 5C KD 2C", False, {"pair", "pair-royal", "fifteen"}, {"double-pair-royal", "run"}),
    (
        "5H 5C 5S JD 5D",
        False,
        {"double-pair-royal", "pair", "fifteen", "nobs"},
        {"run", "flush", "jack-starter"},
    ),
    (
        "3H 4S 5C 9D KC",
        False,
        {"run", "run-of-3"},
        {"run-of-4", "run-of-5", "multiple-run", "double-run", "pair"},
    ),
    ("3H 4S 5C 6D KC", False, {"run", "run-of-4"}, {"run-of-3", "run-of-5", "multiple-run"}),
    # Hand 9D 10D QD KD, starter J not a diamond: a run of five and a four-card hand flush.
    # The starter is a jack, so no nobs for the hand (and his heels for the dealer).
    (
        "9D 10D QD KD JC",
        False,
        {"run", "run-of-5", "flush", "four-flush", "suited", "jack-starter"},
        {"run-of-3", "run-of-4", "five-flush", "nobs", "multiple-run"},
    ),
    (
        "3H 4S 4C 5D KC",
        False,
        {"run-of-3", "double-run", "multiple-run", "pair"},
        {"triple-run", "double-double-run", "pair-royal", "run-of-4"},
    ),
    (
        "3H 4S 4C 5D 6C",
        False,
        {"run-of-4", "double-run", "multiple-run", "fifteen"},
        {"run-of-3", "triple-run", "double-double-run"},
    ),
    (
        "3H 3S 3C 4D 5C",
        False,
        {"run-of-3", "triple-run", "multiple-run", "pair-royal"},
        {"double-run", "double-double-run"},
    ),
    (
        "3H 3S 4C 4D 5C",
        False,
        {"run-of-3", "double-double-run", "multiple-run", "pair"},
        {"double-run", "triple-run", "pair-royal"},
    ),
    # Five-card hands: two separate runs in six cards are not a multiple run.
    (
        "AH 2S 3C 7D 8H 9C",
        False,
        {"run", "run-of-3"},
        {"multiple-run", "double-run", "run-of-4", "pair"},
    ),
    ("AH 2S 3C 4D 7H 9C", False, {"run", "run-of-4"}, {"multiple-run", "run-of-3"}),
    ("3H 3S 3C 3D 4H 5C", False, {"multiple-run", "double-pair-royal"}, {"run-of-4"}),
    ("2H 2S 3C 3D 4H 4C", False, {"run-of-3", "multiple-run"}, {"run-of-4"}),
    # Flushes: a hand flush needs only the hand; a crib flush needs the starter too.
    (
        "2H 4H 6H 8H KS",
        False,
        {"flush", "four-flush", "suited"},
        {"five-flush", "pair", "run", "nobs"},
    ),
    ("2H 4H 6H 8H KH", False, {"flush", "five-flush", "suited"}, {"four-flush"}),
    ("2H 4H 6H 8H KS", True, {"four-flush", "suited"}, {"flush", "five-flush"}),
    ("2H 4H 6H 8H KH", True, {"flush", "five-flush", "suited"}, {"four-flush"}),
    ("2H 4H 6H 8S KH", False, set(), {"flush", "five-flush", "four-flush", "suited"}),
    ("2H 4H 6H 8S KH", True, set(), {"flush", "five-flush", "four-flush", "suited"}),
    ("2H 4H 6H 9C", False, {"flush", "four-flush", "suited"}, {"five-flush"}),  # 3-card hand
    ("2H 4H 6H 9H", False, {"flush", "five-flush", "suited"}, {"four-flush"}),
    # Nobs: the jack of the starter's suit in the hand; a jack starter is his heels.
    ("JH 2S 4C 6D 9H", False, {"nobs"}, {"jack-starter", "pair"}),
    ("JH 2S 4C 6D 9H", True, {"nobs"}, {"jack-starter"}),
    ("JH 2S 4C 6D 9S", False, set(), {"nobs", "jack-starter"}),
    ("2S 4C 6D 8H JS", False, {"jack-starter"}, {"nobs"}),
    ("JH 2S 4C 6D JS", False, {"jack-starter", "pair"}, {"nobs"}),
    ("JH QH KH AH JS", True, {"jack-starter", "suited", "four-flush", "run"}, {"nobs", "flush"}),
    ("JH QH KH AH 5H", True, {"nobs", "flush", "five-flush", "suited"}, {"jack-starter"}),
]


@pytest.mark.parametrize(
    ("text", "crib", "has", "lacks"),
    FEATURE_CASES,
    ids=[f"{t}{' crib' if c else ''}" for t, c, _, _ in FEATURE_CASES],
)
def test_deal_features(text: str, crib: bool, has: set[str], lacks: set[str]) -> None:
    hand, starter = _cards(text)
    found = deal_features(hand, starter, crib)
    assert found <= set(FEATURES)
    assert has <= found
    assert not lacks & found


def test_feature_cases_cover_every_feature_both_ways() -> None:
    has = set().union(*(case[2] for case in FEATURE_CASES))
    lacks = set().union(*(case[3] for case in FEATURE_CASES))
    assert has == set(FEATURES)
    assert lacks == set(FEATURES)


# ---------------------------------------------------------------- dealer cells vs cards

FEATURE_DRAWS = 150


@pytest.mark.parametrize("crib", [False, True])
@pytest.mark.parametrize("feature", list(FEATURES))
def test_dealer_features_agree_with_the_cards(feature: FeatureId, crib: bool) -> None:
    rng = random.Random(f"{feature}-{crib}")
    need = make_dealer(4, crib, Constraints(require=frozenset({feature})))
    avoid = make_dealer(4, crib, Constraints(exclude=frozenset({feature})))
    assert need.deals > 0
    assert avoid.deals > 0
    assert need.deals + avoid.deals == odds.deals(4)
    for _ in range(FEATURE_DRAWS):
        hand, starter = need.draw(rng)
        assert feature in deal_features(hand, starter, crib), (hand, starter)
        hand, starter = avoid.draw(rng)
        assert feature not in deal_features(hand, starter, crib), (hand, starter)


@pytest.mark.parametrize("feature", list(FEATURES))
# 5: up to about a second a feature (a worker's first also builds the five-card table, ~2 s)
@pytest.mark.parametrize("size", [3, pytest.param(5, marks=pytest.mark.slow)])
def test_dealer_features_agree_for_other_hand_sizes(size: int, feature: FeatureId) -> None:
    rng = random.Random(f"{size}-{feature}")
    need = make_dealer(size, False, Constraints(require=frozenset({feature})))
    avoid = make_dealer(size, False, Constraints(exclude=frozenset({feature})))
    assert need.deals + avoid.deals == odds.deals(size)
    for _ in range(30 if need.deals else 0):
        hand, starter = need.draw(rng)
        assert feature in deal_features(hand, starter, False), (hand, starter)
    for _ in range(30):
        hand, starter = avoid.draw(rng)
        assert feature not in deal_features(hand, starter, False), (hand, starter)


FIFTEEN_SIZES: tuple[FeatureId, ...] = ("fifteen-of-2", "fifteen-of-3", "fifteen-of-4")


@pytest.mark.parametrize("size", [3, 4, pytest.param(5, marks=pytest.mark.slow)])
def test_fifteen_size_features_agree_on_every_rank_pattern(size: int) -> None:
    """The fifteens' sizes depend on ranks alone: one show per rank pattern checks every deal.

    For each pattern the table's bits, `deal_features` (from the scored items) and a
    brute force over the cards' subsets must name the same fifteen sizes.
    """
    suits = "SHDC"
    for pattern in pattern_table(size):
        used: Counter[int] = Counter()
        hand = []
        for rank in pattern.hand:
            hand.append(Card(rank, suits[used[rank]]))
            used[rank] += 1
        starter = Card(pattern.starter, suits[used[pattern.starter]])
        dealt = {f for f in FIFTEEN_SIZES if pattern.bits & BIT[f]}
        found = {f for f in deal_features(hand, starter, False) if f in FIFTEEN_SIZES}
        values = [c.value for c in (*hand, starter)]
        brute = {
            f"fifteen-of-{min(n, 4)}"
            for n in range(2, len(values) + 1)
            for combo in combinations(values, n)
            if sum(combo) == 15
        }
        assert dealt == found == brute, (pattern.hand, pattern.starter)


def test_fifteen_size_dealers_deal_those_fifteens() -> None:
    rng = random.Random(215)
    for feature, n in zip(FIFTEEN_SIZES, (2, 3, 4), strict=True):
        for size, crib in ((3, False), (4, False), (4, True), (5, False)):
            dealer = make_dealer(size, crib, Constraints(require=frozenset({feature})))
            for _ in range(50):
                hand, starter = dealer.draw(rng)
                sizes = {
                    len(i.cards)
                    for i in score_show(hand, starter, crib=crib).items
                    if i.kind == "fifteen"
                }
                assert any(s == n or (n == 4 and s > 4) for s in sizes), (hand, starter)


def test_dealer_other_constraints_agree_with_the_cards() -> None:
    rng = random.Random(15)
    c = Constraints(
        scores=frozenset(range(8, 17)),
        min_fifteens=2,
        require=frozenset({"run"}),
        exclude=frozenset({"flush"}),
        ranks=frozenset({5, 6}),
        avoid_ranks=frozenset({13}),
    )
    dealer = make_dealer(4, False, c)
    assert dealer.deals > 0
    for _ in range(300):
        hand, starter = dealer.draw(rng)
        ranks = {card.rank for card in (*hand, starter)}
        features = deal_features(hand, starter, False)
        assert show_total(hand, starter) in range(8, 17)
        assert {5, 6} <= ranks
        assert 13 not in ranks
        assert "run" in features
        assert "flush" not in features
        values = [card.value for card in (*hand, starter)]
        fifteens = sum(
            1
            for mask in range(1, 32)
            if sum(v for i, v in enumerate(values) if mask >> i & 1) == 15
        )
        assert fifteens >= 2


# ---------------------------------------------------------------- the play


def _expected_items(deal: PlayDeal) -> tuple[PlayItem, ...]:
    items = list(score_play((*deal.before, deal.card)).items)
    count = deal.count
    if deal.last_card:
        if count != 31:
            items.append(PlayItem("last", (deal.card,), 1))
    elif count < 31 and deal.opponent_go and all(c.value > 31 - count for c in deal.remaining):
        # Nobody can lay another card on this count: the go is yours.
        items.append(PlayItem("go", (deal.card,), 1))
    return tuple(items)


PLAY_SEEDS = range(2000)


def test_deal_play_is_deterministic_per_seed() -> None:
    for seed in range(200):
        deal = deal_play(seed)
        assert deal == deal_play(seed)
        assert deal.seed == seed
    assert len({deal_play(seed) for seed in range(200)}) > 190


def test_deal_play_items_are_what_the_play_scores() -> None:
    kinds: Counter[str] = Counter()
    scoring = 0
    for seed in PLAY_SEEDS:
        deal = deal_play(seed)
        where = f"seed {seed}: {deal}"
        cards = (*deal.before, deal.card)
        assert len(set(cards) | set(deal.remaining)) == len(cards) + len(deal.remaining), where
        assert deal.count == sum(c.value for c in cards) <= 31, where
        assert 0 < len(cards) <= 8, where
        assert len(deal.remaining) <= 3, where
        assert list(deal.remaining) == sorted(deal.remaining, key=sort_key), where
        assert deal.items == _expected_items(deal), where
        assert deal.points == sum(i.points for i in deal.items), where
        if deal.count == 31:
            assert not deal.opponent_go, where
            assert not any(i.kind in ("go", "last") for i in deal.items), where
        if deal.last_card:
            assert not deal.remaining, where
            assert deal.opponent_go == (deal.count < 31), where
            assert any(i.kind == "last" for i in deal.items) == (deal.count != 31), where
        else:
            assert not any(i.kind == "last" for i in deal.items), where
        kinds.update(i.kind for i in deal.items)
        scoring += bool(deal.items)
    # Every kind of pegging item turns up, and most questions score something.
    assert set(kinds) == {"fifteen", "thirty_one", "pair", "run", "go", "last"}
    assert scoring / len(PLAY_SEEDS) > 0.6


# ---------------------------------------------------------------- random_deal


@pytest.mark.parametrize("size", [3, 4, 5])
def test_random_deal(size: int) -> None:
    rng = random.Random(size)
    starters: Counter[Card] = Counter()
    for _ in range(2000):
        hand, starter = random_deal(size, rng)
        assert len(hand) == size
        assert len({*hand, starter}) == size + 1
        assert list(hand) == sorted(hand, key=sort_key)
        starters[starter] += 1
    assert len(starters) == 52


def test_an_unconstrained_drill_deals_from_a_shuffled_deck() -> None:
    dealer = make_dealer(5, False, Constraints())
    assert isinstance(dealer, DeckDealer)
    assert dealer.deals == odds.deals(5)
    hand, starter = dealer.draw(random.Random(1))
    assert len(hand) == 5
    assert starter not in hand
    assert list(hand) == sorted(hand, key=sort_key)
