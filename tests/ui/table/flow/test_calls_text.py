"""Your calls as the game's summary lists them: right and wrong, what each won or cost."""

from __future__ import annotations

from trainer.game.tally import Call
from trainer.judge.claims import CatchAnswer
from trainer.ui.table.flow.calls_text import SHOWN_CALLS, calls_lines

NAMES = ("You", "Computer")
TOO_MANY = CatchAnswer(too_many=True)


def test_no_calls_no_lines() -> None:
    assert calls_lines([], NAMES) == []


def test_each_call_right_or_wrong_and_what_it_moved() -> None:
    made = [
        Call(1, 1, "hand", 6, 2, 0, CatchAnswer(call=2), won=2, gave=0),
        Call(2, 1, "crib", 10, 0, 2, TOO_MANY, won=0, gave=0),
        Call(3, 1, "hand", 8, 0, 0, CatchAnswer(call=3), won=0, gave=3),
        Call(4, 1, "hand", 8, 0, 0, TOO_MANY, won=0, gave=0),
        Call(5, 1, None, 0, 2, 0, CatchAnswer(call=2), won=2, gave=0),
    ]
    assert calls_lines(made, NAMES) == [
        "Your calls: 3 right (you took 4), 2 wrong (they took 3).",
        "  hand 1, Computer's hand: muggins for 2, right: you took 2",
        "  hand 2, Computer's crib: too many, right: 10 corrected to 8",
        "  hand 3, Computer's hand: muggins for 3, wrong: Computer took 3",
        "  hand 4, Computer's hand: too many, wrong: nothing moved",
        "  hand 5, Computer's claim in the play: muggins for 2, right: you took 2",
    ]


def test_a_long_list_shows_the_last_calls() -> None:
    made = [Call(n, 1, "hand", 6, 2, 0, CatchAnswer(call=2), 2, 0) for n in range(1, 10)]
    lines = calls_lines(made, NAMES)
    assert lines[0] == "Your calls: 9 right (you took 18)."
    assert lines[1] == f"  … {9 - SHOWN_CALLS} earlier"
    assert lines[2].startswith("  hand 4,")
    assert len(lines) == 2 + SHOWN_CALLS
