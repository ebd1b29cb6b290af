"""Drill sets: every schema field, every error message, loading folders, and the built-in drills.

The built-in drills are also dealt from: every deal is checked against its
drill's constraints by scoring it and reading its features from the cards,
independently of the dealer's tables.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.factories import deal_features
from trainer.drills import loader
from trainer.drills.constraints import Constraints, Deal, DealError
from trainer.drills.loader import (
    DrillEntry,
    builtin_drills_dir,
    deep_check,
    find_drill,
    load_all,
    load_drill,
)
from trainer.drills.model import DrillError, DrillSet
from trainer.drills.schema import FIELDS, parse_drill
from trainer.rules.combos import FEATURES
from trainer.rules.show import score_show

REPO = Path(__file__).resolve().parents[2]
DRILLS = REPO / "drills"
HEAD = "name: N\ndescription: D\n"
"""The two required fields, for YAML texts that test the others."""


def parse(**fields: Any) -> DrillSet:
    """A drill from fields given as Python values, with the required ones filled in."""
    return parse_drill({"name": "N", "description": "D", **fields}, drill_id="x", source="x.yaml")


@pytest.fixture
def load(tmp_path: Path) -> Callable[[str], DrillSet]:
    """Write YAML text to ``tmp_path/drills/x.yaml`` and load it."""
    folder = tmp_path / "drills"
    folder.mkdir()

    def _load(text: str) -> DrillSet:
        path = folder / "x.yaml"
        path.write_text(text, encoding="utf-8")
        return load_drill(path)

    return _load


# ---------------------------------------------------------------- every field


def test_minimal_drill_has_every_default(load: Callable[[str], DrillSet]) -> None:
    d = load(HEAD)
    assert d.id == "x"
    assert d.name == "N"
    assert d.description == "D"
    assert d.order == 100
    assert d.variant == "standard"
    assert d.hand_size == 4
    assert d.kind == "hand"
    assert d.crib_share == 0.0
    assert d.hands == 10
    assert d.per_hand_seconds is None
    assert d.total_seconds is None
    assert not d.timed
    assert not d.blitz
    assert d.claim == "total"
    assert d.muggins == "acc"
    assert d.nineteen is True
    assert d.seed is None
    assert d.opponent_errors == 0.5
    assert d.constraints == Constraints()
    assert d.constraints.unconstrained
    assert d.builtin is False
    assert d.source.endswith("x.yaml")
    assert d.show_kinds() == [False]


def test_name_and_description_are_text_with_spaces_folded(
    load: Callable[[str], DrillSet],
) -> None:
    d = load("name: '  Big   hands '\ndescription: >-\n  Two lines\n  of   text.\n")
    assert d.name == "Big hands"
    assert d.description == "Two lines of text."


def test_id_and_source(tmp_path: Path) -> None:
    path = tmp_path / "my-drill.yaml"
    path.write_text(HEAD, encoding="utf-8")
    mine = load_drill(path)
    assert (mine.id, mine.source, mine.builtin) == ("my-drill", str(path), False)
    builtin = load_drill(path, builtin=True)
    assert (builtin.id, builtin.source, builtin.builtin) == (
        "my-drill",
        "drills/my-drill.yaml",
        True,
    )


@pytest.mark.parametrize("order", [-5, 0, 3, 250])
def test_order(order: int) -> None:
    assert parse(order=order).order == order


@pytest.mark.parametrize(
    ("variant", "hand_size"),
    [
        ("standard", 4),
        ("five-card", 3),
        ("three-player", 4),
        ("four-player", 4),
        ("four-player-five", 5),
    ],
)
def test_variants_set_the_hand_size(variant: str, hand_size: int) -> None:
    d = parse(variant=variant)
    assert d.variant == variant
    assert d.hand_size == hand_size
    # A crib always shows four cards, whatever the variant.
    assert d.dealer(True).hand_size == 4
    assert d.dealer(False).hand_size == hand_size


@pytest.mark.parametrize(
    ("kind", "crib_share", "show_kinds"),
    [
        ("hand", 0.0, [False]),
        ("crib", 1.0, [True]),
        ("mixed", 0.5, [False, True]),
        ("play", 0.0, []),
        ("catch", 0.0, [False]),
    ],
)
def test_kinds_and_their_default_crib_share(
    kind: str, crib_share: float, show_kinds: list[bool]
) -> None:
    d = parse(kind=kind)
    assert d.kind == kind
    assert d.crib_share == crib_share
    assert d.show_kinds() == show_kinds


@pytest.mark.parametrize(
    ("kind", "share", "show_kinds"),
    [
        ("mixed", 0.3, [False, True]),
        ("mixed", 0, [False]),
        ("mixed", 1, [True]),
        ("catch", 0.2, [False, True]),
        ("catch", 1.0, [True]),
    ],
)
def test_crib_share(kind: str, share: float, show_kinds: list[bool]) -> None:
    d = parse(kind=kind, crib_share=share)
    assert d.crib_share == share
    assert isinstance(d.crib_share, float)
    assert d.show_kinds() == show_kinds


def test_hands(load: Callable[[str], DrillSet]) -> None:
    assert load(HEAD + "hands: 25\n").hands == 25
    assert load(HEAD + "hands: 1\n").hands == 1
    assert load(HEAD + "hands: 1000\n").hands == 1000
    assert load(HEAD + "hands:\n").hands == 10  # an empty value is the default


def test_time_per_hand(load: Callable[[str], DrillSet]) -> None:
    d = load(HEAD + "time:\n  per_hand: 45\n")
    assert d.per_hand_seconds == 45.0
    assert d.total_seconds is None
    assert d.hands == 10
    assert d.timed
    assert not d.blitz
    assert load(HEAD + "time: {per_hand: 7.5}\n").per_hand_seconds == 7.5


def test_time_total_without_hands_is_a_blitz(load: Callable[[str], DrillSet]) -> None:
    d = load(HEAD + "time:\n  total: 60\n")
    assert d.total_seconds == 60.0
    assert d.per_hand_seconds is None
    assert d.hands is None
    assert d.timed
    assert d.blitz


def test_time_total_with_hands_is_not_a_blitz(load: Callable[[str], DrillSet]) -> None:
    d = load(HEAD + "hands: 5\ntime: {per_hand: 20, total: 90}\n")
    assert d.hands == 5
    assert (d.per_hand_seconds, d.total_seconds) == (20.0, 90.0)
    assert d.timed
    assert not d.blitz


@pytest.mark.parametrize("kind", ["hand", "crib", "mixed"])
def test_claim(kind: str) -> None:
    assert parse(kind=kind).claim == "total"
    assert parse(kind=kind, claim="total").claim == "total"
    assert parse(kind=kind, claim="announce").claim == "announce"


@pytest.mark.parametrize("policy", ["off", "acc", "hoyle", "bsd"])
def test_muggins_policy_written_plainly_in_yaml(
    load: Callable[[str], DrillSet], policy: str
) -> None:
    # docs/drills.md documents `muggins: off`; YAML 1.1 reads a bare `off` as false,
    # which the drill must still understand as the policy "off".
    assert load(HEAD + f"muggins: {policy}\n").muggins == policy


@pytest.mark.parametrize("policy", ["off", "acc", "hoyle", "bsd"])
def test_muggins_policy_quoted(load: Callable[[str], DrillSet], policy: str) -> None:
    assert load(HEAD + f"muggins: '{policy}'\n").muggins == policy


def test_nineteen(load: Callable[[str], DrillSet]) -> None:
    assert load(HEAD).nineteen is True
    assert load(HEAD + "nineteen: true\n").nineteen is True
    assert load(HEAD + "nineteen: false\n").nineteen is False


def test_seed(load: Callable[[str], DrillSet]) -> None:
    assert load(HEAD + "seed: 0\n").seed == 0
    assert load(HEAD + "seed: 123456789012\n").seed == 123456789012


def test_opponent_errors(load: Callable[[str], DrillSet]) -> None:
    assert load(HEAD + "kind: catch\n").opponent_errors == 0.5
    assert load(HEAD + "kind: catch\nopponent_errors: 0.25\n").opponent_errors == 0.25
    assert load(HEAD + "kind: catch\nopponent_errors: 0\n").opponent_errors == 0.0
    assert load(HEAD + "kind: catch\nopponent_errors: 1\n").opponent_errors == 1.0


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        ("24", {24}),
        ("0", {0}),
        ("[28, 29]", {28, 29}),
        ("[12, 12, 4]", {4, 12}),
        ("20-29", set(range(20, 30))),
        ("'4-8'", set(range(4, 9))),
        ("{min: 20}", set(range(20, 30))),
        ("{min: 4, max: 8}", set(range(4, 9))),
        ("{max: 5}", set(range(6))),
        ("{min: 7, max: 7}", {7}),
    ],
)
def test_deal_score_forms(load: Callable[[str], DrillSet], score: str, expected: set[int]) -> None:
    d = load(HEAD + f"deal:\n  score: {score}\n")
    assert d.constraints.scores == frozenset(expected)
    assert d.constraints == Constraints(scores=frozenset(expected))


def test_deal_fifteens(load: Callable[[str], DrillSet]) -> None:
    c = load(HEAD + "deal: {fifteens: 3}\n").constraints
    assert c == Constraints(min_fifteens=3)
    assert load(HEAD + "deal: {fifteens: 0}\n").constraints.unconstrained


def test_deal_require_and_exclude(load: Callable[[str], DrillSet]) -> None:
    c = load(HEAD + "deal:\n  require: [double-run, nobs]\n  exclude: [flush]\n").constraints
    assert c.require == frozenset({"double-run", "nobs"})
    assert c.exclude == frozenset({"flush"})
    # A single feature may be given without a list.
    c = load(HEAD + "deal: {require: suited, exclude: four-flush}\n").constraints
    assert (c.require, c.exclude) == (frozenset({"suited"}), frozenset({"four-flush"}))


def test_deal_mix(load: Callable[[str], DrillSet]) -> None:
    c = load(HEAD + "deal:\n  ranks: [J]\n  mix: {nobs: 0.55, jack-starter: 0.2}\n").constraints
    assert c.mix == (("nobs", 0.55), ("jack-starter", 0.2))
    assert c.ranks == frozenset({11})
    # A mix alone is not "unconstrained": the deals come from the tables, not a shuffled deck.
    assert not load(HEAD + "deal: {mix: {pair: 0.5}}\n").constraints.unconstrained


def test_every_feature_can_be_required_and_excluded() -> None:
    for feature in FEATURES:
        assert parse(deal={"require": [feature]}).constraints.require == {feature}
        assert parse(deal={"exclude": [feature]}).constraints.exclude == {feature}


def test_deal_ranks_and_avoid_ranks(load: Callable[[str], DrillSet]) -> None:
    c = load(HEAD + "deal:\n  ranks: [5, J, a, 2]\n  avoid_ranks: [10, q, K, 9]\n").constraints
    assert c == Constraints(ranks=frozenset({5, 11, 1, 2}), avoid_ranks=frozenset({10, 12, 13, 9}))
    # T is ten; a single rank may be given without a list.
    assert load(HEAD + "deal: {ranks: T}\n").constraints.ranks == {10}
    assert load(HEAD + "deal: {ranks: '10'}\n").constraints.ranks == {10}
    assert load(HEAD + "deal: {avoid_ranks: 1}\n").constraints.avoid_ranks == {1}


def test_empty_deal_is_unconstrained(load: Callable[[str], DrillSet]) -> None:
    assert load(HEAD + "deal: {}\n").constraints.unconstrained
    assert load(HEAD + "deal:\n").constraints.unconstrained


def test_full_drill(load: Callable[[str], DrillSet]) -> None:
    d = load(
        """\
