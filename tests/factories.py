"""What many tests build: a clock that moves when told, shows from text, drills from fields,
and the reference list of a deal's features (worked out from its scored items)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from trainer.drills.model import DrillSet
from trainer.drills.schema import parse_drill
from trainer.judge.catch import CatchVerdict
from trainer.judge.verdict import Verdict
from trainer.quiz.attempt import Attempt
from trainer.rules.cards import JACK, Card, parse_cards
from trainer.rules.show import Breakdown, Item, score_show

FIXED_NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

# Hands as (hand cards, starter), counted by hand.
HAND_29 = ("5H 5C 5S JD", "5D")
HAND_9_NOBS = ("QD JH 4D JD", "KH")  # pair of jacks, double run J-Q-K, nobs = 9
HAND_9_FLUSH = ("9D 10D QD KD", "JS")  # run of five and a flush of four = 9
HAND_8 = ("5S 6H 10C JC", "JD")  # three fifteens and a pair = 8
CRIB_5 = ("AS 2H 3D 7C", "JH")  # crib: fifteen 2-3-J and a run of three = 5


class FakeClock:
    """A monotonic clock (call it) and a wall clock (`now`) that move only when told to."""

    def __init__(self, start: float = 1000.0, wall: datetime = FIXED_NOW) -> None:
        self.start = self.t = start
        self.wall = wall

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds

    def now(self) -> datetime:
        return self.wall + timedelta(seconds=self.t - self.start)


def show(text: str, *, crib: bool = False) -> Breakdown:
    """Score cards given as text, the last one being the starter."""
    cards = parse_cards(text)
    return score_show(cards[:-1], cards[-1], crib=crib)


def make_drill(
    data: dict[str, Any] | None = None, drill_id: str = "test", **fields: Any
) -> DrillSet:
    """A drill set from fields (a dict, keywords or both), as if read from ``<id>.yaml``;
    the required name and description are filled in when not given."""
    full = {"name": "Test drill", "description": "A drill for the tests.", **(data or {}), **fields}
    return parse_drill(full, drill_id=drill_id, source=f"{drill_id}.yaml")


def deal_features(hand: Iterable[Card], starter: Card, crib: bool) -> frozenset[str]:
    """The deal features (`trainer.rules.combos.FEATURES`) a show has, worked out from its
    cards and breakdown: the reference the dealing tables are checked against."""
    hand_t = tuple(hand)
    b = score_show(hand_t, starter, crib=crib)
    counts = Counter(c.rank for c in (*hand_t, starter))
    found = set()
    if b.fifteens:
        found.add("fifteen")
    for item in b.of_kind("fifteen"):
        found.add(f"fifteen-of-{min(len(item.cards), 4)}")
    if b.pairs:
        found.add("pair")
    if 3 in counts.values():
        found.add("pair-royal")
    if 4 in counts.values():
        found.add("double-pair-royal")
    # Group run items by their ranks: each group is one maximal run and its copies.
    groups: dict[frozenset[int], list[Item]] = {}
    for item in b.of_kind("run"):
        groups.setdefault(frozenset(c.rank for c in item.cards), []).append(item)
    for ranks, runs in groups.items():
        found.add("run")
        found.add(f"run-of-{min(len(ranks), 5)}")
        shape = sorted((counts[r] for r in ranks), reverse=True)
        if len(runs) > 1:
            found.add("multiple-run")
        if shape[:2] == [2, 1]:
            found.add("double-run")
        elif shape[0] == 3:
            found.add("triple-run")
        elif shape[:2] == [2, 2]:
            found.add("double-double-run")
    if b.flush:
        found.add("flush")
    if any(starter in item.cards for item in b.of_kind("flush")):
        found.add("five-flush")
    suit = hand_t[0].suit
    if all(c.suit == suit for c in hand_t):
        found.add("suited")
        if starter.suit != suit:
            found.add("four-flush")
    if b.nobs:
        found.add("nobs")
    if starter.rank == JACK:
        found.add("jack-starter")
    return frozenset(found)


def verdict_of(attempt: Attempt) -> Verdict:
    """The judgement of an attempt at a show, which must be one."""
    judgement = attempt.judgement
    assert isinstance(judgement, Verdict), judgement
    return judgement


def catch_of(attempt: Attempt) -> CatchVerdict:
    """The judgement of an answer to an opponent's count, which must be one."""
    judgement = attempt.judgement
    assert isinstance(judgement, CatchVerdict), judgement
    return judgement
