"""A discard drill's question: the dealt cards, pick the throw by number keys (or clicks),
Enter to throw; then, in the question's place, the reveal of every throw's value."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Label, Static

from trainer.judge.claims import ThrowAnswer
from trainer.quiz.questions import DiscardQuestion
from trainer.quiz.session import QuizSession
from trainer.rules.cards import Card
from trainer.ui.flow.drill_runner import Reveal
from trainer.ui.messages import Answered, DrillTimeUp, EndDrill, NextDeal
from trainer.ui.screens.question_parts import quiz_title
from trainer.ui.screens.quiz import REVEAL_OWN_KEYS
from trainer.ui.text import cards_markup
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.countdown import Countdown
from trainer.ui.widgets.discard_reveal_panel import DiscardRevealPanel
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.playing_card import PlayingCard


class DiscardScreen(Screen[None]):
    """One dealt hand of a discard drill. Posts `Answered` with the throw, or `EndDrill`;
    then shows its reveal in the question's place (`show_reveal`), where any key but its own
    posts `NextDeal`."""

    AUTO_FOCUS = ""
    """Nothing has the focus while you pick (the keys are the screen's); the reveal's list
    takes it when shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Not a priority binding: the number keys before it are handled first, in order (a
        # priority binding would run ahead of keys still queued for the screen).
        Binding("enter", "throw", "Throw"),
        # On the reveal its list has the focus, and its own Enter would take the key.
        Binding("enter", "next", "Next deal", priority=True),
        Binding("backspace", "clear", "Clear"),
        Binding("escape", "end_drill", "End drill"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(
        self,
        session: QuizSession,
        question: DiscardQuestion,
        *,
        plain: bool = False,
        reveal: Reveal | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.question = question
        self.plain = plain
        self.picked: list[Card] = []
        self.revealed: Reveal | None = None
        self._reveal_first = reveal
        self._quiz = Vertical(id="quiz-view")
        self._reveal = DiscardRevealPanel(question, plain=plain, id="reveal-view")
        self._reveal.display = False
        self._countdown = Countdown(id="countdown")
        self._table = CardTable(question.deal.dealt, plain=plain, id="table")
        self._picked_line = Static("", id="picked", classes="hint")
        self._done = False

    def compose(self) -> ComposeResult:
        q = self.question
        with self._quiz:
            yield Static(
                as_text(quiz_title(self.session.drill, self.session.questions, q)),
                id="quiz-title",
                classes="title",
            )
            yield self._countdown
            whose = "your crib" if q.deal.own_crib else "your opponent's crib"
            yield Label(
                f"Dealt · throw {q.thrown} to {whose}, keep {len(q.deal.dealt) - q.thrown}",
                id="what",
            )
            yield self._table
            yield self._picked_line
            yield Static(
                f"Pick {q.thrown} cards with their numbers (or click them), then Enter.",
                classes="hint",
            )
        yield self._reveal
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show_picked()
        self._tick()
        if self.session.drill.timed:
            self.set_interval(0.2, self._tick)
        if self._reveal_first is not None:  # a reveal without its question first
            self.show_reveal(self._reveal_first)

    def help_keys(self) -> list[tuple[str, str]]:
        if self.revealed is not None:
            return [("up / down", "show each throw's cards"), ("any other key", "next deal")]
        return [
            (f"1-{len(self.question.deal.dealt)}", "pick or unpick a card to throw"),
            ("backspace", "unpick them all"),
            ("enter", "throw the cards picked"),
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter throws on the question and deals the next on the reveal."""
        if action in ("throw", "clear"):
            return self.revealed is None
        if action == "next":
            return self.revealed is not None
        return True

    def action_next(self) -> None:
        self.post_message(NextDeal())

    # ------------------------------------------------------------ picking

    def on_key(self, event: Key) -> None:
        """Number keys pick cards; on the reveal, any key but its own goes to the next deal."""
        if self.revealed is not None:
            if event.key not in REVEAL_OWN_KEYS:
                event.stop()
                self.action_next()
            return
        dealt = self.question.deal.dealt
        if event.key.isdigit() and 1 <= int(event.key) <= len(dealt):
            event.stop()
            self._toggle(dealt[int(event.key) - 1])

    def on_playing_card_clicked(self, event: PlayingCard.Clicked) -> None:
        if self.revealed is None:
            self._toggle(event.card)

    def _toggle(self, card: Card) -> None:
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < self.question.thrown:
            self.picked.append(card)
        else:
            self.notify(f"You throw {self.question.thrown}: unpick one first", severity="warning")
            return
        self._show_picked()

    def _show_picked(self) -> None:
        self._table.show_selected(self.picked)
        chosen = cards_markup(self.picked, plain=self.plain) if self.picked else "nothing yet"
        self._picked_line.update(f"To the crib: {chosen}")

    def action_clear(self) -> None:
        self.picked = []
        self._show_picked()

    def action_throw(self) -> None:
        wanted = self.question.thrown
        if len(self.picked) != wanted:
            self.notify(f"Pick {wanted} cards to throw first", severity="warning")
            return
        self._submit(ThrowAnswer(tuple(self.picked)))

    def _submit(self, answer: ThrowAnswer | None, timed_out: bool = False) -> None:
        if self._done:
            return
        self._done = True
        self.post_message(Answered(answer, timed_out=timed_out))

    # ------------------------------------------------------------ the reveal in its place

    def show_reveal(self, step: Reveal, second_note: str = "") -> None:
        """Show the judged throw in the question's place (``second_note``: unused, a throw
        has no second try)."""
        self._done = True
        self.revealed = step
        self._reveal.show(step.attempt)
        self._quiz.display = False
        self._reveal.display = True
        self.refresh_bindings()

    def action_end_drill(self) -> None:
        if self.revealed is None and self.session.drill.timed:
            self.session.pause()  # the app asks first; "no" resumes the drill
        elif self.revealed is None:
            self._done = True
        self.post_message(EndDrill())

    # ------------------------------------------------------------ time

    def on_screen_suspend(self) -> None:
        if not self._done or (self.revealed is not None and self in self.app.screen_stack):
            self.session.pause()

    def on_screen_resume(self) -> None:
        self.session.resume()
        self._tick()

    def _tick(self) -> None:
        if self._done or self.app.screen is not self:
            return
        hand_left = self.session.hand_seconds_left()
        drill_left = self.session.drill_seconds_left()
        self._countdown.hand_left = hand_left
        self._countdown.drill_left = drill_left
        if drill_left is not None and drill_left <= 0:
            self._done = True
            self.post_message(DrillTimeUp())
        elif hand_left is not None and hand_left <= 0:
            self._submit(None, True)
