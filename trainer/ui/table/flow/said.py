"""What the game asks of you, in one plain sentence, cards by name: for the trainer's voice
at the table, a browser page's screen reader, and plain mode (`trainer.ui.plain.game`)."""

from __future__ import annotations

from trainer.speech.said import card_words
from trainer.ui.flow.game_start import possessive
from trainer.ui.table.flow.runner import TableRunner


def asked_words(runner: TableRunner) -> str:
    """What the game waits for you to do ("" when it waits for no one, or for another)."""
    asked, state = runner.asked, runner.state
    if asked is None or asked.seat != runner.human:
        return ""
    table = state.hand.table
    count = table.count if table is not None else 0
    if runner.laying is not None:
        made = count + runner.laying.value
        return f"Your {card_words(runner.laying)} makes {made}: type what it pegs (0: nothing)."
    if asked.kind == "discard":
        n = state.rules.thrown
        cards = "a card" if n == 1 else f"{n} cards"
        return f"Throw {cards} to {possessive(runner.names[state.hand.dealer])} crib."
    if asked.kind == "play":
        return f"Your turn to lay a card: the count is {count}."
    if asked.kind == "count":
        what = "your crib" if asked.box == "crib" else "your hand"
        return f"Count {what}: type the total, or the count as players say it."
    return "Answer their count: a accepts, t says too many, a number calls muggins."
