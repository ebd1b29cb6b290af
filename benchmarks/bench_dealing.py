"""Benchmark dealing: every built-in drill's questions, and direct dealing against rejection.

Run as a plain script::

    .venv/bin/python benchmarks/bench_dealing.py [--deals N] [--seed S] [--rounds R] [--json]
                                                 [--draws D] [--keep-gc] [--drill ID ...]

Part 1 deals N questions from every built-in drill with
`trainer.quiz.make_question`, as a quiz session does: the deal, its
itemised score, the opponent's claim in a catch drill, the simulated play in
a play drill. For show drills it also times N deals with `DrillSet.deal`
alone. The one-time setup is timed on its own: the pattern tables and the
drill's filtered dealers, built by the first question after
`patterns.pattern_table`, `dealing.make_dealer` and `odds._distribution` are
cleared (every dealer the drill uses is built inside that timing, so a mixed
drill's crib dealer is not left to the steady state; the scorer's own memo
caches, filled per rank pattern as hands come, are left warm). Target: under
5 ms per question in the steady state; the per-question cost with the setup
amortised over N is reported beside it.

Part 2 compares direct dealing (`DrillSet.deal`) with rejection sampling
written here: draw the hand and starter from a shuffled deck, score them with
`totals.show_total` (`score_show` to count fifteens and `deal_features` of the tests
only when the constraints need them), and keep the first deal that satisfies
the drill's constraints. It covers every constrained built-in drill, rarest
first, and a double-double-run constraint that no built-in drill has. The
exact acceptance rate is the dealer's count of allowed deals over all deals
(`odds.deals`). Each round times a fixed number of draws (20,000); a
rejection sampler whose N hands would take more than a couple of seconds
(dream hands: 1 deal in 162,435) is not run to completion: its time per
accepted hand is the measured time per draw times the exact draws per
accepted hand. The others are actually run for N accepted hands. (With
fewer than 1,000 deals, fewer draws are timed: 20 a deal, at least 1,000;
``--draws`` sets the number.)

Rounds are interleaved (every drill in turn, then again) and the best
(minimum) time over the rounds is reported. The garbage collector is off
inside each timed pass, as `timeit` does, unless ``--keep-gc`` is given.

Every deal is checked in an untimed pass: in the first round, once a drill is
timed, the first min(N, 1,000) questions and deals of its timed streams are
dealt again from the same seeds and each is checked with `score_show`,
`show_total` and `deal_features` against the drill's constraints (and for
validity: card count, no card twice, sorted hand, the seed replays the deal).
The hands the rejection sampler accepted are checked the same way.

``--drill ID`` (again for more) takes only the drills named, in both parts: built-in ones,
or part 2's constraint that no built-in drill has (``double-double-runs``). The smoke test
runs each drill in a test of its own, so that the test workers share them.

Exit status: 0 on success (a missed target is reported as MISS, not an
error); 1 if any dealt hand or question violates its drill's constraints or is
not a valid deal, or a built-in drill fails to load.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeVar

# The reference check of a deal's features lives with the tests; run from anywhere.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.factories import deal_features
from trainer.drills import dealing, patterns
from trainer.drills.constraints import Constraints
from trainer.drills.loader import DrillEntry, builtin_drills_dir, load_all, load_drill
from trainer.drills.model import CRIB_SIZE, DrillError, DrillSet
from trainer.drills.schema import parse_drill
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    make_question,
)
from trainer.rules import odds
from trainer.rules.cards import Card, full_deck, sort_key
from trainer.rules.show import score_show
from trainer.rules.totals import show_total

DEFAULT_DEALS: Final = 1_000
DEFAULT_SEED: Final = 20_240_615
DEFAULT_ROUNDS: Final = 3

TARGET_MS: Final = 5.0
"""Every built-in drill deals a question in under this, steady state."""

REJECTION_DRAWS: Final = 20_000
"""Draws timed per round to measure the rejection sampler's cost per draw (at most)."""

