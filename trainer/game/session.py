"""A game at the table as the UI drives it: saved after every step, resumed after a kill.

`GameSession.start` sets a game up and stores it; `GameSession.resume` takes the
latest game still playing back from the store: `new_game` from its setup, then
every saved action replayed through `step` (each checked legal again), so the
state, the bots' next choices and the record are what they were. The bots act
one step at a time (`bot_step`), so a UI can pause between them; the human
acts with `act` (or works a step out with `prepare` and saves it with `save`). Each
step is saved before the session moves on (a step that cannot be taken or saved
changes nothing), with the human's count recorded as an `Attempt` in the same
transaction, and the last step marks the game over with its record
(`trainer.game.step_save`); while another program holds the store a step waits
and is tried again, never refused.

Only the human's own counts are attempts. Their answers to a bot's count (`Respond`) move
points as the engine settles them but are not recorded as catch attempts: a drill's catch
question is judged by the ACC rule alone against the opponent's stated mistake, which a
bot's `Count` does not keep, while the game settles a call under its own policy. A throw or
card laid after a hint is saved marked so (`hints`), for the ledger.

In a game on its own (never in a match) the human's last decision can be taken back, with
every step after it (`undo`, or `prepare_undo` and `save_undo`): the undo is saved as a
step of its own, through a busy store as any step is, so a resumed game is played through
to the same place and its record counts the undos.

A stored game dealt with without playing it on is `trainer.game.saved_games`'s.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime

from trainer.game.attempts import game_drill
from trainer.game.codec import CodecError, action_from_data, dumps, loads, undo_from_data
from trainer.game.course import GameCourse
from trainer.game.engine import step
from trainer.game.events import Event
from trainer.game.hints import action_hinted
from trainer.game.match import first_dealer, match_game_seed
from trainer.game.players.bots import Bot, Level
from trainer.game.setup import GameSetup, MatchPlace, setup_from_data, setup_to_data
from trainer.game.state import Action, GameError, GameOptions
from trainer.game.step_save import PendingStep, PendingUndo, save_pending, work_out
from trainer.game.variants import GameVariant
from trainer.history import StatsStore, StoreBusy
from trainer.history.file import SavedGame
from trainer.history.writing import (
    Stop,
    UnreadableGame,
    abandon_game,
    create_game,
    finish_game,
    latest_playing,
)
from trainer.quiz.attempt import Attempt, SpokenTimes

Clock = Callable[[], datetime]
Waiting = Callable[[StoreBusy], object]
"""Told when a step is first found waiting for a busy store."""


def local_now() -> datetime:
    """Now, with its local UTC offset: a count is recorded on the day it was given there."""
    return datetime.now().astimezone()


class SavedGameError(ValueError):
    """A saved game that cannot be read or replayed; it is left in the store as it was."""

    def __init__(self, uid: str, problem: str) -> None:
        super().__init__(
            f"the saved game {uid} cannot be resumed: {problem}; it has been kept as it was "
            "(abandon it to start another)"
        )
        self.uid = uid
        self.problem = problem


class GameSession(GameCourse):
    """One game in play, kept in the stats store. Make it with `start` or `resume`."""

    def __init__(
        self, store: StatsStore, setup: GameSetup, uid: str, game_id: int, now: Clock
    ) -> None:
        super().__init__(setup)
        self.store = store
        self.uid = uid
        """The game's identity across machines, and the session id of its attempts."""
        self.game_id = game_id
        self.now = now
        self.drill = game_drill(setup.rules, setup.options)
        self.bots = {
            seat: Bot(level, seat, setup.seed)
            for seat, level in enumerate(setup.levels)
            if level is not None
        }
        self.saved = 0
        """Steps saved so far: every action and every undo."""
        self.attempts: list[Attempt] = []
        """The human's counts recorded by this session (not those before a resume)."""

    # ------------------------------------------------------------ making one

    @classmethod
    def start(
        cls,
        store: StatsStore,
        rules: GameVariant,
        seed: int,
        levels: Sequence[Level | None],
        *,
        names: Sequence[str] | None = None,
        options: GameOptions | None = None,
        first_dealer: int | None = None,
        match: MatchPlace | None = None,
        now: Clock = local_now,
    ) -> GameSession:
        """A new game, stored before its first step. ``levels`` gives each seat's bot level,
        None for the human's seat; the first dealer is cut for from the seed unless given;
        ``match``: the game's place in a match."""
        setup = GameSetup.make(
            rules,
            seed,
            levels,
            names=names,
            options=options,
            first_dealer=first_dealer,
            match=match,
        )
        uid = uuid.uuid4().hex
        game_id = create_game(
            store,
            uid=uid,
            variant=rules.id,
            seed=seed,
            setup=dumps(setup_to_data(setup)),
            human_side=setup.human_side,
            at=now(),
        )
        return cls(store, setup, uid, game_id, now)

    @classmethod
    def resume(cls, store: StatsStore, *, now: Clock = local_now) -> GameSession | None:
        """The latest game still playing, replayed to where it was; None if there is none.
        `SavedGameError` if it cannot be read or replayed (the game stays stored)."""
        try:
            saved = latest_playing(store)
        except UnreadableGame as err:
            raise SavedGameError(err.uid, err.problem) from None
        return None if saved is None else cls.replay(store, saved, now=now)

    @classmethod
    def replay(cls, store: StatsStore, saved: SavedGame, *, now: Clock = local_now) -> GameSession:
        """A stored game replayed from its setup and actions, every action checked legal (a
        game still playing whose actions finish it is saved as over)."""
        session = cls.played(store, saved, now=now)
        if saved.status == "playing" and session.over:  # its end was not saved with it
            finish_game(store, saved.id, session.end_of(session.state, session.hands), now())
        return session

    @classmethod
    def played(cls, store: StatsStore, saved: SavedGame, *, now: Clock = local_now) -> GameSession:
        """A stored game played through from its setup and actions, every action checked
        legal, writing nothing; `SavedGameError` names the first problem."""
        try:
            setup = setup_from_data(loads(saved.setup, "setup"))
        except CodecError as err:
            raise SavedGameError(saved.uid, str(err)) from None
        if (setup.rules.id, setup.seed) != (saved.variant, saved.seed):
            raise SavedGameError(
                saved.uid,
                f"its setup is a game of {setup.rules.id} from seed {setup.seed}, but it is "
                f"stored as {saved.variant} from seed {saved.seed}",
            )
        if len(saved.actions) != saved.steps:
            raise SavedGameError(
                saved.uid, f"{saved.steps} steps are saved but {len(saved.actions)} actions"
            )
        try:
            session = cls(store, setup, saved.uid, saved.id, now)
        except ValueError as err:  # a setup the rules cannot deal from
            raise SavedGameError(saved.uid, f"setup: {err}") from None
        for n, text in enumerate(saved.actions):
            where = f"action {n}"
            try:
                data = loads(text, where)
                if (span := undo_from_data(data, where)) is not None:
                    session.undone(span)
                    continue
                action, hinted = action_from_data(data, where), action_hinted(data)
                after, events = step(session.state, action)
                session.moved(action, after, events, hinted=hinted)
            except ValueError as err:  # CodecError, GameError, or anything the rules refuse
                detail = str(err) if isinstance(err, CodecError) else f"{where}: {err}"
                raise SavedGameError(saved.uid, detail) from None
        session.saved = len(saved.actions)
        session.abandoned = saved.status == "abandoned"
        return session

    # ------------------------------------------------------------ a match

    def next_in_match(self) -> GameSession | None:
        """The match's next game, started and stored (None: no match, this game not over,
        or the match won): its seed and first dealer follow from the match's seed."""
        place = self.match_after
        if place is None or place.winner is not None:
            return None
        s = self.setup
        return GameSession.start(
            self.store,
            s.rules,
            match_game_seed(place.seed, place.number),
            s.levels,
            names=s.names,
            options=s.options,
            first_dealer=first_dealer(place.seed, s.rules.players, place.number),
            match=place,
            now=self.now,
        )

    # ------------------------------------------------------------ playing

    def bot_step(
        self, *, stop: Stop | None = None, waiting: Waiting | None = None
    ) -> tuple[Action, list[Event]] | None:
        """Let the bot whose turn it is act, saved (as `save` saves: ``stop``, ``waiting``);
        None if the game waits for the human or is over."""
        asked = self.prompt
        if asked is None or asked.seat not in self.bots:
            return None
        action = self.bots[asked.seat].decide(self.state, asked)
        return action, self.save(self._work_out(action), stop=stop, waiting=waiting)

    def run_bots(self) -> list[tuple[Action, list[Event]]]:
        """Every bot step until the human's turn or the end."""
        done = []
        while (taken := self.bot_step()) is not None:
            done.append(taken)
        return done

    def act(
        self,
        action: Action,
        *,
        seconds: float = 0.0,
        hinted: bool = False,
        spoken: SpokenTimes | None = None,
    ) -> list[Event]:
        """The human's action, saved (`save`: a busy store delays it), and its events;
        ``seconds`` is how long a count took, ``hinted`` that the coach's hint was asked for
        before it, ``spoken`` how fast a count said aloud was said (each kept with it).
        `GameError` if it is not the human's turn or the action is not legal: then nothing
        changes and nothing is saved."""
        return self.save(self.prepare(action, seconds=seconds, hinted=hinted, spoken=spoken))

    def prepare(
        self,
        action: Action,
        *,
        seconds: float = 0.0,
        hinted: bool = False,
        spoken: SpokenTimes | None = None,
    ) -> PendingStep:
        """The human's action worked out, neither saved nor taken (`save` does both), as `act`
        takes it; `GameError` if it is not the human's turn or the action is not legal."""
        asked = self.prompt
        if asked is None:
            raise GameError("the game is over" if not self.abandoned else "the game was abandoned")
        if asked.seat != self.setup.human:
            raise GameError(f"it is {self.setup.names[asked.seat]}'s turn to {asked.kind}")
        if action.seat != asked.seat:
            raise GameError(f"you play seat {asked.seat}, not seat {action.seat}")
        return self._work_out(action, seconds, hinted=hinted, spoken=spoken)

    def save(
        self,
        pending: PendingStep,
        *,
        patient: bool = True,
        stop: Stop | None = None,
        waiting: Waiting | None = None,
    ) -> list[Event]:
        """Save a step worked out (`prepare`), then take it: its events. While another program
        holds the store it is tried again (``waiting`` told the first time) until it is saved,
        or until ``stop`` is set: then `StoreBusy`. Not ``patient``: one try at the store's
        lock, `StoreBusy` if it is held (to be saved again, patiently, off the screen's
        thread). A step not saved changes nothing; one worked out before the game moved on
        is a `GameError`."""
        if pending.before is not self.state:
            raise GameError("the game has moved on since this step was worked out")
        save_pending(self.store, self.game_id, pending, patient=patient, stop=stop, waiting=waiting)
        self.saved += 1
        self.moved(
            pending.action, pending.after, pending.events, pending.hands, hinted=pending.hinted
        )
        if pending.attempt is not None:
            self.attempts.append(pending.attempt)
        return pending.events

    def undo(self) -> list[Action]:
        """Take back the human's last decision and every step after it (`trainer.game.undo`),
        saved as a step of its own (`save_undo`: a busy store delays it); the actions taken
        back, in order. `GameError` in a match, once the game is over, or before the human's
        first decision: nothing changes."""
        return self.save_undo(self.prepare_undo())

    def prepare_undo(self) -> PendingUndo:
        """An undo worked out, neither saved nor taken (`save_undo` does both), as `undo`
        takes it; `GameError` when none can be taken."""
        span = self.undo_steps()
        undone = tuple(self.actions[len(self.actions) - span :])
        return PendingUndo(self.state, self.saved, span, undone, self.now())

    def save_undo(
        self,
        pending: PendingUndo,
        *,
        patient: bool = True,
        stop: Stop | None = None,
        waiting: Waiting | None = None,
    ) -> list[Action]:
        """Save an undo worked out (`prepare_undo`), then take it, as `save` saves a step:
        the actions taken back, in order. An undo not saved changes nothing; one worked out
        before the game moved on is a `GameError`."""
        if pending.before is not self.state:
            raise GameError("the game has moved on since this undo was worked out")
        save_pending(self.store, self.game_id, pending, patient=patient, stop=stop, waiting=waiting)
        self.saved += 1
        return self.undone(pending.span)

    def abandon(self) -> None:
        """Give the game up: it stays stored as abandoned, and is never resumed."""
        abandon_game(self.store, self.game_id, self.now())
        self.abandoned = True

    # ------------------------------------------------------------ inside

    def _work_out(
        self,
        action: Action,
        seconds: float = 0.0,
        *,
        hinted: bool = False,
        spoken: SpokenTimes | None = None,
    ) -> PendingStep:
        return work_out(
            self.setup,
            self.drill,
            self.state,
            self.hands,
            action,
            n=self.saved,
            undos=self.undos,
            session_id=self.uid,
            number=self.counts + 1,
            at=self.now(),
            seconds=seconds,
            hinted=hinted,
            spoken=spoken,
        )
