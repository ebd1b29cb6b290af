"""The baseline of the reveal benchmarks: a bare Textual app doing the same swap as a reveal.

Two containers are mounted at start, a question (a title, a row of five cards drawn as
bordered Statics, a hint, an input with the focus) and a reveal hidden beside it (a title,
a row of cards, a few lines, an option list, a note). Enter in the input fills the reveal
(its texts and ``rows`` options) and swaps the two by their display, the list taking the
focus; Enter on the reveal swaps back, untimed. It is timed as the trainer's reveals are:
from the Enter key reaching the app (its first dispatch, seen through
``run_test(message_hook=...)``) to the first refresh after the swap, in wall and CPU time.
No Muggins code is used: it is what Textual alone costs for the swap on this machine, in
the same run as the trainer is measured.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from rich.console import RenderableType
from textual import events
from textual._compositor import CompositorUpdate
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

SIZE = (80, 24)
CSS = """
Screen { padding: 0 1; }
#reveal { display: none; }
.card { width: 7; height: 4; border: round $foreground 60%; margin-right: 1; }
.row { height: 4; margin-bottom: 1; }
#items { height: 1fr; border: round $foreground 30%; }
"""


class Timing(NamedTuple):
    """Seconds from Enter to the swap drawn: wall clock and the process's CPU."""

    wall: float
    cpu: float


def cards(prefix: str) -> ComposeResult:
    with Horizontal(classes="row"):
        for n in range(5):
            yield Static(f"{n + 1}♠\n {n + 1}♠", id=f"{prefix}-{n}", classes="card")


class BareSwap(App[None]):
    """A question and its reveal, swapped by Enter (see the module's docstring)."""

    CSS = CSS

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows
        self.round = 0
        self.marks: dict[str, tuple[float, float]] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Static("A drill · 1 of 10 · muggins: acc", id="title")
            yield from cards("q")
            yield Static("Your count, then Enter", id="hint")
            yield Input(id="claim")
        with Vertical(id="reveal"):
            yield Static("", id="verdict")
            yield from cards("r")
            yield Static("", id="lines")
            yield OptionList(id="items")
            yield Static("", id="notes")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#claim", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.round += 1
        n = self.round
        self.query_one("#verdict", Static).update(f"Round {n}: under by 2, you claimed {n}.")
        self.query_one("#lines", Static).update(f"Muggins: they take 2.\nYou peg {n}.")
        items = self.query_one("#items", OptionList)
        items.clear_options()
        rows = [Option(f"fifteen  5♥ K♠  {2 * i + 2:>2}  round {n}") for i in range(self.rows)]
        items.add_options(rows)
        self.query_one("#notes", Static).update(f"1 hand in {n + 2} scores this or more.")
        self.query_one("#question").display = False
        self.query_one("#reveal").display = True
        items.focus()
        items.highlighted = 0
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        self.marks["drawn"] = mark_now()

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter" and self.query_one("#reveal").display:
            event.stop()
            self.query_one("#reveal").display = False
            self.query_one("#question").display = True
            self.query_one("#claim", Input).focus()


async def bare_swaps(rounds: int, rows: int = 3) -> list[Timing]:
    """Enter to the swap drawn in the bare app, ``rounds`` times."""
    app = BareSwap(rows)
    armed = False

    def hook(message: Message) -> None:
        if armed and isinstance(message, events.Key) and message.key == "enter":
            app.marks.setdefault("enter", mark_now())

    found: list[Timing] = []
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        await pilot.pause()
        for _ in range(rounds + 1):  # the first swap warms Textual's caches: not counted
            app.query_one("#claim", Input).value = "12"
            app.marks.clear()
            armed = True
            await pilot.press("enter")
            while "drawn" not in app.marks:
                await pilot.pause(0.002)
            armed = False
            found.append(since(app.marks["enter"], app.marks["drawn"]))
            await pilot.press("enter")
            await pilot.pause()
    return found[1:]


@contextmanager
def terminal_output() -> Iterator[None]:
    """While inside, a headless app turns each frame into what a terminal would be sent, as
    `App._display` does in a terminal and skips headless, so that the timings count that
    step (its text goes nowhere): the trainer and the bare app alike."""
    display = App._display

    def rendered(self: App[Any], screen: Any, renderable: RenderableType | None) -> None:
        if renderable is not None and self.is_headless and not self._batch_count:
            console = self.console
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(console)
            else:
                console._render_buffer(console.render(renderable))
        display(self, screen, renderable)

    App._display = rendered  # type: ignore[method-assign]
    try:
        yield
    finally:
        App._display = display  # type: ignore[method-assign]


def mark_now() -> tuple[float, float]:
    """The wall clock (`time.monotonic`, as the table's own reports) and the process's CPU."""
    return time.monotonic(), time.process_time()


def since(start: tuple[float, float], end: tuple[float, float]) -> Timing:
    """The wall and CPU seconds from one mark to the other."""
    return Timing(end[0] - start[0], end[1] - start[1])
