"""How the game's table answers, inside the running trainer (headless, 80x24).

The app is built exactly as `muggins` builds it (`trainer.ui.launch.build`: the stats store
in a folder of its own, opened in the background, every step saved and synced; the
computer's default pause of 0.8 s), and games are dealt as a player deals them: home, g,
ctrl+d. Your moves are keys chosen from the table (the lowest cards thrown, the first card
that fits laid, your true count, the computer's counts accepted).

1. **The game's show, Enter on your count to the reveal drawn**: a fresh game each round
   (the case players live in), played to your first count, the count typed in, then timed
   from the Enter key reaching the app (its first dispatch, seen through
   ``run_test(message_hook=...)``) to the first refresh after the reveal took the table's
   place (`TableScreen._show_reveal` wrapped), in wall and CPU time. The reveal shows the
   count settled, so it opens once the computer has answered your count; that answer is
   not kept waiting (the table gives it no pause), so the whole wait is held to the
   target, with its three parts (your count handled, the answer, the reveal drawn). The
   computer's moves before your count are shown at once with a key, as a player may.
   Against it, in the same run, a bare Textual app doing the same swap (`bare_swap.py`).
   Target: the median under 50 ms. Each frame is also turned into what a terminal would be
   sent (`bare_swap.terminal_output`: headless, `App._display` skips that step), in both apps.
2. **A computer move appears within its pause**: for each level (easy, standard, strong),
   games at the default pause with no key pressed while the computer is to move. Each move
   is due a pause after its turn began (the table starts its worker then); how late it
   came is reported by the table (`trainer.ui.table.screen.BotMoveShown`: its due time
   and the time it was on the widgets, by the table's clock), and timed again at the first
   refresh after it (the move drawn; for a move that opens the reveal in the table's place
   or a hand's summary over it, that drawn). Target: the 99th percentile drawn under 50 ms
   late (with fewer than 100 moves, the worst).

Run: ``.venv/bin/python benchmarks/bench_game_ui.py [--rounds N] [--moves N]
[--levels L,...] [--seed S] [--json]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, NamedTuple

from textual import events
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input

from trainer.cli.parser import parse
from trainer.rules.show import score_show
from trainer.ui.app import START_BACKGROUND_BY, MugginsApp
from trainer.ui.launch import build
from trainer.ui.screens.confirm import ConfirmScreen
from trainer.ui.screens.game_setup import GameSetupScreen
from trainer.ui.screens.home import HomeScreen
from trainer.ui.table.flow.reveal import GameReveal
from trainer.ui.table.messages import BotMoveShown
from trainer.ui.table.screen import TableScreen
from trainer.ui.table.summary import GameOverScreen, HandSummaryScreen

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script or loaded by a test
from bare_swap import Timing, bare_swaps, mark_now, since, terminal_output

TARGET_S: Final = 0.050
SIZE: Final = (80, 24)
LEVELS: Final = ("easy", "standard", "strong")
POLL_S: Final = 0.005


async def wait_until(test: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Let the app run until ``test`` holds (polled, without touching the app)."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:g} s for {what}")
        await asyncio.sleep(POLL_S)


def at_table(app: MugginsApp) -> TableScreen | None:
    """The table, when it is on top, its game started and the table (not a reveal) shown."""
    table = app.screen
    if not isinstance(table, TableScreen) or not table.seated or table.revealed is not None:
        return None
    return table


def yours(app: MugginsApp) -> TableScreen | None:
    """The table, when it waits for you (read from its runner, not from its widgets)."""
    table = at_table(app)
    if table is None:
        return None
    runner = table.runner
    asked = runner.asked
    if runner.busy or runner.bot is not None or asked is None or asked.seat != runner.human:
        return None
    return table


def computer_to_move(app: MugginsApp) -> TableScreen | None:
    """The table, while a computer's move is under way or waiting out its pause."""
    table = at_table(app)
    return table if table is not None and table.runner.bot is not None else None


def your_count(app: MugginsApp) -> TableScreen | None:
    """The table, when it asks for your count."""
    table = yours(app)
    asked = None if table is None else table.runner.asked
    return table if asked is not None and asked.kind == "count" else None


