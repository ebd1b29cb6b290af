"""The play (pegging): what the card just laid scores, and the go / last-card rules.

`score_play` scores the last card of the sequence since the last reset.
`PlayState` runs a whole play between players, refusing illegal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from trainer.rules.cards import Card, check_distinct
from trainer.rules.speech import play_phrase

PlayKind = Literal["fifteen", "thirty_one", "pair", "run", "go", "last"]
PAIR_POINTS: Final = {2: 2, 3: 6, 4: 12}


class PlayError(ValueError):
    """An impossible or illegal play: a count over 31, a card not held, a go when able to play."""


@dataclass(frozen=True, slots=True)
class PlayItem:
    """One thing the last card (or the go) scores, with the cards that make it."""

    kind: PlayKind
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


@dataclass(frozen=True)
class PlayScore:
    """What the last card laid scores, itemised, and the running count it makes."""

    cards: tuple[Card, ...]
    count: int
    items: tuple[PlayItem, ...]

    def _points(self, *kinds: str) -> int:
        return sum(i.points for i in self.items if i.kind in kinds)

    @property
    def fifteen(self) -> int:
        return self._points("fifteen")

    @property
    def thirty_one(self) -> int:
        return self._points("thirty_one")

    @property
    def pairs(self) -> int:
        return self._points("pair")

    @property
    def run(self) -> int:
        return self._points("run")

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of `muggins peg --json`."""
        return {
            "cards": [str(c) for c in self.cards],
            "count": self.count,
            "total": self.total,
            "fifteen": self.fifteen,
            "thirty_one": self.thirty_one,
            "pairs": self.pairs,
            "run": self.run,
            "items": [i.to_dict() for i in self.items],
        }

    def describe(self) -> str:
        """One line as said at the table: "fifteen for 2, run of 3 for 3"."""
        return play_phrase((i.kind, i.cards, i.points) for i in self.items)


def score_play(cards: Sequence[Card]) -> PlayScore:
    """Score the last of ``cards``, the cards laid since the last reset, oldest first."""
    seq = tuple(cards)
    if not seq:
        raise PlayError("no cards laid: give the cards since the last reset, oldest first")
    check_distinct(seq)
    count = sum(c.value for c in seq)
    if count > 31:
        raise PlayError(
            f"the count would be {count}: a play may never pass 31 "
            f"({' '.join(str(c) for c in seq)})"
        )
    items: list[PlayItem] = []
    if count == 15:
        items.append(PlayItem("fifteen", seq, 2))
    if count == 31:
        items.append(PlayItem("thirty_one", seq, 2))
    last = seq[-1]
    same = 1
    while same < len(seq) and seq[-1 - same].rank == last.rank:
        same += 1
    if same >= 2:
        items.append(PlayItem("pair", seq[-same:], PAIR_POINTS[same]))
    run = _longest_run(seq)
    if run:
        items.append(PlayItem("run", seq[-run:], run))
    return PlayScore(seq, count, tuple(items))


def _longest_run(seq: tuple[Card, ...]) -> int:
    """The largest k >= 3 such that the last k cards are k distinct consecutive ranks, or 0."""
    for k in range(len(seq), 2, -1):
        ranks = {c.rank for c in seq[-k:]}
        if len(ranks) == k and max(ranks) - min(ranks) == k - 1:
            return k
    return 0


class PlayState:
    """A play in progress: whose turn, the count, the cards since the reset, the pegs.

    Players are numbered from 0; player 0 (the non-dealer in a two-player game)
    leads. A player who can lay a card must; "go" is only for one who cannot.
    When nobody can lay, the last player to lay pegs 1 for the go (nothing more
    at 31, which already scored 2), the count resets, and the next player leads.
    The very last card pegs 1 for last (nothing more at 31).
    """

    def __init__(self, hands: Sequence[Sequence[Card]], leader: int = 0) -> None:
        if len(hands) < 2:
            raise PlayError("a play needs at least two players")
        check_distinct(c for hand in hands for c in hand)
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.scores: list[int] = [0] * len(hands)
        self.pile: list[Card] = []
        self.history: list[tuple[int, Card | None, tuple[PlayItem, ...]]] = []
        self.turn = leader
        self.last_player: int | None = None
        self._skip_empty()

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    @property
    def done(self) -> bool:
        return not any(self.hands)

    def playable(self, player: int) -> list[Card]:
        """The cards ``player`` may lay now without passing 31."""
        room = 31 - self.count
        return [c for c in self.hands[player] if c.value <= room]

    def lay(self, card: Card) -> tuple[PlayItem, ...]:
        """The player whose turn it is lays ``card``; returns what it (and any go) scored."""
        player = self.turn
        if self.done:
            raise PlayError("the play is over: every card has been laid")
        if card not in self.hands[player]:
            raise PlayError(f"player {player + 1} does not hold {card}")
        if card.value > 31 - self.count:
            raise PlayError(f"{card} would take the count from {self.count} past 31")
        self.hands[player].remove(card)
        self.pile.append(card)
        self.last_player = player
        items = list(score_play(self.pile).items)
        if self.done:
            if self.count != 31:
                items.append(PlayItem("last", (card,), 1))
            self.pile = []
        elif self.count == 31:
            self._reset(after=player)
        else:
            self.turn = (player + 1) % len(self.hands)
            items.extend(self._settle())
        self.scores[player] += sum(i.points for i in items if i.kind != "go")
        self.history.append((player, card, tuple(items)))
        return tuple(items)

    def go(self) -> tuple[PlayItem, ...]:
        """The player whose turn it is says "go"; refused if they could lay a card."""
        player = self.turn
        if self.done:
            raise PlayError("the play is over: every card has been laid")
        able = self.playable(player)
        if able:
            raise PlayError(f"player {player + 1} can lay {' '.join(map(str, able))}: no go")
        self.turn = (player + 1) % len(self.hands)
        items = self._settle()
        self.history.append((player, None, items))
        return items

    def _settle(self) -> tuple[PlayItem, ...]:
        """Move the turn to someone who can lay; if nobody can, score the go and reset."""
        n = len(self.hands)
        for step in range(n):
            candidate = (self.turn + step) % n
            if self.playable(candidate):
                # A player holding cards none of which fit keeps the turn, to say go.
                self._skip_empty()
                return ()
        assert self.last_player is not None
        scorer = self.last_player
        self.scores[scorer] += 1
        item = PlayItem("go", tuple(self.pile[-1:]), 1)
        self._reset(after=scorer)
        return (item,)

    def _reset(self, after: int) -> None:
        self.pile = []
        self.turn = (after + 1) % len(self.hands)
        self._skip_empty()

    def _skip_empty(self) -> None:
        """Pass the turn over players who hold no cards (they have nothing to say)."""
        n = len(self.hands)
        for _ in range(n):
            if self.hands[self.turn]:
                return
            self.turn = (self.turn + 1) % n
