"""One step of a game at the table as it is saved: worked out first, writing nothing, then
saved in one transaction that is tried again while the history is busy.

`work_out` gives what the step changes and what it writes (`PendingStep`): the state
after it, its events and the record's hands, the action's saved text (marked when made
after a hint, with how fast a count said aloud was said), your count as an `Attempt`, and
on the last step the game's end (`game_end`). An undo is a step of its own
(`PendingUndo`): what it takes back, saved as `codec.undo_to_data` says. `save_pending`
saves either (`trainer.history.writing.save_step`), tried again while another program
holds the store (`trainer.history.writing.patiently`): a busy store delays a step and
never refuses it, and a step tried again is never saved twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from trainer.drills.model import DrillSet
from trainer.game.attempts import count_attempt
from trainer.game.codec import action_to_data, dumps, spoken_data, undo_to_data
from trainer.game.engine import count_verdict, step
from trainer.game.events import Event
from trainer.game.hints import hint_key, hinted_data
from trainer.game.record import GameRecord, HandRecord, hands_after
from trainer.game.setup import GameSetup
from trainer.game.state import Action, Count, GameState
from trainer.game.variants import GameVariant
from trainer.history import StatsStore, StoreBusy
from trainer.history.file import HumanResult
from trainer.history.writing import GameEnd, Stop, patiently, save_step
from trainer.quiz.attempt import Attempt, SpokenTimes


@dataclass(frozen=True)
class PendingStep:
    """A step worked out and not saved yet: what saving it writes, what taking it changes."""

    before: GameState
    n: int
    """Its number among the game's saved steps (from 0; undos are steps too)."""
    action: Action
    after: GameState
    events: list[Event]
    hands: list[HandRecord]
    """The record's hands after it."""
    text: str
    """The action as it is saved (JSON text)."""
    attempt: Attempt | None
    """Your count, as an attempt (None: not a count of yours)."""
    end: GameEnd | None
    """The game's end, when this step ends it."""
    at: datetime
    hinted: bool
    """Made after the coach's hint (and a decision a hint is for)."""


@dataclass(frozen=True)
class PendingUndo:
    """An undo worked out and not saved yet: it takes back the ``span`` last actions
    (``undone``, in order) of the game in ``before``."""

    before: GameState
    n: int
    """Its number among the game's saved steps (from 0)."""
    span: int
    undone: tuple[Action, ...]
    at: datetime
    attempt: None = None
    end: None = None

    @property
    def text(self) -> str:
        """The undo as it is saved (JSON text)."""
        return dumps(undo_to_data(self.span))


def work_out(
    setup: GameSetup,
    drill: DrillSet,
    state: GameState,
    hands: Sequence[HandRecord],
    action: Action,
    *,
    n: int,
    undos: int = 0,
    session_id: str,
    number: int,
    at: datetime,
    seconds: float = 0.0,
    hinted: bool = False,
    spoken: SpokenTimes | None = None,
) -> PendingStep:
    """``action`` taken in ``state`` (the record so far: ``hands``), writing nothing, to be
    saved as the game's step ``n`` (``undos`` taken before it, for the record if it ends the
    game); a count of yours is the game's ``number``-th, its attempt of the session
    ``session_id``. The engine's `GameError` if it is not legal."""
    after, events = step(state, action)
    data = action_to_data(action)
    hinted = hinted and hint_key(state, hands, action) is not None
    data = hinted_data(data) if hinted else data
    yours = isinstance(action, Count) and action.seat == setup.human
    spoken = spoken if yours else None
    text = dumps(spoken_data(data, spoken) if spoken is not None else data)
    attempt = None
    if isinstance(action, Count) and yours:
        attempt = count_attempt(
            drill,
            action,
            count_verdict(after, events),
            seed=state.seed,
            session_id=session_id,
            number=number,
            seconds=seconds,
            at=at,
            spoken=spoken,
        )
    after_hands = hands_after(hands, state, after, events)
    end = game_end(setup, after, after_hands, undos) if after.phase == "over" else None
    return PendingStep(state, n, action, after, events, after_hands, text, attempt, end, at, hinted)


def save_pending(
    store: StatsStore,
    game_id: int,
    pending: PendingStep | PendingUndo,
    *,
    patient: bool = True,
    stop: Stop | None = None,
    waiting: Callable[[StoreBusy], object] | None = None,
) -> None:
    """Save the step as the game's next action, with its attempt and end, in one
    transaction, tried again while the store is busy (``waiting`` told the first time)
    until it is saved or ``stop`` is set (then `StoreBusy`, nothing written by this call);
    not ``patient``: one try at the store's lock, `StoreBusy` if another holds it."""

    def write(again: bool) -> None:
        save_step(
            store,
            game_id,
            pending.n,
            pending.text,
            pending.at,
            attempt=pending.attempt,
            end=pending.end,
            again=again,
            patient=patient,
        )

    if patient:
        patiently(write, stop=stop, waiting=waiting)
    else:
        write(False)


def human_result(rules: GameVariant, state: GameState, side: int | None) -> HumanResult | None:
    """How the human's side came out of a finished game (None without a human)."""
    if side is None or state.winner is None:
        return None
    if side == state.winner:
        return "won"
    lost = rules.result(state.scores[side])
    return "lost" if lost == "win" else "skunked" if lost == "skunk" else "double-skunked"


def game_record(
    setup: GameSetup, state: GameState, hands: list[HandRecord], undos: int = 0
) -> GameRecord:
    """The record of a game over (``state`` won, ``hands`` its record, ``undos`` taken)."""
    assert state.winner is not None
    s = setup
    return GameRecord(
        s.rules, s.seed, s.names, s.first_dealer, hands, state.scores, state.winner, undos
    )


def game_end(
    setup: GameSetup, state: GameState, hands: list[HandRecord], undos: int = 0
) -> GameEnd:
    """What a game over adds to its row: its record, the winner, the points, your result."""
    assert state.winner is not None
    return GameEnd(
        dumps(game_record(setup, state, hands, undos).to_dict()),
        state.winner,
        state.scores,
        human_result(setup.rules, state, setup.human_side),
    )
