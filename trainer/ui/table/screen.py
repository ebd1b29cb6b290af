"""The table: a game against the computer, hand by hand, on the board.

The screen is layout and keys: `TableRunner` decides what each key means, what to ask and
what to show next, and the screen applies what it returns. A computer's move is taken in a
thread worker and shown when the runner says its pause is over (any key shows it at once);
your move is saved in one when the history was busy as you made it (`StepWorkers`).
A show's reveal takes the table's place on this same screen (a panel mounted with it,
swapped in); the end of a hand opens its summary over the table, the end of the game the
game's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key, Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static

from trainer.game.session import GameSession
from trainer.judge.claims import AnnounceClaim, TotalClaim
from trainer.quiz.attempt import SpokenTimes
from trainer.ui.count_aloud import HEARD_KEYS, CountAloud, CountsAloud, talk_bindings
from trainer.ui.speech_service import say_at_table
from trainer.ui.table.drawing import TableDrawing
from trainer.ui.table.fit import Fit, table_fit
from trainer.ui.table.flow.effects import (
    Asked,
    BotShown,
    BotTurn,
    Claims,
    Effect,
    LogBack,
    Notice,
    OpenGameOver,
    OpenReveal,
    Pegs,
    SaveYours,
    Say,
    ShowAt,
)
from trainer.ui.table.flow.entry import entry_title
from trainer.ui.table.flow.reveal import GameReveal
from trainer.ui.table.flow.runner import TableRunner
from trainer.ui.table.flow.said import asked_words
from trainer.ui.table.flow.undo import undo_last
from trainer.ui.table.flow.voice import count_said, show_to_count
from trainer.ui.table.flow.your_move import BOT_WAITS
from trainer.ui.table.hint_worker import TableHints
from trainer.ui.table.keys import REVEAL_KEYS, TABLE_KEYS
from trainer.ui.table.log import TableLog
from trainer.ui.table.messages import BotMoved, BotMoveShown, MoveFailed, StepWaits, YoursSaved
from trainer.ui.table.overlays import Overlay, confirm_leave, open_over
from trainer.ui.table.reveal_panel import GameRevealPanel
from trainer.ui.table.step_workers import StepWorkers
from trainer.ui.user_text import as_text
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.playing_card import PlayingCard

MOUNT_POLL = 0.01
"""Seconds between looks at whether the table's widgets are all mounted yet."""


