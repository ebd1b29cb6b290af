"""What you type at the table, as the game's action: the points a card pegs, a count, or an
answer to the computer's count. Plain Python (no Textual); `ClaimError` says what is wrong."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from trainer.game.calls import MOST_A_CARD_PEGS, most_missed
from trainer.game.state import Action, Count, GameState, Lay, Prompt, Respond
from trainer.judge.claims import (
    CatchAnswer,
    ClaimError,
    TotalClaim,
    parse_catch_answer,
    parse_total_claim,
)
from trainer.rules.cards import Card

PLACEHOLDERS: Final = {
    "count": "Your count, Enter",
    "respond": "a, or t / points + Enter",
    "peg": "What it pegs, Enter",
}
"""What the text entry asks for, by what it is shown for."""


def typed_action(
    state: GameState,
    asked: Prompt,
    seat: int,
    text: str,
    laying: Card | None,
    names: Sequence[str] = (),
) -> Action:
    """The action ``text`` stands for when the game asks ``asked`` of ``seat``; ``laying`` is
    the card picked to lay when you peg your own play (empty means it pegs nothing); a call
    that cannot be right is refused (`call_problem`, naming the seats by ``names``)."""
    text = text.strip()
    if laying is not None:
        return Lay(seat, laying, parse_total_claim(text or "0", nineteen=False))
    if asked.kind == "respond":
        answer = parse_catch_answer(text)
        problem = call_problem(state, answer, names)
        if problem is not None:
            raise ClaimError(problem)
        return Respond(seat, answer)
    if asked.kind == "count":
        nineteen = state.options.nineteen
        if not text:
            nothing = "0 or 19" if nineteen else "0"
            raise ClaimError(f"type your count first ({nothing} if it scores nothing)")
        size = len(state.cards_of(seat, asked.box or "hand"))
        return Count(seat, TotalClaim(parse_total_claim(text, nineteen=nineteen, hand_size=size)))
    raise ClaimError(f"nothing to type now: the game asks you to {asked.kind}")


def call_problem(state: GameState, answer: CatchAnswer, names: Sequence[str] = ()) -> str | None:
    """Why "muggins for X" cannot be right against the claim waiting for its answer, from what
    everyone at the table can see (never the truth): X more than the box's size can score
    less what was claimed (`calls.most_missed`), as a mistyped number would be. None: it may
    be right (or it is no call)."""
    pending = state.hand.pending
    if answer.call is None or pending is None:
        return None
    box = pending.box
    size = None if box is None else len(state.cards_of(pending.seat, box))
    most = most_missed(pending.claimed, size)
    if answer.call <= most:
        return None
    owner = names[pending.seat] if pending.seat < len(names) else "they"
    if box is None:
        what = f"one card pegs at most {MOST_A_CARD_PEGS}"
    else:
        what = f"a {size}-card {box} scores at most {most + pending.claimed}"
    can = f"at most {most} can have been missed" if most else "nothing can have been missed"
    return (
        f"muggins for {answer.call} cannot be right: {owner} claimed {pending.claimed}, and "
        f"{what}, so {can}"
    )


def wrong_call_ends(state: GameState, action: Respond, names: Sequence[str] = ()) -> str:
    """What "muggins for X" does if it is wrong when that ends the game (the claim's owner takes
    the X called and reaches the target), to ask before it is taken; "" when a wrong call
    could not end the game, or it is no call. Said either way: asking never tells whether
    the call is right."""
    pending, call = state.hand.pending, action.answer.call
    if call is None or pending is None:
        return ""
    need = state.rules.target - state.scores[state.rules.side_of(pending.seat)]
    if call < need:
        return ""
    owner = names[pending.seat] if pending.seat < len(names) else "they"
    return f"If nothing was missed, {owner} takes the {call} and that wins the game ({need} to go)."


def entry_title(state: GameState, asked: Prompt | None, names: Sequence[str]) -> str:
    """Whose count the entry is for, over the box: "Computer's crib" while you answer it,
    "Your hand" while you count it; nothing for a card's points."""
    pending = state.hand.pending
    if asked is not None and asked.kind == "respond" and pending is not None:
        whose = f"{names[pending.seat]}'s"
        return f"{whose} {pending.box}" if pending.box is not None else f"{whose} card"
    if asked is not None and asked.kind == "count" and asked.box is not None:
        return f"Your {asked.box}"
    return ""
