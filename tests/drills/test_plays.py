"""Pegging questions spread over what a card pegs: fifteens, pairs, pair royals, runs, 31s,
a go, the last card and nothing, with go-or-nothing a minority."""

from __future__ import annotations

from collections import Counter

from trainer.drills.plays import TARGETS, category, deal_play
from trainer.rules.cards import parse_cards
from trainer.rules.play import PlayItem, score_play

SEEDS = range(1000)

GO_OR_NOTHING_AT_MOST = 0.3
"""Questions whose card pegs only a go or nothing (4 in 5 of them before the spread)."""


def test_pegging_questions_spread_over_what_a_card_pegs() -> None:
    kinds = Counter(category(deal_play(seed).items) for seed in SEEDS)
    n = len(SEEDS)
    assert set(kinds) == set(TARGETS)
    assert (kinds["go"] + kinds["nothing"]) / n <= GO_OR_NOTHING_AT_MOST, kinds
    assert (kinds["go"] + kinds["nothing"] + kinds["last"]) / n <= 0.4, kinds
    for kind, count in kinds.items():
        assert 0.04 <= count / n <= 0.25, (kind, kinds)
    # Near what the drill aims at: a pair royal is sought in deals that hold three of a rank.
    assert kinds["pair-royal"] / n >= 0.05, kinds


def _items(text: str) -> tuple[PlayItem, ...]:
    return score_play(parse_cards(text)).items


def test_a_moment_is_named_by_its_most_telling_item() -> None:
    assert category(_items("5H 5S 5C")) == "pair-royal"  # fifteen too
    assert category(_items("4H 6S 5C")) == "run"  # and fifteen
    assert category(_items("10H 10S 6C 5D")) == "thirty-one"
    assert category(_items("10H 5S")) == "fifteen"
    assert category(_items("9H 9S")) == "pair"
    assert category(_items("9H 8S")) == "nothing"
    assert category((PlayItem("go", (), 1),)) == "go"
    assert category((PlayItem("last", (), 1),)) == "last"


def test_what_a_moment_pegs_is_the_play_engines_score_of_its_cards() -> None:
    """The drill's plays run on the one play engine: each card's items are `score_play` of
    the cards since the reset, then at most one go or last card."""
    for seed in range(300):
        moment = deal_play(seed)
        scored = [i for i in moment.items if i.kind not in ("go", "last")]
        assert scored == list(score_play(moment.laid).items), seed
        assert len(moment.items) - len(scored) <= 1, seed
