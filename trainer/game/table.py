"""The play at the table as a frozen state: whose turn, the count, the pile since the reset.

`lay` and `go` return a new table and what was pegged; nothing is changed in
place, so a game state can hold a table and be replayed or saved. Scoring of a
laid card is `rules.play.score_play`; this module adds only the turns (RULES.md,
"The game", step 3): a player who can lay must; one who cannot says go and is
skipped; when nobody can lay, the last to lay pegs 1 (nothing more at 31), the
count resets and the seat after the last player leads, skipping empty hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.rules.cards import Card
from trainer.rules.play import PlayError, PlayItem, score_play


@dataclass(frozen=True)
class Table:
    """The play in progress. ``hands`` are the cards each seat still holds."""

    hands: tuple[tuple[Card, ...], ...]
    turn: int
    pile: tuple[Card, ...] = ()
    last_player: int | None = None
    passed: frozenset[int] = frozenset()
    """Seats that said go since the last reset."""

    @classmethod
    def start(cls, hands: Sequence[Sequence[Card]], leader: int) -> Table:
        table = cls(tuple(tuple(h) for h in hands), leader)
        return table._skip_empty()

    @property
    def count(self) -> int:
        return sum(c.value for c in self.pile)

    @property
    def done(self) -> bool:
        return not any(self.hands)

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may lay now without passing 31."""
        room = 31 - self.count
        return tuple(c for c in self.hands[seat] if c.value <= room)

    def lay(self, card: Card) -> tuple[Table, tuple[PlayItem, ...]]:
        """The seat whose turn it is lays ``card``: the new table and what it pegged (with
        the last card's 1, or a go that follows at once because nobody can lay after it)."""
        seat = self.turn
        if self.done:
            raise PlayError("the play is over: every card has been laid")
        if card not in self.hands[seat]:
            raise PlayError(f"seat {seat} does not hold {card}")
        if card.value > 31 - self.count:
            raise PlayError(f"{card} would take the count from {self.count} past 31")
        hands = tuple(
            tuple(c for c in h if c != card) if n == seat else h for n, h in enumerate(self.hands)
        )
        pile = (*self.pile, card)
        items = list(score_play(pile).items)
        table = replace(self, hands=hands, pile=pile, last_player=seat)
        if table.done:
            if table.count != 31:
                items.append(PlayItem("last", (card,), 1))
            return replace(table, pile=()), tuple(items)
        if table.count == 31:
            return table._reset(after=seat), tuple(items)
        table, go = replace(table, turn=table._next(seat))._settle()
        return table, (*items, *go)

    def go(self) -> tuple[Table, tuple[PlayItem, ...]]:
        """The seat whose turn it is says go (refused if it could lay): the new table, and
        the go's point if nobody else can lay either."""
        seat = self.turn
        if self.done:
            raise PlayError("the play is over: every card has been laid")
        able = self.playable(seat)
        if able:
            raise PlayError(f"seat {seat} can lay {' '.join(map(str, able))}: no go")
        table = replace(self, passed=self.passed | {seat}, turn=self._next(seat))
        return table._settle()

    def _next(self, seat: int) -> int:
        return (seat + 1) % len(self.hands)

    def _settle(self) -> tuple[Table, tuple[PlayItem, ...]]:
        """Give the turn to the next seat that holds cards; if nobody can lay, score the go
        to the last player and reset."""
        n = len(self.hands)
        if any(self.playable(s) for s in range(n)):
            return self._skip_empty(), ()
        scorer = self.last_player
        if scorer is None:  # nobody has laid since the deal: cannot happen with cards held
            raise PlayError("no card has been laid: there is no go to score")
        item = PlayItem("go", self.pile[-1:], 1)
        return self._reset(after=scorer), (item,)

    def _reset(self, after: int) -> Table:
        return replace(self, pile=(), passed=frozenset(), turn=self._next(after))._skip_empty()

    def _skip_empty(self) -> Table:
        """Pass the turn over seats that hold no cards or said go since the reset (they have
        nothing more to say until the count starts again)."""
        turn = self.turn
        for _ in range(len(self.hands)):
            if self.hands[turn] and turn not in self.passed:
                break
            turn = self._next(turn)
        return replace(self, turn=turn)
