"""Where your points went over your last games: points lost a hand by phase (the discard,
the play, the count), from each game's ledger as the history keeps it (RULES.md, "The
coach").

The count's figure is your counting's whole cost in points that moved: points your own
counts did not peg or had mugged (a miss the table corrected for free costs none), and
points let go or lost by your calls on others' (the ledger's ``count`` and ``calls``). A
game whose ledger is not kept yet has it worked out from its actions and kept
(`stored_ledger`): the first report after an older Muggins can take a few seconds a game;
every later one reads what is kept. What reads a game is imported when there is one to read,
and what works a ledger out (the session, the coach's analysis) when one must be: ``muggins
stats`` with no game played loads none of the game layer's machinery.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from trainer.history import StatsStore, StoreError
from trainer.history.file import SavedGame
from trainer.history.reading import DAMAGED, damaged, game_row
from trainer.history.writing import finished_games

if TYPE_CHECKING:
    from trainer.game.coach.ledger import GameLedger, Totals

LAST_GAMES: Final = 20
"""How many of your games the report reads: the most recent, where your play is now."""

PHASES: Final = ("discard", "play", "count")


@dataclass(frozen=True)
class GameLoss:
    """One game's points lost by your seat, by phase, and its number of hands."""

    uid: str
    variant: str
    ended: datetime
    hands: int
    lost: Totals

    def per_hand(self) -> dict[str, float]:
        return per_hand(self.lost, self.hands)


def per_hand(lost: Totals, hands: int) -> dict[str, float]:
    """Points lost a hand by phase (the count with the calls), and in all."""
    n = max(hands, 1)
    return {
        "discard": lost.discard / n,
        "play": lost.play / n,
        "count": (lost.count + lost.calls) / n,
        "total": lost.total / n,
    }


@dataclass(frozen=True)
class PhaseReport:
    """Your last games' losses, oldest first, and how many could not be read."""

    games: tuple[GameLoss, ...]
    unread: int = 0
    """Games over that could not be read or played through (a damaged row)."""
    damaged: tuple[str, ...] = ()
    """Each of those games named, with what could not be read."""

    @property
    def hands(self) -> int:
        return sum(g.hands for g in self.games)

    def lost(self) -> Totals:
        from trainer.game.coach.ledger import Totals

        out = Totals()
        for g in self.games:
            out += g.lost
        return out

    def per_hand(self) -> dict[str, float] | None:
        """Points lost a hand over every hand of these games (None: no game yet)."""
        return per_hand(self.lost(), self.hands) if self.games else None

    def to_dict(self) -> dict[str, Any]:
        """``muggins stats --json``'s ``"phases"``: the games read, the hands, points lost a
        hand in all and game by game (points to 3 places, at least)."""
        average = self.per_hand()
        return {
            "games": len(self.games),
            "hands": self.hands,
            "unread": self.unread,
            "per_hand": None if average is None else _rounded(average),
            "by_game": [
                {
                    "uid": g.uid,
                    "variant": g.variant,
                    "ended": g.ended.isoformat(),
                    "hands": g.hands,
                    "lost": g.lost.to_dict(),
                    "per_hand": _rounded(g.per_hand()),
                }
                for g in self.games
            ],
        }


def _rounded(values: dict[str, float]) -> dict[str, float]:
    from trainer.game.coach.ledger import points

    return {k: points(v) for k, v in values.items()}


def human_seat(saved: SavedGame) -> int | None:
    """The seat the human played in a stored game (None: its setup cannot be read)."""
    from trainer.game.codec import CodecError, loads
    from trainer.game.setup import setup_from_data

    try:
        return setup_from_data(loads(saved.setup, "setup")).human
    except (CodecError, ValueError):
        return None


def phase_report(store: StatsStore, *, last: int = LAST_GAMES) -> PhaseReport:
    """Your ``last`` games over, each with your seat's points lost by phase; a game that
    cannot be read or played through is left out and named."""
    games: list[GameLoss] = []
    finished = finished_games(store, last)
    notes = list(finished.damaged)
    for saved in finished.games:
        seat = human_seat(saved)
        if seat is None:
            notes.append(damaged(game_row(saved.uid), "setup", saved.setup, "is not a setup"))
            continue
        ledger = _ledger(store, saved)
        if isinstance(ledger, str):
            notes.append(f"{game_row(saved.uid)}: {ledger}: {DAMAGED}")
            continue
        lost = ledger.totals(seat)
        games.append(GameLoss(saved.uid, saved.variant, saved.updated, len(ledger.hands), lost))
    return PhaseReport(tuple(games), len(notes), tuple(notes))


def _ledger(store: StatsStore, saved: SavedGame) -> GameLedger | str:
    """The game's ledger as kept (worked out and kept if need be); worked out and not kept
    when the file cannot be written now (read-only, or another program holds it); what
    stops it being played through when it cannot be (a damaged row)."""
    from trainer.game.coach.kept_ledger import kept_ledger

    ledger = kept_ledger(saved)
    if ledger is not None:
        return ledger
    # Working it out plays the game through: the session and the coach, imported only now.
    from trainer.game.coach.kept_ledger import stored_ledger, worked_out
    from trainer.game.session import SavedGameError

    try:
        try:
            return stored_ledger(store, saved)
        except StoreError:
            return worked_out(saved)
    except SavedGameError as err:
        return err.problem
