"""The six games the trainer plays, as data (RULES.md, "The game"): one table of variants.

Each variant says how many play, how many cards each is dealt and keeps, how the
crib is made, the target and its skunk lines, who pegs at the start of a hand,
and who sits together. The engine reads only this table; a rule that differs
between variants is a field here, never an ``if variant == ...``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Final, Literal

VariantId = Literal["standard", "short", "five-card", "three-hand", "four-hand", "four-hand-solo"]

MATCH_POINTS: Final = {"win": 1, "skunk": 2, "double-skunk": 4}
"""What a game scores in a match: 1 for a win, 2 for a skunk, 4 for a double skunk."""


@dataclass(frozen=True)
class GameVariant:
    """One way to play: seats, cards, crib, target and the lines a loser must pass."""

    id: VariantId
    name: str
    players: int
    dealt: int
    kept: int
    deck_to_crib: int
    """Cards the dealer adds to the crib from the deck (three-hand: 1)."""
    target: int
    skunk_line: int
    """A loser under this many points is skunked."""
    double_skunk_line: int
    """A loser under this many points is double skunked."""
    start_bonus: int = 0
    """Points the non-dealer pegs as each hand begins (the five-card game's "three for last")."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Seats that score together; empty: every player for themselves."""

    @property
    def thrown(self) -> int:
        """Cards each player throws to the crib."""
        return self.dealt - self.kept

    @property
    def crib_size(self) -> int:
        """Cards in the crib once every player has thrown (always 4 in these games)."""
        return self.players * self.thrown + self.deck_to_crib

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who scores together: the teams, or each seat alone (worked out once: every point
        pegged asks whose side it goes to)."""
        return self.teams or tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        """The index of the side a seat scores for."""
        for n, side in enumerate(self.sides):
            if seat in side:
                return n
        raise ValueError(f"seat {seat} is not at a {self.players}-player table")

    def result(self, loser_points: int) -> Literal["win", "skunk", "double-skunk"]:
        """What a game against a loser with these points is worth to the winner."""
        if loser_points < self.double_skunk_line:
            return "double-skunk"
        if loser_points < self.skunk_line:
            return "skunk"
        return "win"


VARIANTS: Final[dict[VariantId, GameVariant]] = {
    v.id: v
    for v in (
        GameVariant("standard", "Two players, to 121", 2, 6, 4, 0, 121, 91, 61),
        GameVariant("short", "Two players, to 61", 2, 6, 4, 0, 61, 46, 31),
        GameVariant(
            "five-card", "The five-card game, to 61", 2, 5, 3, 0, 61, 46, 31, start_bonus=3
        ),
        GameVariant("three-hand", "Three players, to 121", 3, 5, 4, 1, 121, 91, 61),
        GameVariant(
            "four-hand",
            "Four players in partners, to 121",
            4,
            5,
            4,
            0,
            121,
            91,
            61,
            teams=((0, 2), (1, 3)),
        ),
        GameVariant(
            "four-hand-solo", "Four players, each alone, five-card hands", 4, 6, 5, 0, 121, 91, 61
        ),
    )
}
"""Every variant, by id, in the order RULES.md lists them."""


def variant(variant_id: str) -> GameVariant:
    """The variant with this id; `ValueError` naming the known ones otherwise."""
    for v in VARIANTS.values():
        if v.id == variant_id:
            return v
    raise ValueError(f"{variant_id!r} is not a game (known: {', '.join(VARIANTS)})")
