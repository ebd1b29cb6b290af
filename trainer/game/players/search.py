"""The rest of a play solved exactly, by ranks: what each card laid now is worth to a side.

Suits never score in the play, so a position holds ranks only: each seat's hand
as a sorted tuple, the count, and the tail of the pile that can still score (the
trailing pair or the cards a run could still use). The turns are `rules.play.Play`'s
(RULES.md, "The game", step 3). A position's value is the points the rest of
the play pegs for one side less every other side's, go and last card included;
seats of that side maximise it and every other seat minimises it (exact in the
two-sided games, the cautious reading with three or four sides). The search is
alpha-beta with a memo of bounds, shared by every position solved with one
`Solver`, and an optional horizon in cards laid past which the rest counts 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final, TypeAlias

from trainer.rules.play import PAIR_POINTS, Play, pair_run

Ranks: TypeAlias = tuple[int, ...]
Position: TypeAlias = tuple[tuple[Ranks, ...], int, int, Ranks, int, int]
"""(hands, turn, count, tail, passed seats as a bit mask, last player or -1)."""

_WIDE: Final = 1000
"""Wider than any play's value: the open window."""
_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""The counting value of each rank (index 0 unused)."""


def value_of(rank: int) -> int:
    """A rank's counting value: ace 1, faces 10."""
    return _VALUE[rank]


@lru_cache(maxsize=1 << 16)
def scored(tail: Ranks, rank: int) -> tuple[int, Ranks]:
    """The pair and run points of laying ``rank`` on ``tail`` (`rules.play.pair_run`, the
    one pegging scorer), and the new tail: all a later card can score with."""
    pile = (*tail, rank)
    same, run, keep = pair_run(pile)
    return PAIR_POINTS[same] + run, pile[-keep:]


def position(table: Play) -> Position:
    """A table as the solver sees it: ranks only, the pile cut to the tail that can score."""
    hands = tuple(tuple(sorted(c.rank for c in h)) for h in table.hands)
    tail: Ranks = ()
    for card in table.pile:
        tail = scored(tail, card.rank)[1]
    passed = sum(1 << s for s in table.passed)
    last = -1 if not table.pile or table.last_player is None else table.last_player
    return hands, table.turn, table.count, tail, passed, last


class OutOfWork(Exception):
    """A search stopped at the solver's `Solver.limit`."""


NO_LIMIT: Final = 1 << 62
"""A `Solver.limit` never reached."""


