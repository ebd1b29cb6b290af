"""Benchmark the coach: discard advice for every throw, play advice per card laid, a whole
game's analysis, each against a baseline measured in the same run.

Run as a plain script::

    .venv/bin/python benchmarks/bench_coach.py [--hands D] [--brute B] [--games G]
        [--variant V] [--seed S] [--json]

Part 1 values every throw of D seeded six-card hands of the standard game
(`discard_advice`, the crib's owner alternating): **cold**, the rank table and the
show's memo emptied before each hand (the first hand a trainer values), and **warm**,
the same hand again. Baselines: the `standard` bot's valuation of the same throws
(`bots.discard_values`: the crib from the 50-card table, not exact) and, on the first B
hands, the brute force the advice stands for (every crib and starter scored, 683,100
shows a hand), whose values it must match. Target: every throw in under 100 ms.

Part 2 plays G seeded games of the variant between `standard` bots and times the play
advice for each card laid with a choice of ranks, in the position the ledger reads from
the record, in wall time and in CPU time (a busy machine stretches the one, not the
other); the baseline is the `strong` bot deciding in the same positions (the same
search with its work budget), timed as the game is played. Target: p99 under 250 ms (issue 33).

Part 3 times the whole ledger of each of those games (`game_ledger`: every throw, every
card laid, every count) against playing the same game (`play_game`), in the same run; and
the ledger as the table waits for it at the game's end, each hand before the last worked
out as it ended (`HandLedgers`, as the table does in a worker): the wait a player sees.

Exit status: 0 (a missed target is reported as MISS, not an error).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from trainer.game.coach.analysis import game_ledger
from trainer.game.coach.decisions import hand_decisions
from trainer.game.coach.discard import discard_advice, rank_points_table
from trainer.game.coach.hand_ledgers import HandLedgers
from trainer.game.coach.play import play_advice
from trainer.game.players.bots import Bot, discard_values
from trainer.game.record import play_game
from trainer.game.state import Action, GameState, Prompt
from trainer.game.variants import VARIANTS, variant
from trainer.rules import rank_table
from trainer.rules.cards import Card, deck
from trainer.rules.totals import show_total

DISCARD_TARGET_MS: Final = 100.0
PLAY_TARGET_P99_MS: Final = 250.0


def percentile(times: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``times`` (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def figures(ms: Sequence[float]) -> dict[str, float]:
    return {
        "count": len(ms),
        "median": statistics.median(ms),
        "p99": percentile(ms, 0.99),
        "max": max(ms),
    }


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _cpu_ms(started: float) -> float:
    return (time.process_time() - started) * 1000


def brute_force(dealt: Sequence[Card], own_crib: bool) -> dict[frozenset[Card], float]:
    """Every throw's net, each crib and starter scored one by one."""
    unseen = [c for c in deck() if c not in dealt]
    out = {}
    for throw in combinations(dealt, 2):
        keep = [c for c in dealt if c not in throw]
        hand = Fraction(sum(show_total(keep, s) for s in unseen), len(unseen))
        total = cases = 0
        for others in combinations(unseen, 2):
            crib = (*throw, *others)
            for starter in unseen:
                if starter not in others:
                    total += show_total(crib, starter, crib=True)
                    cases += 1
        crib_mean = Fraction(total, cases)
        out[frozenset(throw)] = float(hand + crib_mean if own_crib else hand - crib_mean)
    return out


def time_discards(hands: int, brute: int, seed: int) -> dict[str, Any]:
    """Part 1: every throw of ``hands`` six-card hands, cold and warm, against the bot's
    valuation and (the first ``brute``) the brute force."""
    rng = random.Random(seed)
    rules = variant("standard")
    cold, warm, bot, slow = [], [], [], []
    worst = 0.0
    for n in range(hands):
        dealt = rng.sample(deck(), 6)
        own = n % 2 == 0
        rank_points_table.cache_clear()
        rank_table.forget()  # the scorer's tables too: as in a fresh process
        started = time.perf_counter()
        advice = discard_advice(dealt, rules, own_crib=own)
        cold.append(_ms(started))
        started = time.perf_counter()
        discard_advice(dealt, rules, own_crib=own)
        warm.append(_ms(started))
        started = time.perf_counter()
        discard_values(dealt, 2, own_crib=own)
        bot.append(_ms(started))
        if n < brute:
            started = time.perf_counter()
            truth = brute_force(dealt, own)
            slow.append(_ms(started))
            worst = max(worst, *(abs(t.net - truth[frozenset(t.throw)]) for t in advice))
    out: dict[str, Any] = {
        "cold": figures(cold),
        "warm": figures(warm),
        "bot": figures(bot),
    }
    if slow:
        out["brute"] = figures(slow) | {"largest_difference": worst}
    return out


@dataclass
class TimedSeat:
    """A `standard` bot that, before each card it lays with a choice of ranks, times the
    `strong` bot deciding in its place (the baseline; its choice is not taken)."""

    seat: int
    seed: int
    strong_ms: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.bot = Bot("standard", self.seat, self.seed)
        self.strong = Bot("strong", self.seat, self.seed)

    def decide(self, state: GameState, asked: Prompt) -> Action:
        table = state.hand.table
        choice = table is not None and len({c.rank for c in table.playable(asked.seat)}) > 1
        if asked.kind == "play" and choice:
            started = time.perf_counter()
            self.strong.decide(state, asked)
            self.strong_ms.append(_ms(started))
        return self.bot.decide(state, asked)


