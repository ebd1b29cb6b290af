"""Benchmark `simulate`, standard against standard: hands a second against the old code.

Run as a plain script::

    .venv/bin/python benchmarks/bench_simulate.py [--games N] [--chunk C] [--seed S]
        [--baseline COMMIT] [--json]

The baseline is the package as it was at ``--baseline`` (by default the last commit
before issue 26's work), unpacked from git into a temporary folder and imported into
this same process beside the checkout's package: each version's ``trainer`` modules
are put in `sys.modules` before its turn (untimed), so both run in one interpreter,
on the same warm machine, with the garbage collector on as in the trainer.

N games of the standard game (seeded as ``muggins simulate --seed S`` seeds them:
game n is ``S * 1000 + n``), ``standard`` in both seats, played with `play_game` in
chunks of C games, the two versions taking turns on each chunk (which goes first
alternates), CPU time (`time.process_time`). The first chunk is played once untimed
by each (their caches and tables made, as in any run of more than a game). Every
game's record must be the same from both versions, byte for byte as JSON: the new
code plays exactly the old games, faster. Target: 5 times the old hands a second.

Exit status: 0 on success (a target missed is reported as MISS); 1 if a record
differs; 2 if the baseline cannot be unpacked (no git, or the commit is missing).
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Final

BASELINE: Final = "2cfa1ff"
"""The last commit before issue 26's work (the merge of issue 21's parallel suite)."""
TARGET: Final = 5.0
"""The new hands a second over the old (issue 26)."""
ROOT: Final = Path(__file__).resolve().parent.parent


def _ours(name: str) -> bool:
    return name == "trainer" or name.startswith("trainer.")


@dataclass
class Version:
    """One version of the package, its modules kept apart from `sys.modules` between turns."""

    name: str
    modules: dict[str, ModuleType]
    players: str = "trainer.game.players"
    """Where this version keeps its bots and crib table (``trainer.game`` before issue 30)."""

    def activate(self) -> None:
        """Make this version's modules the ones `import` finds (for imports done late)."""
        for key in [k for k in sys.modules if _ours(k)]:
            del sys.modules[key]
        sys.modules.update(self.modules)

    def play(self, seeds: range) -> list[str]:
        """Play one standard-against-standard game a seed; each record as JSON."""
        record = self.modules["trainer.game.record"]
        bots = self.modules[f"{self.players}.bots"]
        rules = self.modules["trainer.game.variants"].variant("standard")
        out = []
        for seed in seeds:
            seats = [bots.Bot("standard", 0, seed), bots.Bot("standard", 1, seed)]
            game = record.play_game(rules, seed, seats, ["standard", "standard"])
            out.append(json.dumps(game.to_dict()))
        return out


def load(name: str, root: Path) -> Version:
    """Import the package found at ``root`` (its game, bots and crib table) as a version,
    leaving `sys.modules` as it was."""
    before = {k: v for k, v in sys.modules.items() if _ours(k)}
    for key in before:
        del sys.modules[key]
    sys.path.insert(0, str(root))
    importlib.invalidate_caches()
    players = "trainer.game.players"
    if not (root / "trainer" / "game" / "players").is_dir():
        players = "trainer.game"
    try:
        for module in ("trainer.game.record", f"{players}.bots", "trainer.game.variants"):
            importlib.import_module(module)
        importlib.import_module(f"{players}.crib_values").crib_table()
        modules = {k: v for k, v in sys.modules.items() if _ours(k)}
    finally:
        sys.path.remove(str(root))
        for key in [k for k in sys.modules if _ours(k)]:
            del sys.modules[key]
        sys.modules.update(before)
    origin = Path(modules["trainer"].__file__ or "").resolve().parent.parent
    if origin != root.resolve():
        raise RuntimeError(f"{name}: imported trainer from {origin}, not {root}")
    return Version(name, modules, players)


def unpack(commit: str, into: Path) -> Path:
    """The package's files at ``commit``, written under ``into`` (git archive)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "trainer"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def measure(old: Version, new: Version, games: int, chunk: int, seed: int) -> dict[str, Any]:
    """Both versions over the same games, taking turns by chunk; CPU seconds and hands."""
    first = range(seed * 1000, seed * 1000 + min(chunk, games))
    for version in (old, new):  # warm-up, untimed
        version.activate()
        version.play(first)
    seconds = {old.name: 0.0, new.name: 0.0}
    hands = 0
    differ = 0
    for n, start in enumerate(range(0, games, chunk)):
        seeds = range(seed * 1000 + start, seed * 1000 + min(start + chunk, games))
        records: dict[str, list[str]] = {}
        for version in (old, new) if n % 2 == 0 else (new, old):
            version.activate()
            began = time.process_time()
            records[version.name] = version.play(seeds)
            seconds[version.name] += time.process_time() - began
        differ += sum(a != b for a, b in zip(records[old.name], records[new.name], strict=True))
        hands += sum(len(json.loads(r)["hands"]) for r in records[new.name])
    rate = {name: hands / s for name, s in seconds.items()}
    return {
        "games": games,
        "hands": hands,
        "cpu_seconds": seconds,
        "hands_per_second": rate,
        "ratio": rate[new.name] / rate[old.name],
        "records_differ": differ,
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games of each version")
    parser.add_argument("--chunk", type=int, default=10, help="games a turn")
    parser.add_argument("--seed", type=int, default=1, help="as muggins simulate --seed")
    parser.add_argument("--baseline", default=BASELINE, help="the old code's commit")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.chunk < 1:
        parser.error("--games and --chunk must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    present = Version("present", {k: v for k, v in sys.modules.items() if _ours(k)})
    with tempfile.TemporaryDirectory(prefix="bench-simulate-") as folder:
        try:
            old_root = unpack(args.baseline, Path(folder))
        except (OSError, subprocess.CalledProcessError) as err:
            print(f"bench_simulate: cannot unpack the baseline {args.baseline}: {err}")
            return 2
        try:
            old = load(f"old ({args.baseline})", old_root)
            new = load("new", ROOT)
            figures = measure(old, new, args.games, args.chunk, args.seed)
        finally:
            present.activate()  # the modules this process had, as they were
    figures["baseline"] = args.baseline
    rate = figures["hands_per_second"]
    print(f"simulate, standard against standard: {args.games} games, {figures['hands']} hands")
    for name, value in rate.items():
        print(f"  {name:<16} {value:>9,.0f} hands/s  ({figures['cpu_seconds'][name]:.2f} s CPU)")
    mark = "ok" if figures["ratio"] >= TARGET else "MISS"
    print(f"  new against old: {figures['ratio']:.2f}x (target {TARGET:g}x) {mark}")
    if figures["records_differ"]:
        print(f"  {figures['records_differ']} games were played differently: FAIL")
    if args.json:
        print(json.dumps(figures, indent=1))
    return 1 if figures["records_differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
