"""The end of a drill: how many, how exact, how fast, what muggins took, the hands missed."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from trainer.drills.model import DrillSet
from trainer.quiz.attempt import Attempt, Summary
from trainer.ui.messages import GoHome, RepeatDrill
from trainer.ui.text import cards_markup
from trainer.ui.user_text import as_text, fill
from trainer.ui.widgets.footer import KeysFooter


class SummaryScreen(Screen[None]):
    """The numbers of the drill just finished, with the previous best to beat, and each
    hand answered wrong (what you said, the truth); ``m`` re-drills exactly those."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "repeat", "Repeat drill"),
        Binding("m", "redrill_missed", "Re-drill missed"),
        Binding("h,escape", "home", "Home"),
        Binding("f1,question_mark", "app.help", "Help"),
    ]

    def __init__(
        self,
        drill: DrillSet,
        summary: Summary,
        *,
        previous_best: int | None = None,
        plain: bool = False,
    ) -> None:
        super().__init__()
        self.drill = drill
        self.summary = summary
        self.previous_best = previous_best
        self.plain = plain

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.summary.missed) if action == "redrill_missed" else True

    def compose(self) -> ComposeResult:
        s = self.summary
        end = "time is up" if s.time_up else "done"
        yield Static(as_text(f"{self.drill.name}: {end}"), id="summary-title", classes="title")
        text = "\n".join(f"  {name:<22}{value}" for name, value in self._rows())
        yield Static(text, id="summary-table")
        if s.missed:
            with VerticalScroll(id="summary-missed-box"):
                yield Static(self._missed_text(), id="summary-missed")
        yield Static(self._verdict(), id="summary-note")
        yield KeysFooter()

    def _rows(self) -> list[tuple[str, str]]:
        s, d = self.summary, self.drill
        rows = [("Hands", f"{s.hands}")]
        if d.blitz:
            limit = f" in {d.total_seconds:g} s" if d.total_seconds is not None else ""
            rows.append(("Blitz score", f"{s.exact} exact{limit}"))
        exact = {"catch": "Right answers", "discard": "Best throws"}.get(d.kind, "Exact claims")
        rows += [
            (exact, f"{s.exact}"),
            ("Accuracy", f"{s.accuracy:.0%}" if s.hands else "-"),
            ("Mean time", f"{s.mean_seconds:.1f} s a hand" if s.hands else "-"),
        ]
        if d.kind == "catch":
            rows += [
                ("Points you mugged", f"{s.points_kept}"),
                ("Points let slip", f"{s.points_missed}"),
                ("Points given away", f"{s.points_mugged}"),
            ]
        elif d.kind == "discard":
            rows += [
                ("Points lost", f"{s.points_lost:.2f}"),
                ("Lost a hand", f"{s.points_lost / s.hands:.2f}" if s.hands else "-"),
            ]
        elif d.kind != "play":  # muggins never applies to the play
            rows.append(("Points mugged", f"{s.points_mugged}"))
        rows.append(("Best streak", f"{s.best_streak}"))
        if s.timed_out:
            rows.append(("Timed out", f"{s.timed_out}"))
        if self.previous_best is not None:
            label = "Previous best blitz" if d.blitz else "Previous best streak"
            rows.append((label, f"{self.previous_best}"))
        return rows

    def _missed_text(self) -> Content:
        lines = [Content.from_markup(f"[b]Missed ({len(self.summary.missed)})[/b]")]
        lines += [self._missed_line(a) for a in self.summary.missed]
        return Content("\n").join(lines)

    def _missed_line(self, a: Attempt) -> Content:
        what = {
            "hand": "Hand",
            "crib": "Crib",
            "play": "Play",
            "catch": "Catch",
            "discard": "Throw",
        }[a.kind]
        cards = cards_markup(a.cards, plain=self.plain)
        if a.starter is not None:
            cards += " | " + cards_markup((a.starter,), plain=self.plain)
        said = "you $said; $truth" if a.kind == "discard" else "you said $said; $truth"
        return Content.from_markup(f"  {a.number:>2}. {what:<5} {cards}   ") + fill(
            said, said=a.answer_text, truth=a.truth_text
        )

    def _verdict(self) -> str:
        s = self.summary
        if not s.hands:
            return "No hands answered. Press r to try again."
        best = s.exact if self.drill.blitz else s.best_streak
        again = "Press m to re-drill the hands you missed, r to repeat the drill, h for home."
        if self.previous_best is not None and best > self.previous_best:
            return "A new best! " + (again if s.missed else "Press r to go again, h for home.")
        if s.exact == s.hands and self.drill.kind == "discard":
            return "Every throw the best. Press r to go again, h for home."
        if s.exact == s.hands:
            return "Every count exact. Press r to go again, h for home."
        return again

    def action_repeat(self) -> None:
        self.post_message(RepeatDrill())

    def action_redrill_missed(self) -> None:
        self.post_message(RepeatDrill(missed_only=True))

    def action_home(self) -> None:
        self.post_message(GoHome())
