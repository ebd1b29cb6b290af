"""The pegging table's play by ranks: the same points as the rules' own play driven by the
same choices, and the standard bot's choices."""

from __future__ import annotations

import random

import pytest

from trainer.game.players.play_out import lay, play, sample_play
from trainer.game.players.search import Ranks, scored
from trainer.rules.cards import Card, deck
from trainer.rules.play import Play


def _by_the_rules(pone: list[Card], dealer: list[Card], starter: Card) -> tuple[int, int]:
    """The play of these hands through `rules.play.Play`, each seat laying `lay`'s rank as the
    standard bot sees the table: the points each seat pegs."""
    table = Play.start([pone, dealer], leader=0)
    laid = [starter.rank]
    points = [0, 0]
    while not table.done:
        seat = table.turn
        able = table.playable(seat)
        if not able:
            table, items = table.go()
        else:
            held = [c.rank for c in table.hands[seat]]
            unseen = [0] + [4] * 13
            for rank in [*held, *laid]:
                unseen[rank] -= 1
            tail: Ranks = ()
            for card in table.pile:
                tail = scored(tail, card.rank)[1]
            rank = lay(held, table.count, tail, unseen, 52 - len(held) - len(laid))
            card = next(c for c in able if c.rank == rank)
            laid.append(rank)
            table, items = table.lay(card)
        points[seat] += sum(item.points for item in items)
    return points[0], points[1]


@pytest.mark.parametrize("seed", range(300))
def test_a_play_by_ranks_pegs_what_the_rules_peg(seed: int) -> None:
    cards = list(deck())
    random.Random(seed).shuffle(cards)
    pone, dealer, starter = cards[:4], cards[4:8], cards[8]
    by_ranks = play([c.rank for c in pone], [c.rank for c in dealer], starter.rank)
    assert by_ranks == _by_the_rules(pone, dealer, starter)


def test_a_known_play() -> None:
    # Ten, five (fifteen: 2 to the dealer), ten, five: 30, and neither can lay: the go to the
    # dealer. Again from the pone: fifteen for 2 and the last card for 1. The pone pegs none.
    assert play([10, 10, 10, 10], [5, 5, 5, 5], 1) == (0, 2 + 1 + 2 + 1)
    # Kings and a pair royal: the pone's king, the dealer's king (a pair, 2), the pone's king
    # (pair royal, 6) at 30, and the dealer's ace makes 31 (2, and no point for the last card).
    assert play([13, 13], [13, 1], 2) == (6, 2 + 2)


def test_the_standard_choice() -> None:
    unseen = [0] + [4] * 13
    # Fifteen now beats anything else on a ten.
    assert lay([5, 9, 1, 2], 10, (10,), unseen, 44) == 5
    # Leading, a four is safer than a five (a ten makes fifteen on the five).
    assert lay([4, 5], 0, (), unseen, 44) == 4


def test_a_sample_is_seeded() -> None:
    one = [sample_play((5, 5, 10, 11), True, random.Random(3)) for _ in range(3)]
    two = [sample_play((5, 5, 10, 11), True, random.Random(3)) for _ in range(3)]
    assert one == two
