"""The saved form of a game's actions, options and setup: round trips, and strict reading."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.game.scripted import scripted
from tests.game.support import RandomSeat
from trainer.game.codec import (
    ACTION_TYPES,
    CodecError,
    action_from_data,
    action_to_data,
    dumps,
    loads,
    options_from_data,
    options_to_data,
)
from trainer.game.engine import new_game, prompt, step
from trainer.game.players.bots import Bot
from trainer.game.record import Seat
from trainer.game.setup import GameSetup, SetupError, setup_from_data, setup_to_data
from trainer.game.state import Action, Count, Discard, GameOptions, Lay, Respond, SayGo
from trainer.game.variants import VARIANTS, variant
from trainer.judge.claims import AnnounceClaim, CatchAnswer, ClaimedItem, TotalClaim
from trainer.judge.policy import POLICIES
from trainer.rules.cards import Card, deck, parse_card, parse_cards
from trainer.rules.combos import KINDS
from trainer.rules.show import Item


def round_trip(action: Action) -> Action:
    """Through the data and the JSON text, as saved and exported."""
    return action_from_data(json.loads(dumps(action_to_data(action))))


# ---------------------------------------------------------------- every action of real games


class Scripted:
    def decide(self, state: Any, asked: Any) -> Action:
        return scripted(state, asked)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_action_of_whole_games_round_trips(variant_id: str) -> None:
    rules = variant(variant_id)
    for seed in (1, 2):
        seats: list[Seat] = [
            Bot("standard", 0, seed),
            RandomSeat(seed),
            *(Scripted() for _ in range(rules.players - 2)),
        ]
        if rules.players == 2:
            seats = [Scripted(), Bot("easy", 1, seed)]
        own = frozenset({1}) if seed == 2 else frozenset()  # the random seat pegs its own play
        options = GameOptions(muggins=POLICIES[seed % 4], peg_own=own)
        state, _ = new_game(rules, seed, 0, options)
        kinds = set()
        while (asked := prompt(state)) is not None:
            action = seats[asked.seat].decide(state, asked)
            assert round_trip(action) == action
            kinds.add(type(action))
            state, _ = step(state, action)
        assert {Discard, Lay, SayGo, Count} <= kinds


# ---------------------------------------------------------------- any action at all

cards = st.sampled_from(deck())
seats = st.integers(min_value=0, max_value=3)


@st.composite
def claimed_items(draw: st.DrawFn) -> ClaimedItem:
    kind = draw(st.sampled_from(KINDS))
    chosen = draw(st.lists(cards, min_size=1, max_size=5, unique=True))
    points = draw(st.none() | st.integers(min_value=1, max_value=29))
    return ClaimedItem(kind, chosen, points)


@st.composite
def show_items(draw: st.DrawFn) -> Item:
    chosen = draw(st.lists(cards, min_size=1, max_size=5, unique=True))
    return Item(draw(st.sampled_from(KINDS)), tuple(chosen), draw(st.integers(1, 16)))


claims = (
    st.none()
    | st.builds(TotalClaim, st.integers(min_value=0, max_value=46))
    | st.builds(AnnounceClaim, st.lists(claimed_items(), max_size=6).map(tuple))
)
answers = st.sampled_from(
    [CatchAnswer(), CatchAnswer(too_many=True), CatchAnswer(call=1), CatchAnswer(call=12)]
)
actions = st.one_of(
    st.builds(Discard, seats, st.lists(cards, min_size=1, max_size=2, unique=True).map(tuple)),
    st.builds(Lay, seats, cards, st.none() | st.integers(0, 12)),
    st.builds(SayGo, seats),
    st.builds(Count, seats, claims, st.lists(show_items(), max_size=4).map(tuple)),
    st.builds(Respond, seats, answers),
)


@given(actions)
def test_any_action_round_trips(action: Action) -> None:
    assert round_trip(action) == action


@given(
    st.sampled_from(POLICIES),
    st.sampled_from(["dealer", "cutter"]),
    st.frozensets(st.integers(0, 3), max_size=4),
)
def test_options_round_trip(policy: Any, heels: Any, peg_own: frozenset[int]) -> None:
    options = GameOptions(policy, heels, peg_own)
    assert options_from_data(json.loads(dumps(options_to_data(options)))) == options


def test_the_codec_knows_every_field_of_every_action() -> None:
    """A field added to an action (or the options) must be taught to the codec, or every
    saved game would lose it: this fails until it is."""
    known = {
        Discard: {"seat", "cards"},
        Lay: {"seat", "card", "claim"},
        SayGo: {"seat"},
        Count: {"seat", "claim", "said"},
        Respond: {"seat", "answer"},
        GameOptions: {"muggins", "heels_to", "peg_own", "nineteen"},
    }
    for cls, names in known.items():
        assert {f.name for f in dataclasses.fields(cls)} == names, cls.__name__
    assert set(ACTION_TYPES) == set(get_args(Action))


def test_an_action_it_cannot_keep_whole_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class SpokenLay(Lay):
        spoken: str | None = None

    with pytest.raises(CodecError, match="cannot be saved whole"):
        action_to_data(SpokenLay(0, parse_card("5H"), 2, "fifteen two"))
    with pytest.raises(CodecError, match="not an action"):
        action_to_data("lay 5H")  # type: ignore[arg-type]


# ---------------------------------------------------------------- strict reading


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "action: expected an object, got []"),
        ({"type": "shuffle", "seat": 0}, "type must be one of discard, lay, go, count, respond"),
        ({"type": "go"}, "action: missing seat"),
        ({"type": "go", "seat": 0, "loud": True}, "unknown field loud"),
        ({"type": "go", "seat": -1}, "seat: expected a whole number 0 or more, got -1"),
        ({"type": "go", "seat": True}, "seat: expected a whole number 0 or more, got True"),
        ({"type": "lay", "seat": 0, "card": "XH", "claim": None}, "card: 'XH' is not a card"),
        (
            {"type": "lay", "seat": 0, "card": 5, "claim": None},
            "card: expected a card as text, got 5",
        ),
        ({"type": "lay", "seat": 0, "card": "5H"}, "missing claim"),
        ({"type": "lay", "seat": 0, "card": "5H", "claim": "2"}, "claim: expected a whole number"),
        ({"type": "discard", "seat": 0, "cards": "5H 6H"}, "cards: expected a list of cards"),
        ({"type": "discard", "seat": 0, "cards": ["5H", "1S"]}, "cards[1]: '1S' is not a card"),
        (
            {"type": "count", "seat": 0, "claim": {"type": "catch"}, "said": []},
            "claim: expected a total or an announcement",
        ),
        (
            {"type": "count", "seat": 0, "claim": {"type": "total", "points": 47}, "said": []},
            "claim: 47 is not a possible count",
        ),
        (
            {"type": "count", "seat": 0, "claim": None, "said": [{"kind": "pair"}]},
            "said[0]: missing cards, points",
        ),
        (
            {
                "type": "count",
                "seat": 0,
                "claim": None,
                "said": [{"kind": "pear", "cards": ["5H"], "points": 2}],
            },
            "said[0]: kind must be one of fifteen, pair, run, flush, nobs, got 'pear'",
        ),
        (
            {"type": "respond", "seat": 1, "answer": {"call": 0, "too_many": False}},
            "answer: call: expected a whole number 1 or more, got 0",
        ),
        (
            {"type": "respond", "seat": 1, "answer": {"call": 2, "too_many": True}},
            "answer: answer either muggins for X or too many, not both",
        ),
        (
            {"type": "respond", "seat": 1, "answer": {"call": None, "too_many": "no"}},
            "answer: too_many must be true or false, got 'no'",
        ),
    ],
)
def test_reading_an_action_is_strict(data: Any, message: str) -> None:
    with pytest.raises(CodecError) as raised:
        action_from_data(data, "action")
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"muggins": "acc"}, "options: missing heels_to"),
        (
            {"muggins": "strict", "heels_to": "dealer", "peg_own": []},
            "'strict' is not a muggins policy",
        ),
        (
            {"muggins": "acc", "heels_to": "nobody", "peg_own": []},
            "heels_to must be one of dealer, cutter",
        ),
        ({"muggins": "acc", "heels_to": "dealer", "peg_own": 1}, "peg_own must be a list"),
        ({"muggins": "acc", "heels_to": "dealer", "peg_own": [-1]}, r"peg_own\[0\]"),
    ],
)
def test_reading_options_is_strict(data: Any, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        options_from_data(data)


def test_loads_names_text_that_is_not_json() -> None:
    with pytest.raises(CodecError, match="action 3: not JSON"):
        loads("{nope", "action 3")


# ---------------------------------------------------------------- the setup


def test_a_setup_round_trips() -> None:
    rules = variant("four-hand")
    setup = GameSetup.make(rules, 5, ["easy", None, "standard", "easy"], options=GameOptions("bsd"))
    assert setup.human == 1
    assert setup.human_side == 1
    assert setup.names == ("easy", "you", "standard", "easy")
    data = json.loads(dumps(setup_to_data(setup)))
    assert data["human"] == 1
    assert data["variant"] == "four-hand"
    assert setup_from_data(data) == setup
    bots = GameSetup.make(variant("standard"), 5, ["easy", "easy"], first_dealer=1)
    assert (bots.human, bots.first_dealer) == (None, 1)
    assert setup_from_data(setup_to_data(bots)) == bots


def good_setup() -> dict[str, Any]:
    return setup_to_data(GameSetup.make(variant("standard"), 9, [None, "standard"]))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "poker"}, "variant: 'poker' is not a game"),
        ({"seed": -3}, "seed: expected a whole number 0 or more"),
        ({"seed": 2**63}, "seed must be less than 2\\*\\*63"),
        ({"seats": [{"name": "you", "level": None}]}, "is played by 2: got 1 seats"),
        (
            {"seats": [{"name": "a", "level": None}, {"name": "b", "level": None}]},
            "at most one human seat",
        ),
        ({"seats": [{"name": "a", "level": "hard"}, {"name": "b"}]}, "level 'hard' is not one"),
        ({"human": 1}, "human is 1 but the seats say 0"),
        ({"first_dealer": 2}, "the first dealer 2 is not a seat of 2"),
        ({"options": {"muggins": "acc"}}, "setup: options: missing heels_to"),
    ],
)
def test_reading_a_setup_is_strict(change: dict[str, Any], message: str) -> None:
    with pytest.raises(CodecError, match=message):
        setup_from_data({**good_setup(), **change})


def test_a_setup_is_checked_when_made() -> None:
    with pytest.raises(SetupError, match="played by 2, not 3"):
        GameSetup.make(variant("standard"), 1, [None, "easy", "easy"])
    with pytest.raises(SetupError, match="'hard' is not a level"):
        GameSetup.make(variant("standard"), 1, [None, "hard"])  # type: ignore[list-item]
    with pytest.raises(SetupError, match="every seat needs a name"):
        GameSetup.make(variant("standard"), 1, [None, "easy"], names=["me", " "])


def test_cards_read_in_any_spelling_come_back_canonical() -> None:
    action = action_from_data({"type": "discard", "seat": 1, "cards": ["td", "js"]})
    assert action == Discard(1, tuple(parse_cards("10D JS")))
    assert action_to_data(action)["cards"] == ["10D", "JS"]
    assert isinstance(action, Discard)
    assert all(isinstance(c, Card) for c in action.cards)
