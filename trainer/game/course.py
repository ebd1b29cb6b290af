"""A game's course in memory, from its setup: the state, the record hand by hand, the actions
taken (each with whether a hint came before it), and those an undo takes back. What it asks
of whom, and its record once it is over.

`GameSession` keeps a course in the stats store, a step at a time; played through again from
its setup and saved actions (undos included), a course comes to the same place.
"""

from __future__ import annotations

from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Event
from trainer.game.hints import Hint, hint_key
from trainer.game.match import game_points
from trainer.game.record import GameRecord, HandRecord, hands_after
from trainer.game.setup import GameSetup, MatchPlace
from trainer.game.state import Action, Count, GameError, GameState, Prompt
from trainer.game.step_save import game_end, game_record
from trainer.game.undo import undo_refusal, undo_span
from trainer.history.writing import GameEnd


class GameCourse:
    """A game from its setup, as its actions are taken (`moved`) or taken back (`undone`)."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.state, opening = new_game(setup.rules, setup.seed, setup.first_dealer, setup.options)
        first = HandRecord.of(self.state.hand)
        first.events += opening
        self.hands: list[HandRecord] = [first]
        """The record so far, hand by hand (as `play_game` keeps it)."""
        self.actions: list[Action] = []
        """Every action in the game so far, in order (replayed ones too, none an undo took
        back): what the table's log tells again when the game is resumed."""
        self.hinted: list[bool] = []
        """Whether a hint came before each action, as it was saved."""
        self.hints: set[Hint] = set()
        """The decisions (the human's) made after a hint, as the ledger marks them."""
        self.counts = 0
        """The human's counts so far in the whole game (replayed ones too, and those an undo
        took back: each was an answer of its own)."""
        self.undos = 0
        """Undos taken in the game (the record says how many)."""
        self.abandoned = False

    @property
    def prompt(self) -> Prompt | None:
        """What the game waits for; None when it is over (or abandoned)."""
        return None if self.abandoned else prompt(self.state)

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def human(self) -> int | None:
        return self.setup.human

    @property
    def human_turn(self) -> bool:
        """Whether the game waits for the human."""
        asked = self.prompt
        return asked is not None and asked.seat == self.setup.human

    @property
    def record(self) -> GameRecord | None:
        """The game's record once it is over."""
        if self.state.winner is None:
            return None
        return self.record_of(self.state, self.hands)

    @property
    def match_after(self) -> MatchPlace | None:
        """The match's standing once this game is over (None: a game on its own, or not
        over yet)."""
        record, place = self.record, self.setup.match
        if place is None or record is None:
            return None
        return place.after(record.winner, game_points(record))

    def record_of(self, state: GameState, hands: list[HandRecord]) -> GameRecord:
        """The record of the game over in ``state`` with ``hands`` (and the undos taken)."""
        return game_record(self.setup, state, hands, self.undos)

    def end_of(self, state: GameState, hands: list[HandRecord]) -> GameEnd:
        """What the game over in ``state`` with ``hands`` adds to its stored row."""
        return game_end(self.setup, state, hands, self.undos)

    def undo_steps(self) -> int:
        """How many actions an undo takes back now (`trainer.game.undo`); `GameError` when
        none can be taken: in a match, once the game is over, before the human's first
        decision."""
        span = undo_span(self.actions, self.setup.human)
        problem = undo_refusal(self.setup.match is not None, self.prompt is None, span)
        if problem is not None:
            raise GameError(problem)
        return span

    def moved(
        self,
        action: Action,
        after: GameState,
        events: list[Event],
        hands: list[HandRecord] | None = None,
        *,
        hinted: bool = False,
    ) -> None:
        """``action`` taken, making ``after`` and ``events`` (and the record ``hands``, when
        worked out already); ``hinted``: a hint came before it."""
        if hinted and (key := hint_key(self.state, self.hands, action)) is not None:
            self.hints.add(key)
        if hands is None:
            hands = hands_after(self.hands, self.state, after, events)
        if isinstance(action, Count) and action.seat == self.setup.human:
            self.counts += 1
        self.actions.append(action)
        self.hinted.append(hinted)
        self.state, self.hands = after, hands

    def undone(self, span: int) -> list[Action]:
        """The game played again from its deal to before its last ``span`` actions, which an
        undo takes back (`GameError` unless they are the human's last decision and what
        followed it, in a game on its own still playing); those actions, in order."""
        if span != self.undo_steps():
            raise GameError(f"an undo takes back the last decision of yours, not {span} steps")
        kept = list(zip(self.actions, self.hinted, strict=True))[: len(self.actions) - span]
        undone = self.actions[len(kept) :]
        fresh = GameCourse(self.setup)
        for action, hinted in kept:
            after, events = step(fresh.state, action)
            fresh.moved(action, after, events, hinted=hinted)
        self.state, self.hands, self.actions = fresh.state, fresh.hands, fresh.actions
        self.hinted, self.hints = fresh.hinted, fresh.hints
        self.undos += 1
        return undone
