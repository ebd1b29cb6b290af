"""Benchmark the show scorers: itemised, total-only, a brute-force baseline, cribbage-scorer.

Run as a plain script::

    .venv/bin/python benchmarks/bench_scoring.py [--deals N] [--seed S] [--rounds R]
        [--chunk C] [--json] [--keep-gc]

It deals N seeded random hands (4 cards plus a starter), checks that every
scorer gives the same total for every deal, then times each scorer over the
same deals. Inputs are converted to each scorer's own card form before any
timing. The scorers are interleaved chunk by chunk (C deals, 500 by default: a,
b, c, d on the first chunk, then on the next), and that R times; a scorer's
time is the sum over the chunks of its best (minimum) time for each, so that a
burst of load on a shared machine falls on every scorer alike rather than on
one scorer's whole pass. The garbage collector is off while timing, as
`timeit` does, unless ``--keep-gc`` is given.

`score_show` and `show_total` read the fifteens, pairs and runs of a show from
the table of every rank pattern (`trainer.rules.rank_table`), made whole for a
show size the first time that size is scored: no memo to hit or miss. What
making the tables costs (the start-up cost of this design) is measured on its
own, in CPU time, from nothing. Both scorers are timed in two cases:

- Fresh deal, no cache: the case a trainer lives in (one hand counted, the
  reveal scores it; a session sees a few dozen hands, nearly all of rank
  patterns not seen yet). Every memo cache of `trainer.rules` (any
  `functools` cache) is emptied before each call, untimed; only the call
  itself is timed, between two `time.perf_counter_ns` readings (the CPU clock
  costs three times as much a reading, and a call of a few microseconds is
  almost never preempted), and the calls' times are summed. The timer's own
  cost (timed the same way around an empty function) is printed and left in,
  so these figures err on the slow side. An untimed pass made the same way
  checks that the `functools` caches see no hit.
- Warm caches: the steady state, a pass over the chunk after an untimed one,
  timed in the process's CPU time.

Finally it times `trainer.odds.distribution(4, False)` from empty caches
against the baseline's estimated time to score every one of the 12,994,800
deals one by one.

Exit status: 0 on success (targets missed are reported as MISS, not errors);
1 if `score_show`, `show_total` and the baseline disagree on any deal, if a
fresh-deal call hit a memo cache, or if the odds distribution does not count
exactly 12,994,800 deals.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import combinations
from typing import Any, Final

from trainer.rules import odds, rank_table, show, totals
from trainer.rules.cards import Card, full_deck

DEFAULT_DEALS: Final = 20_000
DEFAULT_SEED: Final = 20_240_615
DEFAULT_ROUNDS: Final = 5
DEFAULT_CHUNK: Final = 500

ALL_DEALS: Final = 12_994_800
"""Every 4-card hand and starter: C(52, 4) * 48."""

LABEL_WIDTH: Final = 53

ITEMISED_TARGET: Final = 5.0
TOTAL_TARGET: Final = 20.0
ODDS_TARGET: Final = 100.0

JACK: Final = 11

TupleCard = tuple[int, str]
TrainerDeal = tuple[tuple[Card, ...], Card]
TupleDeal = tuple[tuple[TupleCard, ...], TupleCard]
ScorerLibDeal = tuple[TupleCard, list[TupleCard]]


# ---------------------------------------------------------------- the baseline


def baseline_score(hand: Sequence[TupleCard], starter: TupleCard, crib: bool = False) -> int:
    """Brute force, written to be obviously right rather than fast.

    Cards are (rank, suit) tuples, rank 1 (ace) to 13 (king).
    """
    cards = [*hand, starter]
    points = 0

    # Fifteens: every subset of two or more cards whose values add up to 15.
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(min(rank, 10) for rank, _ in subset) == 15:
                points += 2

    # Pairs: every two cards of the same rank.
    for (rank_a, _), (rank_b, _) in combinations(cards, 2):
        if rank_a == rank_b:
            points += 2

    # Runs: the longest length at which some subset has consecutive distinct
    # ranks; every subset of that length that does counts.
    for size in range(len(cards), 2, -1):
        runs = 0
        for subset in combinations(cards, size):
            ranks = sorted(rank for rank, _ in subset)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            points += size * runs
            break

    # Flush: all hand cards one suit; the starter too for five (the crib needs it).
    suits = {suit for _, suit in hand}
    if len(suits) == 1:
        if starter[1] in suits:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)

    # Nobs: the jack of the starter's suit in the hand.
    if (JACK, starter[1]) in hand:
        points += 1

    return points


# ---------------------------------------------------------------- deals and scorers


def deal_hands(count: int, seed: int) -> list[TrainerDeal]:
    """``count`` seeded random deals of four hand cards and a starter."""
    rng = random.Random(seed)
    deck = full_deck()
    deals: list[TrainerDeal] = []
    for _ in range(count):
        *hand, starter = rng.sample(deck, 5)
        deals.append((tuple(hand), starter))
    return deals


def load_cribbage_scorer() -> Callable[..., Any] | None:
    """`cribbage_scorer.show_calc_score` if the optional package is installed."""
    try:
        module = importlib.import_module("cribbage_scorer.cribbage_scorer")
    except ImportError:
        return None
    func: Callable[..., Any] = module.show_calc_score
    return func


def run_score_show(deals: Sequence[TrainerDeal]) -> None:
    score_show = show.score_show
    for hand, starter in deals:
        score_show(hand, starter)


def run_show_total(deals: Sequence[TrainerDeal]) -> None:
    show_total = totals.show_total
    for hand, starter in deals:
        show_total(hand, starter)


def run_baseline(deals: Sequence[TupleDeal]) -> None:
    for hand, starter in deals:
        baseline_score(hand, starter)


def make_run_cribbage_scorer(
    calc: Callable[..., Any],
) -> Callable[[Sequence[ScorerLibDeal]], None]:
    def run(deals: Sequence[ScorerLibDeal]) -> None:
        for starter, hand in deals:
            calc(starter, hand, crib=False)

    return run


MEMOISED: Final = ("score_show", "show_total")
"""Scorers whose speed depends on trainer memo caches: timed fresh and warm."""


def cached_functions() -> list[tuple[str, Any]]:
    """Every ``functools.cache``/``lru_cache`` function defined in a loaded ``trainer.rules``
    module, with its name: found by looking, so a cache added to the scorer later counts too."""
    found: list[tuple[str, Any]] = []
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("trainer.rules.") or module is None:
            continue
        short = module_name.rsplit(".", 1)[-1]
        for name, obj in sorted(vars(module).items()):
            cached = callable(getattr(obj, "cache_clear", None)) and callable(
                getattr(obj, "cache_info", None)
            )
            if cached and getattr(obj, "__module__", None) == module_name:
                found.append((f"{short}.{name}", obj))
    return found


def trainer_caches() -> list[tuple[str, Callable[[], None]]]:
    """Every memo cache of the scorers and the odds, as (name, function that empties it):
    the `cached_functions` (the rank-pattern tables are no memo: see `table_costs`)."""
    return [(name, func.cache_clear) for name, func in cached_functions()]


def clear_trainer_caches() -> list[str]:
    """Empty every memo cache of `trainer_caches`; return their names."""
    caches = trainer_caches()
    for _, clear in caches:
        clear()
    return [name for name, _ in caches]


def _no_score(hand: Sequence[Card], starter: Card) -> None:
    """Nothing: timed like a scorer to show what the per-call timer itself costs."""


@contextmanager
def gc_paused(keep_gc: bool) -> Iterator[None]:
    """The garbage collector off (after a collection) inside, as `timeit` does, unless kept."""
    gc.collect()
    was_enabled = gc.isenabled()
    if not keep_gc:
        gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def fresh_pass(
    score: Callable[[Sequence[Card], Card], object],
    deals: Sequence[TrainerDeal],
    clears: Sequence[Callable[[], None]],
) -> float:
    """Seconds for ``score`` over ``deals``, every memo cache emptied (``clears``) before each call.

    Only the calls are timed, each between two `time.perf_counter_ns` readings;
    the emptying is not.
    """
    clock = time.perf_counter_ns
    elapsed = 0
    for hand, starter in deals:
        for clear in clears:
            clear()
        start = clock()
        score(hand, starter)
        elapsed += clock() - start
    return elapsed / 1e9


def fresh_hits(
    score: Callable[[Sequence[Card], Card], object], deals: Sequence[TrainerDeal]
) -> int:
    """The ``functools`` cache hits of ``score`` over ``deals`` called as `fresh_pass` calls
    it (every memo cache emptied before each call): none, if fresh calls are really fresh.

    Checked in a pass of its own, so that reading the caches' statistics does not
    disturb the timed passes.
    """
    clears = [clear for _, clear in trainer_caches()]
    infos = [func.cache_info for _, func in cached_functions()]
    hits = 0
    for hand, starter in deals:
        for clear in clears:
            clear()
        score(hand, starter)
        hits += sum(info().hits for info in infos)
    return hits


def timed(run: Callable[[Any], None], deals: Sequence[Any]) -> float:
    """CPU seconds for one pass of ``run`` over ``deals``."""
    start = time.process_time_ns()
    run(deals)
    return (time.process_time_ns() - start) / 1e9


def table_costs() -> dict[int, float]:
    """CPU seconds to make the rank-pattern tables of each show size from nothing (both the
    itemised rows and the totals), as the first show of that size in a process does."""
    costs: dict[int, float] = {}
    for size in rank_table.SHOW_SIZES:
        rank_table.forget()
        gc.collect()
        start = time.process_time_ns()
        rank_table.ROWS[size]
        rank_table.TOTALS[size]
        costs[size] = (time.process_time_ns() - start) / 1e9
    rank_table.forget()
    return costs


# ---------------------------------------------------------------- reporting


FRESH_METHOD: Final = (
    "every memo cache emptied before each call, untimed; each call timed alone "
    "(perf_counter_ns), summed; the timer's own cost left in"
)

RATIO_LINES: Final = (
    (
        "itemised_fresh_vs_cribbage_scorer",
        "itemised (fresh deal, no cache) vs cribbage-scorer",
        ITEMISED_TARGET,
    ),
    (
        "itemised_warm_vs_cribbage_scorer",
        "itemised (warm caches) vs cribbage-scorer",
        ITEMISED_TARGET,
    ),
    (
        "total_fresh_vs_cribbage_scorer",
        "total-only (fresh deal, no cache) vs cribbage-scorer",
        TOTAL_TARGET,
    ),
    ("total_warm_vs_cribbage_scorer", "total-only (warm caches) vs cribbage-scorer", TOTAL_TARGET),
    ("itemised_fresh_vs_baseline", "itemised (fresh deal, no cache) vs baseline", None),
    ("itemised_warm_vs_baseline", "itemised (warm caches) vs baseline", None),
    ("total_fresh_vs_baseline", "total-only (fresh deal, no cache) vs baseline", None),
    ("total_warm_vs_baseline", "total-only (warm caches) vs baseline", None),
    ("cribbage_scorer_vs_baseline", "cribbage-scorer vs baseline", None),
)
"""Each ratio printed: its JSON key, its label, its target (None: no target)."""


def verdict(ratio: float, target: float) -> str:
    return "PASS" if ratio >= target else "MISS"


def ratio_line(label: str, ratio: float | None, target: float | None = None) -> str:
    if ratio is None:
        text = f"  {label:<{LABEL_WIDTH}} skipped (cribbage-scorer not installed)"
        return text + (f"  [target >= {target:g}x]" if target is not None else "")
    text = f"  {label:<{LABEL_WIDTH}} {ratio:9.2f}x"
    if target is not None:
        text += f"  [target >= {target:g}x] {verdict(ratio, target)}"
    return text


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_scoring.py",
        description="Benchmark Muggins' show scorers against a baseline and cribbage-scorer.",
    )
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals to score")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed for the deals")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timing rounds")
    parser.add_argument(
        "--chunk", type=int, default=DEFAULT_CHUNK, help="deals timed in one go per scorer"
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    parser.add_argument(
        "--keep-gc", action="store_true", help="leave the garbage collector on while timing"
    )
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.chunk < 1:
        parser.error("--chunk must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    n: int = args.deals
    rounds: int = args.rounds
    chunk: int = args.chunk
    keep_gc: bool = args.keep_gc

    # Deal once; convert for every scorer before any timing.
    trainer_deals = deal_hands(n, args.seed)
    tuple_deals: list[TupleDeal] = [
        (tuple((c.rank, c.suit) for c in hand), (starter.rank, starter.suit))
        for hand, starter in trainer_deals
    ]
    calc = load_cribbage_scorer()
    lib_deals: list[ScorerLibDeal] = [(starter, list(hand)) for hand, starter in tuple_deals]

    print(f"Muggins show-scoring benchmark: {n:,} deals (4 cards + starter), seed {args.seed},")
    print(
        f"{rounds} round(s) interleaved in chunks of {chunk:,} deals, "
        f"gc {'on' if keep_gc else 'off'} while timing, Python {sys.version.split()[0]}"
    )
    print(
        "cribbage-scorer: "
        + ("installed" if calc is not None else "not installed, its figures are skipped")
    )
    print()

    # ---- agreement, before timing
    clear_trainer_caches()
    disagreements = 0
    lib_disagreements = 0
    for i, (hand, starter) in enumerate(trainer_deals):
        itemised = show.score_show(hand, starter).total
        total = totals.show_total(hand, starter)
        base = baseline_score(*tuple_deals[i])
        if not itemised == total == base:
            disagreements += 1
            if disagreements <= 10:
                cards = " ".join(str(c) for c in hand)
                print(
                    f"DISAGREE: {cards} | {starter}: score_show {itemised}, "
                    f"show_total {total}, baseline {base}"
                )
        if calc is not None:
            lib_total = int(calc(*lib_deals[i], crib=False)[0])
            if lib_total != base:
                lib_disagreements += 1
    print(f"Agreement: score_show, show_total and baseline differ on {disagreements} deal(s)")
    if calc is not None:
        print(
            f"Agreement: cribbage-scorer differs from the baseline on {lib_disagreements} deal(s)"
        )
    if disagreements:
        print("FAIL: the trainer scorers and the baseline must agree on every deal")
        return 1
    print()

    # ---- the tables' start-up cost, then timing
    costs = table_costs()
    print("Rank-pattern tables made from nothing, CPU time (the first show of a size pays it):")
    for size, seconds in costs.items():
        patterns = len(rank_table.patterns(size))
        print(
            f"  shows of {size} cards (hands of {size - 1}): {patterns:,} patterns, "
            f"{seconds * 1e3:.1f} ms"
        )
    rank_table.ROWS[5]  # made before timing, as a trainer's first hand makes it
    rank_table.TOTALS[5]
    print()
    cache_names = clear_trainer_caches()
    print("Memo caches emptied before every fresh-deal call: " + ", ".join(cache_names))
    scorers: list[tuple[str, Callable[[Any], None], Sequence[Any]]] = [
        ("score_show", run_score_show, trainer_deals),
        ("show_total", run_show_total, trainer_deals),
        ("baseline", run_baseline, tuple_deals),
    ]
    if calc is not None:
        scorers.append(("cribbage-scorer", make_run_cribbage_scorer(calc), lib_deals))
    scorer_funcs: dict[str, Callable[[Sequence[Card], Card], object]] = {
        "score_show": show.score_show,
        "show_total": totals.show_total,
    }

    # Every round, chunk by chunk: the timer alone, then a (fresh, then warm), b (fresh,
    # then warm), c, d. A scorer's time is the sum over the chunks of its best round.
    spans = [(start, min(start + chunk, n)) for start in range(0, n, chunk)]
    parts = {name: [deals[a:b] for a, b in spans] for name, _, deals in scorers}
    clears = [clear for _, clear in trainer_caches()]
    inf = float("inf")
    warm_chunks = {name: [inf] * len(spans) for name, _, _ in scorers}
    fresh_chunks = {name: [inf] * len(spans) for name in MEMOISED}
    timer_chunks = [inf] * len(spans)
    hits = sum(fresh_hits(scorer_funcs[name], trainer_deals) for name in MEMOISED)
    for _ in range(rounds):
        with gc_paused(keep_gc):
            for c, own in enumerate(parts["score_show"]):
                timer_chunks[c] = min(timer_chunks[c], fresh_pass(_no_score, own, clears))
                for name, run, _ in scorers:
                    part = parts[name][c]
                    if name in MEMOISED:
                        seconds = fresh_pass(scorer_funcs[name], part, clears)
                        fresh_chunks[name][c] = min(fresh_chunks[name][c], seconds)
                        run(part)  # untimed: fill the caches with this chunk's patterns
                    warm_chunks[name][c] = min(warm_chunks[name][c], timed(run, part))
    best = {name: sum(times) for name, times in warm_chunks.items()}
    fresh_best = {name: sum(times) for name, times in fresh_chunks.items()}
    timer_per_call = sum(timer_chunks) / n

    rate = {name: n / seconds for name, seconds in best.items()}
    fresh_rate = {name: n / seconds for name, seconds in fresh_best.items()}
    lib_rate = rate.get("cribbage-scorer")
    base_rate = rate["baseline"]

    print(
        f"Memo cache hits in a fresh-deal pass of each (checked untimed): {hits}"
        + ("" if hits == 0 else "  (WRONG: fresh calls must not hit a cache)")
    )
    print()
    print(f"Hands per second (per chunk of {chunk:,} deals the best of {rounds} round(s), summed):")
    labels = {
        "score_show": "score_show (itemised)",
        "show_total": "show_total (total only)",
        "baseline": "baseline (brute force)",
        "cribbage-scorer": "cribbage-scorer show_calc_score",
    }
    width = LABEL_WIDTH
    for name, _, _ in scorers:
        if name in MEMOISED:
            print(
                f"  {labels[name] + ', fresh deal, no cache':<{width}} "
                f"{fresh_rate[name]:>12,.0f}/s  ({fresh_best[name] / n * 1e6:6.2f} us/deal)"
            )
            print(
                f"  {labels[name] + ', warm caches':<{width}} "
                f"{rate[name]:>12,.0f}/s  ({best[name] / n * 1e6:6.2f} us/deal)"
            )
        else:
            print(
                f"  {labels[name]:<{width}} "
                f"{rate[name]:>12,.0f}/s  ({best[name] / n * 1e6:6.2f} us/deal)"
            )
    print(
        f"  (the per-call timer of the fresh-deal passes costs {timer_per_call * 1e6:.2f} us/deal,"
        " left in their figures)"
    )
    print()

    def over(a: float, b: float | None) -> float | None:
        return None if b is None else a / b

    ratios: dict[str, float | None] = {
        "itemised_fresh_vs_cribbage_scorer": over(fresh_rate["score_show"], lib_rate),
        "itemised_warm_vs_cribbage_scorer": over(rate["score_show"], lib_rate),
        "total_fresh_vs_cribbage_scorer": over(fresh_rate["show_total"], lib_rate),
        "total_warm_vs_cribbage_scorer": over(rate["show_total"], lib_rate),
        "itemised_fresh_vs_baseline": fresh_rate["score_show"] / base_rate,
        "itemised_warm_vs_baseline": rate["score_show"] / base_rate,
        "total_fresh_vs_baseline": fresh_rate["show_total"] / base_rate,
        "total_warm_vs_baseline": rate["show_total"] / base_rate,
        "cribbage_scorer_vs_baseline": None if lib_rate is None else lib_rate / base_rate,
    }
    print("Ratios (hands per second, higher is faster):")
    for key, label, target in RATIO_LINES:
        print(ratio_line(label, ratios[key], target))
    print()

    # ---- exact odds against brute force over every deal
    odds_times: list[float] = []
    dist: dict[int, int] = {}
    for _ in range(rounds):
        odds._distribution.cache_clear()
        clear_trainer_caches()
        gc.collect()
        start = time.perf_counter()
        dist = odds.distribution(4, False)
        odds_times.append(time.perf_counter() - start)
    odds_best = min(odds_times)
    dist_deals = sum(dist.values())
    baseline_all = best["baseline"] / n * ALL_DEALS
    odds_ratio = baseline_all / odds_best
    print("Exact odds, trainer.odds.distribution(4, False), all caches cleared before each run:")
    print(
        f"  distribution: best {odds_best * 1e3:.1f} ms, first {odds_times[0] * 1e3:.1f} ms "
        f"({dist_deals:,} deals counted{'' if dist_deals == ALL_DEALS else ', WRONG TOTAL'})"
    )
    print(
        f"  baseline estimate for all {ALL_DEALS:,} deals one by one: {baseline_all:,.1f} s "
        f"({best['baseline'] / n * 1e6:.2f} us/deal x {ALL_DEALS:,})"
    )
    print(ratio_line("baseline estimate vs distribution", odds_ratio, ODDS_TARGET))

    if args.json:
        figures: dict[str, Any] = {
            "deals": n,
            "seed": args.seed,
            "rounds": rounds,
            "chunk": chunk,
            "gc_during_timing": keep_gc,
            "python": sys.version.split()[0],
            "cribbage_scorer_installed": calc is not None,
            "disagreements": disagreements,
            "cribbage_scorer_disagreements": lib_disagreements if calc is not None else None,
            "memo_caches_cleared": cache_names,
            "table_seconds": {str(size): seconds for size, seconds in costs.items()},
            "best_seconds_case": "warm caches for score_show and show_total",
            "best_seconds": best,
            "hands_per_second": rate,
            "fresh_method": FRESH_METHOD,
            "fresh_best_seconds": fresh_best,
            "fresh_hands_per_second": fresh_rate,
            "fresh_cache_hits": hits,
            "timer_seconds_per_call": timer_per_call,
            "ratios": ratios,
            "odds": {
                "distribution_best_seconds": odds_best,
                "distribution_first_seconds": odds_times[0],
                "distribution_deals": dist_deals,
                "baseline_all_deals_estimate_seconds": baseline_all,
                "ratio": odds_ratio,
            },
            "targets": {
                "itemised_vs_cribbage_scorer": ITEMISED_TARGET,
                "total_vs_cribbage_scorer": TOTAL_TARGET,
                "odds_vs_baseline_estimate": ODDS_TARGET,
            },
        }
        print()
        print(json.dumps(figures, indent=2))
    if dist_deals != ALL_DEALS:
        print(f"FAIL: distribution counts {dist_deals:,} deals, not {ALL_DEALS:,}")
        return 1
    if hits:
        print(f"FAIL: {hits} memo cache hit(s) in the fresh-deal passes")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
