"""What you type at the table, as the game's action: the points a card pegs, a count, or an
answer to the computer's count. Plain Python (no Textual); `ClaimError` says what is wrong."""

from __future__ import annotations

from typing import Final

from trainer.game.state import Action, Count, GameState, Lay, Prompt, Respond
from trainer.judge.claims import ClaimError, TotalClaim, parse_catch_answer, parse_total_claim
from trainer.rules.cards import Card

PLACEHOLDERS: Final = {
    "count": "Your count, Enter",
    "respond": "a, or t / points + Enter",
    "peg": "What it pegs, Enter",
}
"""What the text entry asks for, by what it is shown for."""


def typed_action(
    state: GameState, asked: Prompt, seat: int, text: str, laying: Card | None
) -> Action:
    """The action ``text`` stands for when the game asks ``asked`` of ``seat``; ``laying`` is
    the card picked to lay when you peg your own play (empty means it pegs nothing)."""
    text = text.strip()
    if laying is not None:
        return Lay(seat, laying, parse_total_claim(text or "0", nineteen=False))
    if asked.kind == "respond":
        return Respond(seat, parse_catch_answer(text))
    if asked.kind == "count":
        nineteen = state.options.nineteen
        if not text:
            nothing = "0 or 19" if nineteen else "0"
            raise ClaimError(f"type your count first ({nothing} if it scores nothing)")
        size = len(state.cards_of(seat, asked.box or "hand"))
        return Count(seat, TotalClaim(parse_total_claim(text, nineteen=nineteen, hand_size=size)))
    raise ClaimError(f"nothing to type now: the game asks you to {asked.kind}")
