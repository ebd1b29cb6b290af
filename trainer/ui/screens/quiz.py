"""The quiz: the cards on the table, the clock, and your claim; then, in their place on the
same screen, the reveal of your answer. A count announced combination by combination takes
its keys from `AnnounceKeys`: number keys (or a click) pick cards, letters claim the picked
cards as a kind, Backspace takes back the last claim, Enter ends the count."""

from __future__ import annotations

from string import ascii_lowercase, digits
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from trainer.judge.claims import (
    Answer,
    ClaimError,
    TotalClaim,
    parse_catch_answer,
    parse_total_claim,
)
from trainer.judge.verdict import nineteen_is_zero
from trainer.quiz.attempt import SpokenTimes as Times
from trainer.quiz.heels import heels_prompt
from trainer.quiz.questions import CatchQuestion, CountQuestion, PlayQuestion, ShowQuestion
from trainer.quiz.session import QuizSession
from trainer.rules.show import Breakdown
from trainer.speech.said import hand_words, judged_words
from trainer.ui.count_aloud import HEARD_KEYS, CountAloud, CountsAloud, talk_bindings
from trainer.ui.flow.claim_draft import AnnounceDraft
from trainer.ui.flow.drill_runner import Reveal
from trainer.ui.messages import Answered, CountAgain, DrillTimeUp, EndDrill, NextDeal, SecondTry
from trainer.ui.screens.announce_keys import AnnounceKeys
from trainer.ui.screens.question_parts import announce_parts, catch_parts, play_parts, quiz_title
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.countdown import Countdown
from trainer.ui.widgets.drill_reveal_panel import DrillRevealPanel
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.playing_card import PlayingCard

SPOKEN_KEYS = ascii_lowercase + digits
"""Every key the player may choose (in Settings) to show the spoken count on the reveal."""

REVEAL_OWN_KEYS = frozenset(
    ("up", "down", "home", "end", "pageup", "pagedown", "escape", "f1", "ctrl+p", "ctrl+q", "tab")
) | {"shift+tab"}
"""Keys that do their own thing on the reveal; any other goes on to the next deal."""
SAY_AGAIN_HELP = ("f3", "say again what the trainer said last (it speaks: Settings)")
TALK_HELP = ("f2", "say the count aloud instead (F2 again ends it; needs the voice extra)")
"""Help's line for push-to-talk, where a hand's or crib's count is asked."""


