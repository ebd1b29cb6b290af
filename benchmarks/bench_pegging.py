"""Benchmark the pegging scorer: what the last card laid scores, against the registry's peers.

Run as a plain script::

    .venv/bin/python benchmarks/bench_pegging.py [--piles N] [--seed S] [--rounds R]
        [--chunk C] [--json]

It plays seeded random two-hand plays (four cards a hand, every card laid at
random among those that fit, by `trainer.rules.play.Play`) and keeps the pile
after every card laid (the cards since the count began, the last one just
laid): the piles a game scores, in the proportions a game meets them. Each
scorer is then given every pile, in its own card form converted before any
timing:

- `score_play` (`trainer.rules.play`): the itemised score of the last card
  (every item with its cards), the count, and the checks that the cards are
  distinct and the count within 31;
- `score_pegging_play` of `magmacrunch-cribbage` (its points and words), the
  fastest peer found on the registry;
- `play_score_ongoing` of `cribbage-scorer` (its count, points and words).

The peers are installed with the ``bench`` extra (`scripts/setup` adds
magmacrunch-cribbage without the arcade it depends on: its scorer needs none
of it); a peer not installed is skipped. Every scorer must give the same
points for every pile before anything is timed. The scorers take turns on
chunks of C piles, R rounds, in the process's CPU time; a scorer's time is the
sum over the chunks of its best round, so a burst of load falls on all alike.

Exit status: 0 (a target missed is reported as MISS), 1 if the scorers disagree.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from trainer.rules.cards import Card, full_deck
from trainer.rules.play import Play, score_play

DEFAULT_PILES: Final = 20_000
DEFAULT_SEED: Final = 20_261_202
DEFAULT_ROUNDS: Final = 5
DEFAULT_CHUNK: Final = 500
TARGET: Final = 2.0
"""`score_play` against the fastest peer, piles a second."""

MAGMA_SUITS: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
MAGMA_RANKS: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

Pile = tuple[Card, ...]
Scorer = Callable[[Any], int]


def deal_piles(count: int, seed: int) -> list[Pile]:
    """At least ``count`` piles, each as a card was laid in seeded random two-hand plays."""
    rng = random.Random(seed)
    deck = full_deck()
    piles: list[Pile] = []
    while len(piles) < count:
        cards = rng.sample(deck, 8)
        play = Play.start([cards[:4], cards[4:]], leader=rng.randrange(2))
        while not play.done:
            able = play.playable(play.turn)
            if not able:
                play, _ = play.go()
                continue
            card = rng.choice(able)
            pile = (*play.pile, card)
            piles.append(pile)
            play, _ = play.lay(card)
    return piles[:count]


def ours(pile: Pile) -> int:
    return score_play(pile).total


def load_magma() -> Scorer | None:
    """magmacrunch-cribbage's `score_pegging_play`, if installed: the card laid and the
    cards before it, its own Card(suit, rank) objects."""
    try:
        module = importlib.import_module("cribbage.cards")
        score = module.score_pegging_play
        make = module.Card
    except (ImportError, AttributeError):
        return None

    def convert(pile: Pile) -> tuple[Any, list[Any]]:
        cards = [make(MAGMA_SUITS[c.suit], MAGMA_RANKS[c.rank]) for c in pile]
        return cards[-1], cards[:-1]

    def points(converted: tuple[Any, list[Any]]) -> int:
        return int(score(*converted).points)

    def run(part: Sequence[tuple[Any, list[Any]]]) -> None:
        for card, before in part:
            score(card, before)

    points.convert = convert  # type: ignore[attr-defined]
    points.run = run  # type: ignore[attr-defined]
    return points


def load_cribbage_scorer() -> Scorer | None:
    """cribbage-scorer's `play_score_ongoing`, if installed: (rank, suit) tuples."""
    try:
        module = importlib.import_module("cribbage_scorer.cribbage_scorer")
        score = module.play_score_ongoing
    except (ImportError, AttributeError):
        return None

    def convert(pile: Pile) -> list[tuple[int, str]]:
        return [(c.rank, c.suit) for c in pile]

    def points(converted: list[tuple[int, str]]) -> int:
        return int(score(converted)[1])

    def run(part: Sequence[list[tuple[int, str]]]) -> None:
        for pile in part:
            score(pile)

    points.convert = convert  # type: ignore[attr-defined]
    points.run = run  # type: ignore[attr-defined]
    return points