def time_games(variant_id: str, games: int, seed: int) -> dict[str, Any]:
    """Parts 2 and 3: the play advice per card laid, and each game's whole ledger, against
    the strong bot in the same positions and against playing the game."""
    rules = variant(variant_id)
    advice_ms: list[float] = []
    advice_cpu: list[float] = []
    strong_ms: list[float] = []
    ledger_ms: list[float] = []
    end_ms: list[float] = []
    played_ms: list[float] = []
    for n in range(games):
        game_seed = seed * 1000 + n
        seats = [TimedSeat(s, game_seed) for s in range(rules.players)]
        record = play_game(rules, game_seed, seats, ["standard"] * rules.players).to_dict()
        strong_ms += [ms for s in seats for ms in s.strong_ms]
        for hand in record["hands"]:
            for lay in hand_decisions(rules, hand)[1]:
                if len({c.rank for c in lay.spot.playable()}) > 1:
                    started, cpu = time.perf_counter(), time.process_time()
                    play_advice(lay.spot)
                    advice_ms.append(_ms(started))
                    advice_cpu.append(_cpu_ms(cpu))
        started = time.perf_counter()
        bots = [Bot("standard", s, game_seed) for s in range(rules.players)]
        play_game(rules, game_seed, bots, ["standard"] * rules.players)
        played_ms.append(_ms(started))
        started = time.perf_counter()
        whole = game_ledger(rules, record, "acc")
        ledger_ms.append(_ms(started))
        ledgers = HandLedgers(rules, "acc")
        for hand in record["hands"][:-1]:
            ledgers.hand(hand)
        started = time.perf_counter()
        at_end = ledgers.game(record)
        end_ms.append(_ms(started))
        assert at_end == whole
    return {
        "variant": variant_id,
        "games": games,
        "advice": figures(advice_ms),
        "advice_cpu": figures(advice_cpu),
        "strong": figures(strong_ms),
        "ledger": figures(ledger_ms),
        "at_end": figures(end_ms),
        "played": figures(played_ms),
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Time the coach's advice and ledger.")
    parser.add_argument("--hands", type=int, default=200, help="six-card hands valued")
    parser.add_argument("--brute", type=int, default=3, help="of those, brute-forced")
    parser.add_argument("--games", type=int, default=20, help="games for the play and ledger")
    parser.add_argument("--variant", default="standard", choices=list(VARIANTS))
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    return parser.parse_args(argv)


def _row(name: str, f: dict[str, float], note: str = "") -> str:
    return (
        f"  {name:<38} {f['count']:>6.0f} {f['median']:>8.2f} {f['p99']:>8.2f} "
        f"{f['max']:>8.2f}  {note}"
    ).rstrip()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    report: dict[str, Any] = {"load": os.getloadavg()[0]}
    head = f"  {'':<38} {'count':>6} {'median':>8} {'p99':>8} {'max':>8}   (ms)"
    if args.hands > 0:
        d = report["discard"] = time_discards(args.hands, args.brute, args.seed)
        print(f"discard advice, every throw of a six-card hand ({args.hands} hands, standard)")
        print(head)
        ok = "ok" if d["cold"]["max"] < DISCARD_TARGET_MS else "MISS"
        print(_row("the advice, cold (tables emptied)", d["cold"], ok))
        print(_row("the advice, warm", d["warm"]))
        print(_row("baseline: standard bot's valuation", d["bot"]))
        if "brute" in d:
            b = d["brute"]
            print(_row("baseline: brute force", b))
            print(
                f"  advice against brute force: {b['median'] / d['cold']['median']:,.0f}x "
                f"faster cold, {b['median'] / d['warm']['median']:,.0f}x warm; largest "
                f"difference {b['largest_difference']:.1e} points"
            )
    if args.games > 0:
        g = report["games"] = time_games(args.variant, args.games, args.seed)
        print(f"play advice and the ledger, {args.games} games of {args.variant} (standard bots)")
        print(head)
        ok = "ok" if g["advice"]["p99"] < PLAY_TARGET_P99_MS else "MISS"
        print(_row("play advice, a card with a choice", g["advice"], ok))
        ok = "ok" if g["advice_cpu"]["p99"] < PLAY_TARGET_P99_MS else "MISS"
        print(_row("· its CPU time", g["advice_cpu"], ok))
        print(_row("baseline: strong bot, same positions", g["strong"]))
        print(_row("a whole game's ledger", g["ledger"]))
        print(_row("· its wait at the end (hands kept)", g["at_end"]))
        print(_row("baseline: playing the game", g["played"]))
        ratio = g["ledger"]["median"] / g["played"]["median"]
        print(f"  a game's ledger costs {ratio:.1f}x playing it (medians)")
    load = os.getloadavg()[0]
    print(f"load average (1 minute) at the start {report['load']:.1f}, at the end {load:.1f}")
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
