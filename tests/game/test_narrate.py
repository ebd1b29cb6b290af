"""The table's log: each step of exact positions said line by line, as players say it, and
every step of many random games said without a gap."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game.support import act
from tests.game.test_worked_hand import PLAY as WORKED
from tests.game.test_worked_hand import card, own_play, worked_hand
from trainer.game.deal import Dealt, deal_hand
from trainer.game.engine import new_game, prompt, step
from trainer.game.narrate import Narrator
from trainer.game.players.bots import Bot
from trainer.game.record import cut_for_deal, cuts_for_deal
from trainer.game.state import (
    Action,
    Count,
    Discard,
    GameOptions,
    GameState,
    HandState,
    Lay,
    Respond,
    SayGo,
)
from trainer.game.variants import VARIANTS, variant
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.policy import POLICIES, Policy
from trainer.rules.cards import JACK, parse_cards
from trainer.rules.show import score_show

ACCEPT = CatchAnswer()
TOO_MANY = CatchAnswer(too_many=True)
YOU_FIRST = ("You", "Computer")
PLAY: list[Action] = [a for a in WORKED if isinstance(a, Discard | Lay)]
"""The worked hand's throws and play (seat 1 deals)."""


def call(points: int) -> CatchAnswer:
    return CatchAnswer(call=points)


def said(
    state: GameState, narrator: Narrator, actions: Sequence[Action]
) -> tuple[GameState, list[list[str]]]:
    """Take the actions; the state after them and the lines said for each step."""
    out = []
    for action in actions:
        after, events = step(state, action)
        out.append(narrator.step(state, action, after, events))
        state = after
    return state, out


def dealer_heels(state: GameState) -> GameState:
    """The worked hand with his heels to the dealer (seat 1), the default."""
    return replace(state, options=replace(state.options, heels_to="dealer"))


def test_the_pegging_of_the_worked_hand_line_by_line() -> None:
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)
    _, lines = said(dealer_heels(worked_hand("acc")), narrator, PLAY)
    assert lines == [
        ["You throw 2 cards to Computer's crib"],
        [
            "Computer throws 2 to their crib",
            "Starter: J♥",
            "His heels: 2 for Computer (the dealer)",
        ],
        ["You: K♦ (10)"],
        ["Computer: 5♥ (15), fifteen for 2"],
        ["You: Q♦ (25)"],
        ["Computer: 6♣ (31), thirty-one for 2"],
        ["You: 10♦ (10)"],
        ["Computer: 10♠ (20), pair for 2"],
        ["You: 9♦ (29)", "Computer: go", "Go: 1 for you"],  # Computer holds a jack, you none
        ["Computer: J♣ (10)", "Last card: 1 for Computer"],
    ]


def test_his_heels_to_the_cutter_and_the_letter_form_of_cards() -> None:
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0, plain=True)
    _, lines = said(worked_hand("acc"), narrator, PLAY[:4])
    assert lines[1] == [
        "Computer throws 2 to their crib",
        "Starter: JH",
        "His heels: 2 for you (the cutter)",
    ]
    assert lines[3] == ["Computer: 5H (15), fifteen for 2"]


def test_the_human_dealing_hears_the_throws_to_their_crib() -> None:
    narrator = Narrator(variant("standard"), ("Computer", "You"), human=1)
    _, lines = said(dealer_heels(worked_hand("acc")), narrator, PLAY[:2])
    assert lines[0] == ["Computer throws 2 to your crib"]
    assert lines[1][:2] == ["You throw 2 cards to your crib", "Starter: J♥"]
    assert lines[1][2] == "His heels: 2 for you (the dealer)"


def go_hand() -> GameState:
    """A hand where the dealer (seat 1) cannot lay at 29 and says go; the non-dealer lays
    an ace and nobody can lay after it: the go's point."""
    dealt = Dealt(
        (tuple(parse_cards("KS QS 9S AS AC 2C")), tuple(parse_cards("TH 8H 7H 6H 3C 4C"))),
        (),
        parse_cards("KD")[0],
    )
    hand = HandState(1, 1, dealt, (None, None), ((), ()))
    return GameState(variant("standard"), 1, GameOptions(), (0, 0), hand, "discard")


def test_a_go_said_and_its_point() -> None:
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)
    actions: list[Action] = [
        Discard(0, (card("AC"), card("2C"))),
        Discard(1, (card("3C"), card("4C"))),
        Lay(0, card("KS")),  # 10
        Lay(1, card("TH")),  # 20
        Lay(0, card("9S")),  # 29
        SayGo(1),  # nothing of Computer's fits
        Lay(0, card("AS")),  # 30, and nothing fits after it
    ]
    state, lines = said(go_hand(), narrator, actions)
    assert lines[1] == ["Computer throws 2 to their crib", "Starter: K♦"]
    assert lines[4:] == [["You: 9♠ (29)"], ["Computer: go"], ["You: A♠ (30)", "Go: 1 for you"]]
    assert state.scores == (1, 0)


