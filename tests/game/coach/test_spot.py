"""A two-player position told as a player tells it, turned into what the play advice values."""

from __future__ import annotations

import re
from typing import Any

import pytest

from trainer.game.coach.decisions import hand_decisions
from trainer.game.coach.play import Spot, play_advice
from trainer.game.coach.spot import ME, THEM, SpotError, two_player_spot
from trainer.game.players.bots import Bot
from trainer.game.record import play_game
from trainer.game.variants import variant
from trainer.rules.cards import Card, deck, parse_cards

STANDARD = variant("standard")


def cards(text: str) -> list[Card]:
    return parse_cards(text) if text else []


def test_the_pone_leads_the_first_card_of_the_hand() -> None:
    spot = two_player_spot(STANDARD, cards("5H 10D 4C 6S"), [], [], dealer=False)
    assert spot.held == (4, 4)
    assert (spot.pile, spot.owners, spot.passed, spot.stuck) == ((), (), frozenset(), {})
    assert len(spot.unseen) == 48


def test_the_cards_alternate_the_last_your_opponents() -> None:
    spot = two_player_spot(
        STANDARD, cards("5H 10D 4C"), cards("9S 2H KC"), cards("AS"), dealer=True
    )
    assert spot.owners == (THEM, ME, THEM)
    assert spot.held == (3, 2)
    assert len(spot.unseen) == 52 - 3 - 3 - 1


def test_after_a_go_every_card_is_yours_and_your_opponent_is_stuck() -> None:
    spot = two_player_spot(STANDARD, cards("AC"), cards("10S 10H 5C 2D"), [], dealer=False, go=25)
    assert spot.owners == (ME, THEM, ME, ME)
    assert spot.passed == frozenset({THEM})
    assert spot.stuck == {THEM: 25}
    assert spot.held == (1, 3)  # you led, and laid one more after the go


def test_how_many_your_opponent_holds_can_be_given() -> None:
    spot = two_player_spot(STANDARD, cards("5H"), cards("9S"), [], dealer=True, theirs=1)
    assert spot.held == (1, 1)


@pytest.mark.parametrize(
    ("hand", "pile", "seen", "more", "message"),
    [
        ("5H 10D", "10D", "", {}, "10D is both in your hand and on the pile"),
        ("5H 10D", "", "5H", {}, "5H is given as seen but it is in your hand"),
        ("5H 10D", "9S", "9S", {"dealer": True}, "9S is given as seen but it is on the pile"),
        ("5H 10D", "KS QS JS 5C", "", {}, "the pile's count is 35: a count never passes 31"),
        ("5H 10D 4C 6S 2S", "", "", {}, "you hold at most 4 cards in the play, got 5"),
        ("5H 10D", "9S", "", {"go": 8}, "the count was never 8 (the counts the pile made: 9)"),
        ("5H 10D 4C 6S", "9S", "", {}, "the pile's cards cannot be laid so"),
        ("5H", "", "", {"theirs": 5}, "your opponent holds 0 to 4 cards, not 5"),
    ],
)
def test_a_position_that_cannot_be_is_named(
    hand: str, pile: str, seen: str, more: dict[str, object], message: str
) -> None:
    options: dict[str, object] = {"dealer": False, **more}
    with pytest.raises(SpotError, match=re.escape(message)):
        two_player_spot(STANDARD, cards(hand), cards(pile), cards(seen), **options)  # type: ignore[arg-type]


def test_only_two_player_games_are_told_so() -> None:
    with pytest.raises(SpotError, match=r"a position is told for two players; .* has 3"):
        two_player_spot(variant("three-hand"), cards("5H"), [], [], dealer=False)


def _told(lay: Any, rules: Any, dealer: int) -> Spot:
    """The position a player at ``lay`` tells `advise play`: what they hold, the pile, every
    other card they have seen, whose crib, how many the opponent holds, the go said in this
    count (at the count after the opponent's last card and the next of yours) and a go said
    in an earlier count of the hand (what the ledger's position knows of it)."""
    spot, seat = lay.spot, lay.seat
    other = 1 - seat
    seen = [c for c in deck() if c not in spot.unseen and c not in spot.hand and c not in spot.pile]
    go = None
    if other in spot.passed:
        theirs = [i for i, owner in enumerate(spot.owners) if owner == other]
        last = theirs[-1] if theirs else -1
        go = sum(c.value for c in spot.pile[: last + 2])
    stuck = spot.stuck.get(other)
    earlier = stuck if stuck is not None and (go is None or stuck < go) else None
    return two_player_spot(
        rules,
        spot.hand,
        spot.pile,
        seen,
        dealer=seat == dealer,
        theirs=spot.held[other],
        go=go,
        earlier_go=earlier,
    )


def test_every_lay_of_a_ledger_can_be_told_to_advise_play_earlier_goes_too() -> None:
    """Each card laid in seeded two-player games, told as a player tells `advise play` (an
    earlier go by --earlier-go), is the position the ledger valued: the same cards, counts
    and what the opponent is known to hold, so the same values."""
    rules = variant("standard")
    told = earlier = 0
    for seed in range(1, 9):
        record = play_game(
            rules, seed, [Bot("standard", 0, seed), Bot("easy", 1, seed)], ["a", "b"]
        )
        for number, hand in enumerate(record.to_dict()["hands"], 1):
            _, lays = hand_decisions(rules, {**hand, "number": number})
            for lay in lays:
                spot, seat = lay.spot, lay.seat
                side = {seat: ME, 1 - seat: THEM}
                cli = _told(lay, rules, hand["dealer"])
                assert cli.hand == spot.hand
                assert cli.pile == spot.pile
                assert cli.unseen == spot.unseen
                assert cli.held == (spot.held[seat], spot.held[1 - seat])
                if spot.held[1 - seat]:
                    assert cli.owners == tuple(side[o] for o in spot.owners)
                else:  # who laid the pile is not told (nor needed: only you lay on)
                    assert play_advice(cli).cards == play_advice(spot).cards
                assert cli.passed == frozenset(side[s] for s in spot.passed)
                theirs = {side[s]: n for s, n in spot.stuck.items() if s != seat}
                assert cli.stuck == theirs, (seed, number, lay.card)
                told += 1
                if THEM in cli.stuck and THEM not in cli.passed:
                    earlier += 1
                    assert play_advice(cli).cards == play_advice(spot).cards
    assert told > 400
    assert earlier >= 5, "no card laid after a go in an earlier count of its hand"


def test_an_earlier_go_comes_at_22_to_30() -> None:
    hand = parse_cards("3D 6S")
    with pytest.raises(SpotError, match=r"a go comes at a count of 22 to 30 \(below 22 every"):
        two_player_spot(variant("standard"), hand, [], [], dealer=False, earlier_go=21)
    spot = two_player_spot(variant("standard"), hand, [], [], dealer=False, earlier_go=27)
    assert spot.stuck == {THEM: 27}
