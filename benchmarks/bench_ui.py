"""How fast the trainer appears and answers.

1. A cold start to the complete home screen: a fresh interpreter that builds the app
   exactly as `muggins` does (`trainer.ui.launch.build`: drills, settings, the stats
   store opened in the background once home is drawn) and runs headless until home is
   drawn with its footer, against a bare Textual app (a Static, a DataTable and a
   footer of four keys) watched the same way, in N back-to-back pairs (which goes first
   alternates). Target: the median pair within 1.5x of the bare app (the best of each is
   printed too), in wall time and in each process's CPU time up to that frame (the
   figure a busy machine moves least).
2. Enter on a claim to the reveal drawn: measured inside the running app (headless),
   from the Enter key reaching the app (its first dispatch, seen through
   ``run_test(message_hook=...)``) to the first refresh after the reveal took the
   question's place, in wall and CPU time; against a bare Textual app doing the same swap
   (`bare_swap.py`: two pre-mounted containers swapped by their display), measured in the
   same run the same way, each frame in both turned into what a terminal would be sent
   (`bare_swap.terminal_output`: headless, `App._display` skips it). Target: the median
   under 50 ms.

Run: ``.venv/bin/python benchmarks/bench_ui.py [--rounds N] [--hands N] [--json]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script or loaded by a test
from bare_swap import Timing, bare_swaps, mark_now, since, terminal_output

TARGET_S: Final = 0.050

# Both apps run headless at 80x24 in a fresh interpreter and are watched the same way:
# the auto-pilot polls until the footer's keys are there, then notes the wall-clock time
# once the frame that shows them has been drawn (the next refresh), and prints it.
WATCH = """
import asyncio, time

async def watch(pilot):
    app = pilot.app
    while not app.screen.query("FooterKey"):
        await asyncio.sleep(0.001)
    drawn = asyncio.Event()
    app.call_after_refresh(drawn.set)
    await drawn.wait()
    app.drawn = time.time()
    app.cpu = time.process_time()
    app.shown = type(app.screen).__name__
    app.exit()
"""

BARE = (
    WATCH
    + """
from textual.app import App
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

class Bare(App[None]):
    BINDINGS = [Binding("enter", "quit", "Start"), Binding("s", "quit", "Stats"),
                Binding("r", "quit", "Review"), Binding("q", "quit", "Quit")]

    def compose(self):
        yield Static("Hello")
        yield DataTable()
        yield Footer()

app = Bare()
app.run(headless=True, size=(80, 24), auto_pilot=watch)
print(app.drawn, app.cpu)
"""
)

MUGGINS = (
    WATCH
    + """
from trainer.cli.parser import parse
from trainer.ui.launch import build

app, opened = build(parse(["--data-dir", {home!r}]))
app.run(headless=True, size=(80, 24), auto_pilot=watch)
assert app.shown == "HomeScreen", app.shown
for store in opened:
    store.close()