def test_a_pair_royal_and_a_run_in_the_words_of_the_play() -> None:
    dealt = Dealt(
        (tuple(parse_cards("4S 4H 6S 9S AC 2C")), tuple(parse_cards("4D 5H 8H KH 3C 3D"))),
        (),
        parse_cards("KD")[0],
    )
    hand = HandState(1, 1, dealt, (None, None), ((), ()))
    state = GameState(variant("standard"), 1, GameOptions(), (0, 0), hand, "discard")
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)
    actions: list[Action] = [
        Discard(0, (card("AC"), card("2C"))),
        Discard(1, (card("3C"), card("3D"))),
        Lay(0, card("4S")),
        Lay(1, card("4D")),  # a pair
        Lay(0, card("4H")),  # a pair royal
        Lay(1, card("5H")),  # 17
        Lay(0, card("6S")),  # 23: 4-5-6, a run of three
    ]
    _, lines = said(state, narrator, actions)
    assert lines[3:] == [
        ["Computer: 4♦ (8), pair for 2"],
        ["You: 4♥ (12), pair royal for 6"],
        ["Computer: 5♥ (17)"],
        ["You: 6♠ (23), run of 3 for 3"],
    ]


def test_the_show_of_the_worked_hand_a_bots_count_in_its_words() -> None:
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)
    state, _ = said(worked_hand("acc"), narrator, PLAY)
    starter = state.hand.dealt.starter
    hand = score_show(state.cards_of(1, "hand"), starter).items
    crib = score_show(state.cards_of(1, "crib"), starter, crib=True).items
    _, lines = said(
        state,
        narrator,
        [
            Count(0, TotalClaim(9)),
            Respond(1),
            Count(1, TotalClaim(8), hand),
            Respond(0),
            Count(1, TotalClaim(5), crib),
            Respond(0),
        ],
    )
    assert lines == [
        ["You claim 9 for your hand"],
        ["Computer accepts", "Your hand: 9"],
        ['Computer (hand): "Fifteen two, fifteen four, fifteen six, and a pair is eight."'],
        ["You accept", "Computer's hand: 8"],
        ['Computer (crib): "Fifteen two, and a run of three is five."'],
        ["You accept", "Computer's crib: 5", "Hand 2: You deal"],
    ]


def at_the_show(policy: Policy) -> tuple[GameState, Narrator]:
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)
    state, _ = said(worked_hand(policy), narrator, PLAY)
    return state, narrator


def test_a_human_count_mugged_under_acc() -> None:
    state, narrator = at_the_show("acc")
    _, lines = said(state, narrator, [Count(0, TotalClaim(5)), Respond(1, call(4))])
    assert lines == [
        ["You claim 5 for your hand"],  # the flush forgotten
        ['Computer: "Muggins for 4!"', "Your hand: 9 (you said 5) · Computer takes 4 (muggins)"],
    ]


def test_an_undercount_let_go_pegs_what_was_said() -> None:
    state, narrator = at_the_show("acc")
    _, lines = said(state, narrator, [Count(0, TotalClaim(5)), Respond(1)])
    assert lines[1] == ["Computer accepts", "Your hand: 9 (you said 5) · you peg 5"]


def test_too_many_under_hoyle_gives_the_caller_the_excess() -> None:
    state, narrator = at_the_show("hoyle")
    state, _ = step(state, Count(0, TotalClaim(9)))
    state, _ = step(state, Respond(1))
    _, lines = said(state, narrator, [Count(1, TotalClaim(10)), Respond(0, TOO_MANY)])
    assert lines == [
        ["Computer claims 10 for their hand"],  # a count with nothing said aloud: its total
        ['You: "Too many!"', "Computer's hand: 8 (said 10) · you take 2 (muggins)"],
    ]


def test_an_overcount_that_stood_and_a_wrong_call() -> None:
    state, narrator = at_the_show("acc")
    _, lines = said(
        state,
        narrator,
        [Count(0, TotalClaim(11)), Respond(1), Count(1, TotalClaim(8)), Respond(0, call(3))],
    )
    assert lines[1] == ["Computer accepts", "Your hand: 9 (you said 11) · you peg 11"]
    assert lines[3] == [
        'You: "Muggins for 3!"',
        "Computer's hand: 8 · Computer takes 3 (muggins: a wrong call)",
    ]


