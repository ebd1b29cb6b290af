"""A stored game dealt with without playing it on: abandoned by its uid (`abandon_saved`,
one that cannot be resumed), or checked to play through as it was saved (`replay_problem`,
as an import checks each game)."""

from __future__ import annotations

from trainer.game.session import Clock, GameSession, SavedGameError, local_now
from trainer.game.step_save import human_result
from trainer.history import StatsStore
from trainer.history.file import SavedGame
from trainer.history.writing import UnreadableGame, abandon_game, abandon_unread, load_game


def abandon_saved(store: StatsStore, uid: str, *, now: Clock = local_now) -> None:
    """Abandon a stored game by its uid without replaying it (one that cannot be resumed, or
    even read: a damaged row is given up all the same, so that it never stops a new game)."""
    try:
        saved = load_game(store, uid)
    except UnreadableGame:
        abandon_unread(store, uid, now())
        return
    if saved is None:
        raise ValueError(f"no game {uid} in the stats store")
    abandon_game(store, saved.id, now())


def replay_problem(saved: SavedGame) -> str | None:
    """Why a game cannot be played through as resuming it would (None: it can), as an import
    checks each game before keeping it: its setup and every action replayed by
    `GameSession.played` (on a store in memory, written to by nothing), and a game over
    ending so, with the winner and points it is saved with."""
    with StatsStore(":memory:") as nowhere:
        try:
            session = GameSession.played(nowhere, saved)
        except SavedGameError as err:
            return err.problem
        except ValueError as err:  # a setup the rules cannot deal from
            return f"setup: {err}"
    state = session.state
    if saved.human_side != session.setup.human_side:
        return f"human_side: {saved.human_side} is not its setup's ({session.setup.human_side})"
    if saved.status != "over":
        return None
    if not session.over:
        return f"it is saved as over, but its {len(saved.actions)} actions do not finish it"
    if (saved.winner, saved.final) != (state.winner, state.scores):
        final = None if saved.final is None else list(saved.final)
        return (
            f"winner {saved.winner} with {final} is not how its actions end it (side "
            f"{state.winner} wins, {list(state.scores)})"
        )
    result = human_result(session.setup.rules, state, session.setup.human_side)
    if saved.human_result != result:
        return f"human_result: {saved.human_result!r} is not how its actions end it ({result!r})"
    return None
