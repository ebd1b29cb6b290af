"""The coach's lines, as the table, the summary and the review say them."""

from __future__ import annotations

import pytest

from trainer.game.coach.ledger import (
    CallCost,
    Choice,
    CountCost,
    GameLedger,
    HandLedger,
    SeatHand,
    Totals,
)
from trainer.rules.cards import parse_cards
from trainer.ui.flow.coach_text import (
    call_line,
    choice_line,
    costliest_lines,
    count_line,
    figure,
    hand_line,
    lost,
    totals_line,
)

NAMES = ("You", "Computer")


def throw(made: str, value: float, best: str, best_value: float, hinted: bool = False) -> Choice:
    return Choice(
        "discard", tuple(parse_cards(made)), value, tuple(parse_cards(best)), best_value, hinted
    )


def lay(made: str, value: float, best: str, best_value: float) -> Choice:
    return Choice("play", tuple(parse_cards(made)), value, tuple(parse_cards(best)), best_value)


def test_points_lost_are_written_with_a_minus_and_nothing_lost_as_0() -> None:
    assert lost(2.26) == "-2.3"
    assert lost(0.04) == "0"
    assert lost(0.0) == "0"
    assert lost(2, 0) == "-2"


def test_a_throw_against_the_best() -> None:
    line = choice_line(4, throw("5S JD", 6.1, "10C KD", 8.4), plain=False)
    assert line == "Hand 4: you threw 5♠ J♦, net 6.10; best 10♣ K♦, net 8.40: -2.30"
    best = choice_line(2, throw("5S JD", 8.4, "5S JD", 8.4, hinted=True), plain=True)
    assert best == "Hand 2: you threw 5S JD, net 8.40: the best (after a hint)"


def test_a_card_laid_against_the_best() -> None:
    line = choice_line(3, lay("7C", 0.5, "8D", 1.2), plain=False)
    assert line == "Hand 3: you laid 7♣, worth +0.50; best 8♦, +1.20: -0.70"


def test_a_value_that_rounds_to_nothing_is_never_minus_zero() -> None:
    assert [figure(v, 1) for v in (-0.04, 0.04, -0.05, -1.26)] == ["0.0", "0.0", "-0.1", "-1.3"]
    assert [figure(v, 2, signed=True) for v in (-0.004, 0.0, 0.006)] == ["+0.00", "+0.00", "+0.01"]
    line = choice_line(5, lay("7C", -0.004, "8D", 0.3), plain=True)
    assert line == "Hand 5: you laid 7C, worth +0.00; best 8D, +0.30: -0.30"


def test_a_hand_s_line_says_each_phase_and_why_a_count_cost() -> None:
    seat = SeatHand(
        throw("5S JD", 6.0, "10C KD", 7.2),
        (lay("7C", 0.5, "8D", 0.9),),
        (CountCost("hand", missed=2, over=0, mugged=2, forgone=2),),
    )
    assert hand_line(seat) == "This hand: discard -1.2, play -0.4, count -4 (missed, mugged)"
    calls = SeatHand(answers=(CallCost(1, "hand", "accept", let_go=2, wrong=0, missed=2),))
    assert hand_line(calls) == "This hand: discard 0, play 0, count 0, calls -2"
    free = SeatHand(counts=(CountCost("hand", missed=9, over=0, mugged=0),))  # muggins off
    assert hand_line(free) == "This hand: discard 0, play 0, count 0"


def test_a_count_and_a_call_that_cost_points() -> None:
    hoyle = CountCost("crib", 0, 3, 3)  # "too many": the caller took the excess
    assert count_line(5, hoyle) == "Hand 5: your crib: overclaimed 3, mugged 3: -3"
    stood = CountCost("crib", 0, 3, 0, stood=3)
    assert count_line(5, stood) == "Hand 5: your crib: overclaimed 3: no points lost"
    call = CallCost(1, "hand", "muggins for 2", let_go=0, wrong=2)
    assert call_line(6, call, NAMES) == (
        "Hand 6: you answered Computer's hand with muggins for 2: wrong, gave 2 by a wrong call: -2"
    )


@pytest.mark.parametrize(
    ("cost", "line"),
    [
        # A "too many" on a count that was right moves nothing, and is wrong all the same.
        (CallCost(1, "crib", "too many", 0, 0), "with too many: wrong"),
        (CallCost(1, "crib", "too many", 0, 0, excess=2), "with too many: right"),
        (CallCost(1, "crib", "too many", 2, 0, missed=2), "with too many: wrong, let 2 go: -2"),
        (
            CallCost(1, "crib", "muggins for 1", 1, 0, missed=2),
            "with muggins for 1: right, let 1 go: -1",
        ),
        (CallCost(1, "crib", "muggins for 2", 0, 0, missed=2), "with muggins for 2: right"),
    ],
)
def test_a_call_is_judged_as_the_reveal_judges_it(cost: CallCost, line: str) -> None:
    assert call_line(3, cost, NAMES) == f"Hand 3: you answered Computer's crib {line}"


@pytest.mark.parametrize(
    ("cost", "line"),
    [
        (CallCost(1, "hand", "accept", 0, 0), "right"),
        (CallCost(1, "hand", "accept", 2, 0, missed=2), "it was short by 2, let 2 go: -2"),
        (CallCost(1, "hand", "accept", 2, 0, excess=2), "it was 2 too many, let 2 go: -2"),
        (
            CallCost(1, "hand", "accept", 0, 0, missed=3),
            "it was short by 3",
        ),  # bsd: nothing to take
    ],
)
def test_an_accept_is_said_as_you_accepted(cost: CallCost, line: str) -> None:
    assert call_line(4, cost, NAMES) == f"Hand 4: you accepted Computer's hand: {line}"


def test_the_game_s_totals_and_its_costliest_decisions() -> None:
    hands = (
        HandLedger(1, (SeatHand(throw("5S JD", 6.0, "10C KD", 7.0)), SeatHand())),
        HandLedger(
            2,
            (
                SeatHand(
                    throw("5S JD", 6.0, "5S JD", 6.0),
                    (lay("7C", 0.5, "8D", 0.9),),
                    (CountCost("hand", 2, 0, 2, 2), CountCost("crib", 9, 0, 0)),
                ),
                SeatHand(),
            ),
        ),
    )
    ledger = GameLedger(hands, 2)
    assert totals_line(ledger.totals(0)) == (
        "Points lost: discard -1.0, play -0.4, count -4, calls 0; in all -5.4"
    )
    assert costliest_lines(ledger, 0, NAMES) == [
        "Hand 2: your hand: missed 2, mugged 2: -4",
        "Hand 1: you threw 5♠ J♦, net 6.00; best 10♣ K♦, net 7.00: -1.00",
        "Hand 2: you laid 7♣, worth +0.50; best 8♦, +0.90: -0.40",
    ]
    assert costliest_lines(ledger, 1, NAMES) == []
    assert "2 hints used" in totals_line(Totals(hinted=2))