DRAWS_PER_DEAL: Final = 20
MIN_DRAWS: Final = 1_000
"""Fewer deals time fewer draws: 20 a deal, from 1,000 up to `REJECTION_DRAWS`."""

REJECTION_BUDGET: Final = 2.0
"""Seconds: a rejection sampler expected to take longer for N hands is estimated, not run."""

VERIFY_SAMPLE: Final = 1_000
"""Questions and deals per drill checked against the constraints (untimed)."""

MAX_PROBLEMS_SHOWN: Final = 10

SYNTHETIC: Final[tuple[tuple[str, dict[str, Any]], ...]] = (
    (
        "double-double-runs",
        {
            "name": "Double-double runs",
            "description": "3-3-4-4-5: four runs of three (benchmark only, not a built-in drill).",
            "hands": 10,
            "deal": {"require": ["double-double-run"]},
        },
    ),
)
"""Constraints compared in part 2 that no built-in drill has, as drill-file data."""

T = TypeVar("T")
ShowDeal = tuple[tuple[Card, ...], Card, bool]
"""A dealt show: hand (sorted), starter, crib."""


# ---------------------------------------------------------------- timing helpers


def clear_dealing_caches() -> list[str]:
    """Empty the caches dealing builds once: the pattern tables, the dealers, the odds."""
    patterns.pattern_table.cache_clear()
    dealing.make_dealer.cache_clear()
    odds._distribution.cache_clear()
    return ["patterns.pattern_table", "dealing.make_dealer", "odds._distribution"]


def timed(run: Callable[[], T], keep_gc: bool) -> tuple[float, T]:
    """Seconds for one call of ``run``, and what it returned."""
    gc.collect()
    was_enabled = gc.isenabled()
    if not keep_gc:
        gc.disable()
    try:
        start = time.perf_counter()
        result = run()
        return time.perf_counter() - start, result
    finally:
        if was_enabled:
            gc.enable()


def stream(seed: int, drill_id: str, what: str) -> random.Random:
    """The seeded random stream one drill's pass uses (the same for timing and checking)."""
    return random.Random(f"{seed}/{drill_id}/{what}")


def ms(seconds: float) -> str:
    """Milliseconds with sensible precision: 0.024 ms, 3.51 ms, 27.4 ms, 512 ms, 8,120 ms."""
    value = seconds * 1e3
    if value >= 100:
        return f"{value:,.0f} ms"
    if value >= 10:
        return f"{value:.1f} ms"
    if value >= 1:
        return f"{value:.2f} ms"
    return f"{value:.3f} ms"


def times(ratio: float) -> str:
    """A speedup: 0.42x, 7.3x, 161x, 21,643x."""
    if ratio >= 100:
        return f"{ratio:,.0f}x"
    if ratio >= 1:
        return f"{ratio:.1f}x"
    return f"{ratio:.2f}x"


def duration(seconds: float) -> str:
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    if seconds >= 60:
        return f"{seconds / 60:.1f} min"
    return f"{seconds:.1f} s"


# ---------------------------------------------------------------- part 1: every drill


def run_questions(drill: DrillSet, n: int, rng: random.Random) -> None:
    """Deal ``n`` questions as a quiz session does."""
    for i in range(n):
        make_question(drill, i + 1, rng.getrandbits(63))


def run_deals(drill: DrillSet, n: int, rng: random.Random) -> None:
    """Deal ``n`` shows with `DrillSet.deal` alone (no scoring)."""
    deal = drill.deal
    for _ in range(n):
        deal(rng)


def run_setup(drill: DrillSet, seed: int) -> None:
    """The first question after the caches are cleared, and every dealer the drill uses."""
    make_question(drill, 0, seed)
    for crib in drill.show_kinds():
        drill.dealer(crib)


class DrillTiming:
    """One drill's times over the rounds, in seconds per pass."""

    def __init__(self, drill: DrillSet) -> None:
        self.drill = drill
        self.setup: list[float] = []
        self.questions: list[float] = []
        self.deals: list[float] = []


