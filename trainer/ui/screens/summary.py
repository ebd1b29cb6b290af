"""The end of a drill: how many, how exact, how fast, what muggins took."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from trainer.drills.model import DrillSet
from trainer.quiz.attempt import Summary
from trainer.ui.messages import GoHome, RepeatDrill


class SummaryScreen(Screen[None]):
    """The numbers of the drill just finished, with the previous best to beat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "repeat", "Repeat drill"),
        Binding("h,escape", "home", "Home"),
        Binding("f1,question_mark", "app.help", "Help"),
    ]

    def __init__(
        self, drill: DrillSet, summary: Summary, *, previous_best: int | None = None
    ) -> None:
        super().__init__()
        self.drill = drill
        self.summary = summary
        self.previous_best = previous_best

    def compose(self) -> ComposeResult:
        s = self.summary
        yield Static(f"{self.drill.name}: done", id="summary-title", classes="title")
        rows = [
            ("Hands", f"{s.hands}"),
            ("Exact claims", f"{s.exact}"),
            ("Accuracy", f"{s.accuracy:.0%}" if s.hands else "-"),
            ("Mean time", f"{s.mean_seconds:.1f} s a hand" if s.hands else "-"),
            ("Points mugged", f"{s.points_mugged}"),
            ("Best streak", f"{s.best_streak}"),
        ]
        if s.timed_out:
            rows.append(("Timed out", f"{s.timed_out}"))
        if self.previous_best is not None:
            label = "Previous best blitz" if self.drill.blitz else "Previous best streak"
            rows.append((label, f"{self.previous_best}"))
        text = "\n".join(f"  {name:<22}{value}" for name, value in rows)
        yield Static(text, id="summary-table")
        yield Static(self._verdict(), id="summary-note")
        yield Footer()

    def _verdict(self) -> str:
        s = self.summary
        if not s.hands:
            return "No hands answered. Press r to try again."
        best = s.exact if self.drill.blitz else s.best_streak
        if self.previous_best is not None and best > self.previous_best:
            return "A new best! Press r to go again, h for home."
        if s.exact == s.hands:
            return "Every count exact. Press r to go again, h for home."
        return "Press r to repeat the drill, h for home."

    def action_repeat(self) -> None:
        self.post_message(RepeatDrill())

    def action_home(self) -> None:
        self.post_message(GoHome())
