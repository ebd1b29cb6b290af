"""Benchmark what audio mode hears besides counts (``muggins --audio``): "next", "repeat",
"stop", "yes", a number chosen, the cards thrown, an opponent's count answered; and table
talk on the same grammars, which must be refused.

Run as a plain script (needs the voice extra, Debian's espeak-ng, flite, festival and sox)::

    .venv/bin/python benchmarks/bench_commands.py [--set tuning|held-out] [--jobs N] [--json]

Each set is `tests/voice/commands_corpus.py`'s: the filler's weight and the bar were chosen
on ``tuning``; ``held-out`` has other voices, rooms and table talk. It prints, for the set,
the commands heard as said, heard as another command, and talk taken for a command, in
all and by where audio mode listens and by room. Recordings are kept in a folder under
the system's temporary one, so a second run only listens. Exit status 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.voice.commands_corpus import Row, Which, measure, rates, sets  # noqa: E402
from tests.voice.voices import Room, Voice  # noqa: E402

FOLDER: Final = Path(tempfile.gettempdir()) / "muggins-bench-commands"


def _one(job: tuple[Which, Voice, Room]) -> list[Row]:
    from trainer.voice.recogniser import Recogniser

    which, voice, room = job
    FOLDER.mkdir(exist_ok=True)
    return measure(which, voice, room, FOLDER, Recogniser())


def hear_set(which: Which, jobs: int) -> list[Row]:
    voices, rooms = sets(which)
    work = [(which, v, r) for v in voices for r in rooms]
    rows: list[Row] = []
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_one, work):
            rows += part
    return rows


def summary(rows: list[Row]) -> dict[str, Any]:
    by: dict[str, dict[str, list[Row]]] = {"where": defaultdict(list), "room": defaultdict(list)}
    for row in rows:
        by["where"][row.where].append(row)
        by["room"][row.room].append(row)
    return {
        "all": rates(rows),
        **{key: {name: rates(part) for name, part in groups.items()} for key, groups in by.items()},
    }


def _line(name: str, figures: dict[str, tuple[int, int]]) -> str:
    parts = [f"{key} {n}/{of} ({n / of:.1%})" for key, (n, of) in figures.items() if of]
    return f"  {name:<22} " + "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("tuning", "held-out"), default="held-out")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    rows = hear_set(args.set, args.jobs)
    result = summary(rows)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{args.set}: {len(rows)} recordings")
    print(_line("all", result["all"]))
    for key in ("where", "room"):
        print(f"by {key}:")
        for name, figures in result[key].items():
            print(_line(name, figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