def test_a_time_out_and_nineteen() -> None:
    state, narrator = at_the_show("acc")
    _, lines = said(state, narrator, [Count(0, None)])
    assert lines == [["You claim nothing for your hand (time out)"]]
    _, lines = said(state, narrator, [Count(0, TotalClaim(19))])
    assert lines == [["You claim nineteen (nothing) for your hand"]]


def test_pegging_your_own_play_with_a_missed_point() -> None:
    narrator = Narrator(variant("standard"), ("Computer", "You"), human=1)
    state, _ = said(own_play("acc"), narrator, PLAY[:3])
    state, lines = said(state, narrator, [Lay(1, card("5H"), 0), Respond(0, call(2))])
    assert lines == [
        ["You: 5♥ (15), you claim 0"],  # your claim, before the answer
        [
            'Computer: "Muggins for 2!"',
            "Your 5♥: fifteen for 2 · Computer takes 2 (muggins)",
        ],
    ]


def test_pegging_your_own_play_right_too_many_and_the_last_card() -> None:
    narrator = Narrator(variant("standard"), ("Computer", "You"), human=1)
    _, lines = said(
        own_play("acc"),
        narrator,
        [
            *PLAY[:3],
            Lay(1, card("5H"), 2),
            Respond(0),
            Lay(0, card("QD")),
            Lay(1, card("6C"), 2),
            Respond(0),
            Lay(0, card("TD")),
            Lay(1, card("TS"), 4),  # a pair said as 4
            Respond(0, TOO_MANY),
            Lay(0, card("9D")),
            Lay(1, card("JC")),
            Respond(0),
        ],
    )
    assert lines[3:] == [
        ["You: 5♥ (15), you claim 2"],
        ["Your 5♥: fifteen for 2"],
        ["Computer: Q♦ (25)"],
        ["You: 6♣ (31), you claim 2"],
        ["Your 6♣: thirty-one for 2"],
        ["Computer: 10♦ (10)"],
        ["You: 10♠ (20), you claim 4"],
        ['Computer: "Too many!"', "Your 10♠: pair for 2"],
        ["Computer: 9♦ (29)", "You: go", "Go: 1 for Computer"],  # your jack will not fit
        ["You: J♣ (10), you claim 0"],
        ["Your J♣: no score", "Last card: 1 for you"],
    ]


def test_a_claim_settled_after_the_narrator_began_says_what_the_card_pegged() -> None:
    """The settled claim's event carries the items the card pegged: a narrator that did not
    see the lay (a resumed table) still says them in words."""
    state, _ = step(own_play("acc"), PLAY[0])
    for action in [*PLAY[1:3], Lay(1, card("5H"), 0)]:
        state, _ = step(state, action)
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)  # it missed the lay
    _, lines = said(state, narrator, [Respond(0, call(2))])
    assert lines == [
        [
            'You: "Muggins for 2!"',
            "Computer: 5♥ (15), claims 0 · fifteen for 2: you take 2 (muggins)",
        ]
    ]


def test_three_for_last_opens_the_next_five_card_hand() -> None:
    rules = variant("five-card")
    state, _ = new_game(rules, 3, 0)
    narrator = Narrator(rules, YOU_FIRST, human=0)
    rng = random.Random(3)
    while state.hand.number == 1:
        action = act(state, rng)
        after, events = step(state, action)
        lines = narrator.step(state, action, after, events)
        state = after
    assert lines[-3].startswith("Your crib: ")
    assert lines[-2] == "Hand 2: Computer deals"
    assert lines[-1] == "Three for last: 3 for you"  # seat 0 dealt: seat 1 deals next


def test_a_game_s_first_deal_is_said_with_its_three_for_last() -> None:
    rules = variant("five-card")
    state, opening = new_game(rules, 3, 0)
    assert Narrator(rules, YOU_FIRST, human=0).opening(state, opening) == [
        "Hand 1: You deal",
        "Three for last: 3 for Computer",
    ]


def scored(state: GameState, scores: tuple[int, ...]) -> GameState:
    return replace(state, scores=scores)


@pytest.mark.parametrize(
    ("scores", "human", "end"),
    [
        ((84, 119), 0, "Computer wins, 121 to 84 · a skunk"),
        ((50, 119), 0, "Computer wins, 121 to 50 · a double skunk"),
        ((100, 119), 0, "Computer wins, 121 to 100"),
        ((84, 119), 1, "You win, 121 to 84 · a skunk"),
    ],
)
def test_the_game_over_with_a_skunk(scores: tuple[int, int], human: int, end: str) -> None:
    names = YOU_FIRST if human == 0 else ("Player", "You")
    narrator = Narrator(variant("standard"), names, human=human)
    state = scored(dealer_heels(worked_hand("acc")), scores)
    _, lines = said(state, narrator, PLAY[:2])
    heels = f"His heels: 2 for {'you' if human == 1 else 'Computer'} (the dealer)"
    assert lines[1][2:] == [heels, end]


