"""``muggins simulate``: bot-only games, played to the end, summed per seat or printed whole."""

from __future__ import annotations

import argparse
import json
import time
from typing import Final, TextIO, cast

from trainer.game.coach.analysis import game_ledger
from trainer.game.coach.ledger import GameLedger, Totals
from trainer.game.events import Go, Played, Shown
from trainer.game.players.bots import LEVELS, Bot, Level
from trainer.game.record import GameRecord, play_game
from trainer.game.state import GameOptions
from trainer.game.variants import GameVariant, variant
from trainer.judge.policy import check_policy

MAX_GAMES: Final = 100_000
"""The most games one run plays (every game's record is kept until the run prints)."""


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (1, 2, ...) of a run: 7 gives 7001, 7002, ..."""
    return seed * 1000 + number


def default_levels(rules: GameVariant) -> list[str]:
    """One level a seat when --bots is not given: ``standard`` for the first side (seat 0,
    and its partner), ``easy`` for every other seat: standard,easy in a two-hand game."""
    return ["standard" if rules.side_of(s) == 0 else "easy" for s in range(rules.players)]


def seat_levels(rules: GameVariant, bots: str | None) -> list[str]:
    """The level of each seat: the defaults, one level for every seat, or one a seat."""
    if bots is None:
        return default_levels(rules)
    levels = [b.strip() for b in bots.split(",")]
    if len(levels) == 1:
        levels *= rules.players
    if len(levels) != rules.players:
        raise ValueError(
            f"--bots: {rules.name} needs {rules.players} levels (or one for every seat), "
            f"got {len(levels)} ({bots})"
        )
    return levels


def simulate(args: argparse.Namespace, out: TextIO) -> int:
    rules = variant(args.variant)
    levels = seat_levels(rules, args.bots)
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"--bots: {level!r} is not a level (known: {', '.join(LEVELS)})")
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_GAMES}, got {args.games}")
    options = GameOptions(muggins=check_policy(args.muggins))
    started = time.perf_counter()
    records = []
    for n in range(1, args.games + 1):
        seed = game_seed(args.seed, n)
        seats = [Bot(cast(Level, level), s, seed) for s, level in enumerate(levels)]
        records.append(play_game(rules, seed, seats, levels, options))
    seconds = time.perf_counter() - started
    games = [r.to_dict() for r in records]
    ledgers = [game_ledger(rules, g, options.muggins) for g in games] if args.analyse else []
    if args.json:
        for game, ledger in zip(games, ledgers, strict=False):
            game["ledger"] = [ledger.totals(s).to_dict() for s in range(rules.players)]
            for hand, costed in zip(game["hands"], ledger.hands, strict=True):
                hand["ledger"] = costed.to_list()
        data = {"variant": rules.id, "seed": args.seed, "bots": levels, "games": games}
        json.dump(data, out)
        out.write("\n")
        return 0
    out.write(summary(records, levels, seconds))
    if ledgers:
        out.write(ledger_summary(ledgers, levels))
    return 0


def ledger_summary(ledgers: list[GameLedger], levels: list[str]) -> str:
    """Per seat, the points lost a hand by phase (the coach's ledger), and in all."""
    hands = sum(len(g.hands) for g in ledgers)
    lines = [
        "",
        "Points lost a hand (the coach's ledger):",
        f"  {'seat':<14} {'discard':>7} {'play':>6} {'count':>6} {'calls':>6} {'all':>6}",
    ]
    for seat, level in enumerate(levels):
        t = Totals()
        for ledger in ledgers:
            t += ledger.totals(seat)
        lines.append(
            f"  {seat} {level:<12} {t.discard / hands:>7.2f} {t.play / hands:>6.2f} "
            f"{t.count / hands:>6.2f} {t.calls / hands:>6.2f} {t.total / hands:>6.2f}"
        )
    return "\n".join(lines) + "\n"


def summary(records: list[GameRecord], levels: list[str], seconds: float) -> str:
    """Per seat: wins, skunks given, points a hand from the play, the hand and the crib,
    miscounts, muggins taken; and hands a second."""
    rules = records[0].rules
    seats = range(rules.players)
    wins = [0] * len(rules.sides)
    skunks = [0] * len(rules.sides)
    play, hand, crib, wrong, mugged = ([0] * rules.players for _ in range(5))
    hands = 0
    for record in records:
        wins[record.winner] += 1
        skunks[record.winner] += len(record.skunked)
        for h in record.hands:
            hands += 1
            for e in h.events:
                if isinstance(e, Played | Go):
                    play[e.seat] += e.points
                    if isinstance(e, Played) and e.mugged_by is not None:
                        mugged[e.mugged_by] += e.mugged
                elif isinstance(e, Shown):
                    (crib if e.box == "crib" else hand)[e.seat] += e.pegged
                    wrong[e.seat] += e.claimed != e.points
                    if e.mugged_by is not None:
                        mugged[e.mugged_by] += e.mugged
    games = len(records)
    lines = [
        f"{games} game{'s' if games != 1 else ''} of {rules.name}, "
        f"{hands} hands, {hands / seconds:,.0f} hands a second",
        f"  {'seat':<14} {'wins':>6} {'skunks':>6} {'play':>6} {'hand':>6} {'crib':>6}"
        f" {'miscounts':>9} {'mugged':>6}",
    ]
    for s in seats:
        side = rules.side_of(s)
        lines.append(
            f"  {s} {levels[s]:<12} {wins[side] / games:>6.0%} {skunks[side]:>6} "
            f"{play[s] / hands:>6.2f} {hand[s] / hands:>6.2f} {crib[s] / hands:>6.2f} "
            f"{wrong[s]:>9} {mugged[s]:>6}"
        )
    lines.append("  (play, hand, crib: points a hand; crib is counted by the dealer only)")
    return "\n".join(lines) + "\n"
