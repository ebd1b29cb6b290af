"""The game's frozen states and its actions: what `engine.step` takes and returns.

A `GameState` holds the variant, the seed, the options, the score of each side
and the hand in progress (`HandState`); `Prompt` says what the game waits for;
the actions are what a seat answers. A claim not yet settled (`Pending`) waits
in the hand for the opponents' answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from trainer.game.deal import Dealt
from trainer.game.events import Answered, Box
from trainer.game.variants import GameVariant
from trainer.judge.claims import CatchAnswer, Claim
from trainer.judge.policy import Policy
from trainer.judge.verdict import Verdict
from trainer.rules.cards import Card
from trainer.rules.play import Play, PlayItem
from trainer.rules.show import Item

Phase = Literal["discard", "play", "show", "over"]


class GameError(ValueError):
    """An action the game cannot take now: not this seat's turn, cards not held..."""


@dataclass(frozen=True)
class GameOptions:
    """Table rules a game is played under."""

    muggins: Policy = "acc"
    heels_to: Literal["dealer", "cutter"] = "dealer"
    peg_own: frozenset[int] = frozenset()
    """Seats that peg their own play: each card they lay comes with what they say it pegs,
    and points they miss can be mugged (ACC 10.2). Every other seat's play is pegged for it."""
    nineteen: bool = True
    """A count of 19 means nothing ("nineteen"), where the box cannot score 19 (RULES.md)."""


@dataclass(frozen=True)
class Discard:
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Lay:
    """Lay a card in the play; a seat that pegs its own play says what it pegs (``claim``)."""

    seat: int
    card: Card
    claim: int | None = None


@dataclass(frozen=True)
class SayGo:
    seat: int


@dataclass(frozen=True)
class Count:
    """The owner of the box being shown claims its count (a total or announced).

    ``said`` are the combinations a bot names as it counts aloud, for showing only:
    a bot's claim is its total.
    """

    seat: int
    claim: Claim
    said: tuple[Item, ...] = ()


@dataclass(frozen=True)
class Respond:
    """An opponent answers the count just announced: accept (the default), "too many",
    or "muggins for X"."""

    seat: int
    answer: CatchAnswer = field(default_factory=CatchAnswer)


Action: TypeAlias = Discard | Lay | SayGo | Count | Respond


@dataclass(frozen=True)
class Prompt:
    """What the game waits for: which seat, and to do what."""

    seat: int
    kind: Literal["discard", "play", "count", "respond"]
    box: Box | None = None


@dataclass(frozen=True)
class Pending:
    """A claim made and not yet settled: a show's count (``box``), or what a card laid in the
    play pegs (``box`` None). The owner has pegged what is not in dispute; the opponents
    still to answer wait in counting order."""

    seat: int
    box: Box | None
    claimed: int
    actual: int
    missed: int
    excess: int
    pegged: int
    responders: tuple[int, ...]
    verdict: Verdict | None = None
    """A show's judgement, combination by combination for an announcement."""
    count: Count | None = None
    card: Card | None = None
    """The card laid, for a claim in the play."""
    play_count: int = 0
    """The count the card made."""
    go: tuple[int, int] | None = None
    """A go or last card's 1 (or 2) that follows the card laid: (seat, points)."""
    items: tuple[PlayItem, ...] = ()
    """What the card laid scores, for a claim in the play."""
    passed: frozenset[int] = frozenset()
    """Seats that had said go since the count began when the card was laid."""
    answers: tuple[Answered, ...] = ()
    """The opponents who accepted so far, in counting order."""

    @property
    def exact(self) -> bool:
        return not self.missed and not self.excess


@dataclass(frozen=True)
class HandState:
    """One hand: its deal, what each seat kept and threw, the play, the boxes still to show."""

    number: int
    dealer: int
    dealt: Dealt
    kept: tuple[tuple[Card, ...] | None, ...]
    thrown: tuple[tuple[Card, ...], ...]
    table: Play | None = None
    to_show: tuple[tuple[int, Box], ...] = ()
    pending: Pending | None = None

    @property
    def crib(self) -> tuple[Card, ...]:
        return (*(c for t in self.thrown for c in t), *self.dealt.deck_to_crib)


@dataclass(frozen=True)
class GameState:
    """A game between the seats of a variant, from its seed."""

    rules: GameVariant
    seed: int
    options: GameOptions
    scores: tuple[int, ...]
    """Points per side (`GameVariant.sides`)."""
    hand: HandState
    phase: Phase
    winner: int | None = None
    steps: int = 0
    """Actions taken so far: with the seed, what a bot's choice at this point draws from."""

    def cards_of(self, seat: int, box: Box) -> tuple[Card, ...]:
        """What is shown for a box: a seat's kept hand, or the dealer's crib."""
        if box == "crib":
            return self.hand.crib
        kept = self.hand.kept[seat]
        assert kept is not None
        return kept
