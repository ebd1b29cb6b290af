"""Benchmark saving a game after every step: one action row appended, against one growing blob.

Run as a plain script::

    .venv/bin/python benchmarks/bench_game_save.py [--games N] [--variant V] [--seed S] [--json]

It first plays N seeded games (default 5) of a variant (default ``four-hand-solo``,
the longest: about 400 steps) in memory, one seat a "human" played by an easy
bot, keeping each step's saved text and the human's counts as attempts. Then, on
a store file of its own, it saves every step as the trainer does
(`trainer.history.writing.games.save_step`: the action appended as a row, with the
count's attempt, in one transaction and sync) and, beside it in the same file,
the way it was not built: the whole action list so far rewritten as one JSON
text in the game's row, per step. Each save is timed; the figures are the
median and the worst per step, over the first and the last 50 steps of each
game, so a cost that grows with the game shows as the difference.

Target: a save under 5 ms at its median (the trainer saves after every bot step
as well as the human's). A missed target is reported as MISS; exit status 0.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, NamedTuple

from trainer.game.codec import action_to_data, dumps
from trainer.game.players.bots import Bot, Level
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.history.writing import create_game, save_step
from trainer.quiz.attempt import Attempt

TARGET_MS: Final = 5.0
EDGE: Final = 50
"""Steps at each end of a game whose saves are compared."""

BLOB_TABLE: Final = "CREATE TABLE blob_games (id INTEGER PRIMARY KEY, actions TEXT NOT NULL)"


class Played(NamedTuple):
    """One game as its saves: the setup text, each step's action text and attempt."""

    setup: str
    steps: list[tuple[str, Attempt | None]]


def play(variant_id: str, seed: int) -> Played:
    """A whole game in memory, seat 0 played by an easy bot as the "human"."""
    rules = variant(variant_id)
    bot: Level = "standard"
    levels: list[Level | None] = [None, *([bot] * (rules.players - 1))]
    with StatsStore(":memory:") as store:
        session = GameSession.start(store, rules, seed, levels)
        human = Bot("easy", 0, seed + 1)
        steps: list[tuple[str, Attempt | None]] = []
        while not session.over:
            for action, _ in session.run_bots():
                steps.append((dumps(action_to_data(action)), None))
            asked = session.prompt
            if asked is None:
                break
            action = human.decide(session.state, asked)
            before = len(session.attempts)
            session.act(action, seconds=5.0)
            attempt = session.attempts[-1] if len(session.attempts) > before else None
            steps.append((dumps(action_to_data(action)), attempt))
        with store.guard("reading") as conn:
            setup = conn.execute("SELECT setup FROM games").fetchone()[0]
    return Played(setup, steps)


def time_saves(store: StatsStore, game: Played, n: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each save, appended rows and rewritten blob, for one game."""
    now = datetime.now(UTC)
    game_id = create_game(
        store, uid=f"bench-{n}", variant="x", seed=n, setup=game.setup, human_side=0, at=now
    )
    with store.transaction("bench") as conn:
        conn.execute("INSERT INTO blob_games (id, actions) VALUES (?, '[]')", (game_id,))
    rows, blob = [], []
    texts: list[str] = []
    for k, (text, attempt) in enumerate(game.steps):
        started = time.perf_counter()
        save_step(store, game_id, k, text, now, attempt=attempt)
        rows.append((time.perf_counter() - started) * 1000)
        texts.append(text)
        started = time.perf_counter()
        with store.transaction("bench") as conn:
            conn.execute(
                "UPDATE blob_games SET actions = ? WHERE id = ?",
                ("[" + ",".join(texts) + "]", game_id),
            )
        blob.append((time.perf_counter() - started) * 1000)
    return rows, blob


def figures(times: list[list[float]]) -> dict[str, float]:
    first = [t for game in times for t in game[:EDGE]]
    last = [t for game in times for t in game[-EDGE:]]
    return {
        "first_median_ms": statistics.median(first),
        "first_worst_ms": max(first),
        "last_median_ms": statistics.median(last),
        "last_worst_ms": max(last),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--variant", default="four-hand-solo")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    games = [play(args.variant, args.seed + n) for n in range(args.games)]
    steps = [len(g.steps) for g in games]
    result: dict[str, Any] = {"variant": args.variant, "games": args.games, "steps": steps}
    with (
        tempfile.TemporaryDirectory() as folder,
        StatsStore(Path(folder) / "bench.sqlite3") as store,
    ):
        with store.transaction("bench") as conn:
            conn.execute(BLOB_TABLE)
        for synced in (True, False):
            if not synced:  # the work itself, without waiting for the disk
                with store.guard("bench") as conn:
                    conn.execute("PRAGMA synchronous = OFF")
            rows: list[list[float]] = []
            blobs: list[list[float]] = []
            for n, game in enumerate(games):
                r, b = time_saves(store, game, n + (0 if synced else len(games)))
                rows.append(r)
                blobs.append(b)
            tag = "" if synced else "_nosync"
            result["rows" + tag], result["blob" + tag] = figures(rows), figures(blobs)
    print(
        f"{args.games} games of {args.variant}, {min(steps)}-{max(steps)} steps each; "
        f"saves timed on the first and last {EDGE} steps"
    )
    for label, key in (
        ("one row a step (the store)", "rows"),
        ("rewrite one blob", "blob"),
        ("one row a step, no sync", "rows_nosync"),
        ("rewrite one blob, no sync", "blob_nosync"),
    ):
        f = result[key]
        print(
            f"  {label:<28} first: median {f['first_median_ms']:.2f} ms, worst "
            f"{f['first_worst_ms']:.2f} ms; last: median {f['last_median_ms']:.2f} ms, "
            f"worst {f['last_worst_ms']:.2f} ms"
        )
    verdict = "ok" if result["rows"]["last_median_ms"] < TARGET_MS else "MISS"
    print(f"  target: a save under {TARGET_MS:g} ms at its median: {verdict}")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
