"""The table: a game against the computer, hand by hand, on the board.

The screen drives a `GameSession`: it asks you when the game waits for you, and
lets each bot move in a thread worker, showing the move when its pause is over
(any key shows it at once). Every step is saved by the session before it is
shown, so a killed trainer loses at most the step on screen. Your counts and
your answers to a bot's count open the show's reveal over the table; the end of
a hand opens its summary, the end of the game the game's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import ClassVar, Final

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Static

from trainer.game.events import Event, Shown
from trainer.game.narrate import Narrator
from trainer.game.session import GameSession
from trainer.game.state import Action, Count, Discard, GameError, GameState, Lay, SayGo
from trainer.judge.claims import ClaimError
from trainer.rules.cards import Card
from trainer.ui.claim_draft import KIND_KEYS, AnnounceDraft
from trainer.ui.game_start import side_names
from trainer.ui.messages import GoHome
from trainer.ui.table_input import typed_action
from trainer.ui.table_view import pile_line, prompt_line, seats_line, title_line
from trainer.ui.widgets.board import CribbageBoard
from trainer.ui.widgets.card_table import CardTable
from trainer.ui.widgets.playing_card import PlayingCard
from trainer.ui.widgets.table_log import TableLog

PILE_SHOWN: Final = 5
"""The play's last cards drawn as cards (the line above lists every card since the reset)."""
OWN_KEYS: Final = frozenset({"escape", "f1", "ctrl+p", "ctrl+q", "tab", "shift+tab"})
"""Keys that keep their meaning while a bot's move is waiting (any other shows it)."""


class BotMoved(Message):
    """A bot's step, taken and saved in a worker: shown when its pause is over."""

    def __init__(self, before: GameState, action: Action, events: list[Event]) -> None:
        super().__init__()
        self.before = before
        self.action = action
        self.events = events


class BotMoveShown(Message):
    """A bot's move has just been shown: when it was due (its turn began, its worker
    started, plus the pause) and when it was shown, by `time.monotonic`; ``skipped`` if a
    key cut the pause short. Nothing handles it: it lets a test or a benchmark see the
    pause kept (``run_test(message_hook=...)``) without reaching inside the screen
    (benchmarks/bench_game_ui.py)."""

    bubble = False

    def __init__(self, due: float, shown: float, skipped: bool) -> None:
        super().__init__()
        self.due = due
        self.shown = shown
        self.skipped = skipped


class MoveFailed(Message):
    """A step could not be taken or saved (the store's message names the file)."""

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


