"""What a settled show's reveal at the table says, read from the game's `Shown` event alone:
your count against the truth (the engine's verdict), the count you answered and your answer
with what it moved, what muggins took, and the combinations to mark as missed."""

from __future__ import annotations

from trainer.game.events import Answered, Shown
from trainer.game.setup import GameSetup
from trainer.game.variants import variant
from trainer.judge.claims import AnnounceClaim, CatchAnswer, Claim, ClaimedItem, TotalClaim
from trainer.judge.policy import Policy
from trainer.judge.verdict import judge
from trainer.rules.cards import parse_cards
from trainer.rules.show import Item, score_show
from trainer.ui.table.flow.reveal import game_reveal, reveals

SETUP = GameSetup.make(variant("standard"), 7, [None, "standard"], names=("You", "Computer"))
CARDS = tuple(parse_cards("7S JS 5D KD"))
STARTER = parse_cards("4C")[0]  # fifteen two (5 J), fifteen four (5 K): the hand is 4
TRUTH = score_show(CARDS, STARTER)


def shown(
    seat: int,
    claim: Claim,
    pegged: int,
    *answers: Answered,
    said: tuple[Item, ...] = (),
    policy: Policy = "acc",
) -> Shown:
    """The event the engine makes of a settled count: its verdict under ``policy``, and what
    the last answer took."""
    verdict = judge(claim, TRUTH, policy, nineteen=True)
    last = answers[-1] if answers else None
    mugged = last.caller if last is not None else 0
    by = last.seat if last is not None and mugged else None
    return Shown(
        seat,
        "hand",
        CARDS,
        STARTER,
        4,
        verdict.claimed,
        pegged,
        mugged,
        by,
        verdict,
        claim,
        said,
        answers,
    )


def test_your_short_count_mugged() -> None:
    event = shown(0, TotalClaim(2), 2, Answered(1, CatchAnswer(call=2), caller=2))
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.title == "Your hand: 4"
    assert reveal.verdict is event.verdict
    assert reveal.lines == (
        "Under by 2. You claimed 2; the hand is 4.",
        "Computer answered: muggins for 2. Right: you missed 2.",
        "Muggins: Computer takes 2.",
        "You peg 2 for the hand.",
    )
    assert reveal.missed is None  # a total claimed: nothing to mark
    assert reveal.breakdown is TRUTH


def test_a_short_count_nobody_called() -> None:
    reveal = game_reveal(shown(0, TotalClaim(2), 2, Answered(1, CatchAnswer())), SETUP, 0)
    assert reveal.lines[1:] == (
        "Computer accepted.",  # what the computer answered is said
        "Nobody called muggins, but the 2 you missed are lost.",
        "You peg 2 for the hand.",
    )


def test_one_point_missed_is_lost_in_the_singular() -> None:
    reveal = game_reveal(shown(0, TotalClaim(3), 3, Answered(1, CatchAnswer())), SETUP, 0)
    assert reveal.lines[2] == "Nobody called muggins, but the 1 you missed is lost."


def test_with_muggins_off_what_you_missed_is_pegged_for_you() -> None:
    reveal = game_reveal(shown(0, TotalClaim(2), 4, policy="off"), SETUP, 0)
    assert reveal.lines == (
        "Under by 2. You claimed 2; the hand is 4.",
        "Muggins is off: the 2 you missed are pegged for you.",
        "You peg 4 for the hand.",
    )


def test_an_announced_count_marks_what_was_missed() -> None:
    first = TRUTH.items[0]
    claim = AnnounceClaim((ClaimedItem(first.kind, first.cards),))
    reveal = game_reveal(shown(0, claim, 2), SETUP, 0)
    assert reveal.missed == frozenset(TRUTH.items) - {first}


def test_a_count_you_answered_with_a_wrong_call() -> None:
    call = Answered(0, CatchAnswer(call=2), owner=2)
    event = shown(1, TotalClaim(4), 6, call, said=TRUTH.items)
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.verdict is None
    assert reveal.answered == call
    assert reveal.title == "Computer's hand: 4"
    assert reveal.lines == (
        'Computer said "Fifteen two, fifteen four." (4); it is 4.',
        "You answered: muggins for 2. Wrong: nothing was missed.",
        "Muggins: Computer takes 2 for your wrong call.",  # muggins, not the hand's points
        "Computer pegs 4 for the hand.",
    )
    assert reveal.missed == frozenset()  # it said every combination


def test_too_many_that_was_not() -> None:
    event = shown(1, TotalClaim(4), 4, Answered(0, CatchAnswer(too_many=True)))
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.lines[0] == 'Computer said "4." (4); it is 4.'  # no words said: the total
    assert reveal.lines[1] == "You answered: too many. Wrong: it was not too many, nothing moves."
    assert reveal.missed is None  # a total said: nothing to mark


def test_a_right_muggins_call_names_what_was_missed() -> None:
    first, second = TRUTH.items
    event = shown(1, TotalClaim(2), 2, Answered(0, CatchAnswer(call=2), caller=2), said=(first,))
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.lines[1:] == (
        "You answered: muggins for 2. Right: Computer missed fifteen 5D KD for 2.",
        "Muggins: You take 2.",
        "Computer pegs 2 for the hand.",
    )
    assert second.cards == tuple(parse_cards("5D KD"))
    assert reveal.missed == frozenset({second})  # marked in the list


def test_a_right_too_many_is_confirmed() -> None:
    pair = Item("pair", tuple(parse_cards("7S 7H")), 2)  # not there
    event = shown(
        1, TotalClaim(6), 4, Answered(0, CatchAnswer(too_many=True)), said=(*TRUTH.items, pair)
    )
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.lines[1] == (
        "You answered: too many. Right: a pair 7S 7H for 2 is not there, the count is 4."
    )


def test_your_accept_of_a_short_count_says_what_you_could_have_called() -> None:
    first, _ = TRUTH.items
    event = shown(1, TotalClaim(2), 2, Answered(0, CatchAnswer()), said=(first,))
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.lines[1:3] == (
        "You accepted.",
        "It was short: Computer missed fifteen 5D KD for 2 (muggins for 2).",
    )


def test_a_wrong_call_on_your_count_is_muggins_for_you() -> None:
    event = shown(0, TotalClaim(4), 7, Answered(1, CatchAnswer(call=3), owner=3))
    reveal = game_reveal(event, SETUP, 0)
    assert reveal.lines == (
        "Exact! You claimed 4; the hand is 4.",
        "Computer answered: muggins for 3. Wrong: nothing was missed.",
        "Muggins: You take 3 for Computer's wrong call.",
        "You peg 4 for the hand.",
    )


def test_a_count_opens_its_reveal_for_its_owner_and_for_who_answered_it() -> None:
    mine = shown(0, TotalClaim(4), 4, Answered(1, CatchAnswer()))
    assert reveals(mine, 0)
    theirs = shown(1, TotalClaim(4), 4, Answered(0, CatchAnswer()))
    assert reveals(theirs, 0)
    assert not reveals(shown(1, TotalClaim(4), 4), 0)  # nobody answered: only logged