# ---------------------------------------------------------------- checking deals


def show_size(drill: DrillSet, crib: bool) -> int:
    return CRIB_SIZE if crib else drill.hand_size


def check_show(drill: DrillSet, hand: tuple[Card, ...], starter: Card, crib: bool) -> list[str]:
    """What is wrong with one dealt show for this drill (empty: nothing)."""
    problems: list[str] = []
    if crib not in drill.show_kinds():
        problems.append(f"a {'crib' if crib else 'hand'} in a drill that deals none")
        return problems
    size = show_size(drill, crib)
    if len(hand) != size:
        problems.append(f"{len(hand)} cards, not {size}")
        return problems
    if len({*hand, starter}) != size + 1:
        problems.append("a card dealt twice")
        return problems
    if list(hand) != sorted(hand, key=sort_key):
        problems.append("hand not sorted")
    breakdown = score_show(hand, starter, crib=crib)
    total = show_total(hand, starter, crib=crib)
    if total != breakdown.total:
        problems.append(f"show_total {total} but score_show {breakdown.total}")
    c = drill.constraints
    if c.scores is not None and breakdown.total not in c.scores:
        problems.append(f"scores {breakdown.total}, not an allowed score")
    fifteens = len(breakdown.of_kind("fifteen"))
    if fifteens < c.min_fifteens:
        problems.append(f"{fifteens} fifteens, fewer than {c.min_fifteens}")
    features = deal_features(hand, starter, crib)
    if not c.require <= features:
        problems.append(f"lacks {', '.join(sorted(c.require - features))}")
    if features & c.exclude:
        problems.append(f"has excluded {', '.join(sorted(features & c.exclude))}")
    ranks = {card.rank for card in (*hand, starter)}
    if not c.ranks <= ranks:
        problems.append(f"lacks rank(s) {sorted(c.ranks - ranks)}")
    if ranks & c.avoid_ranks:
        problems.append(f"has avoided rank(s) {sorted(ranks & c.avoid_ranks)}")
    return problems


def check_question(drill: DrillSet, q: Question) -> list[str]:
    """What is wrong with one question of this drill (empty: nothing)."""
    if drill.kind == "play":
        if not isinstance(q, PlayQuestion):
            return [f"a {q.kind} question in a play drill"]
        play = q.play
        problems = []
        if play.count > 31:
            problems.append(f"the count is {play.count}, over 31")
        if play.card in play.before or play.card in play.remaining:
            problems.append(f"{play.card} laid twice")
        if q.actual != sum(item.points for item in play.items):
            problems.append("points differ from the items")
        return problems
    if isinstance(q, PlayQuestion):
        return ["a play question in a show drill"]
    if isinstance(q, DiscardQuestion):
        return ["a discard question in a show drill"]
    deal = q.deal
    problems = check_show(drill, deal.hand, deal.starter, deal.crib)
    expected_kind = "catch" if drill.kind == "catch" else ("crib" if deal.crib else "hand")
    if q.kind != expected_kind:
        problems.append(f"question kind {q.kind}, expected {expected_kind}")
    if drill.kind == "catch" and not isinstance(q, CatchQuestion):
        problems.append("a catch question without the opponent's claim")
    if q.breakdown.total != score_show(deal.hand, deal.starter, crib=deal.crib).total:
        problems.append("the question's breakdown differs from score_show")
    if drill.replay(q.seed) != deal:
        problems.append("its seed does not replay the same deal")
    return problems


def describe_show(hand: Sequence[Card], starter: Card, crib: bool) -> str:
    what = "crib" if crib else "hand"
    return f"{what} {' '.join(str(c) for c in hand)} | {starter}"