async def answer(pilot: Pilot[Any], table: TableScreen, text: str) -> None:
    """Type into the table's input (set directly: typing is not what is timed) and Enter."""
    table.query_one("#table-input", Input).value = text
    await pilot.press("enter")


def truth(table: TableScreen) -> int:
    """What the box being counted is worth."""
    state = table.runner.state
    seat, box = state.hand.to_show[0]
    cards = state.cards_of(seat, box)
    return score_show(cards, state.hand.dealt.starter, crib=box == "crib").total


async def your_move(pilot: Pilot[Any], table: TableScreen) -> None:
    """Your move, as keys: throw the lowest cards, lay the first card that fits, count
    right, accept the computer's count."""
    runner = table.runner
    state, asked = runner.state, runner.asked
    assert asked is not None
    held = runner.held()
    if asked.kind == "discard":
        low = sorted(range(len(held)), key=lambda i: (held[i].value, held[i].rank))
        await pilot.press(*[str(i + 1) for i in low[: state.rules.thrown]], "enter")
    elif asked.kind == "play":
        play = state.hand.table
        assert play is not None
        await pilot.press(str(held.index(play.playable(runner.human)[0]) + 1))
    elif asked.kind == "count":
        await answer(pilot, table, str(truth(table)))
    else:
        await answer(pilot, table, "a")


async def deal(pilot: Pilot[Any]) -> None:
    """From home, a new game: g, ctrl+d (y: give up the game saved by the last level's
    run, when the trainer asks), until the table has started its game."""
    app = pilot.app
    await pilot.press("g")
    await wait_until(lambda: isinstance(app.screen, GameSetupScreen), "the game's setup")
    await pilot.press("ctrl+d")
    await wait_until(
        lambda: isinstance(app.screen, TableScreen | ConfirmScreen), "the table or a question"
    )
    if isinstance(app.screen, ConfirmScreen):
        await pilot.press("y")
    await wait_until(
        lambda: isinstance(table := app.screen, TableScreen) and table.seated, "the table"
    )


async def step(pilot: Pilot[Any], *, skip: bool) -> None:
    """One thing a player does at the table now: close a reveal or a summary, go home from
    the game's end (and deal again), make their move; or, while the computer is to move,
    show its move at once (``skip``) or wait."""
    app = pilot.app
    assert isinstance(app, MugginsApp)
    screen = app.screen
    revealing = isinstance(screen, TableScreen) and screen.revealed is not None
    if revealing or isinstance(screen, HandSummaryScreen):
        await pilot.press("enter")
    elif isinstance(screen, GameOverScreen):
        await pilot.press("escape")
        await wait_until(lambda: isinstance(app.screen, HomeScreen), "home after the game")
        await deal(pilot)
    elif (table := yours(app)) is not None:
        await your_move(pilot, table)
    elif skip and computer_to_move(app) is not None:
        await pilot.press("space")
    await asyncio.sleep(POLL_S)


async def started(pilot: Pilot[Any]) -> None:
    """The app's start-up work (the history opened, the tables built) done, as in play."""
    await pilot.pause()
    await pilot.pause(START_BACKGROUND_BY + 0.2)
    await pilot.app.workers.wait_for_complete()


def app_in(home: Path, seed: int, level: str) -> MugginsApp:
    """The trainer as `muggins --seed S --data-dir HOME` builds it, its last game's choices
    (in HOME's settings.yaml) those of a standard game against ``level``."""
    (home / "settings.yaml").write_text(
        f"game:\n  variant: standard\n  level: {level}\n  claim: total\n", encoding="utf-8"
    )
    app, _ = build(parse(["--data-dir", str(home), "--seed", str(seed)]))
    return app


class Reveal(NamedTuple):
    """Seconds from Enter on your count to its reveal drawn, and the parts of it."""

    wall: float
    """The whole wait."""
    cpu: float
    """The process's CPU time over the whole wait (every thread: the computer's answer is
    decided and saved in a worker)."""
    handled: float
    """Enter reaching the app to the computer's turn to answer beginning (your count
    judged, saved and shown)."""
    answer: float
    """The answer's due time to its being on the table (the reveal filled and swapped in)."""
    reveal: float
    """The answer shown to the reveal's first refresh."""


