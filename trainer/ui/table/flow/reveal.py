"""What a settled show's reveal at the table says: whose box and its points, the count said
against the truth, every answer to it (right or wrong, naming what was missed or is not
there) and what it moved, what muggins took (a wrong call's points too), and every
combination.

Plain Python: `game_reveal` reads it all from the game's `Shown` event (the engine's
verdict and breakdown, the count said, every answer to it): nothing is scored or judged
again. What a computer missed or made up is the difference between the combinations it
said aloud and the breakdown. The screen only lays it out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trainer.game.calls import call_right
from trainer.game.events import Answered, Shown, wrong_call_points
from trainer.game.setup import GameSetup
from trainer.judge.miscount import combos_phrase
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
    """The count against the truth, each answer, what muggins moved and what was pegged."""
    title: str
    """Whose box it is and what it is worth: ``Your hand: 4``."""

    @property
    def breakdown(self) -> Breakdown:
        """Every combination the box holds, in spoken order."""
        return self.shown.verdict.breakdown

    @property
    def missed(self) -> frozenset[Item] | None:
        """The combinations left out of the count, to mark: of your announcement, or of what
        the computer said aloud; None marks nothing (a total claimed)."""
        verdict = self.verdict
        if verdict is None:
            unsaid = left_unsaid(self.shown)
            return None if unsaid is None else frozenset(unsaid)
        if not verdict.itemised:
            return None
        return frozenset(verdict.missed)


def reveals(shown: Shown, human: int, accepted: bool = True) -> bool:
    """Whether the show opens its reveal for the player in ``human``'s seat: their own count,
    or a count they answered (with ``accepted`` off, only one they called on: too many or
    muggins)."""
    if shown.seat == human:
        return True
    answers = [a.answer for a in shown.answers if a.seat == human]
    return any(accepted or a.too_many or a.call is not None for a in answers)


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
    """The claim against the truth, every answer, then what muggins moved and what was pegged,
    in words."""
    owner = names[shown.seat]
    lines: list[str] = []
    if verdict is not None:
        lines.append(verdict.claim_line())
    else:
        said = announce((i.kind, i.cards, i.points) for i in shown.said) if shown.said else None
        said = said or f"{shown.claimed}."
        lines.append(f'{owner} said "{said}" ({shown.claimed}); it is {shown.points}.')
    lines += [answer_line(shown, names, a) for a in shown.answers]
    if answered is not None and answered.answer.call is None and not answered.answer.too_many:
        lines += _let_go(shown, owner)
    gift = wrong_call_points(shown.answers)
    if shown.mugged and shown.mugged_by is not None:
        lines.append(f"Muggins: {_does(names[shown.mugged_by], 'take')} {shown.mugged}.")
    elif gift:
        caller = names[shown.answers[-1].seat]
        whose = "your" if caller == "You" else f"{caller}'s"
        lines.append(f"Muggins: {_does(owner, 'take')} {gift} for {whose} wrong call.")
    elif verdict is not None and verdict.missed_points:
        missed = verdict.missed_points
        are = "is" if missed == 1 else "are"
        if verdict.policy == "off":
            lines.append(f"Muggins is off: the {missed} you missed {are} pegged for you.")
        else:
            lines.append(f"Nobody called muggins, but the {missed} you missed {are} lost.")
    lines.append(f"{_does(owner, 'peg')} {shown.pegged - gift} for the {shown.box}.")
    return lines


def answer_line(shown: Shown, names: tuple[str, ...], answered: Answered) -> str:
    """One opponent's answer to the count, and whether it was right (naming what was missed,
    or what is not there), as the engine settled it (`calls.settle`)."""
    who = names[answered.seat]
    answer = answered.answer
    if answer.call is None and not answer.too_many:
        return f"{who} accepted." if who != "You" else "You accepted."
    head = f"{who} answered: {answer}."
    owner = names[shown.seat]
    right = call_right(answer, shown.verdict.missed_points, shown.verdict.excess_points)
    if answer.call is not None:
        if not right:
            return f"{head} Wrong: nothing was missed."
        return f"{head} Right: {_missed_words(shown, owner)}."
    if not right:
        return f"{head} Wrong: it was not too many, nothing moves."
    return f"{head} Right: {_excess_words(shown, owner)}."


def _let_go(shown: Shown, owner: str) -> list[str]:
    """Your accept of a count that was wrong: what you could have said."""
    verdict = shown.verdict
    if verdict.missed_points:
        return [
            f"It was short: {_missed_words(shown, owner)} (muggins for {verdict.missed_points})."
        ]
    if verdict.excess_points:
        return [f"It was too many: {_excess_words(shown, owner)}; it stood."]
    return []


def _missed_words(shown: Shown, owner: str) -> str:
    """What the count left out, by combination where it is known: "Computer missed a pair 5H
    5S for 2"; else by points."""
    verdict = shown.verdict
    items = verdict.missed if verdict.itemised else left_unsaid(shown)
    what = combos_phrase(tuple(items)) if items else f"{verdict.missed_points}"
    return f"{'you' if owner == 'You' else owner} missed {what}"


def _excess_words(shown: Shown, owner: str) -> str:
    """What the count claimed that is not there, and the count it is corrected to."""
    verdict = shown.verdict
    if verdict.itemised and verdict.wrong:
        what = "; ".join(str(w) for w in verdict.wrong)
        head = f"{what} {'is' if len(verdict.wrong) == 1 else 'are'} not there"
    elif (made_up := made_up_items(shown)) is not None and made_up:
        head = f"{combos_phrase(tuple(made_up))} {'is' if len(made_up) == 1 else 'are'} not there"
    else:
        head = f"{verdict.excess_points} too many"
    return f"{head}, the count is {shown.claimed - verdict.excess_points}"


def left_unsaid(shown: Shown) -> list[Item] | None:
    """The combinations of the box a computer did not say aloud, in spoken order; None for a
    count said as a total only (what it missed is then known by points alone)."""
    if not shown.said and shown.claimed:
        return None
    said = Counter(shown.said)
    out = []
    for item in shown.verdict.breakdown.items:
        if said[item]:
            said[item] -= 1
        else:
            out.append(item)
    return out


def made_up_items(shown: Shown) -> list[Item] | None:
    """The combinations a computer said aloud that the box does not hold; None for a count
    said as a total only."""
    if not shown.said:
        return None
    there = Counter(shown.verdict.breakdown.items)
    out = []
    for item in shown.said:
        if there[item]:
            there[item] -= 1
        else:
            out.append(item)
    return out


def _does(name: str, verb: str) -> str:
    """A seat and a verb that agrees with it: "You take", "Computer takes"."""
    return f"{name} {verb if name == 'You' else verb + 's'}"
