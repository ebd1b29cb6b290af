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

A stored game dealt with without playing it on is `trainer.game.saved_games`'s.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime

from trainer.game.attempts import game_drill
from trainer.game.codec import CodecError, action_from_data, dumps, loads
from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Event
from trainer.game.hints import Hint, action_hinted, hint_key
from trainer.game.match import first_dealer, game_points, match_game_seed
from trainer.game.players.bots import Bot, Level
from trainer.game.record import GameRecord, HandRecord, hands_after
from trainer.game.setup import GameSetup, MatchPlace, setup_from_data, setup_to_data
from trainer.game.state import Action, Count, GameError, GameOptions, GameState, Prompt
from trainer.game.step_save import (
    PendingStep,
    game_end,
    game_record,
    save_pending,
    work_out,
)
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


class GameSession:
    """One game in play, kept in the stats store. Make it with `start` or `resume`."""

    def __init__(
        self, store: StatsStore, setup: GameSetup, uid: str, game_id: int, now: Clock
    ) -> None:
        self.store = store
        self.setup = setup
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
        self.state, opening = new_game(setup.rules, setup.seed, setup.first_dealer, setup.options)
        first = HandRecord.of(self.state.hand)
        first.events += opening
        self.hands: list[HandRecord] = [first]
        """The record so far, hand by hand (as `play_game` keeps it)."""
        self.actions: list[Action] = []
        """Every action taken so far, in order (replayed ones too): what the table's log
        tells again when the game is resumed."""
        self.counts = 0
        """The human's counts so far in the whole game (replayed ones too)."""
        self.attempts: list[Attempt] = []
        """The human's counts recorded by this session (not those before a resume)."""
        self.abandoned = False
        self.hints: set[Hint] = set()
        """The decisions (the human's) made after a hint, as the ledger marks them."""

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
            finish_game(
                store, saved.id, game_end(session.setup, session.state, session.hands), now()
            )
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
                action, hinted = action_from_data(data, where), action_hinted(data)
                after, events = step(session.state, action)
                session._moved(action, after, events, hinted=hinted)
            except ValueError as err:  # CodecError, GameError, or anything the rules refuse
                detail = str(err) if isinstance(err, CodecError) else f"{where}: {err}"
                raise SavedGameError(saved.uid, detail) from None
        session.abandoned = saved.status == "abandoned"
        return session

    # ------------------------------------------------------------ where it stands

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
        return game_record(self.setup, self.state, self.hands)

    @property
    def match_after(self) -> MatchPlace | None:
        """The match's standing once this game is over (None: a game on its own, or not
        over yet)."""
        record, place = self.record, self.setup.match
        if place is None or record is None:
            return None
        return place.after(record.winner, game_points(record))

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
        self._moved(
            pending.action, pending.after, pending.events, pending.hands, hinted=pending.hinted
        )
        if pending.attempt is not None:
            self.attempts.append(pending.attempt)
        return pending.events

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
            session_id=self.uid,
            number=self.counts + 1,
            at=self.now(),
            seconds=seconds,
            hinted=hinted,
            spoken=spoken,
        )

    def _moved(
        self,
        action: Action,
        after: GameState,
        events: list[Event],
        hands: list[HandRecord] | None = None,
        *,
        hinted: bool = False,
    ) -> None:
        if hinted and (key := hint_key(self.state, self.hands, action)) is not None:
            self.hints.add(key)
        if hands is None:
            hands = hands_after(self.hands, self.state, after, events)
        if isinstance(action, Count) and action.seat == self.setup.human:
            self.counts += 1
        self.actions.append(action)
        self.state, self.hands = after, hands