class TableScreen(Screen[None]):
    """One game at the table; Escape leaves it (saved, to resume from home)."""

    AUTO_FOCUS = ""
    """The keys are the screen's; the input has focus only while it asks for something."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave (saved)"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(
        self,
        session: GameSession,
        *,
        announce: bool = False,
        plain: bool = False,
        pause: float = 0.8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.session = session
        self.announce = announce
        self.plain = plain
        self.pause = pause
        self.clock = clock
        s = session.setup
        self.human = s.human if s.human is not None else 0
        self.names = s.names
        self.narrator = Narrator(s.rules, s.names, self.human, plain=plain)
        self.picked: list[Card] = []
        self.draft: AnnounceDraft | None = None
        self.laying: Card | None = None
        """The card picked to lay, waiting for what you say it pegs (peg your own play)."""
        self._asked_at = clock()
        """When the game began to wait for you (how long your count took is recorded)."""
        self._waiting: BotMoved | None = None
        self._due = 0.0
        """When the bot's move waiting may be shown (its pause over)."""
        self._skip = False
        self._thinking = False
        self._timer: Timer | None = None
        self._busy = False
        """A reveal or summary is over the table: nothing moves until it is closed."""
        self._overlays: list[Callable[[], None]] = []
        """Screens to open over the table, in order, once the one open is closed."""

    # ------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        rules = self.session.setup.rules
        yield Static("", id="table-title", classes="title")
        yield CribbageBoard.for_variant(
            rules, side_names(rules.players, bool(rules.teams)), plain=self.plain, id="board"
        )
        with Horizontal(id="table-main"):
            with Vertical(id="table-left"):
                yield Static("", id="seats")
                yield Static("", id="pile")
                yield CardTable(
                    (), slots=max(rules.kept, PILE_SHOWN), plain=self.plain, id="middle-cards"
                )
                yield CardTable((), slots=rules.dealt, plain=self.plain, id="hand-cards")
            with Vertical(id="table-right"):
                yield TableLog(id="log")
                yield Input(id="table-input", restrict=r"[0-9a-zA-Z]*", max_length=8)
        yield Static("", id="table-prompt")
        yield Footer()

    def help_keys(self) -> list[tuple[str, str]]:
        return [
            ("1-6", "pick a card to throw, or lay it"),
            ("enter", "throw the picked cards; submit a count or an answer"),
            ("f p r l n", "announce the picked cards (counting combination by combination)"),
            ("a / t / a number", "accept a count, too many, muggins for that many"),
            ("any key", "show the computer's move now"),
            ("escape", "leave the game (it is saved)"),
        ]

    def on_mount(self) -> None:
        board = self.query_one(CribbageBoard)
        board.set_scores(self.session.state.scores)
        self.query_one("#table-input", Input).display = False
        session = self.session
        if session.state.steps == 0:
            self._say([f"{session.setup.rules.name}. Good luck!"])
            self._say(self.narrator.opening(session.state, session.hands[0].events))
        else:
            board = self.query_one(CribbageBoard)
            score = ", ".join(f"{n} {p}" for n, p in zip(board.names, board.scores, strict=True))
            hand = session.state.hand.number
            self._say([f"Welcome back: {session.setup.rules.name}, hand {hand}; {score}."])
        self._refresh()
        self._advance()

    # ------------------------------------------------------------ showing

    def _refresh(self) -> None:
        """Draw the state as it is now: title, seats, the play, your cards, the prompt."""
        state, asked = self.session.state, self.session.prompt
        self.query_one("#table-title", Static).update(
            title_line(state, self.names, self._match_text())
        )
        self.query_one("#seats", Static).update(
            seats_line(state, self.names, self.human, plain=self.plain)
        )
        self.query_one("#pile", Static).update(pile_line(state, plain=self.plain))
        mine = asked is not None and asked.seat == self.human
        self.query_one("#table-prompt", Static).update(
            prompt_line(asked, state, self.names, self.human, announce=self.announce)
            if not self._busy
            else ""
        )
        self._show_middle(state)
        self._show_hand(state, mine)

    def _match_text(self) -> str:
        place = self.session.setup.match
        if place is None:
            return ""
        points = "-".join(str(p) for p in place.points)
        return f"match to {place.points_to_win}: game {place.number}, {points}"

    def _show_middle(self, state: GameState) -> None:
        """The play's cards since the reset, or the box being counted with the starter."""
        hand = state.hand
        cards: tuple[Card, ...] = ()
        starter: Card | None = None
        numbered = False
        if state.phase == "play" and hand.table is not None:
            cards = hand.table.pile[-PILE_SHOWN:]
        elif state.phase == "show" and hand.to_show:
            seat, box = hand.to_show[0]
            cards, starter = state.cards_of(seat, box), hand.dealt.starter
            numbered = self.draft is not None
        middle = self.query_one("#middle-cards", CardTable)
        middle.show(cards, starter, numbered=numbered)
        if self.draft is not None:
            middle.show_selected(self.draft.picked)

    def _show_hand(self, state: GameState, mine: bool) -> None:
        """Your cards, numbered; in the play those that would pass 31 are dimmed."""
        hand = state.hand
        if state.phase == "play" and hand.table is not None:
            held = hand.table.hands[self.human]
            able = set(hand.table.playable(self.human))
        else:
            kept = hand.kept[self.human]
            held = hand.dealt.hands[self.human] if kept is None else kept
            able = set(held)
        table = self.query_one("#hand-cards", CardTable)
        table.show(held, numbered=True)
        for widget in table.card_widgets():
            widget.set_class(widget.card not in able or not mine, "-dim")
        table.show_selected(self.picked if state.phase == "discard" else [])

    def _say(self, lines: Sequence[str]) -> None:
        self.query_one(TableLog).say(lines)

    @property
    def log_lines(self) -> list[str]:
        """Everything the log said in this sitting."""
        return self.query_one(TableLog).said

    # ------------------------------------------------------------ the game moves

    def _advance(self) -> None:
        """Ask you, or let the bot whose turn it is move; the end opens the summary."""
        if self._busy:
            return
        session = self.session
        asked = session.prompt
        if asked is None:
            self._refresh()
            self._finished()
            return
        if asked.seat != self.human:
            self._refresh()
            self._bot_turn()
            return
        if asked.kind == "play" and not self._can_lay():
            self._take(SayGo(self.human))  # go is said for you
            return
        self._ask(asked.kind)

    def _can_lay(self) -> bool:
        table = self.session.state.hand.table
        return table is not None and bool(table.playable(self.human))

    def _ask(self, kind: str) -> None:
        self._asked_at = self.clock()
        box = self.query_one("#table-input", Input)
        box.value = ""
        state = self.session.state
        self.draft = None
        if kind == "count" and self.announce:
            seat, what = state.hand.to_show[0]
            self.draft = AnnounceDraft(state.cards_of(seat, what), state.hand.dealt.starter)
        box.display = kind == "respond" or (kind == "count" and not self.announce)
        box.placeholder = {"count": "Your count, Enter", "respond": "a / t / points, Enter"}.get(
            kind, ""
        )
        self._refresh()
        if box.display:
            box.focus()
        else:
            self.set_focus(None)
        if self.draft is not None:
            self._show_claims()

    def _bot_turn(self) -> None:
        if self._thinking:
            return
        self._thinking = True
        pending = self.session.state.hand.pending
        answering_you = pending is not None and pending.seat == self.human
        # The answer to your own claim opens its reveal: it is not kept waiting.
        self._due = time.monotonic() + (0.0 if answering_you else self.pause)
        self._bot_step()

    @work(thread=True, exclusive=True, group="bot")
    def _bot_step(self) -> None:
        before = self.session.state
        try:
            taken = self.session.bot_step()
        except (OSError, ValueError) as err:
            self.post_message(MoveFailed(str(err)))
            return
        if taken is not None:
            self.post_message(BotMoved(before, taken[0], taken[1]))

    @on(BotMoved)
    def _bot_moved(self, event: BotMoved) -> None:
        self._waiting = event
        left = self._due - time.monotonic()
        if self._skip or left <= 0:
            self._show_bot_move()
        else:
            self._timer = self.set_timer(left, self._show_bot_move)

    def _show_bot_move(self) -> None:
        if self._timer is not None:  # a key showed the move first: its timer must not
            self._timer.stop()  # show the next one early
            self._timer = None
        event, self._waiting = self._waiting, None
        if event is None:
            return
        due, skipped = self._due, self._skip  # read first: the next bot's turn resets them
        self._thinking = False
        self._skip = False
        self._moved(event.before, event.action, event.events)
        self.post_message(BotMoveShown(due, time.monotonic(), skipped))

    @on(MoveFailed)
    def _move_failed(self, event: MoveFailed) -> None:
        self._thinking = False
        self.notify(f"The game could not go on: {event.error}", severity="error", timeout=10)
        self.post_message(GoHome())

    def _take(self, action: Action) -> None:
        """Your action, saved, then shown."""
        before = self.session.state
        try:
            events = self.session.act(action, seconds=max(0.0, self.clock() - self._asked_at))
        except GameError as err:
            self.notify(str(err), severity="warning")
            return
        except (OSError, ValueError) as err:
            self.notify(f"Could not save your move: {err}", severity="error", timeout=10)
            self.post_message(GoHome())
            return
        if self.draft is not None:
            self.query_one(TableLog).show_log()
        self.draft = None
        self.picked = []
        self.query_one("#table-input", Input).display = False
        self.set_focus(None)
        self._moved(before, action, events)

    def _moved(self, before: GameState, action: Action, events: list[Event]) -> None:
        """A step taken: say it, move the pegs, and show any reveal or summary it ends."""
        after = self.session.state
        self._say(self.narrator.step(before, action, after, events))
        board = self.query_one(CribbageBoard)
        if after.scores != before.scores:
            board.set_scores(after.scores, before.scores)
        for e in events:
            if isinstance(e, Shown) and self._reveals(e):
                self._overlays.append(partial(self._open_reveal, e))
        if after.hand.number != before.hand.number and after.phase != "over":
            number = before.hand.number
            self._overlays.append(lambda: self._open_hand_summary(number))
        self._busy = bool(self._overlays)  # no prompt under a reveal or a summary
        self._refresh()
        self._next_overlay()

    def _reveals(self, shown: Shown) -> bool:
        """Your own count, or a count you answered, opens the reveal."""
        return shown.seat == self.human or any(a.seat == self.human for a in shown.answers)

    def _next_overlay(self) -> None:
        """Open the next screen waiting to go over the table, or go on with the game."""
        if self._overlays:
            self._busy = True
            self._overlays.pop(0)()
        else:
            self._busy = False
            self._refresh()
            self._advance()

    # ------------------------------------------------------------ screens over the table

    def _open_reveal(self, shown: Shown) -> None:
        from trainer.ui.screens.game_reveal import GameRevealScreen

        screen = GameRevealScreen(shown, self.session.setup, human=self.human, plain=self.plain)
        self.app.push_screen(screen, lambda _: self._next_overlay())

    def _open_hand_summary(self, number: int) -> None:
        from trainer.ui.screens.game_summary import HandSummaryScreen

        hand = next(h for h in self.session.hands if h.number == number)
        screen = HandSummaryScreen(self.session, hand)
        self.app.push_screen(screen, lambda _: self._next_overlay())

    def _finished(self) -> None:
        """The game is over: the match's next game is dealt and saved at once (so it waits
        to be resumed if you go home), then the game's summary."""
        from trainer.ui.screens.game_summary import GameOverScreen

        self._busy = True
        self.query_one("#table-input", Input).display = False
        following = None
        try:
            following = self.session.next_in_match()
        except (OSError, ValueError) as err:
            self.notify(f"Could not deal the match's next game: {err}", severity="error")
        self.app.push_screen(
            GameOverScreen(self.session), lambda go_on: self._after_game(following, go_on)
        )

    def _after_game(self, following: GameSession | None, go_on: bool | None) -> None:
        """The match's next game at this table, or home."""
        if following is None or not go_on:
            self.post_message(GoHome())
            return
        screen = TableScreen(
            following, announce=self.announce, plain=self.plain, pause=self.pause, clock=self.clock
        )
        self.app.switch_screen(screen)

    # ------------------------------------------------------------ your input

    def on_key(self, event: Key) -> None:
        if event.key in OWN_KEYS:
            return
        if self._thinking:
            self._skip = True
            if self._waiting is not None:
                self._show_bot_move()
            event.stop()
            return
        asked = self.session.prompt
        if self._busy or asked is None or asked.seat != self.human:
            return
        key = event.key
        if (self.draft is not None and self._announce_key(key)) or (
            asked.kind in ("discard", "play") and self.laying is None and self._card_key(key)
        ):
            event.stop()

    def _card_key(self, key: str) -> bool:
        held = self._held()
        if key.isdigit() and 1 <= int(key) <= len(held):
            self._pick(held[int(key) - 1])
            return True
        if key == "enter" and self.session.state.phase == "discard":
            self._throw()
            return True
        return False

    def _held(self) -> tuple[Card, ...]:
        return self.query_one("#hand-cards", CardTable).cards

    def on_playing_card_clicked(self, event: PlayingCard.Clicked) -> None:
        """A click picks a card as its number key does: yours to throw or lay, or one of the
        cards being announced."""
        asked = self.session.prompt
        if self._busy or asked is None or asked.seat != self.human:
            return
        if self.draft is not None and event.card in self.draft.cards:
            self.draft.toggle(event.card)
            self.query_one("#middle-cards", CardTable).show_selected(self.draft.picked)
        elif asked.kind in ("discard", "play") and event.card in self._held():
            self._pick(event.card)

    def _pick(self, card: Card) -> None:
        state = self.session.state
        if state.phase == "discard":
            if card in self.picked:
                self.picked.remove(card)
            elif len(self.picked) < state.rules.thrown:
                self.picked.append(card)
            else:
                self.notify(f"you throw {state.rules.thrown}: unpick one first", timeout=3)
            self._refresh()
            return
        table = state.hand.table
        if table is None or card not in table.playable(self.human):
            count = 0 if table is None else table.count
            self.notify(f"{card} would take the count past 31 (it is {count})", timeout=3)
            return
        if self.human in state.options.peg_own:
            self.laying = card
            box = self.query_one("#table-input", Input)
            box.value = ""
            box.placeholder = f"What does {card} peg? Enter"
            box.display = True
            box.focus()
            return
        self._take(Lay(self.human, card))

    def _throw(self) -> None:
        state = self.session.state
        if len(self.picked) != state.rules.thrown:
            self.notify(f"pick {state.rules.thrown} card(s) to throw first", timeout=3)
            return
        self._take(Discard(self.human, tuple(self.picked)))

    def _announce_key(self, key: str) -> bool:
        draft = self.draft
        assert draft is not None
        cards = draft.cards
        if key.isdigit() and 1 <= int(key) <= len(cards):
            draft.toggle(cards[int(key) - 1])
            self.query_one("#middle-cards", CardTable).show_selected(draft.picked)
        elif key in KIND_KEYS:
            problem = draft.claim(KIND_KEYS[key])
            if problem is not None:
                self.notify(problem, severity="warning", timeout=3)
            self.query_one("#middle-cards", CardTable).show_selected(draft.picked)
            self._show_claims()
        elif key == "backspace":
            draft.undo()
            self._show_claims()
        elif key == "enter":
            self._take(Count(self.human, draft.answer()))
        else:
            return False
        return True

    def _show_claims(self) -> None:
        assert self.draft is not None
        self.query_one(TableLog).show_claims(self.draft, plain=self.plain)

    @on(Input.Submitted, "#table-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        asked = self.session.prompt
        if asked is None or asked.seat != self.human:
            return
        try:
            action = typed_action(self.session.state, asked, self.human, event.value, self.laying)
        except ClaimError as err:
            self.notify(str(err), severity="warning", timeout=4)
            return
        self.laying = None
        self._take(action)

    def action_leave(self) -> None:
        """Leave the table; the game is saved at every step, so nothing is lost."""
        from trainer.ui.screens.confirm import ConfirmScreen

        def leave(yes: bool | None) -> None:
            if yes:
                self.post_message(GoHome())

        self.app.push_screen(
            ConfirmScreen("Leave the game?", "It is saved: resume it from home."), leave
        )
