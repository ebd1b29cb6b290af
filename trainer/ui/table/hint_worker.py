"""The hint key at the table: the hint valued in a thread worker (the table never waits for
it), then said in the table's log, unless the game moved on meanwhile. What a hint says and
when one may be given is `trainer.ui.table.flow.hint`'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from trainer.ui.table.flow.hint import NO_HINT, HintAsk, hint_ask

if TYPE_CHECKING:
    from textual.screen import Screen

    from trainer.ui.table.flow.runner import TableRunner


class TableHints:
    """Gives the table's hints: ``say`` writes lines in the table's log."""

    def __init__(
        self, screen: Screen[None], runner: TableRunner, say: Callable[[Sequence[str]], None]
    ) -> None:
        self.screen = screen
        self.runner = runner
        self.say = say
        self.given: list[list[str]] = []
        """Every hint said at this table (for tests)."""
        self._asked: dict[str, int] | None = None

    def carry(self, asked: dict[str, int]) -> None:
        """Keep the hints asked in ``asked`` (by game, the step each was asked at; the desk's,
        so they outlive this table): one asked at this very step of this game before you
        left it (Escape, then c) marks your next decision here too."""
        self._asked = asked
        session = self.runner.session
        if asked.get(session.uid) == session.state.steps:
            self.runner.hinted = True

    def ask(self) -> None:
        """A hint, if one may be given now (marked on your next decision), else why not."""
        ask = hint_ask(self.runner)
        if ask is None:
            asked = self.runner.asked
            if asked is not None and asked.kind in ("count", "respond"):
                self.screen.notify(NO_HINT, severity="warning", timeout=4)
            return
        self.runner.hinted = True
        if self._asked is not None:
            self._asked[self.runner.session.uid] = ask.steps
        self.screen.run_worker(
            lambda: self._work(ask), thread=True, exclusive=True, group="hint", name="hint"
        )

    def _work(self, ask: HintAsk) -> None:
        try:
            lines = ask.lines()
        except (ValueError, KeyError) as err:
            lines = [f"No hint: {err}"]
        self.screen.app.call_from_thread(self._show, ask.steps, lines)

    def _show(self, steps: int, lines: list[str]) -> None:
        if self.runner.state.steps != steps:
            return  # you moved on before it came: it would no longer be right
        self.given.append(lines)
        self.say(lines)
