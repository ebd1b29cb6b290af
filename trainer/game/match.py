"""Match play: games to the target until a side has N game points (RULES.md, "The game").

A game scores 1 for the winner, 2 for a skunk, 4 for a double skunk. With three
or four players each losing side is judged on its own score, and the winner
scores for the worst-beaten loser. The first dealer of the first game is cut
for; after that it moves one seat clockwise each game (seed 004: with two
players it alternates).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from trainer.game.record import GameRecord, Seat, cut_for_deal, play_game
from trainer.game.state import GameOptions
from trainer.game.variants import GameVariant


def game_points(record: GameRecord) -> int:
    """What a finished game scores its winner in a match: 1, 2 for a skunk, 4 for a double."""
    if record.double_skunked:
        return 4
    if record.skunked:
        return 2
    return 1


def match_game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (1, 2, ...) of the match with ``seed``."""
    return seed * 1000 + number


def first_dealer(seed: int, players: int, number: int) -> int:
    """Who deals first in game ``number``: cut for in the first, then one seat on each game."""
    return (cut_for_deal(match_game_seed(seed, 1), players) + number - 1) % players


@dataclass
class MatchRecord:
    """A match: its games in order, the game points of each side, and the side that won."""

    rules: GameVariant
    seed: int
    points_to_win: int
    games: list[GameRecord]

    @property
    def points(self) -> tuple[int, ...]:
        out = [0] * len(self.rules.sides)
        for game in self.games:
            out[game.winner] += game_points(game)
        return tuple(out)

    @property
    def winner(self) -> int | None:
        """The side with ``points_to_win`` game points, None while the match goes on."""
        best = max(range(len(self.rules.sides)), key=lambda side: self.points[side])
        return best if self.points[best] >= self.points_to_win else None


def play_match(
    rules: GameVariant,
    seed: int,
    seats_for: Callable[[int], Sequence[Seat]],
    names: Sequence[str],
    points_to_win: int,
    options: GameOptions | None = None,
    *,
    max_games: int = 10_000,
) -> MatchRecord:
    """Play games until a side has ``points_to_win`` game points; ``seats_for(game_seed)``
    gives the seats of each game."""
    if points_to_win < 1:
        raise ValueError(f"a match is played to at least 1 game point, not {points_to_win}")
    match = MatchRecord(rules, seed, points_to_win, [])
    for number in range(1, max_games + 1):
        game_seed = match_game_seed(seed, number)
        dealer = first_dealer(seed, rules.players, number)
        seats = seats_for(game_seed)
        match.games.append(play_game(rules, game_seed, seats, names, options, first_dealer=dealer))
        if match.winner is not None:
            return match
    raise RuntimeError(f"the match did not end in {max_games} games")
