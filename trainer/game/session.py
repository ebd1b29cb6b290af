"""A game at the table as the UI drives it: saved after every step, resumed after a kill.

`GameSession.start` sets a game up and stores it; `GameSession.resume` takes the
latest game still playing back from the store: `new_game` from its setup, then
every saved action replayed through `step` (each checked legal again), so the
state, the bots' next choices and the record are what they were. The bots act
one step at a time (`bot_step`), so a UI can pause between them; the human
acts with `act`. Each step is saved before the session moves on (a step that
cannot be taken or saved changes nothing), with the human's count recorded as
an `Attempt` in the same transaction, and the last step marks the game over
with its record (`trainer.history.writing.games`).

Only the human's own counts are attempts. Their answers to a bot's count (`Respond`) move
points as the engine settles them but are not recorded as catch attempts: a drill's catch
question is judged by the ACC rule alone against the opponent's stated mistake, which a
bot's `Count` does not keep, while the game settles a call under its own policy. A throw or
card laid after a hint is saved marked so (`hints`), for the ledger.

In a game on its own (never in a match) the human's last decision can be taken back, with
every step after it (`undo`): the undo is saved as a step of its own, so a resumed game is
played through to the same place and its record counts the undos.

A stored game can also be dealt with without playing it on (`trainer.game.stored`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime

from trainer.game.attempts import count_attempt, game_drill
from trainer.game.codec import (
    CodecError,
    action_from_data,
    action_to_data,
    dumps,
    loads,
    spoken_data,
    undo_from_data,
    undo_to_data,
)
from trainer.game.course import GameCourse
from trainer.game.engine import count_verdict, step
from trainer.game.events import Event
from trainer.game.hints import action_hinted, hint_key, hinted_data
from trainer.game.match import first_dealer, match_game_seed
from trainer.game.players.bots import Bot, Level
from trainer.game.record import HandRecord, hands_after
from trainer.game.setup import GameSetup, MatchPlace, setup_from_data, setup_to_data
from trainer.game.state import Action, Count, GameError, GameOptions, GameState
from trainer.game.undo import undo_refusal, undo_span
from trainer.game.variants import GameVariant
from trainer.history import StatsStore
from trainer.history.file import HumanResult, SavedGame
from trainer.history.writing import (
    GameEnd,
    abandon_game,
    create_game,
    finish_game,
    latest_playing,
    save_step,
)
from trainer.quiz.attempt import Attempt, SpokenTimes

Clock = Callable[[], datetime]


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


def human_result(rules: GameVariant, state: GameState, side: int | None) -> HumanResult | None:
    """How the human's side came out of a finished game (None without a human)."""
    if side is None or state.winner is None:
        return None
    if side == state.winner:
        return "won"
    lost = rules.result(state.scores[side])
    return "lost" if lost == "win" else "skunked" if lost == "skunk" else "double-skunked"


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
        saved = latest_playing(store)
        return None if saved is None else cls.replay(store, saved, now=now)

    @classmethod
    def replay(cls, store: StatsStore, saved: SavedGame, *, now: Clock = local_now) -> GameSession:
        """A stored game replayed from its setup and actions, every action checked legal (a
        game still playing whose actions finish it is saved as over)."""
        session = cls.played(store, saved, now=now)
        if saved.status == "playing" and session.over:  # its end was not saved with it
            finish_game(store, saved.id, session._end(session.state, session.hands), now())
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
        session = cls(store, setup, saved.uid, saved.id, now)
        for n, text in enumerate(saved.actions):
            where = f"action {n}"
            try:
                data = loads(text, where)
                if (span := undo_from_data(data, where)) is not None:
                    session.undone(span)
                    continue
                action, hinted = action_from_data(data, where), action_hinted(data)
                after, events = step(session.state, action)
            except ValueError as err:  # CodecError, GameError, or anything the rules refuse
                detail = str(err) if isinstance(err, CodecError) else f"{where}: {err}"
                raise SavedGameError(saved.uid, detail) from None
            session.moved(action, after, events, hinted=hinted)
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

    def bot_step(self) -> tuple[Action, list[Event]] | None:
        """Let the bot whose turn it is act, saved; None if the game waits for the human or
        is over."""
        asked = self.prompt
        if asked is None or asked.seat not in self.bots:
            return None
        action = self.bots[asked.seat].decide(self.state, asked)
        return action, self._take(action, 0.0)

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
        """The human's action, saved, and its events; ``seconds`` is how long a count took,
        ``hinted`` that the coach's hint was asked for before it, ``spoken`` how fast a count
        said aloud was said (each kept with it).
        `GameError` if it is not the human's turn or the action is not legal: then nothing
        changes and nothing is saved."""
        asked = self.prompt
        if asked is None:
            raise GameError("the game is over" if not self.abandoned else "the game was abandoned")
        if asked.seat != self.setup.human:
            raise GameError(f"it is {self.setup.names[asked.seat]}'s turn to {asked.kind}")
        if action.seat != asked.seat:
            raise GameError(f"you play seat {asked.seat}, not seat {action.seat}")
        return self._take(action, seconds, hinted=hinted, spoken=spoken)

    def undo(self) -> list[Action]:
        """Take back the human's last decision and every step after it (`trainer.game.undo`),
        saved as a step of its own; the actions taken back, in order. `GameError` in a match,
        once the game is over, or before the human's first decision: nothing changes."""
        span = undo_span(self.actions, self.setup.human)
        problem = undo_refusal(self.setup.match is not None, self.prompt is None, span)
        if problem is not None:
            raise GameError(problem)
        save_step(self.store, self.game_id, self.saved, dumps(undo_to_data(span)), self.now())
        self.saved += 1
        return self.undone(span)

    def abandon(self) -> None:
        """Give the game up: it stays stored as abandoned, and is never resumed."""
        abandon_game(self.store, self.game_id, self.now())
        self.abandoned = True

    # ------------------------------------------------------------ inside

    def _take(
        self,
        action: Action,
        seconds: float,
        *,
        hinted: bool = False,
        spoken: SpokenTimes | None = None,
    ) -> list[Event]:
        """Step, save, then move on: a step refused or not saved leaves the session as it was."""
        before = self.state
        after, events = step(before, action)
        data = action_to_data(action)
        hinted = hinted and hint_key(before, self.hands, action) is not None
        data = hinted_data(data) if hinted else data
        yours = isinstance(action, Count) and action.seat == self.setup.human
        spoken = spoken if yours else None
        text = dumps(spoken_data(data, spoken) if spoken is not None else data)
        attempt = None
        if isinstance(action, Count) and yours:
            attempt = count_attempt(
                self.drill,
                action,
                count_verdict(after, events),
                seed=before.seed,
                session_id=self.uid,
                number=self.counts + 1,
                seconds=seconds,
                at=self.now(),
                spoken=spoken,
            )
        hands = hands_after(self.hands, before, after, events)
        end = self._end(after, hands) if after.phase == "over" else None
        save_step(self.store, self.game_id, self.saved, text, self.now(), attempt=attempt, end=end)
        self.saved += 1
        self.moved(action, after, events, hands, hinted=hinted)
        if attempt is not None:
            self.attempts.append(attempt)
        return events

    def _end(self, state: GameState, hands: list[HandRecord]) -> GameEnd:
        assert state.winner is not None
        record = self.record_of(state, hands)
        return GameEnd(
            dumps(record.to_dict()),
            state.winner,
            state.scores,
            human_result(self.setup.rules, state, self.setup.human_side),
        )
