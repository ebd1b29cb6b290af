"""What the table runner hands the table screen: the effects to apply after each call, the
rows of cards to draw (from the game's state), and a computer's move taken in a worker.
Plain Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from trainer.game.events import Event
from trainer.game.state import Action, GameState, Prompt
from trainer.rules.cards import Card
from trainer.ui.flow.claim_draft import AnnounceDraft
from trainer.ui.table.flow.reveal import GameReveal

if TYPE_CHECKING:
    from trainer.game.record import HandRecord
    from trainer.game.session import GameSession
    from trainer.game.setup import MatchPlace

PILE_SHOWN: Final = 5
"""The play's last cards drawn as cards (the line above lists every card since the reset)."""


@dataclass(frozen=True)
class Say:
    """Lines for the table's log."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Pegs:
    """Move the board's front pegs to ``scores`` and its back pegs to ``before`` (each side's
    score before its last score; None: under the front ones)."""

    scores: tuple[int, ...]
    before: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Notice:
    """Tell the player (a warning for a move refused, an error for one not saved)."""

    text: str
    severity: Literal["information", "warning", "error"] = "information"
    timeout: float | None = None


@dataclass(frozen=True)
class Asked:
    """A new question for you: clear what was typed; the text entry (`TableRunner.entry`)
    takes the focus if it is shown."""


@dataclass(frozen=True)
class Claims:
    """Show your claims so far (`TableRunner.draft`) in the log's place."""


@dataclass(frozen=True)
class LogBack:
    """The log again, in place of your claims."""


@dataclass(frozen=True)
class BotTurn:
    """A computer is to move: run `TableRunner.bot_move` in a worker. ``at_once``: its move
    is shown as soon as it is taken (the answer to your count, which opens its reveal), so
    the table need not be drawn in between."""

    at_once: bool = False


@dataclass(frozen=True)
class SaveYours:
    """Your move waits for the busy store: save it in a worker (`TableRunner.save_yours`,
    tried again until it is saved), then show it (`TableRunner.yours_saved`)."""


@dataclass(frozen=True)
class ShowAt:
    """Show the computer's move (`TableRunner.show_bot_move`) in ``delay`` seconds."""

    delay: float


@dataclass(frozen=True)
class BotShown:
    """A computer's move is shown: it was due at ``due`` (by the runner's ``now``);
    ``skipped`` if a key cut its pause short."""

    due: float
    skipped: bool


@dataclass(frozen=True)
class OpenReveal:
    """Show this reveal in the table's place; `TableRunner.closed` when it is closed."""

    reveal: GameReveal


@dataclass(frozen=True)
class OpenHandSummary:
    """Open the summary of this hand over the table; `TableRunner.closed` when closed."""

    hand: HandRecord


@dataclass(frozen=True)
class Confirm:
    """Ask you before a call is taken (yes or no); `TableRunner.confirmed` with the answer."""

    question: str
    detail: str


@dataclass(frozen=True)
class OpenGameOver:
    """Open the game's summary; `TableRunner.after_game` with the player's choice."""


@dataclass(frozen=True)
class NextGame:
    """Seat the player at the match's next game."""

    session: GameSession


@dataclass(frozen=True)
class Home:
    """Leave the table for home (the game is saved)."""


Effect = (
    Say
    | Pegs
    | Notice
    | Asked
    | Claims
    | LogBack
    | BotTurn
    | SaveYours
    | ShowAt
    | BotShown
    | OpenReveal
    | OpenHandSummary
    | Confirm
    | OpenGameOver
    | NextGame
    | Home
)


@dataclass(frozen=True)
class Row:
    """A row of cards as the table draws it."""

    cards: tuple[Card, ...]
    starter: Card | None = None
    numbered: bool = False
    selected: tuple[Card, ...] = ()
    dim: frozenset[Card] = frozenset()


@dataclass(frozen=True)
class BotMove:
    """A computer's step, taken and saved (in a worker): shown when its pause is over."""

    before: GameState
    action: Action
    events: list[Event]


@dataclass
class BotPending:
    """A computer's move under way: due when its pause is over, ``move`` once taken."""

    due: float
    move: BotMove | None = None
    skipped: bool = False


def held_cards(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` holds, in the order they are numbered."""
    hand = state.hand
    if state.phase == "play" and hand.table is not None:
        return hand.table.hands[seat]
    kept = hand.kept[seat]
    return hand.dealt.hands[seat] if kept is None else kept


def hand_row(
    state: GameState,
    asked: Prompt | None,
    seat: int,
    picked: list[Card],
    laying: Card | None = None,
) -> Row:
    """Your cards, numbered; in the play those that would pass 31 are dimmed (all of them
    while it is not your turn, or while you say what the card you lay pegs: it is on the
    table, not in your hand); the cards picked to throw."""
    held = tuple(c for c in held_cards(state, seat) if c != laying)
    table = state.hand.table
    able = set(table.playable(seat)) if state.phase == "play" and table else set(held)
    mine = asked is not None and asked.seat == seat and laying is None
    dim = frozenset(c for c in held if c not in able or not mine)
    return Row(
        held, numbered=True, selected=tuple(picked) if state.phase == "discard" else (), dim=dim
    )


def middle_row(state: GameState, draft: AnnounceDraft | None, laying: Card | None = None) -> Row:
    """The play's cards since the reset (with the card you are laying, while you say what it
    pegs), or the box being counted with the starter (numbered and picked from while you
    announce it)."""
    hand = state.hand
    if state.phase == "play" and hand.table is not None:
        pile = hand.table.pile + ((laying,) if laying is not None else ())
        return Row(pile[-PILE_SHOWN:], selected=(laying,) if laying is not None else ())
    if state.phase == "show" and hand.to_show:
        seat, box = hand.to_show[0]
        picked = tuple(draft.picked) if draft is not None else ()
        numbered = draft is not None
        return Row(state.cards_of(seat, box), hand.dealt.starter, numbered, picked)
    return Row(())


def match_text(place: MatchPlace | None) -> str:
    """Where a match stands, for the table's title ("" for a game on its own)."""
    if place is None:
        return ""
    points = "-".join(str(p) for p in place.points)
    return f"match to {place.points_to_win}: game {place.number}, {points}"
