"""The reveal: your claim against the truth, every combination in spoken order, the cost."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from trainer.cards import Card
from trainer.pegging import PlayScore
from trainer.session import Attempt, Question
from trainer.ui.messages import EndDrill, NextDeal
from trainer.ui.text import MISSED_MARK, RIGHT_MARK, cards_markup, item_line, spoken, wrong_line
from trainer.ui.widgets.card_table import CardTable


class RevealScreen(Screen[None]):
    """Shows one judged attempt. Up/Down move through the items, highlighting their cards;
    any other key goes on to the next deal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next deal", priority=True),
        Binding("escape", "end_drill", "End drill"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(
        self,
        attempt: Attempt,
        question: Question,
        *,
        rarity: str = "",
        plain: bool = False,
        announce_key: str = "s",
    ) -> None:
        super().__init__()
        self.attempt = attempt
        self.question = question
        self.rarity = rarity
        self.plain = plain
        self.announce_key = announce_key
        self.rows: list[tuple[str, tuple[Card, ...]]] = []
        # The key is the player's choice (Settings), so it is bound here, not in BINDINGS.
        self._bindings.bind(announce_key, "announce", "Spoken count")

    def compose(self) -> ComposeResult:
        a = self.attempt
        yield Static(self._headline(), id="verdict", classes=f"verdict -{a.outcome}")
        yield Static(self._detail(), id="verdict-detail")
        q = self.question
        if q.play is not None:
            yield CardTable(
                (*q.play.before, q.play.card), numbered=False, plain=self.plain, id="table"
            )
        else:
            assert q.deal is not None
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

    def _headline(self) -> str:
        a = self.attempt
        if a.kind == "catch":
            assert a.opponent_claim is not None
            truth = a.opponent_claim.actual
            head = (
                f"They said {a.opponent_claim.claimed}; the hand is {truth}. You: {a.answer_text}."
            )
        elif a.kind == "play":
            head = (
                f"You said {a.claimed if not a.timed_out else 'nothing'}; the card pegs {a.actual}."
            )
        else:
            if a.timed_out:
                said = "nothing (time)"
            elif a.verdict is not None and a.verdict.right + a.verdict.missed + a.verdict.wrong:
                n = len(a.verdict.right) + len(a.verdict.wrong)
                said = f"{a.claimed} in {n} combination{'s' if n != 1 else ''}"
            else:
                said = a.answer_text
            head = f"You claimed {said}; the {'crib' if a.crib else 'hand'} is {a.actual}."
        mark = {"exact": "Exact!", "under": "Under.", "over": "Over.", "mixed": "Not quite."}
        return f"[b]{mark[a.outcome]}[/b]  {head}"

    def _detail(self) -> str:
        a = self.attempt
        if a.verdict is not None:
            return a.verdict.summary()
        if a.call is not None:
            return a.call.summary()
        if a.kind == "catch":
            assert a.opponent_claim is not None
            o = a.opponent_claim
            if a.outcome == "exact":
                return "Right. " + o.description
            return o.description + (
                f" Your opponent pegs {a.opponent} they did not earn." if a.opponent else ""
            )
        if a.kind == "play":
            return "Pegging is scored as it is laid: muggins never applies to the play."
        return ""

    def _footer_text(self) -> str:
        parts = []
        if self.rarity:
            parts.append(self.rarity + ".")
        parts.append(
            f"↑↓ show each combination's cards · {self.announce_key}: the count aloud · "
            "any other key: next deal"
        )
        return "  ".join(parts)

    def _options(self) -> list[Option]:
        options: list[Option] = []
        q = self.question
        if q.play is not None:
            for p in q.play.items:
                name = p.kind.replace("_", "-")
                cards = cards_markup(p.cards, plain=self.plain, width=30)
                options.append(Option(f"{name:<10} {cards} {p.points:>2}"))
                self.rows.append((name, p.cards))
            if not options:
                options.append(Option("the card pegs nothing", disabled=True))
            return options
        assert q.breakdown is not None
        verdict = self.attempt.verdict
        right = set(verdict.right) if verdict is not None else set()
        missed = set(verdict.missed) if verdict is not None else set()
        itemised = verdict is not None and (bool(verdict.right) or bool(verdict.missed))
        running = 0
        runs_seen: set[int] = set()
        for item in q.breakdown.items:
            running += item.points
            said = spoken(item.kind, len(item.cards), running, runs_seen)
            mark = ""
            if itemised:
                mark = RIGHT_MARK if item in right else MISSED_MARK
            line = item_line(item, said, mark=mark, missed=item in missed, plain=self.plain)
            options.append(Option(line))
            self.rows.append((item.kind, item.cards))
        if verdict is not None:
            for wrong, reason in zip(verdict.wrong, verdict.wrong_reasons, strict=False):
                options.append(Option(wrong_line(wrong, reason, plain=self.plain)))
                self.rows.append((wrong.kind, wrong.ordered_cards))
        if not options:
            options.append(Option("nothing scores: nineteen", disabled=True))
        return options

    # ------------------------------------------------------------ interaction

    @on(OptionList.OptionHighlighted, "#items")
    def _show_cards(self, event: OptionList.OptionHighlighted) -> None:
        index = event.option_index
        cards = self.rows[index][1] if 0 <= index < len(self.rows) else ()
        self.query_one("#table", CardTable).show_highlight(cards)

    def on_key(self, event: Key) -> None:
        if event.key in (
            "up",
            "down",
            "home",
            "end",
            "pageup",
            "pagedown",
            "escape",
            "f1",
            "ctrl+p",
            "ctrl+q",
            "tab",
            "shift+tab",
            self.announce_key,
        ):
            return
        event.stop()
        self.action_next()

    def _spoken_count(self) -> str:
        """The whole count as said aloud (or, for the play, what the card pegs)."""
        q = self.question
        if q.play is not None:
            laid = (*q.play.before, q.play.card)
            return f"{q.play.count}: {PlayScore(laid, q.play.count, q.play.items).describe()}"
        assert q.breakdown is not None
        return q.breakdown.announce()

    def action_announce(self) -> None:
        """Show or hide the spoken count."""
        spoken = self.query_one("#spoken", Static)
        spoken.display = not spoken.display

    def action_next(self) -> None:
        self.post_message(NextDeal())

    def action_end_drill(self) -> None:
        self.post_message(EndDrill())
