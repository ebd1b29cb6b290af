"""The play (pegging): `score_play` for one card and the frozen `Play` for whole plays.

Every expected number below was worked out by hand from RULES.md, section
"The play (pegging)".
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.cards import Card, CardError, format_cards, full_deck, parse_card, parse_cards
from trainer.rules.play import Play, PlayError, PlayItem, PlayScore, pair_run, score_play

Item = tuple[str, str, int]
"""An expected item: (kind, cards in text form, points)."""


def _items(items: tuple[PlayItem, ...]) -> list[Item]:
    return [(i.kind, format_cards(i.cards), i.points) for i in items]


# --- score_play: one card scored against the cards laid since the last reset ---


@dataclass(frozen=True)
class Case:
    cards: str
    count: int
    items: tuple[Item, ...] = ()
    fifteen: int = 0
    thirty_one: int = 0
    pairs: int = 0
    run: int = 0


CASES = [
    pytest.param(Case("5H", 5), id="lead-scores-nothing"),
    pytest.param(
        Case("10S 5H", 15, (("fifteen", "10S 5H", 2),), fifteen=2),
        id="fifteen-two-cards",
    ),
    pytest.param(Case("10S 5H 2D", 17), id="fifteen-passed-scores-nothing"),
    pytest.param(
        Case("4S 5H 6D", 15, (("fifteen", "4S 5H 6D", 2), ("run", "4S 5H 6D", 3)), 2, 0, 0, 3),
        id="fifteen-with-run-4-5-6",
    ),
    pytest.param(
        Case("5S 5H 5D", 15, (("fifteen", "5S 5H 5D", 2), ("pair", "5S 5H 5D", 6)), 2, 0, 6),
        id="fifteen-with-pair-royal",
    ),
    pytest.param(
        Case("KS QH JD AC", 31, (("thirty_one", "KS QH JD AC", 2),), thirty_one=2),
        id="thirty-one-alone",
    ),
    pytest.param(
        Case(
            "KS QH 3D 4C 4H",
            31,
            (("thirty_one", "KS QH 3D 4C 4H", 2), ("pair", "4C 4H", 2)),
            thirty_one=2,
            pairs=2,
        ),
        id="thirty-one-with-pair",
    ),
    pytest.param(
        Case(
            "KS 3H 5D 6C 7S",
            31,
            (("thirty_one", "KS 3H 5D 6C 7S", 2), ("run", "5D 6C 7S", 3)),
            thirty_one=2,
            run=3,
        ),
        id="thirty-one-with-run",
    ),
    pytest.param(Case("9S 9H", 18, (("pair", "9S 9H", 2),), pairs=2), id="pair"),
    pytest.param(
        Case("7S 7H 7D", 21, (("pair", "7S 7H 7D", 6),), pairs=6),
        id="pair-royal-6",
    ),
    pytest.param(
        Case("2S 2H 2D 2C", 8, (("pair", "2S 2H 2D 2C", 12),), pairs=12),
        id="double-pair-royal-12",
    ),
    pytest.param(
        Case("3S 2H 2D 2C", 9, (("pair", "2H 2D 2C", 6),), pairs=6),
        id="pair-royal-after-another-rank",
    ),
    pytest.param(Case("6S 6H 7D", 19), id="earlier-pair-then-other-card-no-pair"),
    pytest.param(Case("3S 3H 4D 3C", 13), id="same-rank-split-by-other-card-no-pair"),
    pytest.param(Case("10S JH", 20), id="ten-and-jack-not-a-pair"),
    pytest.param(Case("4S 5H", 9), id="no-two-card-run"),
    pytest.param(Case("AS 2H 3D", 6, (("run", "AS 2H 3D", 3),), run=3), id="run-ace-low"),
    pytest.param(Case("QS KH AD", 21), id="no-run-wrapping-k-a"),
    pytest.param(Case("10S JH QD", 30, (("run", "10S JH QD", 3),), run=3), id="run-10-j-q"),
    pytest.param(
        Case("5S 3H 4D", 12, (("run", "5S 3H 4D", 3),), run=3), id="run-out-of-order-5-3-4"
    ),
    pytest.param(
        Case("7S 5H 6D 4C", 22, (("run", "7S 5H 6D 4C", 4),), run=4),
        id="run-of-4-out-of-order-7-5-6-4",
    ),
    pytest.param(
        Case("3S 5H 4D 6C", 18, (("run", "3S 5H 4D 6C", 4),), run=4),
        id="run-extended-to-4-by-3-5-4-6",
    ),
    pytest.param(
        Case("2S 4H 3D 6C 5S", 20, (("run", "2S 4H 3D 6C 5S", 5),), run=5),
        id="run-of-5-out-of-order",
    ),
    pytest.param(
        Case("4C 2H 6H AS 3D 7D 5S", 28, (("run", "4C 2H 6H AS 3D 7D 5S", 7),), run=7),
        id="run-of-7",
    ),
    pytest.param(Case("3S 4H 4D 5C", 16), id="run-broken-by-duplicate-3-4-4-5"),
    pytest.param(
        Case("2S 9H 3D 4C 5S", 23, (("run", "3D 4C 5S", 3),), run=3),
        id="run-only-from-last-3-earlier-2-ignored",
    ),
    pytest.param(
        Case("KS 2H 3D 4C", 19, (("run", "2H 3D 4C", 3),), run=3),
        id="run-only-from-last-3-king-ignored",
    ),
    pytest.param(Case("3S 4H 6D 5C", 18, (("run", "3S 4H 6D 5C", 4),), run=4), id="run-gap-filled"),
    pytest.param(Case("3S 4H 6D 7C", 20), id="run-with-gap-no-score"),
]


@pytest.mark.parametrize("case", CASES)
def test_score_play(case: Case) -> None:
    laid = parse_cards(case.cards)
    score = score_play(laid)
    assert isinstance(score, PlayScore)
    assert score.cards == tuple(laid)
    assert score.count == case.count
    assert score.fifteen == case.fifteen
    assert score.thirty_one == case.thirty_one
    assert score.pairs == case.pairs
    assert score.run == case.run
    assert score.total == case.fifteen + case.thirty_one + case.pairs + case.run
    assert _items(score.items) == list(case.items)


def test_score_play_over_31_names_the_count() -> None:
    with pytest.raises(PlayError, match=r"\b32\b"):
        score_play(parse_cards("KS QH JD 2C"))


def test_play_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="31"):
        score_play(parse_cards("KS QH JD 9C"))


def test_score_play_empty_raises() -> None:
    with pytest.raises(PlayError):
        score_play([])


def test_score_play_duplicate_card_raises() -> None:
    five = parse_card("5H")
    with pytest.raises(ValueError, match="5H"):
        score_play([five, parse_card("10S"), five])
    with pytest.raises(CardError):
        score_play([five, five])


def test_to_dict_shape() -> None:
    data = score_play(parse_cards("4S 5H 6D")).to_dict()
    assert data == {
        "cards": ["4S", "5H", "6D"],
        "count": 15,
        "total": 5,
        "fifteen": 2,
        "thirty_one": 0,
        "pairs": 0,
        "run": 3,
        "items": [
            {"kind": "fifteen", "cards": ["4S", "5H", "6D"], "points": 2},
            {"kind": "run", "cards": ["4S", "5H", "6D"], "points": 3},
        ],
    }


def test_to_dict_no_score() -> None:
    data = score_play(parse_cards("KS 2H")).to_dict()
    assert list(data) == [
        "cards",
        "count",
        "total",
        "fifteen",
        "thirty_one",
        "pairs",
        "run",
        "items",
    ]
    assert data["count"] == 12
    assert data["total"] == 0
    assert data["items"] == []


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        pytest.param("KS 2H", "no score", id="nothing"),
        pytest.param("4S 5H 6D", "fifteen for 2, run of 3 for 3", id="fifteen-and-run"),
        pytest.param("KS QH 3D 4C 4H", "thirty-one for 2, pair for 2", id="thirty-one-pair"),
        pytest.param("7S 7H 7D", "pair royal for 6", id="pair-royal"),
        pytest.param("2S 2H 2D 2C", "double pair royal for 12", id="double-pair-royal"),
    ],
)
def test_describe(cards: str, said: str) -> None:
    assert score_play(parse_cards(cards)).describe() == said


# --- Play: whole plays between two players (player 0 = non-dealer leads) ---

Move = tuple[int, str, list[Item]]
"""An expected history entry: (player, card laid or "go", items it scored)."""


class PlayState:
    """A `Play` moved along by these tests: the moves made, with what each scored, and each
    player's pegs (a go's point to the last player to lay, as the game pegs it)."""

    def __init__(self, hands: list[list[Card]]) -> None:
        self.play = Play.start(hands)
        self.history: list[tuple[int, Card | None, tuple[PlayItem, ...]]] = []
        self.scores = [0] * len(hands)

    def lay(self, card: Card) -> tuple[PlayItem, ...]:
        seat = self.play.turn
        self.play, items = self.play.lay(card)
        self.scores[seat] += sum(i.points for i in items)
        self.history.append((seat, card, items))
        return items

    def go(self) -> tuple[PlayItem, ...]:
        seat, last = self.play.turn, self.play.last_player
        self.play, items = self.play.go()
        if items:
            assert last is not None
            self.scores[last] += sum(i.points for i in items)
        self.history.append((seat, None, items))
        return items

    @property
    def turn(self) -> int:
        return self.play.turn

    @property
    def count(self) -> int:
        return self.play.count

    @property
    def done(self) -> bool:
        return self.play.done

    @property
    def pile(self) -> list[Card]:
        return list(self.play.pile)

    @property
    def hands(self) -> list[list[Card]]:
        return [list(h) for h in self.play.hands]

    def playable(self, player: int) -> list[Card]:
        return list(self.play.playable(player))


def _state(p0: str, p1: str) -> PlayState:
    return PlayState([parse_cards(p0), parse_cards(p1)])


def _lay(state: PlayState, card: str) -> list[Item]:
    return _items(state.lay(parse_card(card)))


def _play(state: PlayState, moves: list[str]) -> None:
    """Make ``moves`` (card text or "go") in turn order."""
    for move in moves:
        if move == "go":
            state.go()
        else:
            state.lay(parse_card(move))


def _history(state: PlayState) -> list[Move]:
    return [
        (player, "go" if card is None else str(card), _items(items))
        for player, card, items in state.history
    ]


def test_full_play_runs_and_automatic_go() -> None:
    # P0 4H 7D 8S KC, P1 5S 6C 9H QD.
    # 4 . 9 . 16 . 22 (6C: run 4-5-6-7 of 4) . 30 (8S: run of 5, and nobody can
    # lay to 31, so 1 for the go) | reset, P1 leads: 9 . 19 . 29 (last card 1).
    state = _state("4H 7D 8S KC", "5S 6C 9H QD")
    _play(state, ["4H", "5S", "7D", "6C", "8S", "9H", "KC", "QD"])
    assert _history(state) == [
        (0, "4H", []),
        (1, "5S", []),
        (0, "7D", []),
        (1, "6C", [("run", "4H 5S 7D 6C", 4)]),
        (0, "8S", [("run", "4H 5S 7D 6C 8S", 5), ("go", "8S", 1)]),
        (1, "9H", []),
        (0, "KC", []),
        (1, "QD", [("last", "QD", 1)]),
    ]
    assert state.scores == [6, 5]
    assert state.done
    assert state.count == 0


def test_full_play_go_then_31_then_one_plays_alone() -> None:
    # P0 KH 9D 2C 3S, P1 QS 6H 4D 5C.
    # 10 . 20 . 29; P1 cannot lay (room 2) but P0 can, so P1 says go; P0 2C
    # makes 31 for 2 (and no go point). Reset, P1 leads: 4D 4 . 3S 7 (P0 is
    # out) . 5C 12 run of 3 . 6H 18 run of 4 and 1 for last.
    state = _state("KH 9D 2C 3S", "QS 6H 4D 5C")
    _play(state, ["KH", "QS", "9D", "go", "2C", "4D", "3S", "5C", "6H"])
    assert _history(state) == [
        (0, "KH", []),
        (1, "QS", []),
        (0, "9D", []),
        (1, "go", []),
        (0, "2C", [("thirty_one", "KH QS 9D 2C", 2)]),
        (1, "4D", []),
        (0, "3S", []),
        (1, "5C", [("run", "4D 3S 5C", 3)]),
        (1, "6H", [("run", "4D 3S 5C 6H", 4), ("last", "6H", 1)]),
    ]
    assert state.scores == [2, 8]
    assert state.done


def test_full_play_pairs_fifteens_and_last_card_makes_31() -> None:
    # P0 10D 5S 7C 8D, P1 5C 5H 8S 8H.
    # 10 . 15 (fifteen 2) . 20 (pair 2) . 25 (pair royal 6; nobody can lay, go 1)
    # | reset, P0 leads: 7 . 15 (fifteen 2) . 23 (pair 2) . 31 with the last
    # card (31 for 2, pair royal 6, and no extra point for last).
    state = _state("10D 5S 7C 8D", "5C 5H 8S 8H")
    _play(state, ["10D", "5C", "5S", "5H", "7C", "8S", "8D", "8H"])
    assert _history(state) == [
        (0, "10D", []),
        (1, "5C", [("fifteen", "10D 5C", 2)]),
        (0, "5S", [("pair", "5C 5S", 2)]),
        (1, "5H", [("pair", "5C 5S 5H", 6), ("go", "5H", 1)]),
        (0, "7C", []),
        (1, "8S", [("fifteen", "7C 8S", 2)]),
        (0, "8D", [("pair", "8S 8D", 2)]),
        (1, "8H", [("thirty_one", "7C 8S 8D 8H", 2), ("pair", "8S 8D 8H", 6)]),
    ]
    assert state.scores == [4, 19]
    assert state.done


def test_full_play_go_after_continuing_and_go_when_the_other_is_out() -> None:
    # P0 KH QC 5D 3S, P1 JS 9H 8C 7D.
    # 10 . 20 . 25; P1 cannot lay (room 6), P0 can: P1 says go; P0 3S 28 and
    # nobody can lay: 1 for the go to P0, P1 leads. 9H 9 . QC 19 (P0 out) .
    # 8C 27 and P1's 7D would pass 31: 1 for the go to P1; reset; P1 leads
    # alone 7D 7 and 1 for last.
    state = _state("KH QC 5D 3S", "JS 9H 8C 7D")
    _play(state, ["KH", "JS", "5D", "go", "3S", "9H", "QC", "8C", "7D"])
    assert _history(state) == [
        (0, "KH", []),
        (1, "JS", []),
        (0, "5D", []),
        (1, "go", []),
        (0, "3S", [("go", "3S", 1)]),
        (1, "9H", []),
        (0, "QC", []),
        (1, "8C", [("go", "8C", 1)]),
        (1, "7D", [("last", "7D", 1)]),
    ]
    assert state.scores == [1, 2]
    assert state.done


def test_go_point_goes_to_last_player_and_the_other_leads() -> None:
    state = _state("KS 7C 9S", "5H 8D 6D")
    assert _lay(state, "KS") == []
    assert _lay(state, "5H") == [("fifteen", "KS 5H", 2)]
    assert _lay(state, "7C") == []
    # 30: P0 holds 9S, P1 holds 6D; nobody can lay, so P1 (last to lay) pegs 1.
    assert _lay(state, "8D") == [("go", "8D", 1)]
    assert state.scores == [0, 3]
    assert state.count == 0
    assert state.pile == []
    assert state.turn == 0


def test_runs_do_not_carry_across_a_reset() -> None:
    # 7C 8D end the first count; after the go, 9S would make 7-8-9 if runs carried.
    state = _state("KS 7C 9S", "5H 8D 6D")
    _play(state, ["KS", "5H", "7C", "8D"])
    assert _lay(state, "9S") == []
    assert state.pile == [parse_card("9S")]
    assert _lay(state, "6D") == [("fifteen", "9S 6D", 2), ("last", "6D", 1)]
    assert state.scores == [0, 6]


def test_pairs_do_not_carry_across_a_reset() -> None:
    # P0 KS 9C 6H, P1 QD 9D 9S: 10 . 20 . 29 (go 1 to P0) | P1 leads 9D: no pair
    # with P0's 9C, which was before the reset.
    state = _state("KS 9C 6H", "QD 9D 9S")
    _play(state, ["KS", "QD"])
    assert _lay(state, "9C") == [("go", "9C", 1)]
    assert state.turn == 1
    assert _lay(state, "9D") == []
    assert state.count == 9
    assert _lay(state, "6H") == [("fifteen", "9D 6H", 2)]
    assert _lay(state, "9S") == [("last", "9S", 1)]
    assert state.scores == [3, 1]


def test_thirty_one_scores_two_never_three() -> None:
    # P0 KH 9D 2C 3S, P1 QS 6H 4D 5C: P1 says go at 29, P0 makes 31.
    state = _state("KH 9D 2C 3S", "QS 6H 4D 5C")
    _play(state, ["KH", "QS", "9D", "go"])
    assert state.scores == [0, 0]
    assert _lay(state, "2C") == [("thirty_one", "KH QS 9D 2C", 2)]
    assert state.scores == [2, 0]
    assert state.count == 0
    assert state.turn == 1  # the player who did not make 31 leads


def test_thirty_one_without_a_go_scores_two() -> None:
    state = _state("KS JD 4C", "QH AC 9S")
    _play(state, ["KS", "QH", "JD"])
    assert _lay(state, "AC") == [("thirty_one", "KS QH JD AC", 2)]
    assert state.scores == [3, 2]  # P0's JD made the K-Q-J run of 3
    assert state.turn == 0


def test_last_card_making_31_scores_only_two() -> None:
    state = _state("KS JD", "QH AC")
    _play(state, ["KS", "QH", "JD"])
    assert _lay(state, "AC") == [("thirty_one", "KS QH JD AC", 2)]
    assert state.scores == [3, 2]
    assert state.done


def test_last_card_scores_one() -> None:
    state = _state("KS", "2H")
    assert _lay(state, "KS") == []
    assert _lay(state, "2H") == [("last", "2H", 1)]
    assert state.scores == [0, 1]
    assert state.done


def test_go_refused_when_able_to_play() -> None:
    state = _state("KS 9C 6H", "QD 9D 9S")
    with pytest.raises(PlayError, match="no go"):
        state.go()
    _play(state, ["KS", "QD"])
    # count 20: P0 holds 9C and 6H, both fit.
    with pytest.raises(PlayError):
        state.go()
    assert state.turn == 0
    assert state.scores == [0, 0]


def test_go_allowed_with_only_unplayable_cards() -> None:
    state = _state("KH 9D 2C 3S", "QS 6H 4D 5C")
    _play(state, ["KH", "QS", "9D"])
    assert state.turn == 1
    assert state.playable(1) == []
    assert state.playable(0) == parse_cards("2C")
    assert state.go() == ()
    assert state.turn == 0


def test_must_play_when_able_after_opponent_says_go() -> None:
    state = _state("KH 9D 2C 3S", "QS 6H 4D 5C")
    _play(state, ["KH", "QS", "9D", "go"])
    with pytest.raises(PlayError):
        state.go()


def test_lay_card_not_held_raises() -> None:
    state = _state("KS 9C 6H", "QD 9D 9S")
    with pytest.raises(PlayError, match="does not hold"):
        state.lay(parse_card("QD"))  # P1's card, on P0's turn
    with pytest.raises(PlayError, match="AS"):
        state.lay(parse_card("AS"))  # nobody's card
    assert state.turn == 0
    assert state.pile == []


def test_lay_past_31_raises_and_changes_nothing() -> None:
    state = _state("KH 9D 2C 3S", "QS 6H 4D 5C")
    _play(state, ["KH", "QS", "9D", "go"])
    with pytest.raises(PlayError, match="31"):
        state.lay(parse_card("3S"))
    assert state.count == 29
    assert state.turn == 0
    assert parse_card("3S") in state.hands[0]
    assert state.scores == [0, 0]


def test_lay_after_the_play_is_over_raises() -> None:
    state = _state("KS", "2H")
    _play(state, ["KS", "2H"])
    with pytest.raises(PlayError):
        state.lay(parse_card("KS"))
    with pytest.raises(PlayError):
        state.go()


def test_turns_alternate_and_player_out_of_cards_is_skipped() -> None:
    state = _state("KH 9D 2C 3S", "QS 6H 4D 5C")
    turns = []
    for move in ["KH", "QS", "9D", "go", "2C", "4D", "3S", "5C", "6H"]:
        turns.append(state.turn)
        if move == "go":
            state.go()
        else:
            state.lay(parse_card(move))
    assert turns == [0, 1, 0, 1, 0, 1, 0, 1, 1]


def test_other_plays_on_alone() -> None:
    state = _state("KS", "QH 2C 3D")
    _play(state, ["KS", "QH"])
    assert state.hands[0] == []
    assert state.turn == 1
    assert _lay(state, "2C") == []
    assert state.turn == 1
    assert state.count == 22
    assert _lay(state, "3D") == [("last", "3D", 1)]
    assert state.scores == [0, 1]
    assert state.done


def test_play_needs_two_players() -> None:
    with pytest.raises(PlayError):
        Play.start([parse_cards("5H")])


def test_play_refuses_a_card_in_two_hands() -> None:
    with pytest.raises(ValueError, match="5H"):
        Play.start([parse_cards("5H 6D"), parse_cards("5H 7C")])


@settings(max_examples=300, deadline=None)
@given(deck=st.permutations(full_deck()), data=st.data())
def test_random_plays_keep_the_rules(deck: list[Card], data: st.DataObject) -> None:
    """Any legal play of two 4-card hands: the pegs add up and the go rules hold."""
    hands = [deck[:4], deck[4:8]]
    state = PlayState(hands)
    pegged = [0, 0]
    while not state.done:
        player = state.turn
        assert state.hands[player], "the turn never rests on a player without cards"
        able = state.playable(player)
        if not able:
            assert state.go() == ()
            assert state.turn != player
            continue
        card = data.draw(st.sampled_from(able))
        before = [*state.pile, card]
        items = state.lay(card)
        kinds = [i.kind for i in items]
        # What the card itself scores is exactly score_play of the pile.
        assert [i for i in items if i.kind not in ("go", "last")] == list(score_play(before).items)
        assert kinds.count("go") + kinds.count("last") <= 1
        if "thirty_one" in kinds:
            assert "go" not in kinds
            assert "last" not in kinds
        if "go" in kinds or "thirty_one" in kinds:
            assert state.pile == []
            other = 1 - player
            assert state.turn == (other if state.hands[other] else player) or state.done
        assert 0 <= state.count <= 31
        pegged[player] += sum(i.points for i in items)
    assert state.scores == pegged
    last_items = state.history[-1][2]
    assert any(i.kind in ("last", "thirty_one") for i in last_items)
    assert sum(1 for _, card, _ in state.history if card is not None) == 8


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        pytest.param((5,), (1, 0, 1), id="one-card"),
        pytest.param((5, 5), (2, 0, 2), id="pair"),
        pytest.param((9, 5, 5, 5), (3, 0, 3), id="pair-royal-keeps-the-three"),
        pytest.param((4, 6, 5), (1, 3, 3), id="run-of-three-any-order"),
        pytest.param((4, 5, 6, 4), (1, 3, 3), id="a-repeat-cuts-the-tail-to-the-run-after-it"),
        pytest.param((1, 2, 3, 5, 4), (1, 5, 5), id="run-of-five"),
        pytest.param((3, 4, 6, 2), (1, 0, 4), id="no-run-but-a-later-5-could"),
        pytest.param((13, 1, 2), (1, 0, 3), id="no-wrapping"),
    ],
)
def test_pair_run_finds_pairs_runs_and_the_tail_that_can_still_score(
    ranks: tuple[int, ...], expected: tuple[int, int, int]
) -> None:
    """`pair_run`: the cards of the last rank ending the pile, the run the last card ends,
    and how many trailing ranks a later card can still score with."""
    assert pair_run(ranks) == expected
