"""What a settled show's reveal at the table says: whose box and its points, the count said
against the truth, what each call moved, what muggins took, and every combination.

Plain Python: `game_reveal` reads it all from the game's `Shown` event (the engine's
verdict and breakdown, the count said, every answer to it): nothing is scored or judged
again. The screen only lays it out.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.game.events import Answered, Shown
from trainer.game.setup import GameSetup
from trainer.judge.verdict import Verdict
from trainer.rules.show import Breakdown, Item
from trainer.rules.speech import announce
from trainer.ui.flow.game_start import possessive


@dataclass(frozen=True)
class GameReveal:
    """One settled show, as its reveal shows it."""

    shown: Shown
    verdict: Verdict | None
    """Your own count as the engine judged it; None for a count you answered."""
    answered: Answered | None
    """Your answer to another's count (and what it moved); None for your own count."""
    lines: tuple[str, ...]
    """The count against the truth, then what muggins moved and what was pegged, in words."""
    title: str
    """Whose box it is and what it is worth: ``Your hand: 4``."""

    @property
    def breakdown(self) -> Breakdown:
        """Every combination the box holds, in spoken order."""
        return self.shown.verdict.breakdown

    @property
    def missed(self) -> frozenset[Item] | None:
        """The combinations you left out of an announced count, to mark; None marks nothing
        (a total claimed, or a count you answered)."""
        verdict = self.verdict
        if verdict is None or not verdict.itemised:
            return None
        return frozenset(verdict.missed)


def reveals(shown: Shown, human: int) -> bool:
    """Whether the show opens its reveal for the player in ``human``'s seat: their own count,
    or a count they answered."""
    return shown.seat == human or any(a.seat == human for a in shown.answers)


def game_reveal(shown: Shown, setup: GameSetup, human: int) -> GameReveal:
    """The reveal of ``shown`` for the player in seat ``human``: their own count judged, or
    another's count they answered."""
    mine = shown.seat == human
    verdict = shown.verdict if mine else None
    answered = None if mine else next((a for a in shown.answers if a.seat == human), None)
    names = setup.names
    title = f"{possessive(names[shown.seat]).capitalize()} {shown.box}: {shown.points}"
    lines = reveal_lines(shown, names, verdict, answered)
    return GameReveal(shown, verdict, answered, tuple(lines), title)


def reveal_lines(
    shown: Shown, names: tuple[str, ...], verdict: Verdict | None, answered: Answered | None
) -> list[str]:
    """The claim against the truth, then what muggins moved, in words."""
    owner = names[shown.seat]
    lines: list[str] = []
    if verdict is not None:
        lines.append(verdict.claim_line())
    elif answered is not None:
        said = announce((i.kind, i.cards, i.points) for i in shown.said) if shown.said else None
        said = said or f"{shown.claimed}."
        lines.append(f'{owner} said "{said}" ({shown.claimed}); it is {shown.points}.')
        lines.append(f"You answered: {answered.answer}.{call_note(shown, owner, answered)}")
    if shown.mugged and shown.mugged_by is not None:
        taker = names[shown.mugged_by]
        verb = "take" if taker == "You" else "takes"
        lines.append(f"Muggins: {taker} {verb} {shown.mugged}.")
    elif verdict is not None and verdict.missed_points:
        missed = verdict.missed_points
        lines.append(f"Nobody called muggins, but the {missed} you missed are lost.")
    kept = f"{owner} {'peg' if owner == 'You' else 'pegs'} {shown.pegged}"
    lines.append(f"{kept} for the {shown.box}.")
    return lines


def call_note(shown: Shown, owner: str, answered: Answered) -> str:
    """Why a call moved what it moved (``calls.settle``: a wrong call, a "too many" that
    was not), as the engine settled it."""
    answer = answered.answer
    if answer.call is not None and not shown.verdict.missed_points:
        return f" Nothing was missed: a wrong call, and {owner} takes {answered.owner}."
    if answer.too_many and not shown.verdict.excess_points:
        return " It was not too many: nothing moves."
    return ""
