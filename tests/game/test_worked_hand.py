"""Seed 001's worked hand played through the engine: its pegging and its show, event by
event, with the scores the document gives (his heels to the cutter, its variation)."""

from __future__ import annotations

from dataclasses import replace

from trainer.game.deal import Dealt
from trainer.game.engine import prompt, step
from trainer.game.events import Answered, Event, Go, Heels, Played, Shown, event_dict
from trainer.game.state import Count, Discard, GameOptions, GameState, HandState, Lay, Respond
from trainer.game.variants import variant
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.policy import Policy
from trainer.rules.cards import Card, parse_cards
from trainer.rules.play import PlayItem

# Player one (seat 0): 9 10 Q K of diamonds; player two (seat 1, the dealer): 5 6 10 J;
# the kitty A 2 3 7; the starter a jack, which player one turned.
ONE = parse_cards("9D TD QD KD AS 7S")
TWO = parse_cards("5H 6C TS JC 2H 3C")
STARTER = parse_cards("JH")[0]


def card(text: str) -> Card:
    return parse_cards(text)[0]


def pegs(kind: str, cards: str, points: int) -> tuple[PlayItem, ...]:
    """What a card laid pegs, as its event carries it."""
    return (PlayItem(kind, tuple(parse_cards(cards)), points),)  # type: ignore[arg-type]


FIFTEEN = pegs("fifteen", "KD 5H", 2)
THIRTY_ONE = pegs("thirty_one", "KD 5H QD 6C", 2)
PAIR = pegs("pair", "TD TS", 2)


def worked_hand(policy: Policy) -> GameState:
    rules = variant("standard")
    dealt = Dealt((tuple(ONE), tuple(TWO)), (), STARTER)
    hand = HandState(1, 1, dealt, (None, None), ((), ()))
    options = GameOptions(muggins=policy, heels_to="cutter")
    return GameState(rules, 1, options, (0, 0), hand, "discard")


