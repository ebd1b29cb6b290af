"""The play (pegging): what the card just laid scores, and the play itself as a frozen table.

`pair_run` is the one place pairs and runs are found, on ranks alone; `score_play`
itemises the last card of the cards since the last reset with it, and the game's
search (`trainer.game.players.search`) scores ranks with it. `Play` is the only play engine:
frozen, so the pegging drill, the game and the search share it, and a game state
can hold it, replay it and save it (RULES.md, "The play" and "The game", step 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Final, Literal, NamedTuple

from trainer.rules.cards import Card, check_distinct
from trainer.rules.frozen import evolve
from trainer.rules.speech import play_phrase

PlayKind = Literal["fifteen", "thirty_one", "pair", "run", "go", "last"]
PAIR_POINTS: Final = {1: 0, 2: 2, 3: 6, 4: 12}
"""Points for the cards of one rank that end the pile, by how many (one: no pair)."""
_new = tuple.__new__
_RANK = attrgetter("rank")


class PlayError(ValueError):
    """An impossible or illegal play: a count over 31, a card not held, a go when able to play."""


class PlayItem(NamedTuple):
    """One thing the last card (or the go) scores, with the cards that make it (a named
    tuple: made four times faster than a frozen dataclass, the same fields and repr)."""

    kind: PlayKind
    cards: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


class PlayScore(NamedTuple):
    """What the last card laid scores, itemised, and the running count it makes.

    A named tuple (every card laid in a game or a search makes one, and a tuple is
    made fastest); its field ``count`` hides the tuple's ``count`` method, which no
    score needs.
    """

    cards: tuple[Card, ...]
    count: int  # type: ignore[assignment]
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


def pair_run(ranks: Sequence[int]) -> tuple[int, int, int]:
    """For the last of ``ranks`` (laid since the reset, oldest first): how many cards of its
    rank end the pile (1: no pair), the longest run of three or more it ends (0: none), and
    how many of the last ranks a later card can still score with (the trailing equal ranks
    or the longest suffix of distinct ranks, whichever is longer).

    One walk back from the last card, keeping the ranks seen as bits and their lowest
    and highest: the suffix of k distinct ranks is a run when highest - lowest = k - 1.
    """
    n = len(ranks)
    last = ranks[-1]
    if n == 1:
        return 1, 0, 1
    seen = 1 << last
    low = high = last
    same = 1
    run = 0
    k = 1
    while k < n:
        rank = ranks[-1 - k]
        bit = 1 << rank
        if seen & bit:
            break
        seen |= bit
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        k += 1
        if high - low == k - 1 and k >= 3:
            run = k
    if k == 1:  # the card before is of the same rank: count the trailing equal ranks
        same = 2
        while same < n and ranks[-1 - same] == last:
            same += 1
        return same, 0, same
    return 1, run, k


_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Each rank's counting value (index 0 unused): one lookup, not `Card.value`'s `min`."""
_VALUES: Final = bytes(_VALUE) + bytes(256 - len(_VALUE))
"""`_VALUE` as a `bytes.translate` table: ranks as bytes to values in one call."""
_EMPTY: Final[tuple[PlayItem, ...]] = ()


def score_play(cards: Sequence[Card]) -> PlayScore:
    """Score the last of ``cards``, the cards laid since the last reset, oldest first.

    Written for speed (every card laid in a game or a search is scored): the ranks read
    once, the distinct-cards check only where a rank repeats, a pile of one or two cards
    settled without `pair_run`, and the score made without a Python ``__new__``.
    """
    seq = tuple(cards)
    ranks = bytes(map(_RANK, seq))
    n = len(ranks)
    if not n:
        raise PlayError("no cards laid: give the cards since the last reset, oldest first")
    if len(set(ranks)) < n:  # only cards of one rank can be the same card twice
        check_distinct(seq)
    count = sum(ranks.translate(_VALUES))
    if count > 31:
        raise PlayError(
            f"the count would be {count}: a play may never pass 31 "
            f"({' '.join(str(c) for c in seq)})"
        )
    if n > 2:
        same, run, _ = pair_run(ranks)
    else:
        same, run = (2 if n == 2 and ranks[0] == ranks[1] else 1), 0
    items: tuple[PlayItem, ...] | list[PlayItem] = _EMPTY
    if same > 1 or run or count == 15 or count == 31:
        items = []
        if count == 15:
            items.append(_new(PlayItem, ("fifteen", seq, 2)))
        elif count == 31:
            items.append(_new(PlayItem, ("thirty_one", seq, 2)))
        if same >= 2:
            items.append(_new(PlayItem, ("pair", seq[-same:], PAIR_POINTS[same])))
        if run:
            items.append(_new(PlayItem, ("run", seq[-run:], run)))
        items = tuple(items)
    return _new(PlayScore, (seq, count, items))