def verify_drill(drill: DrillSet, seed: int, sample: int, report: list[str]) -> int:
    """Deal the first ``sample`` questions (and shows) of the timed streams again; check each.

    Returns the number of bad deals; the first few are described in ``report``.
    """
    bad = 0
    rng = stream(seed, drill.id, "questions")
    for i in range(sample):
        q = make_question(drill, i + 1, rng.getrandbits(63))
        problems = check_question(drill, q)
        if problems:
            bad += 1
            if len(report) < MAX_PROBLEMS_SHOWN:
                what = (
                    f"{q.kind} seed {q.seed}"
                    if isinstance(q, PlayQuestion | DiscardQuestion)
                    else describe_show(q.deal.hand, q.deal.starter, q.deal.crib)
                )
                report.append(f"{drill.id} question {i + 1} ({what}): {'; '.join(problems)}")
    if drill.kind != "play":
        rng = stream(seed, drill.id, "deals")
        for i in range(sample):
            d = drill.deal(rng)
            problems = check_show(drill, d.hand, d.starter, d.crib)
            if problems:
                bad += 1
                if len(report) < MAX_PROBLEMS_SHOWN:
                    what = describe_show(d.hand, d.starter, d.crib)
                    report.append(f"{drill.id} deal {i + 1} ({what}): {'; '.join(problems)}")
    return bad


# ---------------------------------------------------------------- part 2: rejection sampling


class Case:
    """One constraint set compared: the drill, its show kinds and its exact acceptance.

    ``kinds`` holds (crib, probability of dealing it, allowed deals, all deals) per show kind.
    (Plain classes, not dataclasses: the module is also loaded by path, outside sys.modules.)
    """

    def __init__(
        self, drill: DrillSet, builtin: bool, kinds: Sequence[tuple[bool, float, int, int]]
    ) -> None:
        self.drill = drill
        self.builtin = builtin
        self.kinds = tuple(kinds)

    @property
    def label(self) -> str:
        return self.drill.id + ("" if self.builtin else "*")

    @property
    def expected_draws(self) -> float:
        """Exact mean draws per accepted show (the kind is chosen first, as `replay` does)."""
        return sum(p * total / allowed for _, p, allowed, total in self.kinds if p)

    def allowed_text(self) -> str:
        parts = []
        for crib, p, allowed, total in self.kinds:
            what = "" if len(self.kinds) == 1 else f"{'cribs' if crib else 'hands'} ({p:.0%}): "
            parts.append(f"{what}{allowed:,} of {total:,} deals")
        return "; ".join(parts)


def show_share(drill: DrillSet, crib: bool) -> float:
    """How often a drill that deals both hands and cribs deals this kind."""
    return drill.crib_share if crib else 1.0 - drill.crib_share


def make_case(drill: DrillSet, builtin: bool) -> Case:
    show_kinds = drill.show_kinds()
    kinds = []
    for crib in show_kinds:
        p = 1.0 if len(show_kinds) == 1 else show_share(drill, crib)
        size = show_size(drill, crib)
        kinds.append((crib, p, drill.dealer(crib).deals, odds.deals(size)))
    return Case(drill, builtin, kinds)


