"""Benchmark the game: the bots' decisions, `simulate`'s throughput, and the bots' strength.

Run as a plain script::

    .venv/bin/python benchmarks/bench_game.py [--games N] [--sim-games M]
        [--decision-games K] [--rounds R] [--seed S] [--pair A,B] [--json]

Every game is seeded as ``muggins simulate --seed S`` seeds its games (game n of
the run: ``S * 1000 + n``), standard rules, muggins ``acc``, the first dealer cut for.

1. **Decisions.** K games of each level of ``--pair`` against itself, played
   through with `play_game`; every decision is timed once, as the bot meets it
   (`Bot.decide`, between two `time.perf_counter_ns` readings): the throw to
   the crib, each card laid in the play, and the count announced. Saying go
   when no card fits is no decision and is left out (counted only). Two cases:

   - **a fresh deal in a new game** (the case a player lives in): the rules'
     memo caches (every ``functools`` cache of `trainer.rules`) are emptied
     as each game starts, untimed, so every game begins as the first game of a
     freshly started trainer does, and fills them as it goes (the tables of
     every rank pattern, `trainer.rules.rank_table`, are no memo: a trainer
     makes them at start-up, and so does this benchmark, before timing);
   - **cold**: the same caches emptied before every decision, untimed (the
     worst case, an upper bound).

   The crib-value table is read before timing, as the trainer reads it once.
   The garbage collector stays on, as in the trainer, with the objects alive
   before the timings frozen out of it (`gc.freeze`), as the trainer does.
   Targets, for `standard` in the first case, discards and pegging apart: median
   under 2 ms, 99th percentile (nearest rank) under 20 ms.

2. **Throughput.** M games of standard against standard with `play_game`
   (what ``muggins simulate --bots standard,standard`` does, less printing),
   and, as the baseline, the same recorded games scored again by a plain
   brute-force scorer written here: every hand and crib shown (every subset
   for fifteens, every two cards for pairs, every subset for runs, the flush,
   nobs), his heels, and every card laid in the play (each prefix of the pile
   scored by brute force, the go and the last card found from the cards still
   held). Each game is played and then re-scored, R rounds, each game's time
   the best of its rounds for each; hands a second over the same hands, and
   the ratio. The brute force is checked against the record (untimed): each
   show against `Shown.points` (the true count, whatever was claimed or mugged),
   each card laid, go and heels against its points (no more than the target
   leaves), the final score; and every round must replay the same records.
   A hand whose game ended on his heels is recorded without its cards (see
   `unclosed`): its starter is dealt again from the seed, and such hands are counted.

3. **Strength.** N/2 seeds, each played twice with the seats swapped (so each
   level of the pair holds each seat's cards once; half the games each
   seating): the first level's win rate and its standard error (over the
   seeds, which pairs the two games of a deal), and for each level the average
   hand and crib shown (the true `Shown.points`; and what was pegged for
   them), the points pegged in the play a hand, miscounts and muggins taken.
   The same averages are given for the standard-against-standard games of (2).
   ``--pair strong,standard`` measures another pair without code changes.

Exit status: 0 on success (targets missed are reported as MISS, not errors); 1 if
the brute-force scorer disagrees with any recorded event or score, or a replayed
game differs from its first play.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final, NamedTuple, cast, get_args

from trainer.cli.game import game_seed
from trainer.game.deal import deal_hand
from trainer.game.events import Bonus, Go, Heels, Played, Shown
from trainer.game.players.bots import Bot, Level
from trainer.game.players.crib_values import crib_table
from trainer.game.record import GameRecord, HandRecord, play_game
from trainer.game.state import Action, GameOptions, GameState, Prompt, SayGo
from trainer.game.variants import GameVariant, variant
from trainer.rules.cards import JACK, Card
from trainer.rules.rank_table import ROWS, TOTALS

DEFAULT_GAMES: Final = 1000
DEFAULT_SIM_GAMES: Final = 100
DEFAULT_DECISION_GAMES: Final = 100
DEFAULT_ROUNDS: Final = 3
DEFAULT_SEED: Final = 2026
DEFAULT_PAIR: Final = "standard,easy"

TARGET_LEVEL: Final = "standard"
MEDIAN_TARGET_MS: Final = 2.0
P99_TARGET_MS: Final = 20.0

CASES: Final = ("game", "cold")
CASE_NAMES: Final = {
    "game": "a fresh deal in a new game (caches emptied as each game starts)",
    "cold": "cold (caches emptied before every decision)",
}
KINDS: Final = ("discard", "play", "count")
KIND_NAMES: Final = {"discard": "discard", "play": "pegging (a card laid)", "count": "count"}
TARGETED: Final = ("discard", "play")

RULES: Final = variant("standard")
OPTIONS: Final = GameOptions()


# ---------------------------------------------------------------- the brute-force scorer


def brute_show(hand: Sequence[Card], starter: Card, *, crib: bool) -> int:
    """A hand or crib with its starter, counted by trying everything: slow and plainly right."""
    cards = [*hand, starter]
    points = 0
    for size in range(2, len(cards) + 1):  # fifteens: each set of cards adding up to 15
        for subset in combinations(cards, size):
            if sum(min(c.rank, 10) for c in subset) == 15:
                points += 2
    for a, b in combinations(cards, 2):  # pairs: each two cards of one rank
        if a.rank == b.rank:
            points += 2
    for size in range(len(cards), 2, -1):  # runs: the longest length any run has, every one
        found = 0
        for subset in combinations(cards, size):
            ranks = sorted(c.rank for c in subset)
            if all(ranks[n + 1] - ranks[n] == 1 for n in range(size - 1)):
                found += 1
        if found:
            points += size * found
            break
    suits = {c.suit for c in hand}
    if len(suits) == 1:  # a flush: the hand one suit (with the starter, for a crib)
        if starter.suit in suits:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)
    if any(c.rank == JACK and c.suit == starter.suit for c in hand):  # nobs
        points += 1
    return points


def brute_play(pile: Sequence[Card]) -> int:
    """What the last card of ``pile`` (the cards since the count began) pegs, by brute force:
    15 or 31, the pairs among the cards of its rank laid last, the longest run it ends."""
    count = sum(min(c.rank, 10) for c in pile)
    points = 2 if count in (15, 31) else 0
    tail = 1
    while tail < len(pile) and pile[-1 - tail].rank == pile[-1].rank:
        tail += 1
    points += 2 * sum(1 for _ in combinations(range(tail), 2))
    for size in range(len(pile), 2, -1):
        ranks = sorted(c.rank for c in pile[-size:])
        if all(ranks[n + 1] - ranks[n] == 1 for n in range(size - 1)):
            points += size
            break
    return points


class Scored(NamedTuple):
    """One thing scored in a hand: its kind, the seat it is for, its points."""

    kind: str
    seat: int
    points: int
    running: int = 0
    """A card laid: the count it made."""


def unclosed(hand: HandRecord) -> bool:
    """A hand whose game ended on his heels, recorded without what was kept, the crib or the
    starter: `play_game` fills those in only before the next action, and there is none."""
    return hand.starter is None and any(isinstance(e, Heels) for e in hand.events)


def brute_hand(rules: GameVariant, seed: int, hand: HandRecord) -> list[Scored]:
    """Everything a hand scores, in the order the game scores it, by the brute-force scorer.

    Inputs are the record's cards and the players' choices (what was kept, the
    cards laid in their order); the points are worked out here. Nothing is cut
    short at the target: the check does that.
    """
    players, dealer = rules.players, hand.dealer
    out: list[Scored] = []
    if rules.start_bonus:
        out.append(Scored("bonus", (dealer + 1) % players, rules.start_bonus))
    starter = hand.starter
    if starter is None and unclosed(hand):  # the starter is the deal's, from the seed
        starter = deal_hand(rules, seed, hand.number, dealer).starter
    if starter is None:
        return out
    if starter.rank == JACK:
        out.append(Scored("heels", dealer, 2))
    if not hand.kept:  # unclosed: the game ended there
        return out
    held = [list(k) for k in hand.kept]
    pile: list[Card] = []
    for event in hand.events:
        if not isinstance(event, Played):
            continue
        held[event.seat].remove(event.card)
        pile.append(event.card)
        count = sum(min(c.rank, 10) for c in pile)
        out.append(Scored("play", event.seat, brute_play(pile), count))
        left = 31 - count
        if not any(held):  # the last card: 1, unless it made 31
            if count != 31:
                out.append(Scored("go", event.seat, 1))
            pile = []
        elif count == 31:
            pile = []
        elif not any(min(c.rank, 10) <= left for cards in held for c in cards):
            out.append(Scored("go", event.seat, 1))  # nobody can lay: a go to the last to lay
            pile = []
    for n in range(players):
        seat = (dealer + 1 + n) % players
        out.append(Scored("hand", seat, brute_show(hand.kept[seat], starter, crib=False)))
    out.append(Scored("crib", dealer, brute_show(hand.crib, starter, crib=True)))
    return out


def brute_game(record: GameRecord) -> list[list[Scored]]:
    return [brute_hand(record.rules, record.seed, hand) for hand in record.hands]


@dataclass
class Check:
    """The brute force against the record, summed over games."""

    games: int = 0
    events: int = 0
    shows: int = 0
    show_points_recorded: int = 0
    show_points_brute: int = 0
    play_points_recorded: int = 0
    play_points_brute: int = 0
    unclosed: int = 0
    """Hands recorded without their cards (`unclosed`)."""
    problems: list[str] = field(default_factory=list)


def recorded(hand: HandRecord) -> list[tuple[Scored, Shown | None]]:
    """What the record says each scoring event was (a show by its true count)."""
    out: list[tuple[Scored, Shown | None]] = []
    for e in hand.events:
        if isinstance(e, Shown):
            if sorted(e.cards) != sorted(hand.crib if e.box == "crib" else hand.kept[e.seat]):
                raise ValueError(f"hand {hand.number}: the show of seat {e.seat} holds other cards")
            out.append((Scored(e.box, e.seat, e.points), e))
        elif isinstance(e, Played):
            out.append((Scored("play", e.seat, e.points, e.count), None))
        elif isinstance(e, Go | Heels | Bonus):
            kind = {Go: "go", Heels: "heels", Bonus: "bonus"}[type(e)]
            out.append((Scored(kind, e.seat, e.points), None))
    return out


def check_game(record: GameRecord, brute: list[list[Scored]], check: Check) -> None:
    """Compare the brute force with the record, event by event, keeping the score: a card
    laid, a go or his heels pegs what it scores but no more than the target leaves."""
    rules = record.rules
    scores = [0] * len(rules.sides)
    over = False
    check.games += 1

    def problem(text: str) -> None:
        check.problems.append(f"game {record.seed}: {text}")

    for hand, expected in zip(record.hands, brute, strict=True):
        if over:
            problem(f"hand {hand.number} was dealt after the game was won")
            break
        check.unclosed += unclosed(hand)
        try:
            events = recorded(hand)
        except ValueError as error:
            problem(str(error))
            continue
        done = 0
        for want in expected:
            if over:
                break
            if done == len(events):
                problem(f"hand {hand.number}: the record ends before {want}")
                break
            got, shown = events[done]
            done += 1
            check.events += 1
            side = rules.side_of(got.seat)
            if (got.kind, got.seat) != (want.kind, want.seat):
                problem(f"hand {hand.number}: recorded {got}, brute force {want}")
                break
            if shown is not None:
                check.shows += 1
                check.show_points_recorded += got.points
                check.show_points_brute += want.points
                if got.points != want.points:
                    problem(f"hand {hand.number}: {shown} scores {want.points} by brute force")
                scores[side] += shown.pegged
                if shown.mugged_by is not None:
                    scores[rules.side_of(shown.mugged_by)] += shown.mugged
            else:
                pegs = min(want.points, rules.target - scores[side])
                check.play_points_recorded += got.points
                check.play_points_brute += pegs
                if (got.points, got.running) != (pegs, want.running):
                    problem(f"hand {hand.number}: recorded {got}, brute force {want}")
                scores[side] += got.points
            over = max(scores) >= rules.target
        if done < len(events):
            problem(f"hand {hand.number}: the record holds {len(events) - done} event(s) more")
    if tuple(scores) != record.final or not over or scores[record.winner] != rules.target:
        problem(f"the events add up to {scores}, the record says {list(record.final)}")


# ---------------------------------------------------------------- timing the decisions


def scorer_caches() -> list[tuple[str, Callable[[], None]]]:
    """The rules' memo caches, found by looking (so one added later counts too): every
    ``functools`` cache defined in a `trainer.rules` module, except the card tables of
    `trainer.rules.cards` (constants, made once)."""
    caches: list[tuple[str, Callable[[], None]]] = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("trainer.rules.") or name == "trainer.rules.cards":
            continue
        for attr, obj in sorted(vars(module).items()):
            clear = getattr(obj, "cache_clear", None)
            if callable(clear) and getattr(obj, "__module__", None) == name:
                caches.append((f"{name.rsplit('.', 1)[-1]}.{attr}", clear))
    return caches


def clear_caches(caches: Sequence[tuple[str, Callable[[], None]]]) -> None:
    for _, clear in caches:
        clear()


@dataclass
class TimedBot:
    """A bot whose every decision is timed, by kind ("go": no card fitted, not a decision)."""

    bot: Bot
    times: dict[str, list[int]]
    clears: Sequence[Callable[[], None]] = ()
    """Run before each decision, untimed."""

    def decide(self, state: GameState, asked: Prompt) -> Action:
        for clear in self.clears:
            clear()
        start = time.perf_counter_ns()
        action = self.bot.decide(state, asked)
        elapsed = time.perf_counter_ns() - start
        kind = "go" if isinstance(action, SayGo) else asked.kind
        self.times.setdefault(kind, []).append(elapsed)
        return action


def percentile(sorted_ns: Sequence[int], share: float) -> int:
    """The nearest-rank percentile (``share`` 0.99 for the 99th) of sorted times."""
    return sorted_ns[max(0, math.ceil(share * len(sorted_ns)) - 1)]


Times = dict[str, dict[str, list[int]]]
"""Decision times in nanoseconds, by case and kind."""


def time_decisions(
    pair: Sequence[Level], games: int, seed: int
) -> tuple[dict[str, Times], dict[str, int]]:
    """Every decision of ``games`` games of each level against itself, timed, by level, case
    and kind; and the hands of each level's games. Game by game, each level plays it in
    both cases, the first case first in every other game, so that a burst of load falls on
    every level and case alike; after one game of each played untimed, so that the
    interpreter is as warm for the first game as for the rest."""
    caches = scorer_caches()
    times: dict[str, Times] = {level: {case: {} for case in CASES} for level in pair}
    hands: dict[str, int] = dict.fromkeys(pair, 0)
    warm = game_seed(seed, games + 1)
    for level in pair:
        seats = [Bot(level, s, warm) for s in range(RULES.players)]
        play_game(RULES, warm, seats, [level] * RULES.players, OPTIONS)
    for n in range(1, games + 1):
        game = game_seed(seed, n)
        for level in pair:
            for case in CASES if n % 2 else CASES[::-1]:
                clears = [clear for _, clear in caches] if case == "cold" else []
                timed = [
                    TimedBot(Bot(level, s, game), times[level][case], clears)
                    for s in range(RULES.players)
                ]
                clear_caches(caches)
                record = play_game(RULES, game, timed, [level] * RULES.players, OPTIONS)
            hands[level] += len(record.hands)
    return times, hands


def summarise(times: Sequence[int]) -> dict[str, Any]:
    ordered = sorted(times)
    if not ordered:
        return {"decisions": 0, "median_ms": None, "p99_ms": None, "max_ms": None}
    return {
        "decisions": len(ordered),
        "median_ms": statistics.median(ordered) / 1e6,
        "p99_ms": percentile(ordered, 0.99) / 1e6,
        "max_ms": ordered[-1] / 1e6,
    }


# ---------------------------------------------------------------- throughput


def throughput(games: int, seed: int, rounds: int) -> dict[str, Any]:
    """Standard against standard: each game played, then re-scored by brute force, ``rounds``
    times; per game the best time of each."""
    inf = float("inf")
    sim = [inf] * games
    brute = [inf] * games
    records: list[GameRecord] = []
    replays_differ = 0
    check = Check()
    levels: list[Level] = ["standard", "standard"]
    for r in range(rounds):
        for n in range(games):
            game = game_seed(seed, n + 1)
            start = time.perf_counter()
            seats = [Bot(level, s, game) for s, level in enumerate(levels)]
            record = play_game(RULES, game, seats, levels, OPTIONS)
            middle = time.perf_counter()
            scored = brute_game(record)
            end = time.perf_counter()
            sim[n] = min(sim[n], middle - start)
            brute[n] = min(brute[n], end - middle)
            if r == 0:
                records.append(record)
                check_game(record, scored, check)
            elif record != records[n]:
                replays_differ += 1
    hands = sum(len(rec.hands) for rec in records)
    sim_rate = hands / sum(sim)
    brute_rate = hands / sum(brute)
    return {
        "games": games,
        "hands": hands,
        "rounds": rounds,
        "simulate_seconds": sum(sim),
        "brute_force_seconds": sum(brute),
        "simulate_hands_per_second": sim_rate,
        "brute_force_hands_per_second": brute_rate,
        "ratio": sim_rate / brute_rate,
        "check": check,
        "replays_differ": replays_differ,
        "records": records,
    }


# ---------------------------------------------------------------- strength


FIGURE_SUMS: Final = (
    "seat_hands",
    "play",
    "hands",
    "hand_true",
    "hand_pegged",
    "dealers",
    "dealer_true",
    "pones",
    "pone_true",
    "cribs",
    "crib_true",
    "crib_pegged",
    "miscounts",
    "mugged",
)


def level_figures(records: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """Per level (by the seats' names): hands and cribs shown and their average (true and
    pegged), the hand as dealer and as pone, the play's points a hand, miscounts, muggins."""
    sums: dict[str, dict[str, float]] = {}
    for record in records:
        for hand in record.hands:
            for level in record.seats:
                sums.setdefault(level, dict.fromkeys(FIGURE_SUMS, 0.0))["seat_hands"] += 1
            for e in hand.events:
                if isinstance(e, Played | Go):
                    sums[record.seats[e.seat]]["play"] += e.points
                elif isinstance(e, Shown):
                    s = sums[record.seats[e.seat]]
                    role = (
                        "crib" if e.box == "crib" else "dealer" if e.seat == hand.dealer else "pone"
                    )
                    box = "crib" if e.box == "crib" else "hand"
                    s[f"{box}s"] += 1
                    s[f"{box}_true"] += e.points
                    s[f"{box}_pegged"] += e.pegged
                    if role != "crib":
                        s[f"{role}s"] += 1
                        s[f"{role}_true"] += e.points
                    s["miscounts"] += e.claimed != e.points
                    if e.mugged_by is not None:
                        sums[record.seats[e.mugged_by]]["mugged"] += e.mugged
    out: dict[str, dict[str, Any]] = {}
    for level, s in sums.items():

        def mean(total: str, count: str, s: dict[str, float] = s) -> float | None:
            return s[total] / s[count] if s[count] else None

        out[level] = {
            "hands_shown": int(s["hands"]),
            "hand_average": mean("hand_true", "hands"),
            "hand_average_pegged": mean("hand_pegged", "hands"),
            "hand_average_as_dealer": mean("dealer_true", "dealers"),
            "hand_average_as_pone": mean("pone_true", "pones"),
            "cribs_shown": int(s["cribs"]),
            "crib_average": mean("crib_true", "cribs"),
            "crib_average_pegged": mean("crib_pegged", "cribs"),
            "play_per_hand": mean("play", "seat_hands"),
            "miscounts": int(s["miscounts"]),
            "mugged_points_taken": int(s["mugged"]),
        }
    return out


