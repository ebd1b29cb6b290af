"""The quiz: the cards on the table, the clock, and your claim."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from trainer.coach.practice import aimed_at
from trainer.judge.claims import (
    Answer,
    ClaimError,
    TotalClaim,
    parse_catch_answer,
    parse_total_claim,
)
from trainer.judge.verdict import nineteen_is_zero
from trainer.quiz.heels import heels_prompt
from trainer.quiz.questions import CatchQuestion, PlayQuestion, Question
from trainer.quiz.session import QuizSession
from trainer.rules.cards import Card, format_cards
from trainer.rules.combos import Kind
from trainer.ui.flow.claim_draft import KIND_KEYS, AnnounceDraft
from trainer.ui.messages import Answered, CountAgain, DrillTimeUp, EndDrill, SecondTry
from trainer.ui.text import claim_lines
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.countdown import Countdown
from trainer.ui.widgets.playing_card import PlayingCard


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
        self.draft = (
            AnnounceDraft((), None)
            if isinstance(question, PlayQuestion)
            else AnnounceDraft(question.deal.hand, question.deal.starter)
        )
        self._done = False
        self._asked_empty = False
        self._retrying = False

    # ------------------------------------------------------------ layout

    @property
    def announcing(self) -> bool:
        """The player claims each combination (an announce drill's show)."""
        return self.session.drill.claim == "announce" and not isinstance(
            self.question, PlayQuestion | CatchQuestion
        )

    def help_keys(self) -> list[tuple[str, str]]:
        if self.announcing:
            return [
                (f"1-{self._card_count()}", "pick or unpick a card"),
                ("f p r l n", "claim the picked cards as fifteen, pair, run, flush, nobs"),
                ("p / r", "a pair royal or four of a kind / a double, triple... run"),
                ("backspace", "take back the last claim"),
                ("enter", "end the count"),
            ]
        if isinstance(self.question, CatchQuestion):
            return [("a / t / a number, enter", "accept, too many, or muggins for that many")]
        return [("enter", "submit your answer")]

    def compose(self) -> ComposeResult:
        q = self.question
        drill = self.session.drill
        yield Static(as_text(self._title()), id="quiz-title", classes="title")
        yield Countdown(id="countdown")
        if isinstance(q, PlayQuestion):
            yield from self._compose_play(q)
        else:
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
            if prompt := heels_prompt(drill, q):
                yield Static(prompt, id="heels", classes="hint")
            if isinstance(q, CatchQuestion):
                yield from self._compose_catch(q)
            elif drill.claim == "announce":
                yield from self._compose_announce()
            else:
                yield Input(
                    placeholder="Your count, then Enter",
                    restrict=r"[0-9a-zA-Z]*",
                    max_length=8,
                    id="claim",
                )
                if self._nineteen():
                    yield Static("Nothing to count? Type 0 or 19 (nineteen).", classes="hint")
                yield Static("", id="retry", classes="retry")
        yield Footer()

    def _title(self) -> str:
        drill = self.session.drill
        if drill.blitz:
            count = f"Hand {self.question.number}"
        else:
            total = drill.hands if self.session.questions is None else len(self.session.questions)
            count = f"{self.question.number} of {total}"
        name = drill.name if (aim := aimed_at(drill)) is None else f"{drill.name}: {aim}"
        title = f"{name}  ·  {count}  ·  {drill.variant}"
        if isinstance(self.question, PlayQuestion):
            return title  # muggins never applies to pegging
        return f"{title}  ·  muggins: {drill.muggins}"

    def _compose_play(self, q: PlayQuestion) -> ComposeResult:
        p = q.play
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

    def _compose_catch(self, q: CatchQuestion) -> ComposeResult:
        yield Static(
            f'Your opponent counts their {q.breakdown.what}: [b]"{q.opponent.spoken()}"[/b]',
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

    def _card_count(self) -> int:
        """How many cards are on the table to pick from (hand or crib, and the starter)."""
        q = self.question
        return 0 if isinstance(q, PlayQuestion) else len(q.deal.hand) + 1

    def _nineteen(self) -> bool:
        """Whether "nineteen" may be said for nothing: the drill allows it and the hand
        cannot score 19 (a 3- or 4-card hand, a crib)."""
        q = self.question
        if isinstance(q, PlayQuestion) or not self.session.drill.nineteen:
            return False
        return nineteen_is_zero(q.breakdown)

    def _compose_announce(self) -> ComposeResult:
        yield Static(
            f"Pick cards with [b]1[/b]-[b]{self._card_count()}[/b], then the kind: "
            "[b]f[/b]ifteen  [b]p[/b]air (royal)  [b]r[/b]un (double...)  f[b]l[/b]ush  "
            "[b]n[/b]obs.  [b]Backspace[/b] undoes, [b]Enter[/b] ends the count.",
            classes="hint",
        )
        with VerticalScroll(id="claims"):
            yield Static("(nothing claimed yet)", id="claim-list")

    def on_mount(self) -> None:
        self.query_one("#quiz-title").border_subtitle = ""
        if self.query("#claim"):
            self.query_one("#claim", Input).focus()
        self._tick()
        if self.session.drill.timed:
            self.set_interval(0.2, self._tick)

    # ------------------------------------------------------------ time

    def on_screen_suspend(self) -> None:
        """A screen over the quiz (help, stats, the palette, a question): the clocks stop."""
        if not self._done:
            self.session.pause()

    def on_screen_resume(self) -> None:
        """Back on the quiz: the clocks go on from where they stopped."""
        self.session.resume()
        self._tick()

    def _tick(self) -> None:
        if self._done or self._retrying or self.app.screen is not self:
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
            self._submit(self.draft.answer() if self.announcing else None, True)

    # ------------------------------------------------------------ answering

    def _submit(self, answer: Answer, timed_out: bool = False) -> None:
        if self._done:
            return
        self._done = True
        self.post_message(Answered(answer, timed_out=timed_out))

    def on_count_again(self, event: CountAgain) -> None:
        """A wrong total in a drill with second tries: say so and take another count."""
        self._retrying = True
        box = self.query_one("#claim", Input)
        box.value = ""
        box.placeholder = "Count again, then Enter"
        self.query_one("#retry", Static).update(event.prompt)
        self.query_one("#retry", Static).display = True
        box.focus()

    @on(Input.Submitted, "#claim")
    def _claim_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if self._retrying:
            self._retry_submitted(text)
            return
        try:
            if isinstance(self.question, CatchQuestion):
                self._submit(parse_catch_answer(text))
                return
            if not text:
                raise ClaimError("type a count first (0 if the hand scores nothing)")
            q = self.question
            size = None if isinstance(q, PlayQuestion) else len(q.deal.hand)
            points = parse_total_claim(text, nineteen=self._nineteen(), hand_size=size)
        except ClaimError as err:
            self.notify(str(err), severity="warning", timeout=4)
            return
        self._submit(TotalClaim(points))

    def _retry_submitted(self, text: str) -> None:
        q = self.question
        size = None if isinstance(q, PlayQuestion) else len(q.deal.hand)
        try:
            points = (
                None
                if not text
                else parse_total_claim(text, nineteen=self._nineteen(), hand_size=size)
            )
        except ClaimError as err:
            self.notify(str(err), severity="warning", timeout=4)
            return
        self._retrying = False
        self._done = True
        self.post_message(SecondTry(None if points is None else TotalClaim(points)))

    def on_key(self, event: Key) -> None:
        """Announce drills: number keys pick cards, letters claim, Backspace undoes."""
        if not self.announcing:
            return
        key = event.key
        cards = self.query_one("#table", CardTable).all_cards
        if key.isdigit() and 1 <= int(key) <= len(cards):
            self._toggle(cards[int(key) - 1])
        elif key in KIND_KEYS:
            self._claim_kind(KIND_KEYS[key])
        elif key == "backspace" and self.draft.undo():
            self._show_claims()
        elif key == "enter":
            self._end_count()
        else:
            return
        event.stop()

    def on_playing_card_clicked(self, event: PlayingCard.Clicked) -> None:
        """Announce drills: a click picks or unpicks a card, as its number key does."""
        if self.announcing:
            self._toggle(event.card)

    def _toggle(self, card: Card) -> None:
        self.draft.toggle(card)
        self.query_one("#table", CardTable).show_selected(self.draft.picked)

    def _claim_kind(self, kind: Kind) -> None:
        problem = self.draft.claim(kind)
        if problem is not None:
            self.notify(problem, severity="warning")
            return
        self.query_one("#table", CardTable).show_selected([])
        self._show_claims()

    def _end_count(self) -> None:
        """Judge the announcement; with nothing claimed, ask once first."""
        if not self.draft.claims and not self._asked_empty:
            self._asked_empty = True
            self.notify(
                "Nothing claimed. Press Enter again to claim nothing (nineteen), "
                "or pick cards and claim them.",
                severity="warning",
                timeout=6,
            )
            return
        self._submit(self.draft.answer())

    def _show_claims(self) -> None:
        lines = claim_lines(self.draft.claims, plain=self.plain)
        self.query_one("#claim-list", Static).update(
            "\n".join(lines) if lines else "(nothing claimed yet)"
        )
        box = self.query_one("#claims", VerticalScroll)
        box.border_title = f"{len(lines)} claimed · {self.draft.total}"
        box.call_after_refresh(box.scroll_end, animate=False)

    def action_end_drill(self) -> None:
        if self.session.drill.timed:
            self.session.pause()  # the app asks first; "no" resumes the quiz
        else:
            self._done = True
        self.post_message(EndDrill())
