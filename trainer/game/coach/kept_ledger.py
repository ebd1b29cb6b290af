"""A game's ledger kept with it in the history: worked out from its record once the game is
over, kept as JSON text in its row, checked when an export brings it back.

The record a ledger is worked out from is the one the game's saved actions make when
played through again (`GameSession.played`), so a game saved by an older Muggins, whose
record lacks what the ledger reads, has a ledger all the same, and an imported game's
ledger is its actions' however its record was written. A ledger kept by another version
of the advice (`ledger.MODEL`) is worked out again when asked for, not trusted; an import
keeps one of an older model as it comes, and refuses one of a model no Muggins writes.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from trainer.game.coach.ledger import MODEL, GameLedger, ledger_from, ledger_model
from trainer.game.codec import CodecError, loads
from trainer.game.setup import setup_from_data
from trainer.history import StatsStore
from trainer.history.file import SavedGame
from trainer.history.writing import save_ledger
from trainer.textguard import excerpt

if TYPE_CHECKING:
    from trainer.game.coach.hand_ledgers import HandLedgers
    from trainer.game.session import GameSession

OLDER_MODELS: Final = (1,)
"""The models of the advice older trainers kept ledgers by (`ledger.MODEL` is this one's):
an import keeps such a ledger as it comes, and it is worked out again when asked for."""

# Playing a game through (the session) and working its ledger out (the coach's analysis)
# are imported where they are done: reading a kept ledger needs neither.


def ledger_text(ledger: GameLedger) -> str:
    """The ledger as the history keeps it: compact JSON, keys in the order they are written."""
    return json.dumps(ledger.to_dict(), separators=(",", ":"))


def worked_out(saved: SavedGame) -> GameLedger:
    """The ledger of a game over, from the record its actions make and its muggins policy;
    `SavedGameError` if it cannot be played through or is not over."""
    from trainer.game.coach.analysis import game_ledger
    from trainer.game.session import GameSession, SavedGameError

    try:
        setup = setup_from_data(loads(saved.setup, "setup"))
    except (CodecError, ValueError) as err:
        raise SavedGameError(saved.uid, str(err)) from None
    with StatsStore(":memory:") as nowhere:
        session = GameSession.played(nowhere, saved)
    record = session.record
    if record is None:
        raise SavedGameError(saved.uid, "it is not over: it has no ledger yet")
    return game_ledger(setup.rules, record.to_dict(), setup.options.muggins, session.hints)


def _kept(saved: SavedGame) -> Any:
    """The ledger kept with the game, as data (None: none, or not JSON)."""
    if saved.ledger is None:
        return None
    try:
        return json.loads(saved.ledger)
    except ValueError:
        return None


def kept_ledger(saved: SavedGame) -> GameLedger | None:
    """The ledger kept with a game over (None: none kept yet, kept by another version of the
    advice, or not a ledger after all: `stored_ledger` works it out again)."""
    kept = _kept(saved)
    if isinstance(kept, dict) and ledger_model(kept) == MODEL:
        try:
            return ledger_from(kept)
        except (KeyError, TypeError, ValueError):
            pass  # not a ledger after all: work it out again
    return None


def stored_ledger(store: StatsStore, saved: SavedGame) -> GameLedger:
    """The ledger of a game over: the one kept with it, or (none kept yet, or kept by another
    version of the advice) worked out from its actions and kept from now on."""
    kept = kept_ledger(saved)
    if kept is not None:
        return kept
    ledger = worked_out(saved)
    save_ledger(store, saved.id, ledger_text(ledger))
    return ledger


def ledger_problem(saved: SavedGame) -> str | None:
    """Why the ledger an export brings with a game is not the one its record gives (None: it
    is, or it brings none, or one of an older model a trainer wrote, `OLDER_MODELS`, kept as
    it comes and worked out again when asked for). A ledger of any other model is refused:
    no trainer wrote it, so nothing it holds can be trusted or compared."""
    kept = _kept(saved)
    if saved.ledger is None:
        return None
    if not isinstance(kept, dict):
        return "ledger: it is not a ledger (an object)"
    model = ledger_model(kept)
    if model in OLDER_MODELS:
        return None
    if model != MODEL:
        known = " or ".join(str(m) for m in (*OLDER_MODELS, MODEL))
        return (
            f"ledger: model: {excerpt(kept.get('model'))} is not a model of the coach's "
            f"advice a Muggins writes ({known})"
        )
    from trainer.game.session import SavedGameError

    try:
        truth = worked_out(saved).to_dict()
    except SavedGameError as err:
        return err.problem
    if kept == truth:
        return None
    return f"ledger: {_first_difference(kept, truth)}"


def _first_difference(kept: dict[str, Any], truth: dict[str, Any]) -> str:
    """Where a kept ledger first parts from the record's, in a player's words."""
    for n, seat in enumerate(truth["seats"]):
        given = kept.get("seats", [])
        if n >= len(given) or given[n] != seat:
            return f"seat {n}'s totals are not what its record gives ({json.dumps(seat)})"
    for hand in truth["hands"]:
        match = [h for h in kept.get("hands", []) if h.get("number") == hand["number"]]
        if not match or match[0] != hand:
            return f"hand {hand['number']} is not what its record gives"
    return "it holds more than its record gives"


def import_problem(saved: SavedGame) -> str | None:
    """What an import asks of a game before keeping it: played through as resuming it would
    be (`replay_problem`), and its ledger, if it brings one, what its record gives."""
    from trainer.game.saved_games import replay_problem

    return replay_problem(saved) or ledger_problem(saved)


def session_ledger(session: GameSession, hands: HandLedgers | None = None) -> GameLedger:
    """The ledger of a session's game once it is over, worked out from its record (reusing
    the hands' ledgers ``hands`` worked out as they ended) and kept with it in the history
    (`ValueError` while it is still being played)."""
    record = session.record
    if record is None:
        raise ValueError("the game is not over: it has no ledger yet")
    if hands is None:
        from trainer.game.coach.hand_ledgers import HandLedgers

        hands = HandLedgers(session.setup.rules, session.setup.options.muggins)
    ledger = hands.game(record.to_dict(), session.hints)
    save_ledger(session.store, session.game_id, ledger_text(ledger))
    return ledger
