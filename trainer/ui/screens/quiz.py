"""The quiz: the cards on the table, the clock, and your claim."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from trainer.cards import Card, format_cards
from trainer.muggins import (
    AnnounceClaim,
    ClaimedItem,
    ClaimError,
    TotalClaim,
    parse_total_claim,
)
from trainer.scoring import Kind, number_word
from trainer.session import Answer, CatchAnswer, Question, QuizSession
from trainer.ui.messages import Answered, DrillTimeUp, EndDrill
from trainer.ui.text import cards_markup, spoken
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.countdown import Countdown
from trainer.ui.widgets.playing_card import PlayingCard

KIND_KEYS: dict[str, Kind] = {"f": "fifteen", "p": "pair", "r": "run", "l": "flush", "n": "nobs"}
"""Keys that claim the selected cards as a combination (announce drills)."""


class QuizScreen(Screen[None]):
    """One question of a drill. Posts `Answered` with the player's answer, or `EndDrill`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "end_drill", "End drill"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, session: QuizSession, question: Question, *, plain: bool = False) -> None:
        super().__init__()
        self.session = session
        self.question = question
        self.plain = plain
        self.claims: list[ClaimedItem] = []
        self.picked: list[Card] = []
        self._done = False

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        q = self.question
        drill = self.session.drill
        yield Static(self._title(), id="quiz-title", classes="title")
        yield Countdown(id="countdown")
        if q.play is not None:
            yield from self._compose_play()
        else:
            assert q.deal is not None
            what = "Crib" if q.deal.crib else "Hand"
            yield Label(
                f"{what} · {drill.hand_size if not q.deal.crib else 4} cards and the starter",
                id="what",
            )
            yield CardTable(
                q.deal.hand,
                q.deal.starter,
                numbered=drill.claim == "announce",
                plain=self.plain,
                id="table",
            )
            if q.opponent is not None:
                yield from self._compose_catch()
            elif drill.claim == "announce":
                yield from self._compose_announce()
            else:
                yield Input(
                    placeholder="Your count, then Enter",
                    restrict=r"[0-9a-zA-Z]*",
                    max_length=8,
                    id="claim",
                )
                if drill.nineteen:
                    yield Static("Nothing to count? Type 0 or 19 (nineteen).", classes="hint")
        yield Footer()

    def _title(self) -> str:
        drill = self.session.drill
        if drill.blitz:
            count = f"Hand {self.question.number}"
        else:
            total = drill.hands if self.session.questions is None else len(self.session.questions)
            count = f"{self.question.number} of {total}"
        return f"{drill.name}  ·  {count}  ·  {drill.variant}  ·  muggins: {drill.muggins}"

    def _compose_play(self) -> ComposeResult:
        p = self.question.play
        assert p is not None
        before_count = p.count - p.card.value
        yield Label(
            f"The play · count {before_count} before your card"
            if p.before
            else "The play · you lead a new count",
            id="what",
        )
        with Horizontal(id="play-row"):
            if p.before:
                yield CardTable(p.before, numbered=False, plain=self.plain, id="pile")
            yield Label(" then you lay ", classes="gap-text")
            yield CardTable((p.card,), numbered=False, plain=self.plain, id="table")
        notes = [f"Count now: {p.count}."]
        notes.append(
            f"Your cards left: {format_cards(p.remaining)}."
            if p.remaining
            else "You have no cards left."
        )
        if p.last_card:
            notes.append("This is the last card of the play.")
        elif p.opponent_go:
            notes.append("Your opponent says go.")
        yield Static(" ".join(notes), id="play-notes")
        yield Input(
            placeholder="Points this card pegs, then Enter",
            restrict=r"[0-9]*",
            max_length=2,
            id="claim",
        )

    def _compose_catch(self) -> ComposeResult:
        o = self.question.opponent
        assert o is not None
        yield Static(
            f'Your opponent counts their hand: [b]"That\'s {number_word(o.claimed)}."[/b]',
            id="opponent",
        )
        yield Static(
            "[b]a[/b] accept   ·   [b]t[/b] too many   ·   muggins: type the points they "
            "missed and Enter",
            classes="hint",
        )
        yield Input(
            placeholder="Muggins for ... (Enter)", restrict=r"[0-9atAT]*", max_length=2, id="claim"
        )

    def _compose_announce(self) -> ComposeResult:
        yield Static(
            "Pick cards with [b]1[/b]-[b]6[/b], then the kind: [b]f[/b]ifteen  [b]p[/b]air  "
            "[b]r[/b]un  f[b]l[/b]ush  [b]n[/b]obs.  [b]Backspace[/b] undoes, "
            "[b]Enter[/b] ends the count.",
            classes="hint",
        )
        with Vertical(id="claims"):
            yield Static("(nothing claimed yet)", id="claim-list")

    def on_mount(self) -> None:
        self.query_one("#quiz-title").border_subtitle = ""
        if self.query("#claim"):
            self.query_one("#claim", Input).focus()
        self._tick()
        if self.session.drill.timed:
            self.set_interval(0.2, self._tick)

    # ------------------------------------------------------------ time

    def _tick(self) -> None:
        if self._done:
            return
        countdown = self.query_one(Countdown)
        hand_left = self.session.hand_seconds_left()
        drill_left = self.session.drill_seconds_left()
        countdown.hand_left = hand_left
        countdown.drill_left = drill_left
        if drill_left is not None and drill_left <= 0:
            self._done = True
            self.post_message(DrillTimeUp())
        elif hand_left is not None and hand_left <= 0:
            self._submit(None)

    # ------------------------------------------------------------ answering

    def _submit(self, answer: Answer) -> None:
        if self._done:
            return
        self._done = True
        self.post_message(Answered(answer))

    @on(Input.Submitted, "#claim")
    def _claim_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        drill = self.session.drill
        try:
            if self.question.opponent is not None:
                self._catch_text(text)
                return
            if not text:
                raise ClaimError("type a count first (0 if the hand scores nothing)")
            points = parse_total_claim(text, nineteen=drill.nineteen)
        except ClaimError as err:
            self.notify(str(err), severity="warning", timeout=4)
            return
        self._submit(TotalClaim(points))

    def _catch_text(self, text: str) -> None:
        lowered = text.lower()
        if lowered in ("", "a"):
            if text == "":
                raise ClaimError("type a to accept, t for too many, or the points they missed")
            self._submit(CatchAnswer())
        elif lowered == "t":
            self._submit(CatchAnswer(too_many=True))
        else:
            points = parse_total_claim(text, nineteen=False)
            if points < 1:
                raise ClaimError("muggins is called for at least 1 point; a to accept")
            self._submit(CatchAnswer(call=points))

    def on_key(self, event: Key) -> None:
        """Announce drills: number keys pick cards, letters claim, Backspace undoes."""
        if self.question.opponent is not None:
            return
        if self.session.drill.claim != "announce" or self.question.deal is None:
            return
        key = event.key
        cards = self.query_one("#table", CardTable).all_cards
        if key.isdigit() and 1 <= int(key) <= len(cards):
            self._toggle(cards[int(key) - 1])
        elif key in KIND_KEYS:
            self._claim_kind(KIND_KEYS[key])
        elif key == "backspace" and self.claims:
            self.claims.pop()
            self._show_claims()
        elif key == "enter":
            self._submit(AnnounceClaim(tuple(self.claims)))
        else:
            return
        event.stop()

    def on_playing_card_clicked(self, event: PlayingCard.Clicked) -> None:
        """Announce drills: a click picks or unpicks a card, as its number key does."""
        if self.session.drill.claim == "announce" and self.question.opponent is None:
            self._toggle(event.card)

    def _toggle(self, card: Card) -> None:
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)
        self.query_one("#table", CardTable).show_selected(self.picked)

    def _claim_kind(self, kind: Kind) -> None:
        if not self.picked:
            self.notify("pick the cards of the combination first (1-6)", severity="warning")
            return
        try:
            item = ClaimedItem(kind, self.picked)
        except ClaimError as err:
            self.notify(str(err), severity="warning")
            return
        self.claims.append(item)
        self.picked = []
        self.query_one("#table", CardTable).show_selected([])
        self._show_claims()

    def _show_claims(self) -> None:
        running = 0
        runs_seen: set[int] = set()
        lines = []
        for item in self.claims:
            running += item.value
            cards = cards_markup(item.ordered_cards, plain=self.plain, width=18)
            said = spoken(item.kind, len(item.cards), running, runs_seen)
            lines.append(f"{item.kind:<8} {cards} {item.value:>2}  {said}")
        self.query_one("#claim-list", Static).update(
            "\n".join(lines) if lines else "(nothing claimed yet)"
        )

    def action_end_drill(self) -> None:
        self._done = True
        self.post_message(EndDrill())