def rejection_pass(
    drill: DrillSet, rng: random.Random, want: int, max_draws: int
) -> tuple[list[ShowDeal], int]:
    """Rejection sampling from a shuffled deck until ``want`` shows fit or ``max_draws`` run out.

    As `DrillSet.replay` does, the kind of show (hand or crib) is chosen first for
    each accepted show, then deals of that kind are drawn until one fits. The
    cheap checks (ranks, then the total) come before the costly ones (the
    itemised fifteens, then the features). Returns the accepted shows and the
    number of deals drawn.
    """
    c: Constraints = drill.constraints
    deck = full_deck()
    sample = rng.sample
    kinds = drill.show_kinds()
    share = drill.crib_share
    scores = c.scores
    min_fifteens = c.min_fifteens
    require, exclude = c.require, c.exclude
    need_features = bool(require or exclude)
    ranks, avoid = c.ranks, c.avoid_ranks
    check_ranks = bool(ranks or avoid)
    accepted: list[ShowDeal] = []
    draws = 0
    while len(accepted) < want and draws < max_draws:
        crib = kinds[0] if len(kinds) == 1 else rng.random() < share
        size = show_size(drill, crib)
        while draws < max_draws:
            draws += 1
            cards = sample(deck, size + 1)
            hand = cards[:size]
            starter = cards[size]
            if check_ranks:
                present = {card.rank for card in cards}
                if not ranks <= present or not avoid.isdisjoint(present):
                    continue
            if scores is not None and show_total(hand, starter, crib=crib) not in scores:
                continue
            if min_fifteens:
                breakdown = score_show(hand, starter, crib=crib)
                if len(breakdown.of_kind("fifteen")) < min_fifteens:
                    continue
            if need_features:
                features = deal_features(hand, starter, crib)
                if not require <= features or not exclude.isdisjoint(features):
                    continue
            accepted.append((tuple(sorted(hand, key=sort_key)), starter, crib))
            break
    return accepted, draws


def run_direct(drill: DrillSet, n: int, rng: random.Random) -> list[ShowDeal]:
    """``n`` shows dealt directly, kept like the rejection sampler keeps its shows."""
    deal = drill.deal
    shows: list[ShowDeal] = []
    for _ in range(n):
        d = deal(rng)
        shows.append((d.hand, d.starter, d.crib))
    return shows


class CaseTiming:
    """One case's times over the rounds; ``run`` is decided in the first round."""

    def __init__(self, case: Case) -> None:
        self.case = case
        self.direct: list[float] = []
        self.draw_seconds: list[float] = []
        self.draw_accepts: list[int] = []
        self.run: bool | None = None
        self.run_seconds: list[float] = []
        self.run_draws: list[int] = []
        self.run_shows: list[ShowDeal] = []


# ---------------------------------------------------------------- reporting


