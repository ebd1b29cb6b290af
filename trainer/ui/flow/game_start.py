"""From the setup screen's choices to a game in play: who sits where (and what each seat is
called), the seed, the match.

Plain Python (no Textual): the app calls these in a thread worker, since opening the
store's file and replaying a saved game touch the disk.
"""

from __future__ import annotations

import random
import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Final

from trainer.drills.model import SEED_LIMIT

if TYPE_CHECKING:
    from trainer.game.players.bots import Level
    from trainer.game.session import GameSession
    from trainer.history import StatsStore
    from trainer.history.file import SavedGame
    from trainer.settings import GameChoices
    from trainer.ui.flow.history import History

SEAT_NAMES: Final[dict[int, tuple[str, ...]]] = {
    2: ("You", "Computer"),
    3: ("You", "Left", "Right"),
    4: ("You", "Left", "Across", "Right"),
}
"""What each seat is called, clockwise from yours (seat 0); a partner sits across."""
PARTNER_NAMES: Final = ("You", "Left", "Partner", "Right")


def seat_names(players: int, partners: bool) -> tuple[str, ...]:
    return PARTNER_NAMES if partners else SEAT_NAMES[players]


def possessive(name: str) -> str:
    """A seat's name as its owner: "your" for you, "Left's" for the others."""
    return "your" if name == "You" else f"{name}'s"


def side_names(players: int, partners: bool) -> tuple[str, ...]:
    """The board's label for each side: the seats, or "Us" and "Them" in partners."""
    return ("Us", "Them") if partners else seat_names(players, partners)


def new_session(
    store: StatsStore, choices: GameChoices, rng: random.Random, *, nineteen: bool = True
) -> GameSession:
    """A game as chosen, stored before its first step: you in seat 0, a bot of the chosen
    level in every other seat; a match's first game when the match is longer than one.
    ``nineteen``: the player's rule for a count of 19 (Settings).
    A game still saved as playing is given up (abandoned, kept in the store): home offers
    to resume only the one game."""
    from trainer.game.match import first_dealer, match_game_seed
    from trainer.game.saved_games import abandon_saved
    from trainer.game.session import GameSession
    from trainer.game.setup import MatchPlace
    from trainer.game.state import GameOptions
    from trainer.game.variants import variant
    from trainer.history.writing import UnreadableGame, latest_playing

    while True:
        try:
            saved = latest_playing(store)
        except UnreadableGame as err:  # damaged: given up unread, never a bar to a new game
            abandon_saved(store, err.uid)
            continue
        if saved is None:
            break
        abandon_saved(store, saved.uid)
    rules = variant(choices.variant)
    levels: list[Level | None] = [None, *([choices.level] * (rules.players - 1))]
    names = seat_names(rules.players, bool(rules.teams))
    options = GameOptions(
        muggins=choices.muggins,
        peg_own=frozenset({0}) if choices.peg_own else frozenset(),
        nineteen=nineteen,
    )
    seed = rng.randrange(SEED_LIMIT // 1000)  # a match's games are seeded seed * 1000 + n
    if choices.match_points <= 1:
        return GameSession.start(store, rules, seed, levels, names=names, options=options)
    place = MatchPlace(uuid.uuid4().hex, seed, choices.match_points, 1, (0,) * len(rules.sides))
    return GameSession.start(
        store,
        rules,
        match_game_seed(seed, 1),
        levels,
        names=names,
        options=options,
        first_dealer=first_dealer(seed, rules.players, 1),
        match=place,
    )


def writer(history: History) -> StatsStore:
    """The store a game is saved in: the trainer's file (made now if need be), or the store
    a test gave the app."""
    from trainer.history import StatsStore
    from trainer.history.writing import DeferredStore

    if isinstance(history, DeferredStore):
        return history.writer()
    if isinstance(history, StatsStore):
        return history
    raise TypeError(f"games are kept in a stats store, not in {type(history).__name__}")


def saved_game(history: History) -> SavedGame | None:
    """The game still playing in the history, without making the file (none: nothing saved)."""
    from trainer.history.writing import DeferredStore, latest_playing

    if isinstance(history, DeferredStore):
        return history.playing_game()
    return latest_playing(writer(history))


def saved_line(history: History, saved: SavedGame, now: datetime) -> str:
    """How the trainer names a saved game: its variant, the score (read by playing it
    through, writing nothing), when it was last played."""
    from trainer.game.session import GameSession, SavedGameError

    try:
        session = GameSession.played(writer(history), saved)
    except SavedGameError:  # resuming it says what is wrong
        return peeked_line(saved.variant, saved.steps, saved.updated, now)
    rules = session.setup.rules
    names = side_names(rules.players, bool(rules.teams))
    score = ", ".join(f"{n} {p}" for n, p in zip(names, session.state.scores, strict=True))
    return (
        f"{variant_name(saved.variant)} · {score} · last played {when_played(saved.updated, now)}"
    )


def peeked_line(variant_id: str, steps: int, updated: datetime, now: datetime) -> str:
    """A saved game named from its row alone (before the history is open): no score yet."""
    moves = "1 move" if steps == 1 else f"{steps} moves"
    return f"{variant_name(variant_id)} · {moves} in · last played {when_played(updated, now)}"


def variant_name(variant_id: str) -> str:
    """A variant's name; its id if this trainer does not know it (a newer one saved it)."""
    from trainer.game.variants import variant

    try:
        return variant(variant_id).name
    except ValueError:
        return variant_id


def when_played(moment: datetime, now: datetime) -> str:
    """A time as a day near ``now`` (in its time zone), with the time of day on the last
    two: "today at 14:05", "yesterday at 21:40", "3 days ago", "2026-11-02"."""
    local = moment.astimezone(now.tzinfo) if now.tzinfo is not None else moment
    days = (now.date() - local.date()).days
    if days <= 0:
        return f"today at {local:%H:%M}"
    if days == 1:
        return f"yesterday at {local:%H:%M}"
    if days < 7:
        return f"{days} days ago"
    return local.date().isoformat()