class QuizScreen(CountsAloud, Screen[None]):
    """One question of a drill. Posts `Answered` with the player's answer, or `EndDrill`;
    then shows its reveal in the question's place (`show_reveal`), where any key but its own
    posts `NextDeal`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next deal", priority=True),
        Binding("escape", "end_drill", "End drill"),
        Binding("f1", "app.help", "Help"),
        *talk_bindings(show=True),
        # The spoken-count key is the player's choice: each candidate is bound, and
        # `check_action` keeps only the chosen one (on the reveal).
        *(Binding(k, f"announce('{k}')", "Spoken count") for k in SPOKEN_KEYS),
    ]

    def __init__(
        self,
        session: QuizSession,
        question: CountQuestion,
        *,
        plain: bool = False,
        spoken_key: str = "s",
        reveal: Reveal | None = None,
        second_note: str = "",
    ) -> None:
        super().__init__()
        self.session = session
        self.question = question
        self.plain = plain
        self.spoken_key = spoken_key
        self.revealed: Reveal | None = None
        """The reveal shown in the question's place (None: the question is shown)."""
        self._reveal_first = (reveal, second_note) if reveal is not None else None
        self._quiz = Vertical(id="quiz-view")
        self._reveal = DrillRevealPanel(question, plain=plain, id="reveal-view")
        self._reveal.display = False
        # What on_mount and the clock touch is kept, not queried (nested in the quiz's view).
        self._title_line = Static(
            as_text(quiz_title(session.drill, session.questions, question)),
            id="quiz-title",
            classes="title",
        )
        self._countdown = Countdown(id="countdown")
        self.draft = (
            AnnounceDraft((), None)
            if isinstance(question, PlayQuestion)
            else AnnounceDraft(question.deal.hand, question.deal.starter)
        )
        self._announce = AnnounceKeys(self, self.draft, self._submit, plain=plain)
        self.aloud = CountAloud(
            self, show=lambda: None if self._done or self._retrying else self._show(),
            announcing=lambda: self.announcing, judge=self._said, typing="#claim",
        )  # fmt: skip
        self._done = False
        self._retrying = False

    # ------------------------------------------------------------ layout

    @property
    def announcing(self) -> bool:
        """The player claims each combination (an announce drill's show)."""
        return self.session.drill.claim == "announce" and not isinstance(
            self.question, PlayQuestion | CatchQuestion
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The reveal's keys while it is shown (the spoken count's the chosen one)."""
        if action == "next":
            return self.revealed is not None
        if action == "announce":
            return self.revealed is not None and parameters == (self.spoken_key,)
        return self.aloud.allows(action)

    def help_keys(self) -> list[tuple[str, str]]:
        speech = getattr(self.app, "speech", None)
        again = [SAY_AGAIN_HELP] if speech is not None and speech.on else []
        return [*self._help_keys(), *again]

    def _help_keys(self) -> list[tuple[str, str]]:
        if self.revealed is not None:
            return [("up / down", "show each combination's cards"), ("any other key", "next deal")]
        if self.aloud.waiting:
            return HEARD_KEYS
        if isinstance(self.question, CatchQuestion):
            return [
                ("a / t / a number then enter", "accept, too many (at once), muggins for that many")
            ]
        aloud = [] if self._show() is None else [TALK_HELP]
        if self.announcing:
            return [
                (f"1-{self._card_count()}", "pick or unpick a card"),
                ("f p r l n", "claim the picked cards as fifteen, pair, run, flush, nobs"),
                ("p / r", "a pair royal or four of a kind / a double, triple... run"),
                ("backspace", "take back the last claim"),
                ("enter", "end the count"),
                *aloud,
            ]
        return [("enter", "submit your answer"), *aloud]

    def compose(self) -> ComposeResult:
        with self._quiz:
            yield from self._compose_question()
            yield self.aloud.line
        yield self._reveal
        yield KeysFooter()

    def _compose_question(self) -> ComposeResult:
        q = self.question
        drill = self.session.drill
        yield self._title_line
        yield self._countdown
        if isinstance(q, PlayQuestion):
            yield from play_parts(q, plain=self.plain)
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
                yield from catch_parts(q)
            elif drill.claim == "announce":
                yield from announce_parts(self._card_count())
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

    def on_mount(self) -> None:
        self._title_line.border_subtitle = ""
        for box in self._quiz.query("#claim").results(Input):
            box.focus()
        self._tick()
        if self.session.drill.timed:
            self.set_interval(0.2, self._tick)
        if self._reveal_first is not None:  # a reveal without its question first
            self.show_reveal(*self._reveal_first)
        elif isinstance(self.question, ShowQuestion):
            deal = self.question.deal
            self._speak(hand_words(deal.hand, deal.starter, crib=deal.crib))

    # ------------------------------------------------------------ the reveal in its place

    def show_reveal(self, step: Reveal, second_note: str = "") -> None:
        """Show the judged answer in the question's place: one swap, nothing mounted."""
        self._done = True
        self.revealed = step
        self.aloud.drop()
        second_note = " ".join(n for n in (self.aloud.note(), second_note) if n)
        self._reveal.show(
            step.attempt, rarity=step.rarity, second_note=second_note, spoken_key=self.spoken_key
        )
        self._quiz.display = False
        self._reveal.display = True
        self.refresh_bindings()
        shown = self.question.breakdown if isinstance(self.question, ShowQuestion) else None
        self._speak(judged_words(step.attempt.judgement, shown))

    def _speak(self, text: str) -> None:
        """Say ``text`` when the trainer speaks (Settings)."""
        speech = getattr(self.app, "speech", None)
        if speech is not None:
            speech.say(text)

    def action_next(self) -> None:
        self.post_message(NextDeal())

    def action_announce(self, key: str) -> None:
        """Show or hide the spoken count."""
        self._reveal.toggle_spoken()

    def _show(self) -> Breakdown | None:
        """The show being counted (None: a card laid, or an opponent's count to answer)."""
        q = self.question
        return None if isinstance(q, PlayQuestion | CatchQuestion) else q.breakdown

    def _said(self, claim: Answer, times: Times) -> None:
        self._submit(claim, spoken=times)

    # ------------------------------------------------------------ time

    def on_screen_suspend(self) -> None:
        """A screen over the quiz (help, stats, the palette, a question): the clocks stop;
        over the reveal, a blitz's clock too (not when the next deal replaces it)."""
        if not self._done or (self.revealed is not None and self in self.app.screen_stack):
            self.session.pause()

    def on_screen_resume(self) -> None:
        """Back on the quiz: the clocks go on from where they stopped."""
        self.session.resume()
        self._tick()

    def _tick(self) -> None:
        if self._done or self._retrying or self.app.screen is not self:
            return
        countdown = self._countdown
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

    def _submit(self, answer: Answer, timed_out: bool = False, spoken: Times | None = None) -> None:
        if self._done:
            return
        self._done = True
        self.post_message(Answered(answer, timed_out=timed_out, spoken=spoken))

    def on_count_again(self, event: CountAgain) -> None:
        """A wrong total in a drill with second tries: say so and take another count."""
        self._retrying = True
        box = self.query_one("#claim", Input)
        box.value = ""
        box.placeholder = "Count again, then Enter"
        self.query_one("#retry", Static).update(event.prompt)
        self.query_one("#retry", Static).display = True
        box.focus()

    @on(Input.Changed, "#claim")
    def _claim_typed(self, event: Input.Changed) -> None:
        """A reply to a count complete in one key (a: accept, t: too many) is taken without
        Enter, as at the table; a number waits for Enter (it may have a second digit)."""
        one_key = event.value.strip().lower() in ("a", "t")
        if one_key and isinstance(self.question, CatchQuestion) and not self._retrying:
            event.stop()
            self._submit(parse_catch_answer(event.value))

    @on(Input.Submitted, "#claim")
    def _claim_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if self._retrying:
            self._retry_submitted(text)
            return
        try:
            if isinstance(self.question, CatchQuestion):
                self._submit(parse_catch_answer(text, len(self.question.deal.hand)))
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
        """Announce drills: number keys pick cards, letters claim, Backspace undoes. On the
        reveal, any key but its own goes on to the next deal."""
        if self.revealed is not None:
            if event.key not in REVEAL_OWN_KEYS and event.key != self.spoken_key:
                event.stop()
                self.action_next()
            return
        if self.announcing and not self.aloud.waiting and self._announce.key(event.key):
            event.stop()

    def on_playing_card_clicked(self, event: PlayingCard.Clicked) -> None:
        """Announce drills: a click picks or unpicks a card, as its number key does."""
        if self.announcing:
            self._announce.toggle(event.card)

    def action_end_drill(self) -> None:
        if self.revealed is not None:
            self.post_message(EndDrill())
            return
        if self.session.drill.timed:
            self.session.pause()  # the app asks first; "no" resumes the quiz
        else:
            self._done = True
        self.post_message(EndDrill())