async def reveal_latencies(rounds: int, seed: int) -> list[Reveal]:
    """Enter on your count to the reveal drawn, one fresh game a round."""
    marks: dict[str, tuple[float, float]] = {}
    answers: list[BotMoveShown] = []
    armed = False

    def hook(message: Message) -> None:
        if not armed:
            return
        # A key goes to the app first: its first dispatch is the Enter reaching the app.
        if isinstance(message, events.Key) and message.key == "enter":
            marks.setdefault("enter", mark_now())
        elif isinstance(message, BotMoveShown):
            answers.append(message)

    show = TableScreen._show_reveal

    def timed_show(self: TableScreen, reveal: GameReveal) -> None:
        show(self, reveal)
        self.call_after_refresh(lambda: marks.setdefault("drawn", mark_now()))

    TableScreen._show_reveal = timed_show  # type: ignore[method-assign]
    latencies: list[Reveal] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = app_in(Path(folder), seed, "standard")
            async with app.run_test(size=SIZE, message_hook=hook) as pilot:
                await started(pilot)
                for _ in range(rounds + 1):  # the first warms Textual's caches: not counted
                    await deal(pilot)
                    while (table := your_count(app)) is None:
                        await step(pilot, skip=True)
                    table.query_one("#table-input", Input).value = str(truth(table))
                    marks.clear()
                    answers.clear()
                    armed = True
                    await pilot.press("enter")
                    await wait_until(lambda: "drawn" in marks, "the reveal drawn")
                    armed = False
                    # The computer's answer is the one move shown (its pause is never cut).
                    answer = answers[-1]
                    enter, drawn = marks["enter"], marks["drawn"]
                    whole = since(enter, drawn)
                    latencies.append(
                        Reveal(
                            wall=whole.wall,
                            cpu=whole.cpu,
                            handled=answer.due - enter[0],
                            answer=answer.shown - answer.due,
                            reveal=drawn[0] - answer.shown,
                        )
                    )
                    await leave(pilot)
    finally:
        TableScreen._show_reveal = show  # type: ignore[method-assign]
    return latencies[1:]


async def leave(pilot: Pilot[Any]) -> None:
    """Close the reveal, play to your next turn and leave the game (saved) for home."""
    app = pilot.app
    assert isinstance(app, MugginsApp)
    await pilot.press("enter")
    while yours(app) is None:
        await step(pilot, skip=True)
    await pilot.press("escape")
    await wait_until(lambda: isinstance(app.screen, ConfirmScreen), "leave?")
    await pilot.press("y")
    await wait_until(lambda: isinstance(app.screen, HomeScreen), "home")


class Lateness(NamedTuple):
    """Seconds past its due time that one computer move was shown and drawn."""

    shown: float
    """On the table's widgets (the table's own clock, as it reports the move)."""
    drawn: float
    """In the frame after it (the first refresh of the screen then on top)."""
    opened: str
    """What the move opened: "" (nothing: the move on the table), "reveal" (your count's
    reveal, in the table's place), "summary" (a hand's summary, over the table)."""


async def pause_lateness(level: str, moves: int, seed: int) -> list[Lateness]:
    """How late ``moves`` computer moves of ``level`` came, no key pressed while they wait."""
    found: list[Lateness] = []
    app: MugginsApp | None = None

    def hook(message: Message) -> None:
        if not isinstance(message, BotMoveShown) or app is None:
            return
        shown, due = message.shown - message.due, message.due
        screen = app.screen
        opened = (
            "summary"
            if not isinstance(screen, TableScreen)
            else "reveal"
            if screen.revealed is not None
            else ""
        )

        def drawn() -> None:
            found.append(Lateness(shown, time.monotonic() - due, opened))

        app.call_after_refresh(drawn)

    with tempfile.TemporaryDirectory() as folder:
        app = app_in(Path(folder), seed, level)
        async with app.run_test(size=SIZE, message_hook=hook) as pilot:
            await started(pilot)
            await deal(pilot)
            while len(found) < moves:
                await step(pilot, skip=False)
    return found[:moves]