def run(state: GameState, actions: list[object]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, more = step(state, action)  # type: ignore[arg-type]
        events += more
    return state, events


PLAY = [
    Discard(0, (card("AS"), card("7S"))),
    Discard(1, (card("2H"), card("3C"))),
    Lay(0, card("KD")),  # 10
    Lay(1, card("5H")),  # 15 for 2
    Lay(0, card("QD")),  # 25
    Lay(1, card("6C")),  # 31 for 2
    Lay(0, card("TD")),  # 10
    Lay(1, card("TS")),  # 20, a pair for 2
    Lay(0, card("9D")),  # 29: player two cannot lay and player one is out, 1 for the go
    Lay(1, card("JC")),  # 10, the last card for 1
]


def test_the_pegging_of_seed_001() -> None:
    state, events = run(worked_hand("acc"), PLAY)
    assert events == [
        Heels(0, 2),
        Played(0, card("KD"), 10, 0),
        Played(1, card("5H"), 15, 2, items=FIFTEEN),
        Played(0, card("QD"), 25, 0),
        Played(1, card("6C"), 31, 2, items=THIRTY_ONE),
        Played(0, card("TD"), 10, 0),
        Played(1, card("TS"), 20, 2, items=PAIR),
        Played(0, card("9D"), 29, 0),
        Go(0, 1),
        Played(1, card("JC"), 10, 0),
        Go(1, 1),
    ]
    assert state.scores == (3, 7)
    asked = prompt(state)
    assert asked is not None
    assert (asked.seat, asked.kind, asked.box) == (0, "count", "hand")


def test_the_show_of_seed_001() -> None:
    state, _ = run(worked_hand("acc"), PLAY)
    accept = CatchAnswer()
    state, events = run(
        state,
        [
            Count(0, TotalClaim(9)),  # the 9-10-J-Q-K run 5, the diamond flush 4
            Respond(1, accept),
            Count(1, TotalClaim(8)),  # three fifteens 6, the pair of jacks 2
            Respond(0, accept),
            Count(1, TotalClaim(5)),  # the kitty: A-2-3 3, J-3-2 for 2
            Respond(0, accept),
        ],
    )
    shows = [e for e in events if isinstance(e, Shown)]
    assert [(e.seat, e.box, e.points, e.pegged, e.mugged) for e in shows] == [
        (0, "hand", 9, 9, 0),
        (1, "hand", 8, 8, 0),
        (1, "crib", 5, 5, 0),
    ]
    assert shows[2].cards == (card("AS"), card("7S"), card("2H"), card("3C"))
    assert [e.answers for e in shows] == [(Answered(1, accept),), *[(Answered(0, accept),)] * 2]
    assert all(e.verdict.exact for e in shows)
    assert [(i.kind, i.points) for i in shows[2].verdict.breakdown.items] == [
        ("fifteen", 2),
        ("run", 3),
    ]
    assert state.scores == (3 + 9, 7 + 8 + 5)
    assert state.hand.number == 2
    assert state.hand.dealer == 0


def test_seed_001_muggins_an_undercount_and_an_overcount() -> None:
    # "If a player catches you underscoring yourself, they may claim the extra ... over
    # scoring yourself, you will be forced to correct your score, and they may claim the
    # difference": the old Hoyle rule.
    state, _ = run(worked_hand("hoyle"), PLAY)
    state, events = run(
        state,
        [
            Count(0, TotalClaim(5)),  # forgot the flush
            Respond(1, CatchAnswer(call=4)),
            Count(1, TotalClaim(10)),  # two too many
            Respond(0, CatchAnswer(too_many=True)),
        ],
    )
    shows = [e for e in events if isinstance(e, Shown)]
    assert [(e.seat, e.claimed, e.pegged, e.mugged, e.mugged_by) for e in shows] == [
        (0, 5, 5, 4, 1),
        (1, 10, 8, 2, 0),
    ]
    assert [e.answers for e in shows] == [
        (Answered(1, CatchAnswer(call=4), caller=4),),
        (Answered(0, CatchAnswer(too_many=True), caller=2),),
    ]
    assert [(e.verdict.missed_points, e.verdict.excess_points) for e in shows] == [(4, 0), (0, 2)]
    assert state.scores == (3 + 5 + 2, 7 + 4 + 8)
    record = event_dict(shows[1])
    assert record["claim"] == {"type": "total", "points": 10}
    assert record["verdict"] == {
        "outcome": "over",
        "missed_points": 0,
        "excess_points": 2,
        "nineteen": False,
        "items": [
            {"kind": "fifteen", "cards": ["5H", "10S"], "points": 2},
            {"kind": "fifteen", "cards": ["5H", "JH"], "points": 2},
            {"kind": "fifteen", "cards": ["5H", "JC"], "points": 2},
            {"kind": "pair", "cards": ["JH", "JC"], "points": 2},
        ],
        "missed": None,
        "wrong": None,
    }
    assert record["answers"] == [{"seat": 0, "answer": "too many", "owner": 0, "caller": 2}]


def own_play(policy: Policy) -> GameState:
    """The worked hand with player two (the dealer) pegging their own play."""
    state = worked_hand(policy)
    return replace(state, options=replace(state.options, peg_own=frozenset({1})))


def test_pegging_your_own_play_missed_points_are_mugged() -> None:
    accept, too_many = CatchAnswer(), CatchAnswer(too_many=True)
    state, events = run(
        own_play("acc"),
        [
            *PLAY[:3],
            Lay(1, card("5H"), 2),  # fifteen two, said right
            Respond(0, accept),
            Lay(0, card("QD")),
            Lay(1, card("6C"), 0),  # 31 for 2, not said
            Respond(0, CatchAnswer(call=2)),
            Lay(0, card("TD")),
            Lay(1, card("TS"), 4),  # the pair said as 4
            Respond(0, too_many),
            Lay(0, card("9D")),
            Lay(1, card("JC")),  # nothing said, nothing there: then the last card
            Respond(0, accept),
        ],
    )
    plays = [e for e in events if isinstance(e, Played | Go)]
    call, accepted = CatchAnswer(call=2), (Answered(0, accept),)
    assert plays == [
        Played(0, card("KD"), 10, 0),
        Played(1, card("5H"), 15, 2, 2, 0, None, FIFTEEN, answers=accepted),
        Played(0, card("QD"), 25, 0),
        Played(1, card("6C"), 31, 0, 0, 2, 0, THIRTY_ONE, answers=(Answered(0, call, caller=2),)),
        Played(0, card("TD"), 10, 0),
        Played(1, card("TS"), 20, 2, 4, 0, None, PAIR, answers=(Answered(0, too_many),)),
        Played(0, card("9D"), 29, 0),
        Go(0, 1),
        Played(1, card("JC"), 10, 0, 0, 0, None, answers=accepted),
        Go(1, 1),
    ]
    assert state.scores == (3 + 2, 7 - 2)
    assert event_dict(plays[3]) == {
        "type": "play",
        "seat": 1,
        "card": "6C",
        "count": 31,
        "points": 0,
        "items": [{"kind": "thirty_one", "cards": ["KD", "5H", "QD", "6C"], "points": 2}],
        "passed": [],
        "claimed": 0,
        "mugged": 2,
        "mugged_by": 0,
        "answers": [{"seat": 0, "answer": "muggins for 2", "owner": 0, "caller": 2}],
    }


def test_pegging_your_own_play_with_muggins_off_is_just_corrected() -> None:
    state, events = run(own_play("off"), [*PLAY[:3], Lay(1, card("5H"), 0)])
    assert events[-1] == Played(1, card("5H"), 15, 2, 0, 0, None, FIFTEEN)
    asked = prompt(state)
    assert asked is not None
    assert (asked.seat, asked.kind) == (0, "play")