@dataclass(frozen=True)
class Play:
    """The play in progress: the cards each seat still holds, whose turn, the cards since the
    reset. `lay` and `go` return a new `Play` and what was pegged; nothing changes in place.

    A seat that can lay must; one that cannot says go and is skipped until the count
    starts again; when nobody can lay, the last to lay pegs 1 (nothing more at 31),
    the count resets and the seat after the last player leads, skipping empty hands.
    The very last card pegs 1 for last (nothing more at 31).
    """

    hands: tuple[tuple[Card, ...], ...]
    turn: int
    pile: tuple[Card, ...] = ()
    last_player: int | None = None
    passed: frozenset[int] = frozenset()
    """Seats that said go since the last reset."""

    @classmethod
    def start(cls, hands: Sequence[Sequence[Card]], leader: int = 0) -> Play:
        """A play of ``hands`` (seats from 0), led by ``leader``."""
        if len(hands) < 2:
            raise PlayError("a play needs at least two players")
        check_distinct(c for hand in hands for c in hand)
        return cls(tuple(tuple(h) for h in hands), leader)._skip_empty()

    @property
    def count(self) -> int:
        return sum(map(_VALUE.__getitem__, map(_RANK, self.pile)))

    @property
    def done(self) -> bool:
        return not any(self.hands)

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may lay now without passing 31."""
        room = 31 - self.count
        return tuple([c for c in self.hands[seat] if _VALUE[c.rank] <= room])

    def lay(self, card: Card) -> tuple[Play, tuple[PlayItem, ...]]:
        """The seat whose turn it is lays ``card``: the new play and what it pegged (with the
        last card's 1, or a go that follows at once because nobody can lay after it)."""
        seat = self.turn
        if self.done:
            raise PlayError("the play is over: every card has been laid")
        held = self.hands[seat]
        if card not in held:
            raise PlayError(f"seat {seat} does not hold {card}")
        count = self.count
        if card.value > 31 - count:
            raise PlayError(f"{card} would take the count from {count} past 31")
        at = held.index(card)
        hands = (*self.hands[:seat], held[:at] + held[at + 1 :], *self.hands[seat + 1 :])
        pile = (*self.pile, card)
        score = score_play(pile)
        items = list(score.items)
        play = evolve(self, hands=hands, pile=pile, last_player=seat)
        if not any(hands):
            if score.count != 31:
                items.append(PlayItem("last", (card,), 1))
            return evolve(play, pile=()), tuple(items)
        if score.count == 31:
            return play._reset(after=seat), tuple(items)
        play, go = evolve(play, turn=play._next(seat))._settle()
        return play, (*items, *go)

    def go(self) -> tuple[Play, tuple[PlayItem, ...]]:
        """The seat whose turn it is says go (refused if it could lay): the new play, and the
        go's point if nobody else can lay either."""
        seat = self.turn
        if self.done:
            raise PlayError("the play is over: every card has been laid")
        able = self.playable(seat)
        if able:
            raise PlayError(f"seat {seat} can lay {' '.join(map(str, able))}: no go")
        play = evolve(self, passed=self.passed | {seat}, turn=self._next(seat))
        return play._settle()

    def _next(self, seat: int) -> int:
        return (seat + 1) % len(self.hands)

    def _settle(self) -> tuple[Play, tuple[PlayItem, ...]]:
        """Give the turn to the next seat that holds cards; if nobody can lay, score the go
        to the last player and reset."""
        room = 31 - self.count
        for hand in self.hands:
            for card in hand:
                if _VALUE[card.rank] <= room:
                    return self._skip_empty(), ()
        scorer = self.last_player
        if scorer is None:  # nobody has laid since the deal: cannot happen with cards held
            raise PlayError("no card has been laid: there is no go to score")
        item = PlayItem("go", self.pile[-1:], 1)
        return self._reset(after=scorer), (item,)

    def _reset(self, after: int) -> Play:
        return evolve(self, pile=(), passed=frozenset(), turn=self._next(after))._skip_empty()

    def _skip_empty(self) -> Play:
        """Pass the turn over seats that hold no cards or said go since the reset (they have
        nothing more to say until the count starts again)."""
        turn = self.turn
        for _ in range(len(self.hands)):
            if self.hands[turn] and turn not in self.passed:
                break
            turn = self._next(turn)
        return self if turn == self.turn else evolve(self, turn=turn)