name: Everything
description: Every field at once.
order: 4
variant: three-player
kind: mixed
crib_share: 0.4
hands: 12
time: {per_hand: 30, total: 600}
claim: announce
muggins: hoyle
nineteen: false
seed: 99
deal:
  score: {min: 6, max: 20}
  fifteens: 1
  require: [run]
  exclude: [flush]
  ranks: [A]
  avoid_ranks: [K]
"""
    )
    assert d == DrillSet(
        id="x",
        name="Everything",
        description="Every field at once.",
        variant="three-player",
        kind="mixed",
        crib_share=0.4,
        hands=12,
        per_hand_seconds=30.0,
        total_seconds=600.0,
        claim="announce",
        muggins="hoyle",
        nineteen=False,
        seed=99,
        opponent_errors=0.5,
        constraints=Constraints(
            scores=frozenset(range(6, 21)),
            min_fifteens=1,
            require=frozenset({"run"}),
            exclude=frozenset({"flush"}),
            ranks=frozenset({1}),
            avoid_ranks=frozenset({13}),
        ),
        order=4,
        source=d.source,
    )


# ---------------------------------------------------------------- every error

KNOWN_FEATURES = ", ".join(FEATURES)
KNOWN_FIELDS = (
    "name, description, order, variant, kind, crib_share, hands, time, claim, muggins, "
    "nineteen, second_try, seed, opponent_errors, focus, deal"
)
VARIANTS = "standard, five-card, three-player, four-player, four-player-five"
HAND4 = "(0-29, never 19, 25, 26, 27)"
HAND3 = "(0-20, never 16, 17, 18, 19)"
HAND5 = "(0-46, never 35, 41, 42, 43, 44, 45)"

BAD_FILES: list[tuple[str, str, str]] = [
    # (test id, whole file text, the message after "SOURCE: ")
    # -- required text fields
    ("no-name", "description: D\n", "name: is required"),
    ("no-description", "name: N\n", "description: is required"),
    ("name-number", "name: 5\ndescription: D\n", "name: must be text, got 5"),
    ("name-list", "name: [a]\ndescription: D\n", "name: must be text, got ['a']"),
    ("description-blank", "name: N\ndescription: '  '\n", "description: must be text, got '  '"),
    ("description-bool", "name: N\ndescription: yes\n", "description: must be text, got True"),
    (
        "second-try-announce",
        HEAD + "claim: announce\nsecond_try: true\n",
        "second_try: a second try is for counts claimed as a total",
    ),
    ("focus-unknown", HEAD + "focus: strengths\n", "focus: must be weak-spots, got 'strengths'"),
    (
        "focus-play",
        HEAD + "kind: play\nfocus: weak-spots\n",
        "focus: weak-spots deals shows: not for play drills",
    ),
    # -- unknown fields, with and without a hint
    ("unknown-hint", HEAD + "nmae: x\n", "nmae: unknown field (did you mean 'name'?)"),
    ("unknown-hint-2", HEAD + "mugins: acc\n", "mugins: unknown field (did you mean 'muggins'?)"),
    ("unknown-no-hint", HEAD + "colour: red\n", f"colour: unknown field (known: {KNOWN_FIELDS})"),
    (
        "unknown-time",
        HEAD + "time: {pre_hand: 3}\n",
        "time.pre_hand: unknown field (did you mean 'per_hand'?)",
    ),
    (
        "unknown-time-no-hint",
        HEAD + "time: {zzz: 3}\n",
        "time.zzz: unknown field (known: per_hand, total)",
    ),
    (
        "unknown-deal",
        HEAD + "deal: {scor: 3}\n",
        "deal.scor: unknown field (did you mean 'score'?)",
    ),
    (
        "unknown-deal-no-hint",
        HEAD + "deal: {zzz: 3}\n",
        "deal.zzz: unknown field "
        "(known: score, fifteens, require, exclude, ranks, avoid_ranks, mix)",
    ),
    (
        "unknown-score-key",
        HEAD + "deal: {score: {min: 5, mx: 9}}\n",
        "deal.score.mx: unknown field (did you mean 'max'?)",
    ),
    # -- order
    ("order-text", HEAD + "order: first\n", "order: must be a whole number, got 'first'"),
    ("order-float", HEAD + "order: 1.5\n", "order: must be a whole number, got 1.5"),
    ("order-bool", HEAD + "order: true\n", "order: must be a whole number, got True"),
    # -- choices
    (
        "variant",
        HEAD + "variant: six-card\n",
        f"variant: must be one of {VARIANTS}, got 'six-card'",
    ),
    (
        "variant-number",
        HEAD + "variant: 4\n",
        f"variant: must be one of {VARIANTS}, got 4",
    ),
    (
        "kind",
        HEAD + "kind: show\n",
        "kind: must be one of hand, crib, mixed, play, catch, discard, got 'show'",
    ),
    ("claim", HEAD + "claim: shout\n", "claim: must be one of total, announce, got 'shout'"),
    (
        "muggins",
        HEAD + "muggins: strict\n",
        "muggins: must be one of off, acc, hoyle, bsd, got 'strict'",
    ),
    (
        "muggins-number",
        HEAD + "muggins: 2\n",
        "muggins: must be one of off, acc, hoyle, bsd, got 2",
    ),
    ("nineteen-text", HEAD + "nineteen: maybe\n", "nineteen: must be true or false, got 'maybe'"),
    ("nineteen-number", HEAD + "nineteen: 1\n", "nineteen: must be true or false, got 1"),
    # -- claim: announce where only a total makes sense
    (
        "announce-play",
        HEAD + "kind: play\nclaim: announce\n",
        "claim: play drills are answered with a total; use claim: total",
    ),
    (
        "announce-catch",
        HEAD + "kind: catch\nclaim: announce\n",
        "claim: catch drills are answered with a total; use claim: total",
    ),
    # -- crib_share and opponent_errors
    (
        "crib-share-hand",
        HEAD + "crib_share: 0.5\n",
        "crib_share: only applies to mixed and catch drills",
    ),
    (
        "crib-share-crib",
        HEAD + "kind: crib\ncrib_share: 1\n",
        "crib_share: only applies to mixed and catch drills",
    ),
    (
        "crib-share-play",
        HEAD + "kind: play\ncrib_share: 0\n",
        "crib_share: only applies to mixed and catch drills",
    ),
    (
        "crib-share-negative",
        HEAD + "kind: mixed\ncrib_share: -0.1\n",
        "crib_share: must be a number from 0 to 1, got -0.1",
    ),
    (
        "crib-share-big",
        HEAD + "kind: catch\ncrib_share: 2\n",
        "crib_share: must be a number from 0 to 1, got 2",
    ),
    (
        "crib-share-text",
        HEAD + "kind: mixed\ncrib_share: half\n",
        "crib_share: must be a number from 0 to 1, got 'half'",
    ),
    (
        "crib-share-bool",
        HEAD + "kind: mixed\ncrib_share: true\n",
        "crib_share: must be a number from 0 to 1, got True",
    ),
    (
        "errors-hand",
        HEAD + "opponent_errors: 0.3\n",
        "opponent_errors: only applies to catch drills",
    ),
    (
        "errors-mixed",
        HEAD + "kind: mixed\nopponent_errors: 0.3\n",
        "opponent_errors: only applies to catch drills",
    ),
    (
        "errors-big",
        HEAD + "kind: catch\nopponent_errors: 1.5\n",
        "opponent_errors: must be a number from 0 to 1, got 1.5",
    ),
    (
        "errors-text",
        HEAD + "kind: catch\nopponent_errors: often\n",
        "opponent_errors: must be a number from 0 to 1, got 'often'",
    ),
    # -- hands
    ("hands-zero", HEAD + "hands: 0\n", "hands: must be a positive integer, got 0"),
    ("hands-negative", HEAD + "hands: -3\n", "hands: must be a positive integer, got -3"),
    ("hands-text", HEAD + "hands: ten\n", "hands: must be a positive integer, got 'ten'"),
    ("hands-float", HEAD + "hands: 2.5\n", "hands: must be a positive integer, got 2.5"),
    ("hands-bool", HEAD + "hands: true\n", "hands: must be a positive integer, got True"),
    ("hands-too-many", HEAD + "hands: 1001\n", "hands: at most 1000 deals in one drill, got 1001"),
    # -- time
    (
        "time-number",
        HEAD + "time: 60\n",
        "time: must be a mapping with per_hand and/or total, got 60",
    ),
    (
        "time-list",
        HEAD + "time: [60]\n",
        "time: must be a mapping with per_hand and/or total, got [60]",
    ),
    ("time-empty", HEAD + "time: {}\n", "time: give per_hand, total or both (seconds)"),
    (
        "time-nulls",
        HEAD + "time: {per_hand: null, total: null}\n",
        "time: give per_hand, total or both (seconds)",
    ),
    (
        "per-hand-zero",
        HEAD + "time: {per_hand: 0}\n",
        "time.per_hand: must be a positive number of seconds, got 0",
    ),
    (
        "per-hand-negative",
        HEAD + "time: {per_hand: -5}\n",
        "time.per_hand: must be a positive number of seconds, got -5",
    ),
    (
        "per-hand-text",
        HEAD + "time: {per_hand: 30s}\n",
        "time.per_hand: must be a positive number of seconds, got '30s'",
    ),
    (
        "per-hand-nan",
        HEAD + "time: {per_hand: .nan}\n",
        "time.per_hand: must be a positive number of seconds, got nan",
    ),
    (
        "total-text",
        HEAD + "time: {total: fast}\n",
        "time.total: must be a positive number of seconds, got 'fast'",
    ),
    (
        "total-bool",
        HEAD + "time: {total: true}\n",
        "time.total: must be a positive number of seconds, got True",
    ),
    (
        "total-nan",
        HEAD + "time: {total: .nan}\n",
        "time.total: must be a positive number of seconds, got nan",
    ),
    # -- seed
    ("seed-negative", HEAD + "seed: -1\n", "seed: must be a whole number 0 or more, got -1"),
    ("seed-text", HEAD + "seed: abc\n", "seed: must be a whole number 0 or more, got 'abc'"),
    ("seed-float", HEAD + "seed: 1.5\n", "seed: must be a whole number 0 or more, got 1.5"),
    ("seed-bool", HEAD + "seed: false\n", "seed: must be a whole number 0 or more, got False"),
    # -- deal: shape
    (
        "deal-list",
        HEAD + "deal: [score]\n",
        "deal: must be a mapping of constraints, got ['score']",
    ),
    ("deal-text", HEAD + "deal: big\n", "deal: must be a mapping of constraints, got 'big'"),
    (
        "deal-play",
        HEAD + "kind: play\ndeal: {score: 3}\n",
        "deal: play drills take no deal constraints",
    ),
    (
        "deal-play-empty",
        HEAD + "kind: play\ndeal: {}\n",
        "deal: play drills take no deal constraints",
    ),
    # -- deal.score: forms
    (
        "score-bool",
        HEAD + "deal: {score: true}\n",
        "deal.score: must be a score, a list of scores or min/max, got True",
    ),
    (
        "score-text",
        HEAD + "deal: {score: twenty}\n",
        "deal.score: must be a score, a list of scores or min/max, got 'twenty'",
    ),
    (
        "score-float",
        HEAD + "deal: {score: 1.5}\n",
        "deal.score: must be a score, a list of scores or min/max, got 1.5",
    ),
    ("score-empty-list", HEAD + "deal: {score: []}\n", "deal.score: the list of scores is empty"),
    (
        "score-negative",
        HEAD + "deal: {score: -1}\n",
        "deal.score: -1 is not a score (a whole number 0 or more)",
    ),
    (
        "score-list-float",
        HEAD + "deal: {score: [4, 1.5]}\n",
        "deal.score: 1.5 is not a score (a whole number 0 or more)",
    ),
    (
        "score-list-text",
        HEAD + "deal: {score: [four]}\n",
        "deal.score: 'four' is not a score (a whole number 0 or more)",
    ),
    (
        "score-min-text",
        HEAD + "deal: {score: {min: low}}\n",
        "deal.score: 'low' is not a score (a whole number 0 or more)",
    ),
    (
        "score-bad-range",
        HEAD + "deal: {score: a-b}\n",
        "deal.score: 'a-b' is not a range like 20-29",
    ),
    (
        "score-min-above-max",
        HEAD + "deal: {score: {min: 9, max: 3}}\n",
        "deal.score: min 9 is above max 3",
    ),
    ("score-range-backwards", HEAD + "deal: {score: 9-3}\n", "deal.score: min 9 is above max 3"),
    # -- deal.score: impossible scores
    (
        "score-31",
        HEAD + "deal: {score: 31}\n",
        f"deal.score: 31 is not a possible score for 4-card hands {HAND4}",
    ),
    (
        "score-19",
        HEAD + "deal: {score: 19}\n",
        f"deal.score: 19 is not a possible score for 4-card hands {HAND4}",
    ),
    (
        "score-list-25",
        HEAD + "deal: {score: [24, 27, 25]}\n",
        f"deal.score: 25 is not a possible score for 4-card hands {HAND4}",
    ),
    (
        "score-3-card",
        HEAD + "variant: five-card\ndeal: {score: 17}\n",
        f"deal.score: 17 is not a possible score for 3-card hands {HAND3}",
    ),
    (
        "score-3-card-high",
        HEAD + "variant: five-card\ndeal: {score: [20, 21]}\n",
        f"deal.score: 21 is not a possible score for 3-card hands {HAND3}",
    ),
    (
        "score-3-card-mixed",
        HEAD + "variant: five-card\nkind: mixed\ndeal: {score: 24}\n",
        f"deal.score: 24 is not a possible score for 3-card hands {HAND3}",
    ),
    (
        "score-5-card",
        HEAD + "variant: four-player-five\ndeal: {score: 35}\n",
        f"deal.score: 35 is not a possible score for 5-card hands {HAND5}",
    ),
    (
        "score-crib",
        HEAD + "kind: crib\ndeal: {score: 26}\n",
        f"deal.score: 26 is not a possible score for 4-card cribs {HAND4}",
    ),
    (
        "score-crib-30",
        HEAD + "kind: crib\ndeal: {score: [30]}\n",
        f"deal.score: 30 is not a possible score for 4-card cribs {HAND4}",
    ),
    (
        "score-crib-five-card",
        HEAD + "variant: five-card\nkind: crib\ndeal: {score: 25}\n",
        f"deal.score: 25 is not a possible score for 4-card cribs {HAND4}",
    ),
    (
        "range-impossible",
        HEAD + "deal: {score: 25-27}\n",
        f"deal.score: no possible score for 4-card hands is in 25-27 {HAND4}",
    ),
    (
        "range-too-high",
        HEAD + "deal: {score: {min: 30}}\n",
        "deal.score: 30 is above 29, the most a hand of 4 cards can score",
    ),
    (
        "range-3-card",
        HEAD + "variant: five-card\ndeal: {score: {min: 16, max: 19}}\n",
        f"deal.score: no possible score for 3-card hands is in 16-19 {HAND3}",
    ),
    (
        "range-crib",
        HEAD + "kind: crib\ndeal: {score: 25-27}\n",
        f"deal.score: no possible score for 4-card cribs is in 25-27 {HAND4}",
    ),
    # -- deal.fifteens
    (
        "fifteens-negative",
        HEAD + "deal: {fifteens: -1}\n",
        "deal.fifteens: must be a whole number 0 or more, got -1",
    ),
    (
        "fifteens-text",
        HEAD + "deal: {fifteens: many}\n",
        "deal.fifteens: must be a whole number 0 or more, got 'many'",
    ),
    (
        "fifteens-bool",
        HEAD + "deal: {fifteens: true}\n",
        "deal.fifteens: must be a whole number 0 or more, got True",
    ),
    # -- deal.require / deal.exclude
    (
        "feature-hint",
        HEAD + "deal: {require: [flsh]}\n",
        f"deal.require: unknown feature 'flsh' (did you mean 'flush'?); known: {KNOWN_FEATURES}",
    ),
    (
        "feature-no-hint",
        HEAD + "deal: {exclude: [zzz]}\n",
        f"deal.exclude: unknown feature 'zzz'; known: {KNOWN_FEATURES}",
    ),
    (
        "feature-number",
        HEAD + "deal: {require: [3]}\n",
        f"deal.require: unknown feature 3; known: {KNOWN_FEATURES}",
    ),
    (
        "features-number",
        HEAD + "deal: {require: 3}\n",
        "deal.require: must be a list of features, got 3",
    ),
    (
        "features-mapping",
        HEAD + "deal: {exclude: {a: 1}}\n",
        "deal.exclude: must be a list of features, got {'a': 1}",
    ),
    (
        "feature-both",
        HEAD + "deal: {require: [flush], exclude: [flush]}\n",
        "deal: flush is both required and excluded",
    ),
    (
        "features-both",
        HEAD + "deal: {require: [nobs, flush, run], exclude: [pair, nobs, flush]}\n",
        "deal: flush, nobs is both required and excluded",
    ),
    # -- deal.mix
    (
        "mix-list",
        HEAD + "deal: {mix: [nobs]}\n",
        "deal.mix: must map features to shares, like {nobs: 0.5}, got ['nobs']",
    ),
    (
        "mix-feature",
        HEAD + "deal: {mix: {nob: 0.5}}\n",
        f"deal.mix: unknown feature 'nob' (did you mean 'nobs'?); known: {KNOWN_FEATURES}",
    ),
    (
        "mix-share-zero",
        HEAD + "deal: {mix: {nobs: 0}}\n",
        "deal.mix.nobs: must be a share above 0, at most 1, got 0",
    ),
    (
        "mix-share-text",
        HEAD + "deal: {mix: {nobs: most}}\n",
        "deal.mix.nobs: must be a share above 0, at most 1, got 'most'",
    ),
    (
        "mix-over-one",
        HEAD + "deal: {mix: {nobs: 0.7, jack-starter: 0.5}}\n",
        "deal.mix: the shares add up to 1.2, more than 1",
    ),
    (
        "mix-required",
        HEAD + "deal: {require: [nobs], mix: {nobs: 0.5}}\n",
        "deal.mix: nobs is required or excluded: every deal is the same",
    ),
    (
        "mix-impossible",
        HEAD + "deal: {avoid_ranks: [J], mix: {nobs: 0.5}}\n",
        "deal.mix: no 4-card hand that satisfies the constraints has nobs",
    ),
    # -- deal.ranks / deal.avoid_ranks
    ("rank-letter", HEAD + "deal: {ranks: [Z]}\n", "deal.ranks: 'Z' is not a rank (A 2-10 J Q K)"),
    (
        "rank-zero",
        HEAD + "deal: {avoid_ranks: [0]}\n",
        "deal.avoid_ranks: 0 is not a rank (A 2-10 J Q K)",
    ),
    ("rank-eleven", HEAD + "deal: {ranks: 11}\n", "deal.ranks: 11 is not a rank (A 2-10 J Q K)"),
    (
        "rank-bool",
        HEAD + "deal: {ranks: [true]}\n",
        "deal.ranks: True is not a rank (A 2-10 J Q K)",
    ),
    (
        "rank-both",
        HEAD + "deal: {ranks: [5], avoid_ranks: [5]}\n",
        "deal: rank 5 is both in ranks and avoid_ranks",
    ),
    (
        "rank-both-spelled",
        HEAD + "deal: {ranks: [j, 5, 2], avoid_ranks: [J, T, 5]}\n",
        "deal: rank 5, J are both in ranks and avoid_ranks",
    ),
    # -- constraint sets no deal satisfies
    (
        "unsatisfiable-ddr-flush",
        HEAD + "deal: {require: [double-double-run, flush]}\n",
        "deal: no 4-card hand satisfies all of these constraints",
    ),
    (
        "unsatisfiable-29-no-nobs",
        HEAD + "deal: {score: 29, exclude: [nobs]}\n",
        "deal: no 4-card hand satisfies all of these constraints",
    ),
    (
        "unsatisfiable-fifteens",
        HEAD + "deal: {fifteens: 9}\n",
        "deal: no 4-card hand satisfies all of these constraints",
    ),
    (
        "unsatisfiable-flush-zero",
        HEAD + "kind: mixed\ndeal: {require: [flush], score: 0}\n",
        "deal: no 4-card hand satisfies all of these constraints",
    ),
    (
        "unsatisfiable-crib-four-flush",
        HEAD + "kind: crib\ndeal: {require: [four-flush, flush]}\n",
        "deal: no 4-card crib satisfies all of these constraints",
    ),
    (
        "unsatisfiable-mixed-crib",
        HEAD + "kind: mixed\ndeal: {require: [four-flush, flush]}\n",
        "deal: no 4-card crib satisfies all of these constraints",
    ),
    (
        "unsatisfiable-catch-crib",
        HEAD + "kind: catch\ncrib_share: 0.5\ndeal: {require: [four-flush, flush]}\n",
        "deal: no 4-card crib satisfies all of these constraints",
    ),
    (
        "unsatisfiable-3-card",
        HEAD + "variant: five-card\ndeal: {require: [triple-run]}\n",
        "deal: no 3-card hand satisfies all of these constraints",
    ),
    (
        "unsatisfiable-ranks",
        HEAD + "deal: {ranks: [A, 2, 3, 4, 5, 6]}\n",
        "deal: no 4-card hand satisfies all of these constraints",
    ),
    (
        "unsatisfiable-jack",
        HEAD + "deal: {require: [nobs], avoid_ranks: [J]}\n",
        "deal: no 4-card hand satisfies all of these constraints",
    ),
    # -- files that are not drill sets
    ("empty-file", "", "a drill set is a mapping of fields (name: ..., description: ...)"),
    (
        "list-file",
        "- name\n- description\n",
        "a drill set is a mapping of fields (name: ..., description: ...)",
    ),
    (
        "text-file",
        "just some words\n",
        "a drill set is a mapping of fields (name: ..., description: ...)",
    ),
    ("number-file", "42\n", "a drill set is a mapping of fields (name: ..., description: ...)"),
    # -- YAML syntax errors name the line
    (
        "yaml-unclosed",
        "name: N\ndescription: [unclosed\nkind: hand\n",
        "line 3: not valid YAML: expected ',' or ']', but got ':'",
    ),
    (
        "yaml-indent",
        "name: N\n  description: D\n",
        "line 2: not valid YAML: mapping values are not allowed here",
    ),
    (
        "yaml-tab",
        "name: N\n\tdescription: D\n",
        "line 2: not valid YAML: found character '\\t' that cannot start any token",
    ),
    (
        "yaml-quote",
        "name: N\ndescription: D\nkind: 'hand\n",
        "line 4: not valid YAML: found unexpected end of stream",
    ),
]


@pytest.mark.parametrize(
    ("text", "message"), [p[1:] for p in BAD_FILES], ids=[p[0] for p in BAD_FILES]
)
def test_bad_file_message(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DrillError) as caught:
        load_drill(path)
    assert str(caught.value) == f"{path}: {message}"
    # The built-in source names the file the way the player sees it.
    with pytest.raises(DrillError) as caught:
        load_drill(path, builtin=True)
    assert str(caught.value) == f"drills/bad.yaml: {message}"


def test_bad_file_table_covers_every_field() -> None:
    named = {message.split(":")[0].split(".")[0] for _, _, message in BAD_FILES}
    assert named >= set(FIELDS)


def test_parse_drill_uses_the_same_messages() -> None:
    with pytest.raises(DrillError) as caught:
        parse_drill(
            {"name": "N", "description": "D", "deal": {"score": 31}}, drill_id="x", source="src"
        )
    assert (
        str(caught.value) == f"src: deal.score: 31 is not a possible score for 4-card hands {HAND4}"
    )
    with pytest.raises(DrillError) as caught:
        parse_drill(["name"], drill_id="x", source="src")
    assert (
        str(caught.value) == "src: a drill set is a mapping of fields (name: ..., description: ...)"
    )


@pytest.mark.parametrize("key", ["require", "exclude"])
@pytest.mark.parametrize("item", [["flush"], {"a": 1}])
def test_unhashable_feature_is_a_drill_error(key: str, item: object) -> None:
    # `require: [[flush]]` in YAML: a list inside the list. It must be reported like any
    # other bad feature, not crash the loader with a TypeError.
    with pytest.raises(DrillError, match=rf"^x\.yaml: deal\.{key}: "):
        parse(deal={key: [item]})


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"\xff\xfename: N\n")
    with pytest.raises(DrillError) as caught:
        load_drill(path)
    assert str(caught.value) == f"{path}: is not UTF-8 text (byte 1 cannot be read)"


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "gone.yaml"
    with pytest.raises(DrillError) as caught:
        load_drill(path)
    assert str(caught.value) == f"{path}: does not exist"


def test_unreadable_file_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "folder.yaml"
    path.mkdir()
    with pytest.raises(DrillError) as caught:
        load_drill(path)
    assert str(caught.value) == f"{path}: is a folder, not a file; give the path of a file"


# ---------------------------------------------------------------- folders


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_all_keeps_going_past_broken_files(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    _write(folder, "good.yaml", "name: Good\ndescription: D\norder: 2\n")
    _write(folder, "also-good.yml", "name: Also good\ndescription: D\norder: 1\n")
    broken = _write(folder, "broken.yaml", "name: Broken\ndescription: D\ndeal: {score: 31}\n")
    syntax = _write(folder, "syntax.yaml", "name: [\n")
    _write(folder, "notes.txt", "not a drill")
    entries = load_all([(folder, False)])
    by_id = {e.id: e for e in entries}
    assert set(by_id) == {"good", "also-good", "broken", "syntax"}
    assert by_id["good"].drill is not None
    assert by_id["good"].drill.name == "Good"
    assert by_id["good"].error is None
    assert by_id["also-good"].drill is not None
    assert by_id["broken"] == DrillEntry(
        "broken",
        str(broken),
        None,
        f"{broken}: deal.score: 31 is not a possible score for 4-card hands {HAND4}",
        False,
    )
    assert by_id["syntax"].drill is None
    assert by_id["syntax"].source == str(syntax)
    assert by_id["syntax"].error is not None
    assert by_id["syntax"].error.startswith(f"{syntax}: line ")
    # Loaded ones by their order, then the broken ones.
    assert [e.id for e in entries] == ["also-good", "good", "broken", "syntax"]


def test_load_all_later_folders_override_and_builtin_come_first(tmp_path: Path) -> None:
    builtin = tmp_path / "builtin"
    mine = tmp_path / "mine"
    extra = tmp_path / "extra"
    _write(builtin, "a.yaml", "name: Built-in A\ndescription: D\norder: 5\n")
    _write(builtin, "b.yaml", "name: Built-in B\ndescription: D\norder: 1\n")
    _write(builtin, "c.yaml", "name: Built-in C\ndescription: D\norder: 9\n")
    _write(builtin, "z-broken.yaml", "name: Z\n")
    _write(mine, "a.yaml", "name: My A\ndescription: D\norder: 0\n")
    _write(mine, "m.yaml", "name: My M\ndescription: D\norder: 3\n")
    _write(mine, "n.yaml", "name: My N\ndescription: D\norder: 3\n")
    _write(extra, "m.yaml", "name: Extra M\ndescription: D\norder: 50\n")
    _write(extra, "c.yaml", "name: C\ndescription: D\ndeal: {score: 19}\n")
    entries = load_all(
        [(builtin, True), (tmp_path / "missing", False), (mine, False), (extra, False)]
    )
    summary = [(e.id, e.builtin, e.drill.name if e.drill else None) for e in entries]
    assert summary == [
        ("b", True, "Built-in B"),
        ("z-broken", True, None),
        ("a", False, "My A"),
        ("n", False, "My N"),
        ("m", False, "Extra M"),
        ("c", False, None),
    ]
    by_id = {e.id: e for e in entries}
    assert by_id["z-broken"].source == "drills/z-broken.yaml"
    assert by_id["z-broken"].error == "drills/z-broken.yaml: description: is required"
    assert by_id["b"].source == "drills/b.yaml"
    assert by_id["b"].drill is not None
    assert by_id["b"].drill.builtin
    assert by_id["a"].source == str(mine / "a.yaml")
    # A broken file of yours still replaces the built-in drill of the same id.
    assert by_id["c"].error is not None
    assert by_id["c"].error.startswith(str(extra / "c.yaml"))


def test_load_all_of_nothing(tmp_path: Path) -> None:
    assert load_all([]) == []
    assert load_all([(tmp_path / "nowhere", True)]) == []
    (tmp_path / "empty").mkdir()
    assert load_all([(tmp_path / "empty", False)]) == []


@pytest.fixture
def entries(tmp_path: Path) -> list[DrillEntry]:
    folder = tmp_path / "set"
    _write(folder, "warm.yaml", "name: Warm up\ndescription: D\norder: 1\n")
    _write(folder, "big.yaml", "name: Big   hands\ndescription: D\norder: 2\n")
    _write(folder, "bad.yaml", "name: Bad one\ndescription: D\nhands: 0\n")
    return load_all([(folder, False)])


def test_find_drill_by_id_and_by_name(entries: list[DrillEntry]) -> None:
    assert find_drill(entries, "warm").id == "warm"
    assert find_drill(entries, "Warm up").id == "warm"
    assert find_drill(entries, "big").name == "Big hands"
    assert find_drill(entries, "Big hands").id == "big"


def test_find_drill_broken_gives_its_error(entries: list[DrillEntry], tmp_path: Path) -> None:
    with pytest.raises(DrillError) as caught:
        find_drill(entries, "bad")
    path = tmp_path / "set" / "bad.yaml"
    assert str(caught.value) == f"{path}: hands: must be a positive integer, got 0"


def test_find_drill_unknown_lists_the_known_ids(entries: list[DrillEntry]) -> None:
    with pytest.raises(DrillError) as caught:
        find_drill(entries, "nope")
    assert str(caught.value) == "no drill set named 'nope' (known: warm, big, bad)"
    with pytest.raises(DrillError) as caught:
        find_drill([], "warm")
    assert str(caught.value) == "no drill set named 'warm' (known: )"


# ---------------------------------------------------------------- built-in drills

BUILTIN_FILES = sorted(DRILLS.glob("*.yaml"))


def _builtin_kind(path: Path) -> str:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return str(data.get("kind", "hand")) if isinstance(data, dict) else "?"


SHOW_DRILLS = [p.stem for p in BUILTIN_FILES if _builtin_kind(p) not in ("play", "discard")]
PLAY_DRILLS = [p.stem for p in BUILTIN_FILES if _builtin_kind(p) in ("play", "discard")]


@pytest.fixture(scope="module")
def builtin() -> dict[str, DrillSet]:
    entries = load_all([(builtin_drills_dir(), True)])
    errors = [e.error for e in entries if e.error]
    assert errors == []
    return {e.id: e.drill for e in entries if e.drill is not None}


@pytest.mark.parametrize("path", BUILTIN_FILES, ids=[p.stem for p in BUILTIN_FILES])
def test_every_builtin_file_loads(path: Path) -> None:
    drill = load_drill(path, builtin=True)
    assert drill.id == path.stem
    assert drill.source == f"drills/{path.name}"
    assert drill.builtin
    assert drill.description.strip()
    assert drill.name.strip()


def test_builtin_set(builtin: dict[str, DrillSet]) -> None:
    assert len(BUILTIN_FILES) >= 12
    assert set(builtin) == {p.stem for p in BUILTIN_FILES}
    names = [d.name for d in builtin.values()]
    assert len(set(names)) == len(names)
    assert all(d.builtin for d in builtin.values())
    assert all(len(d.description) >= 20 for d in builtin.values())


def test_builtin_warm_up_comes_first(builtin: dict[str, DrillSet]) -> None:
    first = load_all([(builtin_drills_dir(), True)])[0].drill
    assert first is not None
    assert first.order == 1
    assert first.kind == "hand"
    assert first.claim == "total"
    assert first.variant == "standard"
    assert first.constraints.unconstrained
    assert first.hands is not None
    assert not first.timed
    assert sum(d.order == 1 for d in builtin.values()) == 1


def test_builtin_covers_the_product(builtin: dict[str, DrillSet]) -> None:
    drills = list(builtin.values())
    assert any(d.kind == "play" for d in drills), "a pegging drill"
    assert any(d.kind == "catch" for d in drills), "a catch-the-opponent drill"
    assert any(d.kind == "crib" for d in drills), "a crib drill"
    assert any(d.claim == "announce" for d in drills), "a count-aloud drill"
    blitz = [d for d in drills if d.blitz]
    assert blitz, "a blitz"
    assert all(d.total_seconds == 60 and d.hands is None for d in blitz)
    assert any(
        d.hands == 20
        and d.per_hand_seconds is not None
        and d.muggins == "hoyle"
        and d.kind == "mixed"
        for d in drills
    ), "an exam"
    assert any(d.variant == "five-card" for d in drills), "the five-card game"
    assert any(d.variant == "four-player-five" for d in drills), "five-card hands"
    assert any(d.constraints.scores == frozenset({0}) and d.nineteen for d in drills), (
        "a nineteen drill"
    )


DEALS_PER_DRILL = 1000


@pytest.mark.parametrize("drill_id", SHOW_DRILLS)
def test_builtin_deals_satisfy_their_constraints(
    builtin: dict[str, DrillSet], drill_id: str
) -> None:
    drill = builtin[drill_id]
    c = drill.constraints
    rng = random.Random(f"deal-check-{drill_id}")
    cribs = 0
    for _ in range(DEALS_PER_DRILL):
        deal = drill.deal(rng)
        hand, starter = deal.hand, deal.starter
        where = f"{drill_id}: {' '.join(map(str, hand))} | {starter} crib={deal.crib}"
        cribs += deal.crib
        assert len(hand) == (4 if deal.crib else drill.hand_size), where
        assert len({*hand, starter}) == len(hand) + 1, where
        breakdown = score_show(hand, starter, crib=deal.crib)
        features = deal_features(hand, starter, deal.crib)
        ranks = {card.rank for card in (*hand, starter)}
        if c.scores is not None:
            assert breakdown.total in c.scores, where
        assert len(breakdown.of_kind("fifteen")) >= c.min_fifteens, where
        assert c.require <= features, where
        assert not c.exclude & features, where
        assert c.ranks <= ranks, where
        assert not c.avoid_ranks & ranks, where
    share = cribs / DEALS_PER_DRILL
    if drill.show_kinds() == [False]:
        assert cribs == 0
    elif drill.show_kinds() == [True]:
        assert cribs == DEALS_PER_DRILL
    else:
        assert abs(share - drill.crib_share) < 0.05, share


@pytest.mark.parametrize("drill_id", SHOW_DRILLS)
def test_builtin_deals_replay_from_their_seed(builtin: dict[str, DrillSet], drill_id: str) -> None:
    drill = builtin[drill_id]
    rng = random.Random(drill_id)
    for _ in range(100):
        deal = drill.deal(rng)
        assert drill.replay(deal.seed) == deal


@pytest.mark.parametrize("drill_id", PLAY_DRILLS)
def test_play_drills_deal_no_shows(builtin: dict[str, DrillSet], drill_id: str) -> None:
    """Pegging and discard drills deal no show to count."""
    drill = builtin[drill_id]
    assert drill.show_kinds() == []
    with pytest.raises(DealError) as caught:
        drill.deal(random.Random(1))
    assert str(caught.value) == (
        f"drills/{drill_id}.yaml: {drill.kind} drills deal no shows to count"
    )


def test_drill_seed_deals_the_same_sequence(load: Callable[[str], DrillSet]) -> None:
    text = HEAD + "kind: mixed\nseed: 2024\nhands: 12\ndeal: {score: {min: 8}}\n"
    drill = load(text)
    assert drill.seed == 2024
    assert drill.hands == 12

    def run(d: DrillSet, seed: int) -> list[Deal]:
        rng = random.Random(seed)
        return [d.deal(rng) for _ in range(12)]

    first = run(drill, 2024)
    assert run(drill, 2024) == first
    assert run(load(text), 2024) == first  # loading the file again changes nothing
    assert [drill.replay(d.seed) for d in first] == first
    assert all(d.hand and d.starter not in d.hand for d in first)
    assert run(drill, 2025) != first


def test_a_field_given_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text("name: One\ndescription: d\nhands: 5\nhands: 8\n", encoding="utf-8")
    with pytest.raises(DrillError) as err:
        load_drill(path)
    assert str(err.value) == f"{path}: line 4: field 'hands' is given twice"


def test_focus_field() -> None:
    base = {"name": "N", "description": "D"}
    assert parse_drill(base, drill_id="x", source="x.yaml").focus is None
    aimed = parse_drill({**base, "focus": "weak-spots"}, drill_id="x", source="x.yaml")
    assert aimed.focus == "weak-spots"
    with pytest.raises(DrillError) as err:
        parse_drill({**base, "focus": "strengths"}, drill_id="x", source="x.yaml")
    assert str(err.value) == "x.yaml: focus: must be weak-spots, got 'strengths'"
    with pytest.raises(DrillError) as err:
        parse_drill({**base, "focus": "weak-spots", "kind": "play"}, drill_id="x", source="x.yaml")
    assert str(err.value) == "x.yaml: focus: weak-spots deals shows: not for play drills"


def test_a_second_try_is_for_totals_only() -> None:
    def parse(**fields: Any) -> DrillSet:
        return parse_drill({"name": "n", "description": "d", **fields}, drill_id="t", source="t")

    assert parse(second_try=True).second_try
    assert not parse().second_try
    with pytest.raises(DrillError, match="second_try: a second try is for counts claimed as"):
        parse(claim="announce", second_try=True)
    with pytest.raises(DrillError, match="second_try: must be true or false"):
        parse(second_try="yes please")


# ---------------------------------------------------------------- hostile files (issue 14)

HOSTILE = REPO / "tests" / "data" / "hostile" / "drills"
LONG = "a number of 5000 characters is too long"
HOSTILE_FILES = {
    "alias-bomb-name": "name: line 4: an alias (*a) is not allowed here: write the value out",
    "alias-bomb-deal": (
        "deal.exclude: line 6: an alias (*a) is not allowed here: write the value out"
    ),
    "score-range-huge": "deal.score: 99999999999 is above 29, the most a hand of 4 cards can score",
    "score-max-huge": "deal.score: 99999999999 is above 29, the most a hand of 4 cards can score",
    "long-number-hands": f"hands: line 3: {LONG}",
    "long-number-seed": f"seed: line 3: {LONG}",
    "long-number-order": f"order: line 3: {LONG}",
    "long-number-time": f"time.per_hand: line 3: {LONG}",
    "long-number-score": f"deal.score: line 3: {LONG}",
    "long-number-fifteens": f"deal.fifteens: line 3: {LONG}",
    "deep-nesting": "name: line 2: nested more than 32 levels deep",
    "list-key": "deal: line 4: a field's name must be text, not a list or mapping",
    "control-name": "name: holds a control character (U+001B) at character 5",
    "control-description": "description: holds a control character (U+009B) at character 7",
    "control-field-name": f"'\\x1b[31mcolour': unknown field (known: {', '.join(FIELDS)})",
    "huge-name": "name: at most 80 characters, got 20,000",
    "huge-variant": (
        "variant: must be one of standard, five-card, three-player, four-player, "
        f"four-player-five, got 'vvvvvvvvvvvvvvvvv...{'v' * 18}'"
    ),
}
"""Each file in tests/data/hostile/drills/ and what is wrong with it, after ``file: ``."""


def test_every_hostile_drill_file_is_listed() -> None:
    assert {p.stem for p in HOSTILE.glob("*.yaml")} == set(HOSTILE_FILES)


@pytest.mark.parametrize(("stem", "message"), HOSTILE_FILES.items(), ids=list(HOSTILE_FILES))
def test_a_hostile_drill_file_is_one_error_naming_file_and_field(stem: str, message: str) -> None:
    path = HOSTILE / f"{stem}.yaml"
    with pytest.raises(DrillError) as caught:
        load_drill(path, deep=False)
    assert str(caught.value) == f"{path}: {message}"


def _hostile_folder(tmp_path: Path) -> Path:
    """Every hostile data file, a named pipe, ``/dev/zero``, a file too large, a name with
    control characters, and one good drill."""
    folder = tmp_path / "shared"
    folder.mkdir()
    for path in HOSTILE.glob("*.yaml"):
        (folder / path.name).write_bytes(path.read_bytes())
    os.mkfifo(folder / "pipe.yaml")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    (folder / "large.yaml").write_text(HEAD + "# " + "x" * 64_000 + "\n", encoding="utf-8")
    (folder / "title\x1b]0;owned\x07.yaml").write_text(HEAD, encoding="utf-8")
    _write(folder, "good.yaml", "name: Good\ndescription: Still loads.\n")
    return folder


def test_load_all_turns_every_hostile_file_into_its_error(tmp_path: Path) -> None:
    folder = _hostile_folder(tmp_path)
    by_id = {e.id: e for e in load_all([(folder, False)])}
    good = by_id.pop("good")
    assert good.drill is not None
    assert good.drill.name == "Good"
    errors = {key: entry.error for key, entry in by_id.items()}
    assert all(entry.drill is None for entry in by_id.values())
    assert errors == {
        **{stem: f"{folder / stem}.yaml: {message}" for stem, message in HOSTILE_FILES.items()},
        "pipe": f"{folder}/pipe.yaml: is a named pipe, not a file; give the path of a file",
        "zero": f"{folder}/zero.yaml: is a device, not a file; give the path of a file",
        "large": f"{folder}/large.yaml: is larger than 64 kB, the most this file may hold",
        "title\x1b]0;owned\x07": (
            f"{folder}/title\x1b]0;owned\x07.yaml: file name: holds a control character "
            "(U+001B) at character 6"
        ),
    }


def test_a_failure_nobody_foresaw_is_one_files_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    _write(folder, "a.yaml", HEAD)
    _write(folder, "b.yaml", "name: B\ndescription: D\nhands: 5\n")
    real = parse_drill

    def fragile(data: object, *, drill_id: str, **options: Any) -> DrillSet:
        if drill_id == "a":
            raise RecursionError("maximum recursion depth exceeded " + "x" * 5000)
        return real(data, drill_id=drill_id, **options)

    monkeypatch.setattr(loader, "parse_drill", fragile)
    by_id = {e.id: e for e in load_all([(folder, False)])}
    assert by_id["a"].error == (
        f"{folder}/a.yaml: cannot be used (RecursionError: "
        "'maximum recursion...xxxxxxxxxxxxxxxxxx')"
    )
    assert by_id["b"].drill is not None
    with pytest.raises(DrillError, match=r"a\.yaml: cannot be used \(RecursionError: "):
        load_drill(folder / "a.yaml")


def test_deep_check_turns_a_failure_nobody_foresaw_into_an_error_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    _write(folder, "a.yaml", HEAD + "deal: {score: 12}\n")
    _write(folder, "b.yaml", "name: B\ndescription: D\ndeal: {score: 8}\n")
    entries = load_all([(folder, False)], deep=False)

    def fragile(drill: DrillSet) -> None:
        if drill.id == "a":
            raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(loader, "check_satisfiable", fragile)
    checked = {e.id: e for e in deep_check(entries)}
    assert checked["a"].drill is None
    assert checked["a"].error == (
        f"{folder}/a.yaml: cannot be used (ZeroDivisionError: 'division by zero')"
    )
    assert checked["b"].drill is not None


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ("deal: {score: 0-30}", "30 is above 29, the most a hand of 4 cards can score"),
        ("deal: {score: {max: 30}}", "30 is above 29, the most a hand of 4 cards can score"),
        ("kind: crib\ndeal: {score: 0-30}", "30 is above 29, the most a crib can score"),
        (
            "kind: mixed\ndeal: {score: 0-30}",
            "30 is above 29, the most a hand of 4 cards or a crib can score",
        ),
        ("variant: five-card\ndeal: {score: 21-30}", "21 is above 20, the most a hand of 3 cards"),
        (
            "variant: five-card\nkind: mixed\ndeal: {score: 0-30}",
            "30 is above 29, the most a crib can score",
        ),
        (
            "variant: four-player-five\nkind: mixed\ndeal: {score: {min: 47}}",
            "47 is above 46, the most a hand of 5 cards can score",
        ),
        (
            f"deal: {{score: '0-{'9' * 4000}'}}",
            "deal.score: a 4000-digit number is above 29, the most a hand of 4 cards can score",
        ),
        (
            f"deal: {{score: '0-{'9' * 5000}'}}",
            f"deal.score: '0-{'9' * 15}...{'9' * 18}' is not a range like 20-29",
        ),
    ],
    ids=[
        "hand",
        "max",
        "crib",
        "mixed",
        "three-cards",
        "three-cards-and-cribs",
        "five-cards-and-cribs",
        "long-range-end",
        "range-end-too-long-for-int",
    ],
)
def test_score_ranges_end_at_the_most_the_shows_can_score(
    load: Callable[[str], DrillSet], fields: str, message: str
) -> None:
    with pytest.raises(DrillError) as caught:
        load(HEAD + fields + "\n")
    assert message in str(caught.value)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("fields", "scores"),
    [
        ("deal: {score: 0-29}", range(30)),
        ("deal: {score: {min: 20}}", range(20, 30)),
        ("kind: crib\ndeal: {score: {min: 24}}", range(24, 30)),
        ("variant: five-card\ndeal: {score: {min: 12}}", range(12, 21)),
        ("variant: four-player-five\ndeal: {score: {min: 30, max: 46}}", range(30, 47)),
    ],
    ids=["hand", "min", "crib", "three-cards", "five-cards"],
)
def test_a_range_up_to_the_most_is_allowed(
    load: Callable[[str], DrillSet], fields: str, scores: range
) -> None:
    assert load(HEAD + fields + "\n").constraints.scores == frozenset(scores)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ("time: {per_hand: 86401}", "time.per_hand: at most 86400 seconds (a day), got 86401"),
        ("time: {total: 1.0e+300}", "time.total: at most 86400 seconds (a day), got 1e+300"),
    ],
    ids=["per-hand", "total"],
)
def test_a_drill_clock_runs_at_most_a_day(
    load: Callable[[str], DrillSet], fields: str, message: str
) -> None:
    with pytest.raises(DrillError) as caught:
        load(HEAD + fields + "\n")
    assert str(caught.value).endswith(f"x.yaml: {message}")
    assert load(HEAD + "time: {per_hand: 86400, total: 86400}\n").total_seconds == 86400


CONTROLS = {
    "esc": ("\x1b]0;owned\x07", "U+001B"),
    "bel": ("\x07", "U+0007"),
    "del": ("\x7f", "U+007F"),
    "c1-csi": ("\x9b31m", "U+009B"),
    "bidi-override": ("\u202e", "U+202E"),
    "bidi-isolate": ("\u2066", "U+2066"),
    "line-separator": ("\u2028", "U+2028"),
}


@pytest.mark.parametrize("key", ["name", "description"])
@pytest.mark.parametrize(("text", "code"), CONTROLS.values(), ids=list(CONTROLS))
def test_names_and_descriptions_refuse_control_characters(key: str, text: str, code: str) -> None:
    with pytest.raises(DrillError) as caught:
        parse(**{key: f"Big{text} hands"})
    assert str(caught.value) == f"x.yaml: {key}: holds a control character ({code}) at character 4"


def test_line_breaks_and_tabs_in_a_description_are_folded_not_refused() -> None:
    assert parse(description="One\tline\r\nand  another\n").description == "One line and another"


@pytest.mark.parametrize(
    ("key", "most"), [("name", 80), ("description", 1000)], ids=["name", "description"]
)
def test_names_and_descriptions_have_a_length(key: str, most: int) -> None:
    assert len(getattr(parse(**{key: "w " * (most // 2)}), key)) == most - 1
    with pytest.raises(DrillError) as caught:
        parse(**{key: "w" * (most + 1)})
    assert str(caught.value) == f"x.yaml: {key}: at most {most} characters, got {most + 1:,}"


def test_a_file_name_with_control_characters_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "warm\u202eup.yaml", HEAD)
    with pytest.raises(DrillError) as caught:
        load_drill(path)
    assert str(caught.value) == (
        f"{path}: file name: holds a control character (U+202E) at character 5"
    )


def test_a_file_name_that_is_not_utf_8_is_refused(tmp_path: Path) -> None:
    path = Path(os.fsdecode(os.fsencode(tmp_path) + b"/bad\x9b31m.yaml"))
    path.write_text(HEAD, encoding="utf-8")
    with pytest.raises(DrillError) as caught:
        load_drill(path)
    assert str(caught.value) == f"{path}: file name: is not UTF-8 text (character 4)"


HUGE = "h" * 10_000
"""A value far longer than any message may quote."""


@pytest.mark.parametrize(
    "fields",
    [
        {"name": [HUGE]},
        {"variant": HUGE},
        {"kind": HUGE},
        {"claim": HUGE},
        {"muggins": HUGE},
        {"nineteen": HUGE},
        {"focus": HUGE},
        {"order": HUGE},
        {"hands": HUGE},
        {"seed": HUGE},
        {"seed": 10**4000},
        {"time": HUGE},
        {"time": {"total": HUGE}},
        {HUGE: 1},
        {"deal": HUGE},
        {"deal": {HUGE: 1}},
        {"deal": {"require": [HUGE]}},
        {"deal": {"ranks": [HUGE]}},
        {"deal": {"fifteens": HUGE}},
        {"deal": {"mix": {"nobs": HUGE}}},
        {"deal": {"score": HUGE}},
        {"deal": {"score": [HUGE]}},
        {"deal": {"score": {"min": HUGE}}},
        {"kind": "catch", "opponent_errors": HUGE},
    ],
    ids=lambda fields: next(iter(fields)) if len(next(iter(fields))) < 20 else "field-name",
)
def test_messages_quote_a_short_excerpt_of_a_value(fields: dict[str, object]) -> None:
    with pytest.raises(DrillError) as caught:
        parse(**fields)
    message = str(caught.value)
    assert len(message) < 400, message
    assert HUGE[:100] not in message
