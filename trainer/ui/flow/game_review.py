"""A past game reviewed hand by hand: for each hand what you were dealt, each of your
decisions against the best and what it cost, your counts with their breakdown, and your
answers to the others' counts. Plain Python: the review screen pages through what this
makes, loaded in a worker (`load_review` plays the game through and may work its ledger out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.game.coach.decisions import cards_of
from trainer.game.coach.kept_ledger import stored_ledger
from trainer.game.coach.ledger import GameLedger, SeatHand
from trainer.game.session import GameSession, SavedGameError
from trainer.history import StatsStore
from trainer.history.writing import load_game
from trainer.rules.speech import spoken_groups
from trainer.ui.flow.coach_text import (
    BOXES,
    accuracy_line,
    call_line,
    cards_text,
    choice_line,
    count_line,
    hand_line,
    totals_line,
)
from trainer.ui.flow.game_start import seat_names


@dataclass(frozen=True)
class ReviewPage:
    """One hand of the review: a title line and the lines under it."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class GameReview:
    """A game to step through: what it was, your points lost in all, a page a hand."""

    heading: str
    totals: str
    pages: tuple[ReviewPage, ...]
    counting: str = ""
    """How exactly you counted in the game, apart from the points it cost."""


def _show_lines(event: Mapping[str, Any], starter: str, *, plain: bool) -> list[str]:
    """One of your shows: the cards, the points there and what you said, then each group
    of combinations as the reveal lists them (`spoken_groups`: a double run is one line)."""
    cards = cards_text(cards_of(event["cards"]), plain=plain)
    turned = cards_text(cards_of([starter]), plain=plain)
    claimed = event["claimed"]
    said = "" if claimed == event["points"] else f" (you said {claimed})"
    out = [f"Your {BOXES[event['box']]}: {cards} + {turned} = {event['points']}{said}"]
    items = [(i["kind"], cards_of(i["cards"]), i["points"]) for i in event["verdict"]["items"]]
    for group, spoken in spoken_groups(items):
        what = cards_text(group.cards, plain=plain)
        out.append(f"  {group.kind:<10} {what:<16} {group.points:>2}  {spoken}")
    return out


def hand_page(
    hand: Mapping[str, Any],
    seat_hand: SeatHand,
    seat: int,
    names: Sequence[str],
    hands: int,
    *,
    plain: bool,
) -> ReviewPage:
    """One hand of the record (its plain data) with your part of its ledger."""
    number = hand["number"]
    dealer = "you" if hand["dealer"] == seat else names[hand["dealer"]]
    title = f"Hand {number} of {hands} · {dealer} dealt"
    if not hand["kept"]:
        return ReviewPage(title, ("The game was won before this hand's throw.",))
    starter = hand["starter"]
    title += f" · starter {cards_text(cards_of([starter]), plain=plain)}"
    lines = [
        f"You were dealt {cards_text(cards_of(hand['dealt'][seat]), plain=plain)}.",
    ]
    if seat_hand.throw is not None:
        lines.append(choice_line(number, seat_hand.throw, plain=plain))
    lines += [choice_line(number, lay, plain=plain) for lay in seat_hand.lays]
    for event in hand["events"]:
        if event["type"] == "show" and event["seat"] == seat:
            lines += _show_lines(event, starter, plain=plain)
    lines += [count_line(number, c) for c in seat_hand.counts if c.loss or not c.exact]
    lines += [call_line(number, a, names) for a in seat_hand.answers]
    lines.append(hand_line(seat_hand))
    return ReviewPage(title, tuple(lines))


def build_review(
    record: Mapping[str, Any],
    ledger: GameLedger,
    seat: int,
    names: Sequence[str],
    heading: str,
    *,
    plain: bool = False,
) -> GameReview:
    """The review of a game over from its record and ledger, seen from ``seat``."""
    hands = record["hands"]
    by_number = {h.number: h.seats[seat] for h in ledger.hands}
    pages = tuple(
        hand_page(h, by_number.get(h["number"], SeatHand()), seat, names, len(hands), plain=plain)
        for h in hands
    )
    counting = accuracy_line(ledger.counts(seat))
    return GameReview(heading, totals_line(ledger.totals(seat)), pages, counting)


def _heading(session: GameSession) -> str:
    setup, state = session.setup, session.state
    scores = " to ".join(str(p) for p in sorted(state.scores, reverse=True))
    side = setup.human_side
    result = "won" if side is not None and side == state.winner else "lost"
    return f"{setup.rules.name} · you {result} {scores}"


def load_review(store: StatsStore, uid: str, *, plain: bool = False) -> GameReview:
    """The review of the stored game ``uid``, over: played through from its actions (so a
    resumed or imported game reviews alike) with its ledger, kept or worked out now and kept.
    `SavedGameError` if it is not over or cannot be played through; slow (in a worker)."""
    saved = load_game(store, uid)
    if saved is None:
        raise SavedGameError(uid, "it is not in the stats store")
    with StatsStore(":memory:") as nowhere:
        session = GameSession.played(nowhere, saved)
    record = session.record
    if record is None or saved.status != "over":
        raise SavedGameError(uid, "it is not over: there is nothing to review yet")
    ledger = stored_ledger(store, saved)
    rules = session.setup.rules
    seat = session.setup.human if session.setup.human is not None else 0
    names = seat_names(rules.players, bool(rules.teams))
    return build_review(record.to_dict(), ledger, seat, names, _heading(session), plain=plain)
