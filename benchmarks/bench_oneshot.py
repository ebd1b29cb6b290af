"""What a one-shot ``muggins`` command costs, start to exit, against ``muggins --version``.

Run as a plain script::

    .venv/bin/python benchmarks/bench_oneshot.py [--rounds N] [--games G] [--code DIR] [--json]

Each command runs in a fresh interpreter (``python -m trainer ARGS``), as a player runs
it, and is measured in the CPU time the operating system charges that process, user and
system (`resource.getrusage` of the children, before and after), which a busy machine
moves far less than the wall clock. The baseline, ``muggins --version`` (the interpreter,
the package and the command line parsed, nothing run), is measured in the same run:
each round runs every command and the baseline in turn (the order alternates), and each
command's figure is the median over the rounds of its CPU time less the baseline's in
the same round. Python caches compiled modules, as on a player's machine (this machine
sets ``PYTHONDONTWRITEBYTECODE``, which the benchmark lifts for its children, and each
command runs once untimed first).

The commands: ``score`` of a hand, a crib, a five-card hand as JSON; ``stats`` with no
history, and with G games played to the end and their ledgers kept; ``advise discard``
and ``advise play``. Target: ``score`` within 20 ms of ``--version`` (issue 30): one
show is scored without the table of every rank pattern, and with nothing of the game,
the store or the drills loaded.

``--code DIR`` runs the package found in DIR instead of this checkout's (the code before
a change, unpacked with ``git archive COMMIT | tar -x -C DIR``), to compare in one
session. A missed target is reported as MISS; exit status 0.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' scripted player

TARGET_MS: Final = 20.0
"""``muggins score HAND`` over ``muggins --version``, in CPU milliseconds (issue 30)."""

BASELINE: Final = ("--version",)


def commands(empty: Path, played: Path) -> dict[str, tuple[str, ...]]:
    """The commands timed, by the name they are printed with."""
    return {
        "score HAND": ("score", "5H", "5C", "5S", "JD", "5D"),
        "score --crib CRIB": ("score", "--crib", "AS", "2H", "3D", "7C", "JH"),
        "score --json (five cards)": ("score", "--json", "AH", "2H", "3H", "4H", "5H", "6H"),
        "stats, no history": ("stats", "--data-dir", str(empty)),
        "stats, games played": ("stats", "--data-dir", str(played)),
        "advise discard": ("advise", "discard", "--dealer", "5H", "5C", "5S", "JD", "5D", "4H"),
        "advise play": ("advise", "play", "--hand", "5H", "5C", "JD", "--pone", "--pile", "4H"),
    }


def play_games(folder: Path, games: int) -> None:
    """``games`` short games played to the end by the tests' scripted player against a
    standard bot, each with its ledger kept, as the trainer leaves them."""
    from tests.game.scripted import play_out
    from trainer.game.coach.kept_ledger import session_ledger
    from trainer.game.session import GameSession
    from trainer.game.state import GameOptions
    from trainer.game.variants import variant
    from trainer.history import StatsStore

    with StatsStore.open(folder) as store:
        for seed in range(games):
            game = GameSession.start(
                store, variant("short"), seed, [None, "standard"], options=GameOptions()
            )
            play_out(game)
            session_ledger(game)


def cpu_of(args: tuple[str, ...], env: dict[str, str], cwd: str) -> float:
    """Seconds of CPU (user and system) a fresh ``python -m trainer ARGS`` takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=cwd,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(
    timed: dict[str, tuple[str, ...]], rounds: int, env: dict[str, str], cwd: str
) -> dict[str, list[float]]:
    """Each command's CPU seconds a round, the baseline's under ``"--version"``."""
    runs = {"--version": BASELINE, **timed}
    for args in runs.values():  # compiled and cached once, untimed
        cpu_of(args, env, cwd)
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    names = list(runs)
    for n in range(rounds):
        for name in names if n % 2 == 0 else reversed(names):
            seconds[name].append(cpu_of(runs[name], env, cwd))
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=20, help="runs of each command")
    parser.add_argument("--games", type=int, default=3, help="games in the played history")
    parser.add_argument("--code", type=Path, help="run the package in this folder instead")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if args.code is not None:
        env["PYTHONPATH"] = str(args.code.resolve())
    with tempfile.TemporaryDirectory() as tmp:
        empty, played = Path(tmp, "empty"), Path(tmp, "played")
        play_games(played, args.games)
        env["MUGGINS_HOME"] = str(empty)
        # A folder of its own, so ``-m trainer`` finds the package ``--code`` names.
        seconds = measure(commands(empty, played), args.rounds, env, cwd=tmp)

    base = seconds["--version"]
    where = f" (the code in {args.code})" if args.code is not None else ""
    print(f"One-shot commands{where}, CPU time (user + system), {args.rounds} rounds:")
    print(f"  {'muggins --version (baseline)':<30} {statistics.median(base) * 1000:7.1f} ms")
    figures: dict[str, Any] = {"rounds": args.rounds, "version_ms": statistics.median(base) * 1e3}
    for name, cpu in seconds.items():
        if name == "--version":
            continue
        over = statistics.median(c - b for c, b in zip(cpu, base, strict=True)) * 1000
        ratio = statistics.median(c / b for c, b in zip(cpu, base, strict=True))
        line = (
            f"  {name:<30} {statistics.median(cpu) * 1000:7.1f} ms  {over:+7.1f} ms  "
            f"{ratio:5.2f}x --version"
        )
        if name == "score HAND":
            verdict = "PASS" if over <= TARGET_MS else "MISS"
            line += f"  [target +{TARGET_MS:.0f} ms] {verdict}"
        print(line)
        figures[name] = {"ms": statistics.median(cpu) * 1000, "over_ms": over, "ratio": ratio}
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
