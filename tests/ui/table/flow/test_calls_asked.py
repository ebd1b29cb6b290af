"""A call at the table that cannot be right is refused saying why, from what everyone can see
(the claim and the box's size, never the truth); one that would end the game if it were wrong
is asked about first, and only a yes takes it. Plain Python: the runner and the typed entry."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.ui.table.flow.test_runner import drive, your_move
from trainer.game.calls import MOST_A_CARD_PEGS, most_missed
from trainer.game.engine import new_game, step
from trainer.game.session import GameSession
from trainer.game.state import Discard, GameState, Pending, Prompt, Respond
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.judge.claims import CatchAnswer, ClaimError
from trainer.rules.cards import parse_cards
from trainer.rules.frozen import evolve
from trainer.rules.play import score_play
from trainer.settings import GameChoices
from trainer.ui.flow.game_start import new_session
from trainer.ui.table.flow.effects import Asked, Confirm, Notice
from trainer.ui.table.flow.entry import typed_action, wrong_call_ends
from trainer.ui.table.flow.runner import TableRunner

NAMES = ("You", "Computer")
RESPOND = Prompt(0, "respond", "hand")


def claimed(
    variant_id: str, box: str | None, claim: int, scores: tuple[int, int] = (0, 0)
) -> GameState:
    """A game of ``variant_id`` once both seats have thrown, the computer's claim of ``claim``
    for its ``box`` (None: what a card it laid pegs) waiting for your answer."""
    state, _ = new_game(variant(variant_id), 1, 0)
    for seat in (0, 1):
        state, _ = step(state, Discard(seat, state.hand.dealt.hands[seat][: state.rules.thrown]))
    pending = Pending(1, box, claim, claim, 0, 0, claim, (0,))  # type: ignore[arg-type]
    return evolve(state, scores=scores, hand=evolve(state.hand, pending=pending))


@pytest.mark.parametrize(
    ("variant_id", "box", "claim", "call", "problem", "most"),
    [
        # The finding: your own 21 typed in answer to the computer's 12 (12 + 21 > 29).
        ("standard", "hand", 12, 21, "a 4-card hand scores at most 29, so at most 17", 17),
        ("standard", "crib", 29, 1, "a 4-card crib scores at most 29, so nothing", 0),
        ("five-card", "hand", 6, 15, "a 3-card hand scores at most 20, so at most 14", 14),
        ("four-hand-solo", "hand", 20, 27, "a 5-card hand scores at most 46, so at most 26", 26),
        ("standard", None, 2, 13, "one card pegs at most 14, so at most 12", 12),
    ],
)
def test_a_call_for_more_than_could_be_missed_is_refused_saying_why(
    variant_id: str, box: str | None, claim: int, call: int, problem: str, most: int
) -> None:
    state = claimed(variant_id, box, claim)
    with pytest.raises(ClaimError) as refused:
        typed_action(state, RESPOND, 0, str(call), None, NAMES)
    assert str(refused.value) == (
        f"muggins for {call} cannot be right: Computer claimed {claim}, and {problem} can "
        "have been missed"
    )
    if most:  # the most that could have been missed may be called
        answer = typed_action(state, RESPOND, 0, str(most), None, NAMES)
        assert answer == Respond(0, CatchAnswer(call=most))
    too_many = typed_action(state, RESPOND, 0, "t", None, NAMES)
    assert too_many == Respond(0, CatchAnswer(too_many=True))


def test_the_most_a_card_pegs_is_a_fourth_of_a_kind_making_31() -> None:
    """A card scores a pair (up to four of a kind, 12) or a run (up to seven, 7), never both,
    and 2 for 15 or 31 beside it: 14 is reached, as here."""
    assert score_play(parse_cards("AS 2S 3S 4S AH 5H 5D 5C 5S")).total == MOST_A_CARD_PEGS
    assert most_missed(2, None) == 12
    assert most_missed(12, 4) == 17


@pytest.mark.parametrize(("call", "asks"), [(5, False), (6, True), (9, True)])
def test_a_call_that_a_wrong_answer_would_lose_the_game_by_is_asked(call: int, asks: bool) -> None:
    state = claimed("standard", "hand", 4, scores=(100, 115))  # the computer needs 6
    said = wrong_call_ends(state, Respond(0, CatchAnswer(call=call)), NAMES)
    expected = f"If nothing was missed, Computer takes the {call} and that wins the game (6 to go)."
    assert said == (expected if asks else "")
    assert wrong_call_ends(state, Respond(0, CatchAnswer(too_many=True)), NAMES) == ""


@pytest.fixture
def store() -> Iterator[StatsStore]:
    with StatsStore(":memory:") as opened:
        yield opened


def at_a_risky_call(store: StatsStore) -> tuple[TableRunner, int]:
    """A short game at the table, played with every count right and every answer an accept,
    up to a computer's count you answer where a wrong call of what it needs to win could be
    right (no more than the box could have missed): the runner, and what it needs."""
    for seed in range(1, 40):
        session = new_session(
            store, GameChoices(variant="short", level="easy"), random.Random(seed)
        )
        runner = TableRunner(session, pause=0.0)
        drive(runner, runner.opening())
        while not session.over:
            asked, pending, state = runner.asked, runner.state.hand.pending, runner.state
            if asked is not None and asked.kind == "respond" and pending is not None:
                assert pending.box is not None
                need = state.rules.target - state.scores[state.rules.side_of(pending.seat)]
                size = len(state.cards_of(pending.seat, pending.box))
                if need <= most_missed(pending.claimed, size):
                    return runner, need
            drive(runner, your_move(runner))
    raise AssertionError("no short game in 40 seeds came to such a call")


def test_at_the_table_a_call_that_could_lose_the_game_asks_and_no_takes_nothing(
    store: StatsStore,
) -> None:
    runner, need = at_a_risky_call(store)
    session: GameSession = runner.session
    steps, state = session.state.steps, session.state
    asked = runner.typed(str(need))
    assert asked == [
        Confirm(
            f"Call muggins for {need}?",
            f"If nothing was missed, Computer takes the {need} and that wins the game "
            f"({need} to go).",
        )
    ]
    assert session.state == state  # nothing taken, nothing saved
    assert runner.confirmed(False) == [Asked()]  # the field again, to answer otherwise
    assert (session.state.steps, runner.confirming) == (steps, None)
    assert runner.typed(str(need)) == asked
    taken = runner.confirmed(True)
    assert session.state.steps == steps + 1
    assert session.actions[-1] == Respond(runner.human, CatchAnswer(call=need))
    assert taken  # the step said and shown


def test_at_the_table_a_call_that_cannot_be_right_is_refused(store: StatsStore) -> None:
    runner, _ = at_a_risky_call(store)
    pending = runner.state.hand.pending
    assert pending is not None
    assert pending.box is not None
    size = len(runner.state.cards_of(pending.seat, pending.box))
    too_much = most_missed(pending.claimed, size) + 1
    steps = runner.session.state.steps
    (refused,) = runner.typed(str(too_much))
    assert isinstance(refused, Notice)
    assert refused.text.startswith(f"muggins for {too_much} cannot be right: Computer claimed ")
    assert (refused.severity, refused.timeout) == ("warning", 8)
    assert runner.session.state.steps == steps