def p99(values: list[float]) -> float:
    """The 99th percentile (the worst of fewer than 100)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f} ms"


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median_s": statistics.median(values),
        "p99_s": p99(values),
        "worst_s": max(values),
        "earliest_s": min(values),
    }


def print_reveals(rounds: list[Reveal], bare: list[Timing], payload: dict[str, Any]) -> None:
    """The reveal's figures, its parts, and the bare app's swap beside them."""
    print(f"The game's show, Enter on your count to the reveal drawn, {len(rounds)} games:")
    payload["reveal"] = {"games": len(rounds)}
    for field, label in (
        ("wall", "the whole wait"),
        ("cpu", "  its CPU time (every thread)"),
        ("handled", "  your count to the answer's turn"),
        ("answer", "  the answer past its due"),
        ("reveal", "  the answer shown to the reveal drawn"),
    ):
        values = [getattr(r, field) for r in rounds]
        line = f"  {label:<38} median {ms(statistics.median(values))}, worst {ms(max(values))}"
        if field == "wall":
            verdict = "PASS" if statistics.median(values) < TARGET_S else "MISS"
            line += f"  [target median < 50 ms] {verdict}"
        print(line)
        payload["reveal"][field] = summary(values)
    wall = [t.wall for t in bare]
    print(
        f"  {'a bare Textual app, the same swap':<38} median {ms(statistics.median(wall))},"
        f" worst {ms(max(wall))} (CPU, median {ms(statistics.median(t.cpu for t in bare))})"
    )
    ratio = statistics.median(r.wall for r in rounds) / statistics.median(wall)
    print(f"  {'muggins / bare, medians':<38} {ratio:6.2f}x")
    payload["reveal"]["bare"] = summary(wall)
    payload["reveal"]["bare_cpu"] = summary([t.cpu for t in bare])
    payload["reveal"]["ratio"] = ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=15, help="fresh games timed to a reveal")
    parser.add_argument("--moves", type=int, default=60, help="computer moves timed a level")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels to time, a,b,…")
    parser.add_argument("--seed", type=int, default=5, help="the app's seed (muggins --seed)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    payload: dict[str, Any] = {}

    if args.rounds:
        with terminal_output():
            rounds = asyncio.run(reveal_latencies(args.rounds, args.seed))
            bare = asyncio.run(bare_swaps(args.rounds, rows=3))
        print_reveals(rounds, bare, payload)

    levels = [level for level in args.levels.split(",") if level]
    if levels and args.moves:
        print(f"\nA computer move appears within its pause (0.8 s), {args.moves} moves a level,")
        print("  how late (p99 = the worst under 100 moves): shown on the table; drawn")
        payload["pause"] = {}
    for level in levels if args.moves else []:
        with terminal_output():
            found = asyncio.run(pause_lateness(level, args.moves, args.seed))
        shown, drawn = [f.shown for f in found], [f.drawn for f in found]
        kinds = {k: [f.drawn for f in found if f.opened == k] for k in ("", "reveal", "summary")}
        verdict = "PASS" if p99(drawn) < TARGET_S else "MISS"
        print(
            f"  {level:<9} shown median {ms(statistics.median(shown))}, p99 {ms(p99(shown))};"
            f" drawn median {ms(statistics.median(drawn))}, p99 {ms(p99(drawn))}"
            f"  [target p99 < 50 ms] {verdict}"
        )
        parts = [
            f"{name} ({len(kinds[k])}): median {ms(statistics.median(kinds[k] or [0.0]))}"
            for k, name in (("", "on the table"), ("reveal", "a reveal"), ("summary", "a summary"))
        ]
        print(f"  {'':<9} drawn, " + "; ".join(parts))
        payload["pause"][level] = {
            "moves": len(found),
            "opening": sum(bool(f.opened) for f in found),
            "shown": summary(shown),
            "drawn": summary(drawn),
            "drawn_on_table": summary(kinds[""] or [0.0]),
            "drawn_reveal": summary(kinds["reveal"] or [0.0]),
            "drawn_summary": summary(kinds["summary"] or [0.0]),
        }
    if args.json:
        print(json.dumps(payload))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