class Solver:
    """Values positions of one play for the side whose seats are +1 in ``signs`` (every
    other seat -1), remembering every position it has solved.

    A sign may be 0 (that seat's points do not count), and ``maximisers`` may say which
    seats maximise (by default those of sign +1): near the game's end a side may play to
    keep the other's points down, or for its own points alone (`endgame`).

    Inside, every seat's hand is one integer (`_pack`): a nibble a rank holding how many
    of it the seat has, so that laying a card is a subtraction, and whether anyone can lay
    under a count one mask (`_FITS`).
    """

    def __init__(
        self,
        signs: Sequence[int],
        horizon: int | None = None,
        *,
        maximisers: Sequence[bool] | None = None,
    ) -> None:
        self.signs = tuple(signs)
        self.players = len(self.signs)
        self.maximise = tuple(s > 0 for s in signs) if maximisers is None else tuple(maximisers)
        self.horizon = horizon
        self.memo: dict[tuple[int, int, int, Ranks, int, int, int], tuple[int, int]] = {}
        self.work = 0
        """Cards laid in the search so far: the measure of its cost."""
        self.limit = NO_LIMIT
        """The work past which a search stops, raising `OutOfWork` (the positions solved
        so far are kept: the solver can go on with a higher limit)."""
        self._fits_all = tuple(_spread(mask, self.players) for mask in _FITS)
        """For each room left under 31, the ranks that fit in it in every seat's hand."""

    def root(self, pos: Position) -> dict[int | None, int]:
        """Each move open now, valued exactly: its points and the rest of the play after it."""
        held = sum(len(h) for h in pos[0])
        depth = held if self.horizon is None else min(held, self.horizon)
        hands, seat, count, tail, passed, last = _pack(pos)
        able = (hands >> _SEAT * seat) & _FITS[31 - count]
        if not able:  # a go
            now, gone = self._go(hands, seat, count, tail, passed, last)
            return {None: now + self._value(*gone, depth, -_WIDE, _WIDE)}
        out: dict[int | None, int] = {}
        for points, rank, after_tail in sorted(_choices(able, count, tail), key=itemgetter(1)):
            now, after = self._lay(hands, seat, count, passed, points, rank, after_tail)
            rest = 0 if after is None else self._value(*after, depth - 1, -_WIDE, _WIDE)
            out[rank] = now + rest
        return out

    def value(self, pos: Position, depth: int, alpha: int, beta: int) -> int:
        """The rest of the play from ``pos``, searching ``depth`` more cards (the rest counts
        0), by alpha-beta: exact inside (alpha, beta), else a bound on the side it failed."""
        return self._value(*_pack(pos), depth, alpha, beta)

    def _lay(
        self, hands: int, seat: int, count: int, passed: int, points: int, rank: int, tail: Ranks
    ) -> tuple[int, _State | None]:
        """Lay ``rank`` (scoring ``points`` for its pairs, runs, 15 or 31; ``tail`` the pile's
        after it): the signed points with the go or last card, and the position after (None:
        the play is over)."""
        self.work += 1
        hands -= 1 << (_SEAT * seat + _NIBBLE * (rank - 1))
        count += _VALUE[rank]
        sign = self.signs[seat]
        if count == 31:
            return sign * points, self._reset(hands, seat) if hands else None
        if hands & self._fits_all[31 - count] == 0:
            return sign * (points + 1), self._reset(hands, seat) if hands else None
        turn = self._skip(hands, (seat + 1) % self.players, passed)
        return sign * points, (hands, turn, count, tail, passed, seat)

    def _go(
        self, hands: int, seat: int, count: int, tail: Ranks, passed: int, last: int
    ) -> tuple[int, _State]:
        passed |= 1 << seat
        if hands & self._fits_all[31 - count]:
            turn = self._skip(hands, (seat + 1) % self.players, passed)
            return 0, (hands, turn, count, tail, passed, last)
        return self.signs[last], self._reset(hands, last)

    def _reset(self, hands: int, after: int) -> _State:
        return hands, self._skip(hands, (after + 1) % self.players, 0), 0, (), 0, -1

    def _skip(self, hands: int, turn: int, passed: int) -> int:
        for _ in range(self.players):
            if (hands >> _SEAT * turn) & _HAND and not passed >> turn & 1:
                return turn
            turn = (turn + 1) % self.players
        return turn

    def _value(
        self,
        hands: int,
        seat: int,
        count: int,
        tail: Ranks,
        passed: int,
        last: int,
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        if depth <= 0:
            return 0
        if self.work > self.limit:
            raise OutOfWork(self.work)
        held = (hands >> _SEAT * seat) & _FITS[31 - count]
        if not held:  # a go is forced: nothing to choose
            now, after = self._go(hands, seat, count, tail, passed, last)
            return now + self._value(*after, depth, alpha - now, beta - now)
        key = (hands, seat, count, tail, passed, last, depth)
        low, high = self.memo.get(key, (-_WIDE, _WIDE))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        lo = alpha if alpha > low else low
        hi = beta if beta < high else high
        a, b = lo, hi
        maximise = self.maximise[seat]
        choices = _choices(held, count, tail)
        best = -_WIDE if maximise else _WIDE
        # `_lay` written out: this loop lays every card the search lays
        sign, fits, value = self.signs[seat], self._fits_all, self._value
        following = (seat + 1) % self.players
        laid = 0
        for points, rank, after_tail in reversed(choices) if maximise else choices:
            laid += 1
            left = hands - (1 << (_SEAT * seat + _NIBBLE * (rank - 1)))
            total = count + _VALUE[rank]
            if total == 31 or left & fits[31 - total] == 0:
                worth = sign * (points if total == 31 else points + 1)
                if left:
                    turn = self._skip(left, following, 0)
                    worth += value(left, turn, 0, (), 0, -1, depth - 1, a - worth, b - worth)
            else:
                worth = sign * points
                # `_skip`'s first step written out: the next seat, most often, can lay
                if (left >> _SEAT * following) & _HAND and not passed >> following & 1:
                    turn = following
                else:
                    turn = self._skip(left, following, passed)
                worth += value(
                    left, turn, total, after_tail, passed, seat, depth - 1, a - worth, b - worth
                )
            if maximise:
                if worth > best:
                    best = worth
                    if worth > a:
                        a = worth
            elif worth < best:
                best = worth
                if worth < b:
                    b = worth
            if a >= b:
                break
        self.work += laid
        if best <= lo:
            if best < high:
                high = best
        elif best >= hi:
            if best > low:
                low = best
        else:
            low = high = best
        self.memo[key] = (low, high)
        return best


_State: TypeAlias = tuple[int, int, int, Ranks, int, int]
"""A position inside the solver: `Position` with the hands packed (`_pack`)."""
_NIBBLE: Final = 4
"""Bits a rank takes in a packed hand (how many of it: up to 4)."""
_SEAT: Final = 13 * _NIBBLE
"""Bits a seat's hand takes in the packed hands."""
_HAND: Final = (1 << _SEAT) - 1
_FITS: Final = tuple(
    sum(0xF << (_NIBBLE * (rank - 1)) for rank in range(1, 14) if _VALUE[rank] <= room)
    for room in range(32)
)
"""For each room left under 31, the nibbles of the ranks that fit in it."""


def _spread(mask: int, players: int) -> int:
    """``mask`` over every seat's hand."""
    return sum(mask << (_SEAT * seat) for seat in range(players))


def _pack(pos: Position) -> _State:
    """A position with each seat's hand packed: a nibble a rank, holding how many."""
    hands = 0
    for seat, hand in enumerate(pos[0]):
        for rank in hand:
            hands += 1 << (_SEAT * seat + _NIBBLE * (rank - 1))
    return hands, *pos[1:]


@lru_cache(maxsize=1 << 17)
def _choices(held: int, count: int, tail: Ranks) -> tuple[tuple[int, int, Ranks], ...]:
    """The ranks of ``held`` (a packed hand, only the ranks that fit under ``count``), each
    once: what each pegs at once laid on ``tail``, the rank, and the pile's tail after it,
    fewest points first (then lowest rank). The search asks the same few again and again:
    remembered."""
    out = []
    while held:
        nibble = ((held & -held).bit_length() - 1) >> 2
        held &= ~(0xF << (nibble << 2))
        rank = nibble + 1
        points, after = scored(tail, rank)
        if count + _VALUE[rank] in (15, 31):
            points += 2
        out.append((points, rank, after))
    out.sort()
    return tuple(out)
