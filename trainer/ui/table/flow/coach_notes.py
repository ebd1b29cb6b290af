"""What the coach says at the table, as plain Python: after a hand, what it cost you by phase;
after the game, the game's ledger (kept with it) and its three costliest decisions. Each is
worked out from the record (slow: the summaries call these in a worker), and a failure
becomes a line saying so rather than an error at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from trainer.game.coach.kept_ledger import session_ledger
from trainer.ui.flow.coach_text import accuracy_line, costliest_lines, hand_line, totals_line
from trainer.ui.flow.game_start import seat_names

if TYPE_CHECKING:
    from trainer.game.coach.hand_ledgers import HandLedgers
    from trainer.game.record import HandRecord
    from trainer.game.session import GameSession

FIRST_GAMES: Final = 10
"""The coach speaks after each hand by default while you have finished fewer games than this."""


def coach_after_hands(setting: str, games_over: int) -> bool:
    """Whether the hand's summary says what the hand cost you: ``always``, ``never``, or
    ``first-games`` (while fewer than `FIRST_GAMES` games are over)."""
    return setting == "always" or (setting == "first-games" and games_over < FIRST_GAMES)


def hand_note(session: GameSession, hand: HandRecord, ledgers: HandLedgers) -> list[str]:
    """The hand's cost to you in one line ("This hand: discard -1.2, play -0.4, count -2
    (mugged)"), then how exactly you counted in it, a line of its own (points and accuracy
    are different things); nothing when you have no seat. The hand's ledger is kept in
    ``ledgers`` for the game's."""
    seat = session.human
    if seat is None:
        return []
    try:
        ledger = ledgers.hand(hand.to_dict(), session.hints)
    except (KeyError, ValueError) as err:
        return [f"The coach could not look at this hand: {err}"]
    mine = ledger.seats[seat]
    accuracy = accuracy_line(mine.counts, " this hand")
    return [hand_line(mine), *([accuracy] if accuracy else [])]


def game_note(session: GameSession, ledgers: HandLedgers, *, plain: bool = False) -> list[str]:
    """The game's points lost by phase and its costliest decisions (the ledger is kept with
    the game; the hands' worked out as they ended, in ``ledgers``, are reused); nothing when
    you have no seat."""
    seat = session.human
    if seat is None:
        return []
    try:
        ledger = session_ledger(session, ledgers)
    except (OSError, ValueError) as err:
        return [f"The coach could not go over the game: {err}"]
    rules = session.setup.rules
    names = seat_names(rules.players, bool(rules.teams))
    costly = costliest_lines(ledger, seat, names, plain=plain)
    lines = [totals_line(ledger.totals(seat))]
    if costly:
        lines += ["Your costliest decisions:", *(f"  {line}" for line in costly)]
    else:
        lines.append("No decision of yours cost a point by the coach's reckoning.")
    return lines