print(app.drawn, app.cpu)
"""
)


def _wall(code: str) -> tuple[float, float]:
    """Seconds from starting a fresh interpreter on ``code`` to the first screen drawn, in
    wall time and in the process's CPU time (``code`` prints the wall-clock time of that
    moment and its CPU time so far; shutting down is not counted)."""
    # Python caches compiled modules as on a player's machine (this one may be set not to).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.time()
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    )
    drawn, cpu = result.stdout.strip().splitlines()[-1].split()
    return float(drawn) - start, float(cpu)


def launch_times(rounds: int) -> dict[str, list[float]]:
    """Interleaved launches of the bare app and Muggins, each in a new process: wall
    seconds, and CPU seconds (``*_cpu``)."""
    times: dict[str, list[float]] = {"bare": [], "muggins": [], "bare_cpu": [], "muggins_cpu": []}
    with tempfile.TemporaryDirectory() as home:
        code = MUGGINS.format(home=home)
        _wall(code)  # the first run creates the store; later runs open it
        _wall(BARE)
        for n in range(rounds):
            for name in ("bare", "muggins") if n % 2 == 0 else ("muggins", "bare"):
                wall, cpu = _wall(BARE if name == "bare" else code)
                times[name].append(wall)
                times[f"{name}_cpu"].append(cpu)
    return times


async def reveal_latencies(hands: int) -> list[Timing]:
    """Enter on each claim to its reveal drawn (wall and CPU seconds), over ``hands`` deals."""
    from textual import events
    from textual.message import Message
    from textual.widgets import Input

    from trainer.drills.loader import builtin_drills_dir, find_drill, load_all
    from trainer.ui.app import START_BACKGROUND_BY, make_app
    from trainer.ui.flow.drill_runner import Reveal
    from trainer.ui.flow.options import Options
    from trainer.ui.screens.quiz import QuizScreen
    from trainer.ui.startup import tune_gc

    marks: dict[str, tuple[float, float]] = {}
    armed = False
    show = QuizScreen.show_reveal

    def hook(message: Message) -> None:
        # A key goes to the app first: its first dispatch is the Enter reaching the app.
        if armed and isinstance(message, events.Key) and message.key == "enter":
            marks.setdefault("enter", mark_now())

    def timed_show(self: QuizScreen, step: Reveal, second_note: str = "") -> None:
        show(self, step, second_note)
        self.call_after_refresh(lambda: marks.setdefault("drawn", mark_now()))

    QuizScreen.show_reveal = timed_show  # type: ignore[method-assign]
    try:
        tune_gc()  # as `muggins` itself does at launch
        entries = load_all([(builtin_drills_dir(), True)])
        drill = find_drill(entries, "warm-up")
        app = make_app(entries, random.Random(3), options=Options(start_drill=drill))
        latencies: list[Timing] = []
        async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
            await pilot.pause()
            # The start-up work (history, tables) begins once home is drawn: let it finish.
            await pilot.pause(START_BACKGROUND_BY + 0.2)
            await app.workers.wait_for_complete()
            runner = app.runner
            for _ in range(hands + 1):  # the first reveal warms Textual's caches: not counted
                assert runner.session is not None
                if runner.session.finished or runner.question is None:
                    app.start(drill)
                    await pilot.pause()
                assert runner.question is not None
                app.screen.query_one("#claim", Input).value = str(runner.question.actual)
                marks.clear()
                armed = True
                await pilot.press("enter")
                while "drawn" not in marks:
                    await pilot.pause(0.002)
                armed = False
                latencies.append(since(marks["enter"], marks["drawn"]))
                await pilot.press("space")
                await pilot.pause()
        return latencies[1:]
    finally:
        QuizScreen.show_reveal = show  # type: ignore[method-assign]


def figures(label: str, timings: list[Timing]) -> str:
    """One line: the median and worst wall time, and the median CPU time."""
    wall = [t.wall for t in timings]
    cpu = statistics.median(t.cpu for t in timings)
    return (
        f"  {label:<22} median {statistics.median(wall) * 1000:6.1f} ms, "
        f"worst {max(wall) * 1000:6.1f} ms (CPU, median {cpu * 1000:6.1f} ms)"
    )


def verdict_of(median: float) -> str:
    return "PASS" if median < TARGET_S else "MISS"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=15, help="launches of each app")
    parser.add_argument("--hands", type=int, default=20, help="claims timed to the reveal")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)

    launches = launch_times(args.rounds)
    bare, muggins = min(launches["bare"]), min(launches["muggins"])
    best_ratio = muggins / bare
    # Each pair of launches ran back to back: their ratio is the least moved by a busy machine.
    pairs = zip(launches["bare"], launches["muggins"], strict=True)
    ratio = statistics.median(m / b for b, m in pairs)
    print(f"Cold start to the complete first screen (footer drawn), {args.rounds} pairs:")
    print(f"  bare Textual app, best      {bare * 1000:8.0f} ms")
    print(f"  muggins (home), best        {muggins * 1000:8.0f} ms")
    print(f"  muggins / bare, best/best   {best_ratio:8.2f}x")
    verdict = "PASS" if ratio <= 1.5 else "MISS"
    print(f"  muggins / bare, median pair {ratio:8.2f}x  [target <= 1.5x] {verdict}")
    cpu_pairs = zip(launches["bare_cpu"], launches["muggins_cpu"], strict=True)
    cpu_ratio = statistics.median(m / b for b, m in cpu_pairs)
    cpu_bare, cpu_muggins = min(launches["bare_cpu"]), min(launches["muggins_cpu"])
    print(f"  CPU time, best: bare {cpu_bare * 1000:.0f} ms, muggins {cpu_muggins * 1000:.0f} ms")
    cpu_verdict = "PASS" if cpu_ratio <= 1.5 else "MISS"
    print(f"  muggins / bare, CPU, median pair {cpu_ratio:5.2f}x  [target <= 1.5x] {cpu_verdict}")

    with terminal_output():
        latencies = asyncio.run(reveal_latencies(args.hands))
        bare_reveals = asyncio.run(bare_swaps(args.hands, rows=2))
    median = statistics.median(t.wall for t in latencies)
    worst = max(t.wall for t in latencies)
    bare_median = statistics.median(t.wall for t in bare_reveals)
    print(f"\nEnter on a claim to the reveal drawn, {len(latencies)} hands (wall; CPU):")
    print(figures("muggins", latencies) + f"  [target median < 50 ms] {verdict_of(median)}")
    print(figures("bare Textual swap", bare_reveals))
    print(f"  muggins / bare, medians {median / bare_median:8.2f}x")
    if args.json:
        payload: dict[str, Any] = {
            "launch_bare_s": bare,
            "launch_muggins_s": muggins,
            "launch_ratio": ratio,
            "launch_best_ratio": best_ratio,
            "launch_cpu_ratio": cpu_ratio,
            "launch_cpu_bare_s": cpu_bare,
            "launch_cpu_muggins_s": cpu_muggins,
            "reveal_median_s": median,
            "reveal_worst_s": worst,
            "reveal_cpu_median_s": statistics.median(t.cpu for t in latencies),
            "reveal_bare_median_s": bare_median,
            "reveal_bare_cpu_median_s": statistics.median(t.cpu for t in bare_reveals),
            "reveal_ratio": median / bare_median,
        }
        print(json.dumps(payload))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
