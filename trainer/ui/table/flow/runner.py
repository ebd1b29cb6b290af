"""The game's driving loop at the table as plain Python: whose turn it is, what to ask you,
what a key or a click means, when a computer's move is due, and what to show after a step.

The table screen forwards what the player does and applies the effects each call returns
(lines for the log, pegs to move, a question to ask, a reveal or a summary to open...),
then draws the table from the runner's views. Threads and timers stay in the screen: it
runs `TableRunner.bot_move` in a worker and shows the move when `ShowAt` says. Every step
is saved by the session before it is shown, so a killed trainer loses at most the step on
screen; while another program holds the history a step waits to be saved (in the worker,
and yours in one of its own: `trainer.ui.table.flow.your_move`), never refused.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from trainer.game.coach.hand_ledgers import HandLedgers
from trainer.game.engine import prompt
from trainer.game.events import Event, Shown
from trainer.game.narrate import Narrator
from trainer.game.state import Action, Count, Discard, GameState, Lay, Prompt, Respond, SayGo
from trainer.judge.claims import ClaimError
from trainer.rules.cards import Card
from trainer.ui.flow.claim_draft import KIND_KEYS, AnnounceDraft
from trainer.ui.table.flow.effects import (
    Asked,
    BotMove,
    BotPending,
    BotShown,
    BotTurn,
    Claims,
    Confirm,
    Effect,
    Home,
    NextGame,
    Notice,
    OpenGameOver,
    OpenHandSummary,
    OpenReveal,
    Say,
    ShowAt,
    held_cards,
)
from trainer.ui.table.flow.entry import PLACEHOLDERS, typed_action, wrong_call_ends
from trainer.ui.table.flow.opening import board_pegs, opening_lines
from trainer.ui.table.flow.reveal import game_reveal, reveals
from trainer.ui.table.flow.your_move import YourMoves

if TYPE_CHECKING:
    from trainer.game.session import GameSession
    from trainer.game.step_save import PendingStep, PendingUndo
    from trainer.history import StoreBusy
    from trainer.history.writing import Stop

OWN_KEYS: Final = frozenset({"escape", "f1", "ctrl+p", "ctrl+q", "tab", "shift+tab"})
"""Keys that keep their meaning while a computer's move is waiting (any other shows it)."""


Overlay = Shown | int
"""What waits to be shown over the table: a show to reveal, or a hand (by number) over."""