def heels_deal(variant_id: str, dealer: int) -> GameState:
    """A first hand whose starter is a jack, at the discard."""
    rules = variant(variant_id)
    seed = next(s for s in range(1000) if deal_hand(rules, s, 1, dealer).starter.rank == JACK)
    state, _ = new_game(rules, seed, dealer)
    return state


def throw_all(state: GameState, narrator: Narrator) -> list[str]:
    """Every seat throws its first cards: what the last throw says."""
    lines: list[str] = []
    while (asked := prompt(state)) is not None and asked.kind == "discard":
        cards = state.hand.dealt.hands[asked.seat][: state.rules.thrown]
        after, events = step(state, Discard(asked.seat, cards))
        lines = narrator.step(state, Discard(asked.seat, cards), after, events)
        state = after
    return lines


def test_three_sides_at_the_game_over_each_by_its_score() -> None:
    state = scored(heels_deal("three-hand", 1), (90, 119, 50))
    narrator = Narrator(state.rules, ("You", "Left", "Right"), human=0)
    lines = throw_all(state, narrator)
    assert lines[-2:] == [
        "His heels: 2 for Left (the dealer)",
        "Left wins with 121: you 90, Right 50 · a skunk for you · a double skunk for Right",
    ]


def test_partners_win_together() -> None:
    names = ("You", "Left", "Partner", "Right")
    state = scored(heels_deal("four-hand", 2), (119, 95))
    lines = throw_all(state, Narrator(state.rules, names, human=0))
    assert lines[-2:] == ["His heels: 2 for Partner (the dealer)", "You and Partner win, 121 to 95"]
    state = scored(heels_deal("four-hand", 3), (60, 119))
    lines = throw_all(state, Narrator(state.rules, names, human=0))
    assert lines[-1] == "Left and Right win, 121 to 60 · a double skunk"
    assert lines[0] == "Right throws 1 to their crib"


def test_a_name_for_every_seat() -> None:
    with pytest.raises(ValueError, match="has 3 seats, not 2 names"):
        Narrator(variant("three-hand"), YOU_FIRST)
    with pytest.raises(ValueError, match="seat 2 is not at a 2-player table"):
        Narrator(variant("standard"), YOU_FIRST, human=2)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(list(VARIANTS)),
    st.integers(0, 2**32),
    st.sampled_from(POLICIES),
    st.frozensets(st.integers(0, 3), max_size=2),
    st.sampled_from([None, 0, 1]),
    st.booleans(),
)
def test_every_step_of_a_game_is_said_without_a_gap(
    variant_id: str,
    seed: int,
    policy: Policy,
    peg_own: frozenset[int],
    human: int | None,
    plain: bool,
) -> None:
    rules = variant(variant_id)
    options = GameOptions(muggins=policy, peg_own=peg_own)
    state, _ = new_game(rules, seed, seed % rules.players, options)
    names = [f"Seat{n}" for n in range(rules.players)]
    narrator = Narrator(rules, names, human, plain=plain)
    rng = random.Random(seed)
    bots = {s: Bot("easy", s, seed) for s in range(rules.players) if s != human}
    while (asked := prompt(state)) is not None:
        bot = bots.get(asked.seat)
        action = act(state, rng) if bot is None else bot.decide(state, asked)
        after, events = step(state, action)
        lines = narrator.step(state, action, after, events)
        assert len(lines) >= len(events), (action, events, lines)  # a line for each event
        for line in lines:
            assert line
            assert line == line.strip()
            assert "None" not in line  # every value known
            assert "[" not in line  # plain text, no markup
            assert all(c not in line for c in "♠♥♦♣") or not plain
        state = after
    assert f"{rules.target}" in lines[-1]
    assert " win" in lines[-1]


def test_the_cut_for_the_first_deal_card_by_card_a_tie_cut_again() -> None:
    narrator = Narrator(variant("standard"), YOU_FIRST, human=0)
    rounds = cuts_for_deal(13, 2)  # (a seed whose first cut is a tie)
    assert rounds == [tuple(parse_cards("8H 8D")), tuple(parse_cards("6C 9C"))]
    assert cut_for_deal(13, 2) == 0  # the low card, in the last round
    assert narrator.cut(rounds) == (
        "Cut for deal (low card deals): you 8♥, Computer 8♦; a tie, again: you 6♣, Computer 9♣"
    )
