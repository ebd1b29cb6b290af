"""Smoke test for benchmarks/bench_game.py: it runs, its brute force agrees, it prints its figures.

Speed is not asserted (timings flake on a shared machine). The brute-force scorer
is checked against `score_show` and `score_play` on seeded hands and piles, and
the record check is shown to catch a wrong record, so that neither can be
silently wrong.
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import replace

import pytest

from tests.benchmarks.support import load_bench
from trainer.game.events import Played, Shown
from trainer.game.players.bots import Bot
from trainer.game.record import GameRecord, play_game
from trainer.rules.cards import Card, deck, parse_cards
from trainer.rules.play import score_play
from trainer.rules.show import score_show

pytestmark = pytest.mark.slow  # run in CI (the whole suite), not in the quick loop


CROWDED = [c for c in deck() if c.rank in (4, 5, 6, 11)]
"""Sixteen cards that make pairs, runs, fifteens and nobs at every turn."""


def test_benchmark_runs_and_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("bench_game")
    argv = ["--games", "4", "--sim-games", "2", "--decision-games", "1", "--rounds", "2"]
    code = bench.main([*argv, "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert "0 disagreement(s)" in out
    assert "DISAGREE" not in out
    for label in (
        "a fresh deal in a new game",
        "cold (caches emptied before every decision)",
        "simulate vs brute force",
        "Strength: standard against easy, 4 games",
    ):
        assert label in out, label
    figures = json.loads(out[out.index("\n{") + 1 :])

    decisions = figures["decisions"]["by_level"]
    assert set(decisions) == {"standard", "easy"}
    for cases in decisions.values():
        assert set(cases) == {"game", "cold"}
        for kinds in cases.values():
            for kind in ("discard", "play", "count"):
                f = kinds[kind]
                assert f["decisions"] > 0
                assert 0 < f["median_ms"] <= f["p99_ms"] <= f["max_ms"]

    sim = figures["throughput"]
    assert sim["games"] == 2
    assert sim["hands"] > 0
    assert sim["simulate_hands_per_second"] > 0
    assert sim["brute_force_hands_per_second"] > 0
    assert sim["ratio"] > 0
    assert sim["replays_differ"] == 0
    check = sim["check"]
    assert check["disagreements"] == 0
    assert check["games"] == 2
    assert check["shows"] > 0
    assert check["show_points_recorded"] == check["show_points_brute"]
    assert check["play_points_recorded"] == check["play_points_brute"]
    assert sim["levels"]["standard"]["hands_shown"] > 0

    power = figures["strength"]
    assert power["pair"] == ["standard", "easy"]
    assert power["games"] == 4
    assert 0 <= power["win_rate"] <= 1
    assert power["standard_error"] >= 0
    for level in ("standard", "easy"):
        f = power["levels"][level]
        assert f["hands_shown"] > 0
        assert f["cribs_shown"] > 0
        assert f["hand_average"] >= 0
        assert f["crib_average"] >= 0
        assert f["play_per_hand"] >= 0


def test_brute_show_agrees_with_score_show() -> None:
    bench = load_bench("bench_game")
    rng = random.Random(11)
    full = list(deck())
    deals = 0
    for cards, size in ((full, 4), (CROWDED, 4), (full, 3), (CROWDED, 3)):
        for _ in range(600):
            *hand, starter = rng.sample(cards, size + 1)
            for crib in (False, True):
                want = score_show(hand, starter, crib=crib).total
                assert bench.brute_show(hand, starter, crib=crib) == want, (hand, starter, crib)
                deals += 1
    for suit in "SHDC":  # flushes, four and five cards
        same = [c for c in full if c.suit == suit]
        for _ in range(100):
            hand = rng.sample(same, 4)
            starter = rng.choice([c for c in full if c not in hand])
            for crib in (False, True):
                want = score_show(hand, starter, crib=crib).total
                assert bench.brute_show(hand, starter, crib=crib) == want, (hand, starter, crib)
    assert deals == 4800
    assert bench.brute_show(parse_cards("5S 5H 5D JC"), Card(5, "C"), crib=False) == 29


def test_brute_play_agrees_with_score_play() -> None:
    bench = load_bench("bench_game")
    rng = random.Random(12)
    checked = 0
    for cards in (list(deck()), CROWDED, CROWDED):
        for _ in range(300):
            pile: list[Card] = []
            for card in rng.sample(cards, len(cards)):
                if sum(c.value for c in pile) + card.value > 31:
                    pile = []
                pile.append(card)
                assert bench.brute_play(pile) == score_play(pile).total, pile
                checked += 1
    assert checked > 10_000
    assert bench.brute_play(parse_cards("4S 6H 5D")) == 2 + 3  # fifteen and a run
    assert bench.brute_play(parse_cards("7S 7H 7D")) == 6  # pair royal


def a_game(seed: int) -> GameRecord:
    bench = load_bench("bench_game")
    seats = [Bot("standard", 0, seed), Bot("easy", 1, seed)]
    record: GameRecord = play_game(bench.RULES, seed, seats, ["standard", "easy"])
    return record


def test_record_check_passes_a_true_record_and_catches_a_wrong_one() -> None:
    bench = load_bench("bench_game")
    record = a_game(5)
    check = bench.Check()
    bench.check_game(record, bench.brute_game(record), check)
    assert check.problems == []
    assert check.events > 50  # a whole game of events, all checked

    for kind in (Shown, Played):
        wrong = a_game(5)
        hand = next(h for h in wrong.hands if any(isinstance(e, kind) for e in h.events))
        n = next(n for n, e in enumerate(hand.events) if isinstance(e, kind))
        event = hand.events[n]
        assert isinstance(event, Shown | Played)
        hand.events[n] = replace(event, points=event.points + 2)
        check = bench.Check()
        bench.check_game(wrong, bench.brute_game(wrong), check)
        assert check.problems, kind


def test_pair_option() -> None:
    bench = load_bench("bench_game")
    assert bench.parse_pair("easy, standard") == ("easy", "standard")
    for bad in ("standard", "standard,standard", "standard,grandmaster"):
        with pytest.raises(argparse.ArgumentTypeError):
            bench.parse_pair(bad)