@dataclass
class TableRunner(YourMoves):
    """One game at the table, seat ``session.setup.human`` yours (seat 0 if none)."""

    session: GameSession
    announce: bool = False
    """You count combination by combination (else you type the total)."""
    plain: bool = False
    pause: float = 0.8
    """Seconds a computer's move waits before it is shown (any key shows it at once)."""
    reveal_accepted: bool = True
    """A computer's count you accepted opens its reveal (else only one you called on)."""
    clock: Callable[[], float] = time.monotonic
    """Times your answers (the seconds recorded with a count)."""
    now: Callable[[], float] = time.monotonic
    """Times the computer's pause."""
    picked: list[Card] = field(default_factory=list)
    """The cards picked to throw."""
    draft: AnnounceDraft | None = None
    laying: Card | None = None
    """The card picked to lay, waiting for what you say it pegs (peg your own play)."""
    entry: str | None = None
    """What the text entry asks (its placeholder) while it is shown; None: hidden."""
    bot: BotPending | None = None
    busy: bool = False
    """A reveal or summary is open: nothing moves until it is closed."""
    overlays: list[Overlay] = field(default_factory=list)
    following: GameSession | None = None
    """The match's next game, dealt when this one ends."""
    hinted: bool = False
    """A hint was asked for before your next throw or card laid (saved with it)."""
    confirming: Respond | None = None
    """A call waiting for your yes (`Confirm`): a wrong one would end the game."""
    saving: PendingStep | PendingUndo | None = None
    """Your move (or undo) waiting for the busy store (saved in a worker): nothing moves
    until it is."""

    def __post_init__(self) -> None:
        setup = self.session.setup
        self.human = setup.human if setup.human is not None else 0
        self.names = setup.names
        self.narrator = Narrator(setup.rules, setup.names, self.human, plain=self.plain)
        self.asked_at = self.clock()
        self.ledgers = HandLedgers(setup.rules, setup.options.muggins)
        """The hands' ledgers, worked out as each hand ends (in a worker), for the game's."""
        self.shown = self.session.state
        """The game as the table shows it: a computer's step taken in a worker is not in it
        until it is shown."""

    # ------------------------------------------------------------ what the table shows

    @property
    def state(self) -> GameState:
        return self.shown

    @property
    def asked(self) -> Prompt | None:
        """What the game shown waits for."""
        return None if self.session.abandoned else prompt(self.shown)

    def opening(self) -> list[Effect]:
        """Sit down: the board, a greeting and the cut for the deal, then the first thing to
        do; a resumed game's log told again from its first deal, then a welcome back."""
        lines = opening_lines(self.session, self.narrator)
        return [board_pegs(self.session), Say(tuple(lines)), *self.advance()]

    @property
    def prompting(self) -> bool:
        """Whether the prompt line says what the game waits for: not under a reveal or a
        hand's summary, but under the game's summary ("The game is over.")."""
        return not self.busy or self.asked is None

    def held(self) -> tuple[Card, ...]:
        """Your cards, in the order they are numbered."""
        return held_cards(self.state, self.human)

    # ------------------------------------------------------------ the game moves

    def advance(self) -> list[Effect]:
        """Ask you, or let the computer whose turn it is move; the end opens the summary."""
        if self.busy:
            return []
        asked = self.asked
        if asked is None:
            return self._finished()
        if asked.seat != self.human:
            return self._bot_turn()
        table = self.state.hand.table
        if asked.kind == "play" and not (table is not None and table.playable(self.human)):
            return self.take(SayGo(self.human))  # go is said for you
        return self._ask(asked.kind)

    def _ask(self, kind: str) -> list[Effect]:
        self.asked_at = self.clock()
        state = self.state
        self.draft = None
        if kind == "count" and self.announce:
            seat, what = state.hand.to_show[0]
            self.draft = AnnounceDraft(state.cards_of(seat, what), state.hand.dealt.starter)
        typed = kind == "respond" or (kind == "count" and not self.announce)
        self.entry = PLACEHOLDERS.get(kind, "") if typed else None
        return [Asked(), Claims()] if self.draft is not None else [Asked()]

    def _bot_turn(self) -> list[Effect]:
        if self.bot is not None:
            return []
        pending = self.state.hand.pending
        answering_you = pending is not None and pending.seat == self.human
        # The answer to your own claim opens its reveal: it is not kept waiting.
        self.bot = BotPending(self.now() + (0.0 if answering_you else self.pause))
        return [BotTurn(at_once=answering_you)]

    def bot_move(
        self,
        stop: Stop | None = None,
        waiting: Callable[[StoreBusy], object] | None = None,
    ) -> BotMove | None:
        """Take and save the computer's step (in a worker thread: it may search, and it waits
        while the store is busy, ``waiting`` told the first time, until it is saved or
        ``stop`` is set); None if no computer is to move. Raises the store's OSError or
        ValueError (`StoreBusy` once stopped)."""
        before = self.session.state
        taken = self.session.bot_step(stop=stop, waiting=waiting)
        return None if taken is None else BotMove(before, taken[0], taken[1])

    def bot_moved(self, move: BotMove) -> list[Effect]:
        """The computer's step is taken: show it now if its pause is over (or a key cut it
        short), else when it is."""
        bot = self.bot
        if bot is None:
            return []
        bot.move = move
        left = bot.due - self.now()
        return self.show_bot_move() if bot.skipped or left <= 0 else [ShowAt(left)]

    def bot_failed(self, error: str) -> list[Effect]:
        self.bot = None
        return [Notice(f"The game could not go on: {error}", "error", 10), Home()]

    def show_bot_move(self) -> list[Effect]:
        """Show the computer's step waiting (its pause over, or a key pressed)."""
        bot = self.bot
        if bot is None or bot.move is None:
            return []
        self.bot = None
        move = bot.move
        return [*self._moved(move.before, move.action, move.events), BotShown(bot.due, bot.skipped)]

    def _moved(self, before: GameState, action: Action, events: list[Event]) -> list[Effect]:
        """A step taken: say it, move the pegs, and queue any reveal or summary it ends."""
        after = self.shown = self.session.state
        effects: list[Effect] = [Say(tuple(self.narrator.step(before, action, after, events)))]
        if after.scores != before.scores:
            effects.append(board_pegs(self.session))
        human, accepted = self.human, self.reveal_accepted
        self.overlays += [e for e in events if isinstance(e, Shown) and reveals(e, human, accepted)]
        if after.hand.number != before.hand.number and after.phase != "over":
            self.overlays.append(before.hand.number)
        self.busy = bool(self.overlays)  # no prompt under a reveal or a summary
        return effects + self._next_overlay()

    def _next_overlay(self) -> list[Effect]:
        """Open the next thing waiting to be shown, or go on with the game."""
        if not self.overlays:
            self.busy = False
            return self.advance()
        self.busy = True
        overlay = self.overlays.pop(0)
        if isinstance(overlay, Shown):
            return [OpenReveal(game_reveal(overlay, self.session.setup, self.human))]
        hand = next(h for h in self.session.hands if h.number == overlay)
        return [OpenHandSummary(hand)]

    def closed(self) -> list[Effect]:
        """The reveal or summary open is closed: the next one, or the game goes on."""
        return self._next_overlay()

    def _finished(self) -> list[Effect]:
        """The game is over: the match's next game is dealt and saved at once (so it waits
        to be resumed if you go home), then the game's summary."""
        self.busy, self.entry = True, None
        effects: list[Effect] = []
        try:
            self.following = self.session.next_in_match()
        except (OSError, ValueError) as err:
            effects.append(Notice(f"Could not deal the match's next game: {err}", "error"))
        return [*effects, OpenGameOver()]

    def after_game(self, go_on: bool) -> list[Effect]:
        """The game's summary closed: the match's next game at this table, or home."""
        if self.following is None or not go_on:
            return [Home()]
        return [NextGame(self.following)]

    # ------------------------------------------------------------ your input

    def key(self, key: str) -> list[Effect] | None:
        """What a key means at the table now; None if it is not the table's (it goes on to
        the screen's bindings and the focused field)."""
        if key == "escape" and self.laying is not None and self._yours():
            return self.take_back()
        if key in OWN_KEYS:
            return None
        if self.saving is not None:
            return []  # your move waits to be saved: nothing moves until it is
        if self.bot is not None:  # any key shows the computer's move now
            self.bot.skipped = True
            return self.show_bot_move() if self.bot.move is not None else []
        if not self._yours():
            return None
        asked = self.asked
        assert asked is not None
        if self.draft is not None and (done := self._announce_key(key)) is not None:
            return done
        if asked.kind in ("discard", "play") and self.laying is None:
            return self._card_key(key)
        return None

    def _yours(self) -> bool:
        asked = self.asked
        mine = asked is not None and asked.seat == self.human
        return mine and not self.busy and self.saving is None

    def _card_key(self, key: str) -> list[Effect] | None:
        held = self.held()
        if key.isdigit() and 1 <= int(key) <= len(held):
            return self.pick(held[int(key) - 1])
        if key == "enter" and self.state.phase == "discard":
            return self._throw()
        return None

    def clicked(self, card: Card) -> list[Effect] | None:
        """A click picks a card as its number key does: yours to throw or lay, or one of the
        cards being announced; None if the click means nothing now."""
        asked = self.asked
        if not self._yours() or asked is None:
            return None
        if self.draft is not None and card in self.draft.cards:
            self.draft.toggle(card)
            return []
        if asked.kind in ("discard", "play") and card in self.held():
            return self.pick(card)
        return None

    def pick(self, card: Card) -> list[Effect]:
        """Pick (or unpick) a card to throw, or lay it."""
        state = self.state
        if state.phase == "discard":
            if card in self.picked:
                self.picked.remove(card)
            elif len(self.picked) < state.rules.thrown:
                self.picked.append(card)
            else:
                return [Notice(f"you throw {state.rules.thrown}: unpick one first", timeout=3)]
            return []
        table = state.hand.table
        if table is None or card not in table.playable(self.human):
            count = 0 if table is None else table.count
            return [Notice(f"{card} would take the count past 31 (it is {count})", timeout=3)]
        if self.human in state.options.peg_own:
            self.laying = card  # on the table, with the count it makes, until you say it
            self.entry = PLACEHOLDERS["peg"]
            return [Asked()]
        return self.take(Lay(self.human, card))

    def take_back(self) -> list[Effect]:
        """The card picked to lay goes back to your hand, unsaid (peg your own play)."""
        self.laying, self.entry = None, None
        return [Asked()]

    def _throw(self) -> list[Effect]:
        thrown = self.state.rules.thrown
        if len(self.picked) != thrown:
            return [Notice(f"pick {thrown} card(s) to throw first", timeout=3)]
        return self.take(Discard(self.human, tuple(self.picked)))

    def _announce_key(self, key: str) -> list[Effect] | None:
        draft = self.draft
        assert draft is not None
        cards = draft.cards
        if key.isdigit() and 1 <= int(key) <= len(cards):
            draft.toggle(cards[int(key) - 1])
            return []
        if key in KIND_KEYS:
            problem = draft.claim(KIND_KEYS[key])
            said: list[Effect] = [Notice(problem, "warning", 3)] if problem is not None else []
            return [*said, Claims()]
        if key == "backspace":
            draft.undo()
            return [Claims()]
        if key == "enter":
            if (unclaimed := draft.unclaimed()) is not None:
                return [Notice(unclaimed, "warning", 6)]
            return self.take(Count(self.human, draft.answer()))
        return None

    def typing(self, text: str) -> list[Effect] | None:
        """The field's text as you type it: an answer complete in one key (``a`` accepts the
        computer's count) is taken at once; None while the text waits for Enter."""
        asked = self.asked
        one_key = text.strip().lower() == "a" and asked is not None and asked.kind == "respond"
        return self.typed(text) if one_key and self._yours() else None

    def typed(self, text: str) -> list[Effect]:
        """What you typed in the field and entered: a count, an answer, or what a card pegs."""
        asked = self.asked
        if asked is None or asked.seat != self.human or self.saving is not None:
            return []
        try:
            action = typed_action(self.state, asked, self.human, text, self.laying, self.names)
        except ClaimError as err:
            return [Notice(str(err), "warning", 4 if len(str(err)) < 60 else 8)]
        self.laying = None
        if isinstance(action, Respond) and (
            risk := wrong_call_ends(self.state, action, self.names)
        ):
            self.confirming = action
            return [Confirm(f"Call {action.answer}?", risk)]
        return self.take(action)

    def confirmed(self, yes: bool) -> list[Effect]:
        """Your answer to `Confirm`: the call taken, or the field cleared to answer again."""
        action, self.confirming = self.confirming, None
        if not self._yours():
            return []
        return self.take(action) if yes and action is not None else [Asked()]