def verdict(seconds: float) -> str:
    return "PASS" if seconds * 1e3 < TARGET_MS else "MISS"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_dealing.py",
        description="Benchmark dealing every built-in drill, and direct dealing against "
        "rejection sampling.",
    )
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="questions per drill")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed for the deals")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timing rounds")
    parser.add_argument(
        "--draws",
        type=int,
        default=None,
        help=f"rejection draws timed per round (default {DRAWS_PER_DEAL} per deal, "
        f"{MIN_DRAWS:,} to {REJECTION_DRAWS:,})",
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    parser.add_argument(
        "--keep-gc", action="store_true", help="leave the garbage collector on while timing"
    )
    parser.add_argument(
        "--drill",
        action="append",
        metavar="ID",
        help="only this drill (again for more): a built-in drill's id, or "
        + ", ".join(drill_id for drill_id, _ in SYNTHETIC)
        + " (part 2's own); default every one",
    )
    args = parser.parse_args(argv)
    if args.drill is not None:
        known = {p.stem for p in builtin_drills_dir().glob("*.yaml")}
        unknown = sorted(set(args.drill) - known - {drill_id for drill_id, _ in SYNTHETIC})
        if unknown:
            parser.error(f"--drill: no drill {', '.join(unknown)}")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.draws is None:
        args.draws = min(REJECTION_DRAWS, max(MIN_DRAWS, DRAWS_PER_DEAL * args.deals))
    elif args.draws < 1:
        parser.error("--draws must be at least 1")
    return args


def builtin_entries(ids: list[str] | None) -> list[DrillEntry]:
    """The built-in drills, loaded as the trainer loads them; a broken one is an entry with
    its error. Those named in ``ids`` alone, when given, are loaded without the check that a
    deal can satisfy them (`check_satisfiable` builds the deal tables, which part 1 clears
    and builds again for each drill: for one drill that was most of the run); a drill that
    nothing satisfies fails in part 1, dealing."""
    folder = builtin_drills_dir()
    if ids is None:
        return load_all([(folder, True)])
    entries = []
    for path in sorted(folder / f"{drill_id}.yaml" for drill_id in set(ids)):
        if not path.is_file():
            continue  # part 2's own constraint
        try:
            drill = load_drill(path, builtin=True, deep=False)
        except DrillError as err:
            entries.append(DrillEntry(path.stem, f"drills/{path.name}", None, str(err), True))
        else:
            entries.append(DrillEntry(drill.id, drill.source, drill, None, True))
    return entries


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    n: int = args.deals
    rounds: int = args.rounds
    seed: int = args.seed
    keep_gc: bool = args.keep_gc
    timed_draws: int = args.draws

    entries = builtin_entries(args.drill)
    broken = [e for e in entries if e.drill is None]
    # The discard drills deal six cards to throw from, no show: the coach's tests check them.
    drills = [e.drill for e in entries if e.drill is not None and e.drill.kind != "discard"]

    print(f"Muggins dealing benchmark: {len(drills)} built-in drills, {n:,} questions each,")
    print(
        f"seed {seed}, {rounds} interleaved round(s), best time, "
        f"gc {'on' if keep_gc else 'off'} while timing, Python {sys.version.split()[0]}"
    )
    for e in broken:
        print(f"FAIL: built-in drill {e.id} does not load: {e.error}")
    print()

    synthetic = [
        parse_drill(data, drill_id=drill_id, source=f"benchmarks/bench_dealing.py:{drill_id}")
        for drill_id, data in SYNTHETIC
        if args.drill is None or drill_id in args.drill
    ]
    cases = sorted(
        [make_case(d, True) for d in drills if d.kind != "play" and not d.constraints.unconstrained]
        + [make_case(d, False) for d in synthetic],
        key=lambda case: (-case.expected_draws, case.label),
    )

    # ---- part 1: every built-in drill, interleaved rounds. In round 1, once a drill is
    # timed, the first deals of its timed streams are dealt again and checked (untimed).
    sample = min(n, VERIFY_SAMPLE)
    report: list[str] = []
    bad = 0
    checked = 0
    cache_names = clear_dealing_caches()
    timings = [DrillTiming(d) for d in drills]
    for round_no in range(rounds):
        for t in timings:
            d = t.drill
            clear_dealing_caches()
            setup, _ = timed(partial(run_setup, d, seed), keep_gc)
            t.setup.append(setup)
            rng = stream(seed, d.id, "questions")
            seconds, _ = timed(partial(run_questions, d, n, rng), keep_gc)
            t.questions.append(seconds)
            if d.kind != "play":
                rng = stream(seed, d.id, "deals")
                seconds, _ = timed(partial(run_deals, d, n, rng), keep_gc)
                t.deals.append(seconds)
            if round_no == 0:
                bad += verify_drill(d, seed, sample, report)
                checked += sample * (1 if d.kind == "play" else 2)

    print(f"Caches cleared before each setup: {', '.join(cache_names)}")
    print(
        "Per question: make_question (deal, score, and the opponent's claim or the play); "
        "deal only: DrillSet.deal;"
    )
    print(
        f"setup: first question from cleared caches, every dealer of the drill built; "
        f"+setup/N: per question with the setup amortised over {n:,}."
    )
    header = (
        f"  {'drill':<18} {'kind':<6} {'question':>10} {'deal only':>10} {'setup':>10} "
        f"{'+setup/N':>10}  target"
    )
    print(header)
    drill_figures: list[dict[str, Any]] = []
    misses = 0
    amortised_under = 0
    for t in timings:
        d = t.drill
        per_q = min(t.questions) / n
        per_deal = min(t.deals) / n if t.deals else None
        setup = min(t.setup)
        amortised = (setup + (n - 1) * per_q) / n
        amortised_under += amortised * 1e3 < TARGET_MS
        v = verdict(per_q)
        misses += v == "MISS"
        deal_text = ms(per_deal) if per_deal is not None else "-"
        print(
            f"  {d.id:<18} {d.kind:<6} {ms(per_q):>10} {deal_text:>10} {ms(setup):>10} "
            f"{ms(amortised):>10}  < {TARGET_MS:g} ms {v}"
        )
        drill_figures.append(
            {
                "id": d.id,
                "kind": d.kind,
                "variant": d.variant,
                "question_seconds_per_hand": per_q,
                "deal_seconds_per_hand": per_deal,
                "setup_seconds": setup,
                "setup_seconds_round_1": t.setup[0],
                "amortised_seconds_per_hand": amortised,
                "verdict": v,
            }
        )
    print(
        f"  {len(timings) - misses} of {len(timings)} drills under {TARGET_MS:g} ms per question "
        f"(steady state); {amortised_under} of {len(timings)} with the setup amortised "
        f"over {n:,}"
    )
    print()

    # ---- part 2: direct dealing against rejection sampling, interleaved rounds
    case_timings = [CaseTiming(c) for c in cases]
    for case in cases:  # part 1 cleared the caches: build every dealer again, untimed
        for crib in case.drill.show_kinds():
            case.drill.dealer(crib)
    for round_no in range(rounds):
        for ct in case_timings:
            d = ct.case.drill
            rng = stream(seed, d.id, "direct")
            seconds, _ = timed(partial(run_direct, d, n, rng), keep_gc)
            ct.direct.append(seconds)
            if round_no == 0 and not ct.case.builtin:  # built-in drills were checked in part 1
                bad += verify_drill(d, seed, sample, report)
                checked += 2 * sample
            rng = stream(seed, d.id, "rejection-draws")
            seconds, (accepted, _) = timed(
                partial(rejection_pass, d, rng, sys.maxsize, timed_draws), keep_gc
            )
            ct.draw_seconds.append(seconds)
            ct.draw_accepts.append(len(accepted))
            if ct.run is None:
                per_draw = seconds / timed_draws
                ct.run = per_draw * ct.case.expected_draws * n <= REJECTION_BUDGET
            if ct.run:
                # A generous cap, so a wrong acceptance rate cannot hang the benchmark.
                cap = max(timed_draws, math.ceil(50 * ct.case.expected_draws * n))
                rng = stream(seed, d.id, "rejection")
                seconds, (shows, draws) = timed(partial(rejection_pass, d, rng, n, cap), keep_gc)
                ct.run_seconds.append(seconds)
                ct.run_draws.append(draws)
                ct.run_shows = shows

    # The rejection sampler's hands are checked like the dealer's.
    rejected_bad = 0
    rejected_checked = 0
    rejected_short = 0
    for ct in case_timings:
        if ct.run and len(ct.run_shows) < n:
            rejected_short += 1
            print(f"FAIL: rejection for {ct.case.label} found {len(ct.run_shows)} of {n} hands")
        for hand, starter, crib in ct.run_shows[:sample]:
            rejected_checked += 1
            problems = check_show(ct.case.drill, hand, starter, crib)
            if problems:
                rejected_bad += 1
                if len(report) < MAX_PROBLEMS_SHOWN:
                    what = describe_show(hand, starter, crib)
                    report.append(f"{ct.case.label} rejection ({what}): {'; '.join(problems)}")

    print("Direct dealing (DrillSet.deal) against rejection sampling (a shuffled deck, show_total,")
    print("score_show and deal_features only when needed), rarest constraint first. Rejection is")
    print(
        f"run for {n:,} hands when that takes under {REJECTION_BUDGET:g} s, else its time per hand"
        f" is estimated"
    )
    print(f"as the time per draw ({timed_draws:,} draws timed) x the exact draws per hand.")
    print(
        f"  {'drill':<19} {'1 in':>11} {'direct':>10} {'per draw':>10} {'rejection':>11} "
        f"{'':<9} {'speedup':>10}"
    )
    case_figures: list[dict[str, Any]] = []
    for ct in case_timings:
        case = ct.case
        direct = min(ct.direct) / n
        per_draw = min(ct.draw_seconds) / timed_draws
        estimate = per_draw * case.expected_draws
        if ct.run:
            best = min(ct.run_seconds)
            rejection = best / n
            how = "measured"
        else:
            rejection = estimate
            how = "estimated"
        speedup = rejection / direct
        print(
            f"  {case.label:<19} {case.expected_draws:>11,.1f} {ms(direct):>10} "
            f"{per_draw * 1e6:>7.2f} us {ms(rejection):>11} {how:<9} {times(speedup):>10}"
        )
        accepts = ct.draw_accepts[0]  # the same draws every round
        draws = timed_draws
        detail = f"      {case.allowed_text()}"
        if ct.run:
            run_draws = ct.run_draws[ct.run_seconds.index(best)]
            detail += (
                f"; drew 1 in {run_draws / n:,.1f} for {n:,} hands; "
                f"estimate from the draw rate {ms(estimate)}"
            )
        else:
            detail += (
                f"; {accepts} accepted in {draws:,} timed draws "
                f"({draws / case.expected_draws:,.1f} expected); "
                f"{n:,} hands would take ~{duration(estimate * n)}"
            )
        print(detail)
        case_figures.append(
            {
                "id": case.drill.id,
                "builtin": case.builtin,
                "constraints": {
                    "scores": sorted(case.drill.constraints.scores)
                    if case.drill.constraints.scores is not None
                    else None,
                    "min_fifteens": case.drill.constraints.min_fifteens,
                    "require": sorted(case.drill.constraints.require),
                    "exclude": sorted(case.drill.constraints.exclude),
                    "ranks": sorted(case.drill.constraints.ranks),
                    "avoid_ranks": sorted(case.drill.constraints.avoid_ranks),
                },
                "kinds": [
                    {"crib": crib, "share": p, "allowed_deals": allowed, "all_deals": total}
                    for crib, p, allowed, total in case.kinds
                ],
                "expected_draws_per_hand": case.expected_draws,
                "direct_seconds_per_hand": direct,
                "rejection_seconds_per_draw": per_draw,
                "rejection_accepts_in_timed_draws": accepts,
                "rejection_timed_draws": draws,
                "rejection_estimate_seconds_per_hand": estimate,
                "rejection_run": bool(ct.run),
                "rejection_measured_seconds_per_hand": min(ct.run_seconds) / n if ct.run else None,
                "rejection_seconds_per_hand": rejection,
                "speedup": speedup,
            }
        )
    if synthetic:
        print("  * not a built-in drill: no built-in drill requires a double-double run")
    print()

    for line in report:
        print(f"BAD DEAL: {line}")
    print(
        f"Checked against their constraints (untimed): {checked:,} dealt questions and shows "
        f"(the first {sample:,} of each timed stream), {bad} bad; {rejected_checked:,} "
        f"rejection-sampled shows, {rejected_bad} bad"
    )

    if args.json:
        figures: dict[str, Any] = {
            "deals": n,
            "seed": seed,
            "rounds": rounds,
            "gc_during_timing": keep_gc,
            "python": sys.version.split()[0],
            "caches_cleared_for_setup": cache_names,
            "checked": checked,
            "rejection_checked": rejected_checked,
            "bad_deals": bad,
            "rejection_bad_deals": rejected_bad,
            "target_ms_per_question": TARGET_MS,
            "drills": drill_figures,
            "rejection": {
                "timed_draws_per_round": timed_draws,
                "run_budget_seconds": REJECTION_BUDGET,
                "cases": case_figures,
            },
        }
        print()
        print(json.dumps(figures, indent=2))

    if bad or rejected_bad or rejected_short or broken:
        print()
        print(
            f"FAIL: {bad} dealt and {rejected_bad} rejection-sampled deal(s) break their "
            f"constraints; {rejected_short} rejection run(s) short; {len(broken)} drill(s) broken"
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
