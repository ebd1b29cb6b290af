"""The board's pegs read from a game's events: the front peg at the score, the back peg where
the front stood before the side's last score, whatever the other sides peg."""

from __future__ import annotations

from trainer.game.engine import new_game, prompt, step
from trainer.game.events import Answered, Event, Go, Heels, Played
from trainer.game.pegboard import PegPlaces, pegs_after
from trainer.game.players.bots import Bot
from trainer.game.variants import variant
from trainer.judge.claims import CatchAnswer
from trainer.rules.cards import parse_cards

FIVE, FIVE2, KING = parse_cards("5H 5S KD")
STANDARD = variant("standard")


def test_at_the_start_every_peg_is_in_the_start_hole() -> None:
    assert pegs_after(STANDARD, []) == PegPlaces((0, 0), (0, 0))


def test_one_side_scoring_leaves_the_other_s_back_peg_where_it_was() -> None:
    events: list[Event] = [
        Played(0, FIVE, 5, 0),
        Played(1, FIVE2, 10, 2),  # a pair for the computer
        Heels(0, 2),  # (out of order for a real hand: only the pegs matter here)
        Played(0, KING, 20, 0),
        Go(1, 1),
    ]
    # You: 0 -> 2 (back 0); the computer: 0 -> 2 -> 3 (back 2); your back peg stays at 0.
    assert pegs_after(STANDARD, events) == PegPlaces((2, 3), (0, 2))


def test_a_pair_and_the_go_after_it_are_two_moves() -> None:
    events: list[Event] = [Heels(1, 2), Played(0, FIVE, 5, 0), Played(1, FIVE2, 10, 2), Go(1, 1)]
    # The back peg stands between the pair and the go: 4 -> 5, back at 4, not at 2.
    assert pegs_after(STANDARD, events) == PegPlaces((0, 5), (0, 4))


def test_partners_move_one_pair_of_pegs() -> None:
    rules = variant("four-hand")
    events = [Go(0, 1), Go(2, 2), Go(1, 1)]
    assert pegs_after(rules, events) == PegPlaces((3, 1), (1, 0))


def test_a_whole_game_s_front_pegs_are_its_score() -> None:
    rules = variant("three-hand")
    state, opening = new_game(rules, 11, 0)
    bots = [Bot("standard", seat, 11) for seat in range(3)]
    events = list(opening)
    while (asked := prompt(state)) is not None:
        state, more = step(state, bots[asked.seat].decide(state, asked))
        events += more
        # A count waiting for its answers is pegged for what is not in dispute.
        assert pegs_after(rules, events, state.hand.pending).front == state.scores
    places = pegs_after(rules, events)
    assert places.front == state.scores
    assert all(b < f for b, f in zip(places.back, places.front, strict=True))


def test_an_answer_that_moves_the_owner_s_points_is_a_move_of_its_own() -> None:
    # You claimed 3 for a card worth 2 and the computer let it stand: 2 pegged when laid,
    # the 1 more when the claim was accepted.
    stood = Answered(1, CatchAnswer(), owner=1)
    events: list[Event] = [Played(0, FIVE, 5, 3, claimed=3, answers=(stood,))]
    assert pegs_after(STANDARD, events) == PegPlaces((3, 0), (2, 0))
    # Muggins taken from a claim moves the caller's pegs alone.
    caught = Answered(1, CatchAnswer(call=2), caller=2)
    events = [Heels(1, 2), Played(0, FIVE, 5, 0, claimed=0, answers=(caught,))]
    assert pegs_after(STANDARD, events) == PegPlaces((0, 4), (0, 2))