class TableScreen(CountsAloud, Screen[None]):
    """One game at the table; Escape leaves it (saved, to resume from home)."""

    AUTO_FOCUS = ""
    """The keys are the screen's; the input has focus only while it asks for something."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close_reveal", "Back to the table", priority=True),
        Binding("escape", "leave", "Leave (saved)"),
        Binding("h", "hint", "Hint", show=False),  # in Help (TABLE_KEYS)
        Binding("u,ctrl+z", "undo", "Undo", show=False),
        Binding("f1", "app.help", "Help"),
        *talk_bindings(show=False),  # F2 in Help; the footer is full
    ]

    def __init__(
        self,
        session: GameSession,
        *,
        announce: bool = False,
        plain: bool = False,
        pause: float = 0.8,
        reveal_accepted: bool = True,
        clock: Callable[[], float] = time.monotonic,
        coach: bool = False,
    ) -> None:
        super().__init__()
        self.runner = TableRunner(
            session,
            announce=announce,
            plain=plain,
            pause=pause,
            reveal_accepted=reveal_accepted,
            clock=clock,
        )
        self.plain = plain
        self.coach = coach
        """The hand's summary says what the hand cost you (the coach's line)."""
        self.revealed: GameReveal | None = None
        """The reveal in the table's place (None: the table is shown)."""
        self._timer: Timer | None = None
        """Shows the computer's move waiting when its pause is over."""
        self.seated = False
        """The game has started at this table (every part of it mounted)."""
        # Every widget the screen updates is made here and kept: the screen never queries
        # for one, so nothing depends on when nested children finish mounting.
        rules = session.setup.rules
        self.drawing = TableDrawing(rules, plain=plain)
        self._log = TableLog(id="log")
        self._input = Input(id="table-input", restrict=r"[0-9a-zA-Z]*", max_length=8)
        self._input.display = False
        self.aloud = CountAloud(
            self, show=lambda: show_to_count(self.runner) if self.revealed is None else None,
            announcing=lambda: self.runner.announce, judge=self._said, typing="#table-input",
        )  # fmt: skip
        self._table = Vertical(id="table-view")
        self._too_small = Static("", id="table-too-small")
        self._too_small.display = False
        self.fit: Fit = Fit(True, True, "")
        """How the table fits the window (`trainer.ui.table.fit`)."""
        self._reveal_place = Vertical(id="reveal-place")
        self._reveal_place.display = False
        self._reveal = GameRevealPanel(
            slots=max(rules.kept, rules.crib_size), plain=plain, id="game-reveal"
        )
        self.hints = TableHints(self, self.runner, self._log.say)
        self.steps = StepWorkers(self, self.runner)

    @property
    def session(self) -> GameSession:
        return self.runner.session

    @property
    def human(self) -> int:
        return self.runner.human

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        d = self.drawing
        with self._table:
            yield d.title
            yield d.board
            with Horizontal(id="table-main"):
                with Vertical(id="table-left"):
                    yield d.seats
                    yield d.pile
                    yield d.middle
                    yield d.hand
                with Vertical(id="table-right"):
                    yield self._log
                    yield self._input
                    yield self.aloud.line
            yield d.prompt
        yield self._too_small
        with self._reveal_place:
            yield self._reveal
        yield KeysFooter()

    def help_keys(self) -> list[tuple[str, str]]:
        if self.revealed is not None:
            return REVEAL_KEYS
        return HEARD_KEYS if self.aloud.waiting else TABLE_KEYS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The reveal's keys while it is shown, the table's otherwise."""
        if action == "close_reveal":
            return self.revealed is not None
        if action in ("leave", "hint", "undo"):
            return self.revealed is None
        return self.aloud.allows(action)

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        self._sit_down()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)
        if self.seated:
            self.call_after_refresh(self._redraw)

    def _fit(self, width: int, height: int) -> None:
        """Lay the table out for this window: without the spare row where there is no room
        for it, and not at all (saying what size to make the window) where it cannot fit."""
        board = self.drawing.board
        self.fit = table_fit(lambda w: len(board.board_lines(w)), width, height)
        self.set_class(not self.fit.spare, "-tight")
        self._too_small.update(as_text(self.fit.says(self.session.setup.rules.name, width, height)))
        self._place()

    def _place(self) -> None:
        """Show the reveal, or the table, or (where the table does not fit) what to do."""
        revealed = self.revealed is not None
        shown = not revealed and self.fit.fits
        again = shown and not self._table.display
        self._reveal_place.display = revealed
        self._table.display = shown
        self._too_small.display = not revealed and not self.fit.fits
        if again:  # lines said while it was hidden: its end once it is laid out again
            self.call_after_refresh(self._log.scroll_end, animate=False)
            self.call_after_refresh(self._redraw)  # (the window may have changed meanwhile)

    def _redraw(self) -> None:
        if self.revealed is None and self.is_attached:
            self._draw()

    def _sit_down(self) -> None:
        """Start the game once every widget the table updates is mounted. Nested children
        can finish mounting after the screen does (on a busy machine, `NoMatches` from
        `on_mount` once): wait for them, polling, rather than assume they are there."""
        if self.seated or not self.is_attached:
            return  # started already, or the screen was closed while it mounted
        if not all(part.is_mounted for part in self._parts()):
            self.set_timer(MOUNT_POLL, self._sit_down)
            return
        self.seated = True
        self.apply(self.runner.opening())

    def _parts(self) -> tuple[Widget, ...]:
        d = self.drawing
        table = (d.title, d.board, d.seats, d.pile, d.middle, d.hand)
        return (*table, self._log, self._input, d.prompt, self._reveal)

    # ------------------------------------------------------------ applying the runner's effects

    def apply(self, effects: Sequence[Effect]) -> None:
        """Do what the runner says, in order, then draw the table once."""
        self.steps.release()  # the frame held for the move this applies (`StepWorkers.bot`)
        shown: BotShown | None = None
        bot: BotTurn | None = None
        for effect in effects:
            if isinstance(effect, Say):
                self._log.say(effect.lines)
            elif isinstance(effect, Pegs):
                self.drawing.board.set_scores(effect.scores, effect.before)
            elif isinstance(effect, Notice):
                self.notify(effect.text, severity=effect.severity, timeout=effect.timeout)
            elif isinstance(effect, Asked):
                self._asked()
            elif isinstance(effect, Claims):
                if self.runner.draft is not None:
                    self._log.show_claims(self.runner.draft, plain=self.plain)
            elif isinstance(effect, LogBack):
                self._log.show_log()
            elif isinstance(effect, BotTurn):
                bot = effect  # started once the table is drawn
            elif isinstance(effect, SaveYours):
                self.steps.yours()
            elif isinstance(effect, ShowAt):
                self._stop_timer()
                self._timer = self.set_timer(effect.delay, self._show_bot_move)
            elif isinstance(effect, BotShown):
                self._stop_timer()  # a key showed the move first: its timer must not show
                shown = effect  # the next one early; reported once the move is drawn
            else:
                self._open(effect)
        if self.revealed is None and not (bot is not None and bot.at_once):
            self._draw()  # (a move shown at once, opening its reveal, draws the table then)
        if bot is not None:
            self.steps.bot(at_once=bot.at_once)
        if shown is not None:
            self.post_message(BotMoveShown(shown.due, time.monotonic(), shown.skipped))

    def _open(self, effect: OpenReveal | Overlay) -> None:
        """Open what goes over the table (or in its place), or leave the table."""
        if isinstance(effect, OpenReveal):
            self._show_reveal(effect.reveal)
            return
        if isinstance(effect, OpenGameOver):  # its last line, under the summary
            self._log.scroll_end(animate=False, immediate=True)
        open_over(self, effect, self.runner, self.apply, coach=self.coach, plain=self.plain)

    def _asked(self) -> None:
        """A new question: the field cleared, and focused if it is shown."""
        box, entry, r = self._input, self.runner.entry, self.runner
        box.value, box.display, box.placeholder = "", entry is not None, entry or ""
        box.border_title = entry_title(r.state, r.asked, r.names) if entry else ""
        say_at_table(self.app, asked_words(r))
        if entry is not None:  # the box takes rows from the log: its last line kept in sight
            box.focus()
            self.call_after_refresh(self._log.scroll_end, animate=False, immediate=True)
        else:
            self.set_focus(None)

    # ------------------------------------------------------------ drawing

    def _draw(self) -> None:
        """Draw the state as it is now (`TableDrawing`); the input hides when not asked for."""
        self.drawing.draw(self.runner)
        if self.runner.entry is None and self._input.display:
            self._input.display = False
            self.set_focus(None)

    @property
    def log_lines(self) -> list[str]:
        """Everything the log said in this sitting."""
        return self._log.said

    # ------------------------------------------------------------ the reveal in the table's place

    def _show_reveal(self, reveal: GameReveal) -> None:
        self.revealed = reveal
        self._input.display = False
        self._reveal.show(reveal)
        self._place()
        self.refresh_bindings()

    def action_close_reveal(self) -> None:
        """Back to the table: the next reveal or summary, or the game goes on."""
        self.revealed = None
        self._place()
        self.set_focus(None)
        self.refresh_bindings()
        self.apply(self.runner.closed())

    # ------------------------------------------------------------ the computer's moves

    @on(BotMoved)
    def _bot_moved(self, event: BotMoved) -> None:
        self.apply(self.runner.bot_moved(event.move))

    def _show_bot_move(self) -> None:
        self._timer = None
        self.apply(self.runner.show_bot_move())

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    @on(MoveFailed)
    def _move_failed(self, event: MoveFailed) -> None:
        failed = self.runner.save_failed if event.yours else self.runner.bot_failed
        self.apply(failed(event.error))

    @on(YoursSaved)
    def _yours_saved(self) -> None:
        self.apply(self.runner.yours_saved())

    @on(StepWaits)
    def _step_waits(self) -> None:
        self.notify(BOT_WAITS, severity="warning", timeout=10)

    # ------------------------------------------------------------ your input

    def on_key(self, event: Key) -> None:
        if self.revealed is not None or not self.fit.fits or self.aloud.waiting:
            return  # (a table that does not fit, or a count heard, takes only the screen's)
        effects = self.runner.key(event.key)
        if effects is not None:
            event.stop()
            self.apply(effects)

    def on_playing_card_clicked(self, event: PlayingCard.Clicked) -> None:
        """A click picks a card as its number key does (the runner says which)."""
        effects = self.runner.clicked(event.card)
        if effects is not None:
            self.apply(effects)

    def _said(self, claim: TotalClaim | AnnounceClaim, times: SpokenTimes) -> None:
        """Your count said aloud (and confirmed), claimed as the game's count."""
        self.apply(count_said(self.runner, claim, times))

    @on(Input.Submitted, "#table-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.apply(self.runner.typed(event.value))

    def action_hint(self) -> None:
        self.hints.ask()

    def action_undo(self) -> None:
        """Take back your last decision (a game on its own only)."""
        self.apply(undo_last(self.runner))

    @on(Input.Changed, "#table-input")
    def _typing(self, event: Input.Changed) -> None:
        """An answer complete in one key (a: accept) is taken without Enter."""
        effects = self.runner.typing(event.value)
        if effects is not None:
            event.stop()
            self.apply(effects)

    def action_leave(self) -> None:
        """Leave the table; the game is saved at every step (a move still waiting for the
        busy store is lost, and the question says so)."""
        confirm_leave(self, waiting=self.runner.saving is not None)
