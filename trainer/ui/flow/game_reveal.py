"""What a settled show's reveal at the table says: whose box and its points, the count said
against the truth, what each call moved, what muggins took, and every combination.

Plain Python: `game_reveal` builds it from the game's `Shown` event and what the table kept
(your claim, or the count you answered and your answer); the screen only lays it out.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.game.events import Shown
from trainer.game.setup import GameSetup
from trainer.game.state import Count, Respond
from trainer.judge.claims import Claim
from trainer.judge.verdict import Verdict, judge
from trainer.rules.show import Breakdown, Item, score_show
from trainer.rules.speech import announce
from trainer.ui.flow.game_start import possessive

Answered = tuple[Count | None, Respond]
"""A computer's count you answered (None: not known, a resumed game), and your answer."""


@dataclass(frozen=True)
class GameReveal:
    """One settled show, as its reveal shows it."""

    shown: Shown
    breakdown: Breakdown
    """Every combination the box holds, in spoken order."""
    verdict: Verdict | None
    """Your own count judged; None for a count you answered."""
    answered: Answered | None
    lines: tuple[str, ...]
    """The count against the truth, then what muggins moved and what was pegged, in words."""
    title: str
    """Whose box it is and what it is worth: ``Your hand: 4``."""

    @property
    def missed(self) -> frozenset[Item] | None:
        """The combinations you left out of an announced count, to mark; None marks nothing
        (a total claimed, or a count you answered)."""
        verdict = self.verdict
        if verdict is None or not verdict.itemised:
            return None
        return frozenset(verdict.missed)


def game_reveal(
    shown: Shown, setup: GameSetup, *, claim: Claim = None, answered: Answered | None = None
) -> GameReveal:
    """The reveal of ``shown``: your count (``claim``) judged, or the computer's count you
    answered (``answered``).

    THE ONE PLACE the table's reveal scores and judges a show again: once the `Shown` event
    carries the engine's own breakdown and verdict (issue 21, part 1), read them here
    (``shown.verdict``, ``shown.verdict.breakdown``) instead of `score_show` and `judge`.
    """
    breakdown = score_show(shown.cards, shown.starter, crib=shown.box == "crib")
    verdict = None
    if answered is None:
        verdict = judge(claim, breakdown, setup.options.muggins, nineteen=True)
    names = setup.names
    title = f"{possessive(names[shown.seat]).capitalize()} {shown.box}: {shown.points}"
    lines = reveal_lines(shown, names, verdict, answered)
    return GameReveal(shown, breakdown, verdict, answered, tuple(lines), title)


def reveal_lines(
    shown: Shown, names: tuple[str, ...], verdict: Verdict | None, answered: Answered | None
) -> list[str]:
    """The claim against the truth, then what muggins moved, in words."""
    owner = names[shown.seat]
    lines: list[str] = []
    if verdict is not None:
        lines.append(verdict.claim_line())
    elif answered is not None:
        count, answer = answered
        said = (
            announce((i.kind, i.cards, i.points) for i in count.said)
            if count is not None and count.said
            else f"{shown.claimed}."
        )
        lines.append(f'{owner} said "{said}" ({shown.claimed}); it is {shown.points}.')
        lines.append(f"You answered: {answer.answer}.{call_note(shown, owner, answer)}")
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


def call_note(shown: Shown, owner: str, answer: Respond) -> str:
    """Why a call moved what it moved (``calls.settle``: a wrong call, a "too many" that
    was not)."""
    if answer.answer.call is not None and shown.claimed >= shown.points:
        return f" Nothing was missed: a wrong call, and {owner} takes {answer.answer.call}."
    if answer.answer.too_many and shown.claimed <= shown.points:
        return " It was not too many: nothing moves."
    return ""
