"""The list of past games as plain rows: the result with the score, when it ended, the game's
name, and the points lost by the kept ledger (or "review it" when none is kept, or one of
another version of the advice, or not a ledger at all)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from trainer.game.coach.ledger import MODEL, GameLedger, HandLedger, SeatHand
from trainer.game.coach.ledger import CountCost as Cost
from trainer.history.writing import GameListed
from trainer.ui.flow.past_games import past_game

WHEN = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)


def listed(ledger: str | None, result: str = "won", side: int | None = 0) -> GameListed:
    return GameListed("g1", "standard", WHEN, side, result, (121, 98), ledger)  # type: ignore[arg-type]


def a_ledger() -> str:
    hand = HandLedger(1, (SeatHand(counts=(Cost("hand", 2, 0, 2, forgone=2),)), SeatHand()))
    return json.dumps(GameLedger((hand,), 2).to_dict())


def test_a_row_says_the_result_the_day_the_game_and_the_points_lost() -> None:
    row = past_game(listed(a_ledger()))
    assert (row.uid, row.result, row.variant, row.lost) == (
        "g1",
        "won 121-98",
        "Two players, to 121",
        "-4.0",
    )
    assert row.date == WHEN.astimezone().strftime("%Y-%m-%d %H:%M")
    assert past_game(listed(a_ledger(), side=1)).lost == "0"
    assert past_game(listed(None, "double-skunked")).result == "lost, dbl skunk 121-98"


def test_a_ledger_not_kept_or_not_this_model_s_is_left_to_the_review() -> None:
    assert past_game(listed(None)).lost == "review it"
    other = json.loads(a_ledger()) | {"model": MODEL + 1}
    assert past_game(listed(json.dumps(other))).lost == "review it"
    assert past_game(listed("[1, 2]")).lost == "review it"
    assert past_game(listed("not json")).lost == "review it"