def run_ours(part: Sequence[Pile]) -> None:
    score = score_play
    for pile in part:
        score(pile)


def cpu_seconds(run: Callable[[Any], object], part: Sequence[Any]) -> float:
    start = time.process_time_ns()
    run(part)
    return (time.process_time_ns() - start) / 1e9


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_pegging.py", description="Time the pegging scorer against its peers."
    )
    parser.add_argument("--piles", type=int, default=DEFAULT_PILES, help="piles to score")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the plays")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timing rounds")
    parser.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, help="piles timed in one go")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    for name in ("piles", "rounds", "chunk"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    piles = deal_piles(args.piles, args.seed)
    peers = {"magmacrunch-cribbage": load_magma(), "cribbage-scorer": load_cribbage_scorer()}
    print(
        f"Muggins pegging benchmark: {len(piles):,} piles from seeded random plays, seed "
        f"{args.seed}, {args.rounds} round(s) in chunks of {args.chunk:,}, CPU time, "
        f"Python {sys.version.split()[0]}"
    )
    sizes: dict[int, int] = {}
    for pile in piles:
        sizes[len(pile)] = sizes.get(len(pile), 0) + 1
    scoring = sum(1 for pile in piles if ours(pile))
    print(
        "  cards in the pile: "
        + ", ".join(f"{n}: {k:,}" for n, k in sorted(sizes.items()))
        + f"; {scoring:,} piles score"
    )

    runs: dict[str, tuple[Callable[[Any], object], list[Any]]] = {"score_play": (run_ours, piles)}
    disagreements: dict[str, int] = {}
    for name, peer in peers.items():
        if peer is None:
            print(f"  {name}: not installed, skipped")
            continue
        converted = [peer.convert(pile) for pile in piles]  # type: ignore[attr-defined]
        disagreements[name] = sum(
            1 for pile, c in zip(piles, converted, strict=True) if peer(c) != ours(pile)
        )
        print(f"  {name}: differs from score_play on {disagreements[name]} pile(s)")
        runs[name] = (peer.run, converted)  # type: ignore[attr-defined]
    print()

    spans = [(a, min(a + args.chunk, len(piles))) for a in range(0, len(piles), args.chunk)]
    best = {name: [float("inf")] * len(spans) for name in runs}
    gc.collect()
    gc.disable()
    try:
        for _ in range(args.rounds):
            for c, (a, b) in enumerate(spans):
                for name, (run, data) in runs.items():
                    best[name][c] = min(best[name][c], cpu_seconds(run, data[a:b]))
    finally:
        gc.enable()
    seconds = {name: sum(times) for name, times in best.items()}
    rate = {name: len(piles) / s for name, s in seconds.items()}
    print("Piles scored a second (CPU time; per chunk the best round, summed):")
    for name in runs:
        print(f"  {name:<24} {rate[name]:>12,.0f}/s  ({seconds[name] / len(piles) * 1e6:.2f} us)")
    peer_rates = {name: rate[name] for name in runs if name != "score_play"}
    ratios = {name: rate["score_play"] / r for name, r in peer_rates.items()}
    print()
    for name, ratio in ratios.items():
        print(f"  score_play against {name:<24} {ratio:6.2f}x")
    fastest = max(peer_rates, key=peer_rates.__getitem__) if peer_rates else None
    if fastest is not None:
        verdict = "PASS" if ratios[fastest] >= TARGET else "MISS"
        print(
            f"  against the fastest peer ({fastest}): {ratios[fastest]:.2f}x "
            f"[target >= {TARGET:g}x] {verdict}"
        )
    if args.json:
        print()
        print(
            json.dumps(
                {
                    "piles": len(piles),
                    "seed": args.seed,
                    "rounds": args.rounds,
                    "chunk": args.chunk,
                    "sizes": sizes,
                    "disagreements": disagreements,
                    "piles_per_second": rate,
                    "ratios": ratios,
                    "fastest_peer": fastest,
                    "target": TARGET,
                },
                indent=2,
            )
        )
    return 1 if any(disagreements.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
