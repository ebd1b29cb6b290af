"""Match play: game points for a win, a skunk and a double skunk; the first dealer moving on
each game; the match ending at N game points."""

from __future__ import annotations

import pytest

from trainer.game.match import first_dealer, game_points, match_game_seed, play_match
from trainer.game.players.bots import Bot
from trainer.game.record import GameRecord, Seat, cut_for_deal
from trainer.game.variants import variant


def record(variant_id: str, final: tuple[int, ...], winner: int) -> GameRecord:
    return GameRecord(variant(variant_id), 1, (), 0, [], final, winner)


@pytest.mark.parametrize(
    ("variant_id", "final", "points"),
    [
        ("standard", (121, 91), 1),
        ("standard", (121, 90), 2),  # under 91: skunked
        ("standard", (121, 61), 2),
        ("standard", (121, 60), 4),  # under 61: double skunked
        ("short", (61, 46), 1),
        ("short", (61, 45), 2),
        ("short", (61, 30), 4),
        ("three-hand", (121, 100, 90), 2),  # the worst-beaten loser counts
        ("three-hand", (95, 121, 60), 4),
        ("four-hand", (121, 91), 1),
    ],
)
def test_a_game_scores_one_two_or_four(
    variant_id: str, final: tuple[int, ...], points: int
) -> None:
    winner = final.index(max(final))
    assert game_points(record(variant_id, final, winner)) == points


def test_the_first_dealer_is_cut_for_then_moves_on_each_game() -> None:
    for seed in range(20):
        first = cut_for_deal(match_game_seed(seed, 1), 2)
        assert [first_dealer(seed, 2, n) for n in (1, 2, 3, 4)] == [first, 1 - first] * 2
        three = cut_for_deal(match_game_seed(seed, 1), 3)
        assert [first_dealer(seed, 3, n) for n in (1, 2, 3, 4)] == [
            (three + k) % 3 for k in range(4)
        ]


def test_a_match_ends_when_a_side_reaches_its_game_points() -> None:
    rules = variant("short")

    def seats(game_seed: int) -> list[Seat]:
        return [Bot("standard", 0, game_seed), Bot("easy", 1, game_seed)]

    match = play_match(rules, 5, seats, ("standard", "easy"), 5)
    assert match.winner is not None
    points = [0, 0]
    for n, game in enumerate(match.games, 1):
        assert game.seed == match_game_seed(5, n)
        assert game.first_dealer == first_dealer(5, 2, n)
        points[game.winner] += game_points(game)
        if n < len(match.games):
            assert max(points) < 5
    assert tuple(points) == match.points
    assert match.points[match.winner] >= 5
    again = play_match(rules, 5, seats, ("standard", "easy"), 5)
    assert [g.to_dict() for g in again.games] == [g.to_dict() for g in match.games]


def test_a_match_needs_a_game_point_to_play_for() -> None:
    with pytest.raises(ValueError, match="at least 1 game point"):
        play_match(variant("short"), 1, lambda s: [], (), 0)