def strength(pair: tuple[Level, Level], games: int, seed: int) -> dict[str, Any]:
    """``games`` games, each of ``games / 2`` seeds played from both seatings."""
    first, second = pair
    per_seed: list[float] = []
    records: list[GameRecord] = []
    skunks = dict.fromkeys(pair, 0)
    for n in range(1, games // 2 + 1):
        game = game_seed(seed, n)
        won = 0
        for levels in ((first, second), (second, first)):
            seats = [Bot(level, s, game) for s, level in enumerate(levels)]
            record = play_game(RULES, game, seats, levels, OPTIONS)
            records.append(record)
            won += levels[record.winner] == first
            skunks[levels[record.winner]] += bool(record.skunked)
        per_seed.append(won / 2)
    rate = statistics.fmean(per_seed)
    seeds = len(per_seed)
    return {
        "pair": list(pair),
        "games": 2 * seeds,
        "seeds": seeds,
        "win_rate": rate,
        "standard_error": statistics.stdev(per_seed) / math.sqrt(seeds),
        "standard_error_as_independent_games": math.sqrt(rate * (1 - rate) / (2 * seeds)),
        "skunks": skunks,
        "levels": level_figures(records),
    }


# ---------------------------------------------------------------- reporting


def verdict(figure: float, target: float) -> str:
    return "PASS" if figure < target else "MISS"


def fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def level_lines(figures: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        f"  {'level':<10} {'hand':>6} {'pegged':>6} {'dealer':>6} {'pone':>6} {'crib':>6}"
        f" {'pegged':>6} {'play':>6} {'hands':>7} {'cribs':>6} {'miscounts':>9} {'mugged':>6}"
    ]
    for level, f in figures.items():
        lines.append(
            f"  {level:<10} {fmt(f['hand_average']):>6} {fmt(f['hand_average_pegged']):>6}"
            f" {fmt(f['hand_average_as_dealer']):>6} {fmt(f['hand_average_as_pone']):>6}"
            f" {fmt(f['crib_average']):>6} {fmt(f['crib_average_pegged']):>6}"
            f" {fmt(f['play_per_hand']):>6} {f['hands_shown']:>7,} {f['cribs_shown']:>6,}"
            f" {f['miscounts']:>9,} {f['mugged_points_taken']:>6,}"
        )
    lines.append(
        "  (hand, crib: the true count a show, and what was pegged for it; dealer, pone: the"
    )
    lines.append(
        "  hand by the seat's role; play: points pegged in the play a hand; mugged: points"
    )
    lines.append("  taken from the other side's miscounts)")
    return lines


def parse_pair(text: str) -> tuple[Level, Level]:
    known = get_args(Level)
    names = [name.strip() for name in text.split(",")]
    if len(names) != 2 or names[0] == names[1]:
        raise argparse.ArgumentTypeError(f"give two different levels, A,B (got {text!r})")
    for name in names:
        if name not in known:
            raise argparse.ArgumentTypeError(f"{name!r} is not a level (known: {', '.join(known)})")
    return cast(Level, names[0]), cast(Level, names[1])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_game.py",
        description="Benchmark the game: bot decisions, simulate against brute force, strength.",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help="strength games, half with each seating (even, at least 4)",
    )
    parser.add_argument(
        "--sim-games",
        type=int,
        default=DEFAULT_SIM_GAMES,
        help="standard-against-standard games for the throughput",
    )
    parser.add_argument(
        "--decision-games",
        type=int,
        default=DEFAULT_DECISION_GAMES,
        help="games of each level against itself whose decisions are timed, per case",
    )
    parser.add_argument(
        "--rounds", type=int, default=DEFAULT_ROUNDS, help="rounds of the throughput games"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the run's seed")
    parser.add_argument(
        "--pair",
        type=parse_pair,
        default=parse_pair(DEFAULT_PAIR),
        help=f"the two levels matched and timed (default: {DEFAULT_PAIR})",
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 4 or args.games % 2:
        parser.error("--games must be even and at least 4")
    for name in ("sim_games", "decision_games", "rounds"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    pair: tuple[Level, Level] = args.pair
    seed: int = args.seed
    print(
        f"Muggins game benchmark: seed {seed}, {RULES.name}, muggins {OPTIONS.muggins}, "
        f"Python {sys.version.split()[0]}"
    )
    print()

    # ---- 1. decisions
    crib_table()  # read once, as the trainer does on first use
    ROWS[5], TOTALS[5]  # the rank tables of four-card hands, made as the trainer starts
    gc.collect()
    gc.freeze()
    times, decision_hands = time_decisions(pair, args.decision_games, seed)
    decisions = {
        level: {
            case: {kind: summarise(by_case[case].get(kind, [])) for kind in KINDS} for case in CASES
        }
        for level, by_case in times.items()
    }
    goes = {level: len(by_case["game"].get("go", [])) for level, by_case in times.items()}
    gc.unfreeze()
    print(
        f"Bot decisions: {args.decision_games} game(s) of each level against itself, "
        "every decision timed once as the bot meets it"
    )
    print("  caches emptied: " + ", ".join(name for name, _ in scorer_caches()))
    print(
        "  (saying go when no card fits is no decision: "
        + ", ".join(f"{goes[level]:,} for {level}" for level in pair)
        + " left out)"
    )
    misses = 0
    for case in CASES:
        print(f"  {CASE_NAMES[case]}:")
        print(
            f"    {'level':<10} {'kind':<22} {'decisions':>9} {'median':>9} {'p99':>9} {'max':>9}"
        )
        for level in pair:
            for kind in KINDS:
                f = decisions[level][case][kind]
                line = (
                    f"    {level:<10} {KIND_NAMES[kind]:<22} {f['decisions']:>9,}"
                    f" {fmt(f['median_ms'], 3):>6} ms {fmt(f['p99_ms'], 3):>6} ms"
                    f" {fmt(f['max_ms'], 3):>6} ms"
                )
                targeted = case == "game" and level == TARGET_LEVEL and kind in TARGETED
                if targeted and f["decisions"]:
                    med = verdict(f["median_ms"], MEDIAN_TARGET_MS)
                    p99 = verdict(f["p99_ms"], P99_TARGET_MS)
                    misses += (med, p99).count("MISS")
                    line += (
                        f"  [median < {MEDIAN_TARGET_MS:g} ms {med},"
                        f" p99 < {P99_TARGET_MS:g} ms {p99}]"
                    )
                print(line)
    print()

    # ---- 2. throughput
    sim = throughput(args.sim_games, seed, args.rounds)
    check: Check = sim["check"]
    print(
        f"Simulate, standard against standard: {sim['games']:,} games, {sim['hands']:,} hands,"
        f" each game's best of {sim['rounds']} round(s)"
    )
    print(
        f"  {'simulate (play_game, two standard bots)':<44}"
        f" {sim['simulate_hands_per_second']:>12,.1f} hands/s"
    )
    print(
        f"  {'baseline: the same hands by brute force':<44}"
        f" {sim['brute_force_hands_per_second']:>12,.1f} hands/s"
    )
    print(f"  {'simulate vs brute force':<44} {sim['ratio']:>12.4f}x")
    print(
        f"  Brute force against the record: {check.events:,} events in {check.games:,} games,"
        f" {len(check.problems)} disagreement(s)"
    )
    print(
        f"    shows: {check.shows:,}, recorded {check.show_points_recorded:,} points"
        f" (Shown.points), brute force {check.show_points_brute:,}"
    )
    print(
        f"    play and heels: recorded {check.play_points_recorded:,} points,"
        f" brute force {check.play_points_brute:,}"
    )
    if check.unclosed:
        print(
            f"    hands ended by his heels recorded without their cards: {check.unclosed}"
            " (play_game does not close them; their starter is dealt again from the seed)"
        )
    for text in check.problems[:10]:
        print(f"    DISAGREE: {text}")
    print(
        f"  Replayed games that differ from their first play: {sim['replays_differ']}"
        + ("" if not sim["replays_differ"] else "  (WRONG: a seeded game must replay exactly)")
    )
    sim_levels = level_figures(sim["records"])
    print("  The standard bots in these games (both seats):")
    for line in level_lines(sim_levels):
        print("  " + line)
    print()

    # ---- 3. strength
    power = strength(pair, args.games, seed)
    first, second = pair
    print(
        f"Strength: {first} against {second}, {power['games']:,} games"
        f" ({power['seeds']:,} seeds, each played from both seats)"
    )
    print(
        f"  {first} wins {power['win_rate']:.1%} ± {power['standard_error']:.1%}"
        f" (standard error over the seeds; as independent games it would be"
        f" ± {power['standard_error_as_independent_games']:.1%})"
    )
    print("  skunks won: " + ", ".join(f"{lv} {n}" for lv, n in power["skunks"].items()))
    for line in level_lines(power["levels"]):
        print(line)

    if args.json:
        figures: dict[str, Any] = {
            "seed": seed,
            "python": sys.version.split()[0],
            "rules": RULES.id,
            "muggins": OPTIONS.muggins,
            "pair": list(pair),
            "decisions": {
                "games_per_level": args.decision_games,
                "hands_per_level": decision_hands,
                "goes_left_out": goes,
                "cases": CASE_NAMES,
                "caches_emptied": [name for name, _ in scorer_caches()],
                "by_level": decisions,
                "targets": {
                    "level": TARGET_LEVEL,
                    "case": "game",
                    "kinds": list(TARGETED),
                    "median_ms": MEDIAN_TARGET_MS,
                    "p99_ms": P99_TARGET_MS,
                    "missed": misses,
                },
            },
            "throughput": {
                **{k: v for k, v in sim.items() if k not in ("check", "records")},
                "check": {
                    "games": check.games,
                    "events": check.events,
                    "shows": check.shows,
                    "show_points_recorded": check.show_points_recorded,
                    "show_points_brute": check.show_points_brute,
                    "play_points_recorded": check.play_points_recorded,
                    "play_points_brute": check.play_points_brute,
                    "disagreements": len(check.problems),
                    "unclosed_hands": check.unclosed,
                },
                "levels": sim_levels,
            },
            "strength": power,
        }
        print()
        print(json.dumps(figures, indent=2))
    if check.problems:
        print(
            f"FAIL: the brute-force scorer disagrees with the record {len(check.problems)} time(s)"
        )
        return 1
    if sim["replays_differ"]:
        print(f"FAIL: {sim['replays_differ']} replayed game(s) differ from their first play")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
