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


class Solver:
    """Values positions of one play for the side whose seats are +1 in ``signs`` (every
    other seat -1), remembering every position it has solved.

    A sign may be 0 (that seat's points do not count), and ``maximisers`` may say which
    seats maximise (by default those of sign +1): near the game's end a side may play to
    keep the other's points down, or for its own points alone (`endgame`).
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
        self.memo: dict[tuple[Position, int], tuple[int, int]] = {}
        self.work = 0
        """Cards laid in the search so far: the measure of its cost."""

    def moves(self, pos: Position) -> list[tuple[int | None, int, Position | None]]:
        """Each move of the seat to play (a rank, or None for go): its signed points now
        (go and last card included) and the position after it (None once the play is over)."""
        if _VALUE[pos[0][pos[1]][0]] > 31 - pos[2]:
            return [(None, *self._go(pos))]
        return [(c[1], *self._lay(pos, *c)) for c in _choices(pos)]

    def _lay(
        self, pos: Position, points: int, rank: int, tail: Ranks
    ) -> tuple[int, Position | None]:
        """Lay ``rank`` (scoring ``points`` for its pairs, runs, 15 or 31; ``tail`` the pile's
        after it): the signed points with the go or last card, and the position after (None:
        the play is over)."""
        self.work += 1
        hands, seat, count, _, passed, _ = pos
        hand = hands[seat]
        at = hand.index(rank)
        hands = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])
        count += _VALUE[rank]
        sign = self.signs[seat]
        if count == 31:
            return sign * points, self._reset(hands, seat) if any(hands) else None
        if not _can_lay(hands, 31 - count):
            return sign * (points + 1), self._reset(hands, seat) if any(hands) else None
        turn = self._skip(hands, (seat + 1) % self.players, passed)
        return sign * points, (hands, turn, count, tail, passed, seat)

    def _go(self, pos: Position) -> tuple[int, Position]:
        hands, seat, count, tail, passed, last = pos
        passed |= 1 << seat
        if _can_lay(hands, 31 - count):
            turn = self._skip(hands, (seat + 1) % self.players, passed)
            return 0, (hands, turn, count, tail, passed, last)
        return self.signs[last], self._reset(hands, last)

    def _reset(self, hands: tuple[Ranks, ...], after: int) -> Position:
        return hands, self._skip(hands, (after + 1) % self.players, 0), 0, (), 0, -1

    def _skip(self, hands: tuple[Ranks, ...], turn: int, passed: int) -> int:
        for _ in range(self.players):
            if hands[turn] and not passed >> turn & 1:
                return turn
            turn = (turn + 1) % self.players
        return turn

    def root(self, pos: Position) -> dict[int | None, int]:
        """Each move open now, valued exactly: its points and the rest of the play after it."""
        held = sum(len(h) for h in pos[0])
        depth = held if self.horizon is None else min(held, self.horizon)
        return {
            move: now
            + (0 if after is None else self.value(after, depth - (move is not None), -_WIDE, _WIDE))
            for move, now, after in self.moves(pos)
        }

    def value(self, pos: Position, depth: int, alpha: int, beta: int) -> int:
        """The rest of the play from ``pos``, searching ``depth`` more cards (the rest counts
        0), by alpha-beta: exact inside (alpha, beta), else a bound on the side it failed."""
        if depth <= 0:
            return 0
        if _VALUE[pos[0][pos[1]][0]] > 31 - pos[2]:  # a go is forced: nothing to choose
            now, after = self._go(pos)
            return now + self.value(after, depth, alpha - now, beta - now)
        key = (pos, depth)
        low, high = self.memo.get(key, (-_WIDE, _WIDE))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        lo, hi = max(alpha, low), min(beta, high)
        a, b = lo, hi
        maximise = self.maximise[pos[1]]
        choices = _choices(pos)
        choices.sort(reverse=maximise)
        best = -_WIDE if maximise else _WIDE
        for choice in choices:
            worth, child = self._lay(pos, *choice)
            if child is not None:
                worth += self.value(child, depth - 1, a - worth, b - worth)
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
        if best <= lo:
            high = min(high, best)
        elif best >= hi:
            low = max(low, best)
        else:
            low = high = best
        self.memo[key] = (low, high)
        return best


def _can_lay(hands: tuple[Ranks, ...], room: int) -> bool:
    """Whether any seat holds a card that fits in ``room`` (a loop: `any` over a generator
    costs more, and this runs for every card the search lays)."""
    for hand in hands:  # noqa: SIM110
        if hand and _VALUE[hand[0]] <= room:
            return True
    return False


def _choices(pos: Position) -> list[tuple[int, int, Ranks]]:
    """The ranks the seat to play can lay (each once): what each pegs at once, the rank, and
    the pile's tail after it."""
    hands, seat, count, tail, _, _ = pos
    room = 31 - count
    out = []
    prev = 0
    for rank in hands[seat]:
        if rank != prev:
            if _VALUE[rank] > room:
                break
            prev = rank
            points, after = scored(tail, rank)
            if count + _VALUE[rank] in (15, 31):
                points += 2
            out.append((points, rank, after))
    return out
