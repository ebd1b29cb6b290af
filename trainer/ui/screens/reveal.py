"""The reveal: your claim against the truth, every combination in spoken order, the cost."""

from __future__ import annotations

from string import ascii_lowercase, digits
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from trainer.judge.verdict import Verdict
from trainer.quiz.attempt import Attempt
from trainer.quiz.heels import heels_note
from trainer.quiz.questions import PlayQuestion
from trainer.quiz.session import QuizSession
from trainer.rules.cards import Card
from trainer.ui.count_rows import count_rows
from trainer.ui.messages import EndDrill, NextDeal
from trainer.ui.text import cards_markup, wrong_line
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable

_ANNOUNCE_KEYS = ascii_lowercase + digits
"""Every key the player may choose (in Settings) to show the spoken count."""

_KEEP_KEYS = frozenset(
    ("up", "down", "home", "end", "pageup", "pagedown", "escape", "f1", "ctrl+p", "ctrl+q", "tab")
) | {"shift+tab"}
"""Keys that do their own thing on the reveal; any other goes on to the next deal."""


class RevealScreen(Screen[None]):
    """Shows one judged attempt. Up/Down move through the items, highlighting their cards;
    any other key goes on to the next deal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next deal", priority=True),
        Binding("escape", "end_drill", "End drill"),
        Binding("f1", "app.help", "Help"),
        # The spoken-count key is the player's choice: each candidate is bound, and
        # `check_action` keeps only the chosen one.
        *(Binding(k, f"announce('{k}')", "Spoken count") for k in _ANNOUNCE_KEYS),
    ]

    def __init__(
        self,
        attempt: Attempt,
        *,
        rarity: str = "",
        plain: bool = False,
        announce_key: str = "s",
        second_note: str = "",
        session: QuizSession | None = None,
    ) -> None:
        super().__init__()
        self.attempt = attempt
        self.second_note = second_note
        """How a second try went ("" when there was none)."""
        self.session = session
        self.rarity = rarity
        self.plain = plain
        self.announce_key = announce_key
        self.rows: list[tuple[Card, ...]] = []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "announce":
            return parameters == (self.announce_key,)
        return True

    def help_keys(self) -> list[tuple[str, str]]:
        return [("up / down", "show each combination's cards"), ("any other key", "next deal")]

    def compose(self) -> ComposeResult:
        a = self.attempt
        yield Static(as_text(a.judgement.summary()), id="verdict", classes=f"verdict -{a.outcome}")
        notes = self._difference_notes()
        if notes:
            yield Static(as_text(notes), id="difference")
        q = a.question
        if isinstance(q, PlayQuestion):
            yield CardTable(q.play.laid, numbered=False, plain=self.plain, id="table")
        else:
            yield CardTable(
                q.deal.hand, q.deal.starter, numbered=False, plain=self.plain, id="table"
            )
        yield OptionList(*self._options(), id="items")
        yield Static(self._spoken_count(), id="spoken")
        yield Static(self._footer_text(), id="reveal-notes")
        yield Footer()

    def on_mount(self) -> None:
        items = self.query_one("#items", OptionList)
        items.focus()
        if self.rows:
            items.highlighted = 0

    # ------------------------------------------------------------ text

    def _difference_notes(self) -> str:
        """For a wrong total: where the difference may lie, and how a second try went."""
        verdict = self.attempt.judgement
        if not isinstance(verdict, Verdict):
            return ""
        return " ".join(p for p in (verdict.difference(), self.second_note) if p)

    def _footer_text(self) -> str:
        a = self.attempt
        parts = [note] if (note := heels_note(a.question, a.judgement)) else []
        parts += [self.rarity + "."] if self.rarity else []
        parts.append(
            f"↑↓ show each combination's cards · {self.announce_key}: the count aloud · "
            "any other key: next deal"
        )
        return "  ".join(parts)

    def _options(self) -> list[Option]:
        q = self.attempt.question
        options: list[Option] = []
        if isinstance(q, PlayQuestion):
            for p in q.play.items:
                name = p.kind.replace("_", "-")
                cards = cards_markup(p.cards, plain=self.plain, width=30)
                options.append(Option(f"{name:<10} {cards} {p.points:>2}"))
                self.rows.append(p.cards)
            return options or [Option("the card pegs nothing", disabled=True)]
        verdict = self.attempt.judgement
        shown = verdict if isinstance(verdict, Verdict) and verdict.itemised else None
        missed = set(shown.missed) if shown is not None else set()
        for line, shown_cards in count_rows(
            q.breakdown, None if shown is None else missed.__contains__, plain=self.plain
        ):
            options.append(Option(line))
            self.rows.append(shown_cards)
        if isinstance(verdict, Verdict):
            for wrong, reason in zip(verdict.wrong, verdict.wrong_reasons, strict=True):
                wrong_text = wrong_line(
                    wrong.kind, wrong.ordered_cards, wrong.value, reason, plain=self.plain
                )
                options.append(Option(wrong_text))
                self.rows.append(wrong.ordered_cards)
        return options or [Option("nothing scores: nineteen", disabled=True)]

    def _spoken_count(self) -> str:
        """The whole count as said aloud (or, for the play, what the card pegs)."""
        q = self.attempt.question
        if isinstance(q, PlayQuestion):
            return f"{q.play.count}: {q.play.score.describe()}"
        return q.breakdown.announce()

    # ------------------------------------------------------------ interaction

    def on_screen_suspend(self) -> None:
        """Help, stats or the palette over the reveal: a blitz's clock stops too (not when
        the reveal is replaced by the next deal)."""
        if self.session is not None and self in self.app.screen_stack:
            self.session.pause()

    def on_screen_resume(self) -> None:
        if self.session is not None:
            self.session.resume()

    @on(OptionList.OptionHighlighted, "#items")
    def _show_cards(self, event: OptionList.OptionHighlighted) -> None:
        index = event.option_index
        cards = self.rows[index] if 0 <= index < len(self.rows) else ()
        self.query_one("#table", CardTable).show_highlight(cards)

    def on_key(self, event: Key) -> None:
        if event.key in _KEEP_KEYS or event.key == self.announce_key:
            return
        event.stop()
        self.action_next()

    def action_announce(self, key: str) -> None:
        """Show or hide the spoken count."""
        spoken = self.query_one("#spoken", Static)
        spoken.display = not spoken.display

    def action_next(self) -> None:
        self.post_message(NextDeal())

    def action_end_drill(self) -> None:
        self.post_message(EndDrill())
