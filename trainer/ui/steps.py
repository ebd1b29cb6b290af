"""The screen that shows each step of the drill loop: a question, a reveal, a summary.

The drill screens are imported when the first drill starts, not to draw home
(the background start-up work loads them before that, as a rule).
"""

from __future__ import annotations

from textual.screen import Screen

from trainer.judge.difference import second_try_words
from trainer.ui.flow.drill_runner import Ask, Done, Reveal


def step_screen(step: Ask | Reveal | Done, *, plain: bool, spoken_key: str) -> Screen[None]:
    """A new screen for this step, cards drawn plain or with suit symbols (``spoken_key``
    shows the whole count aloud on a reveal)."""
    from trainer.ui.screens.quiz import QuizScreen
    from trainer.ui.screens.reveal import RevealScreen
    from trainer.ui.screens.summary import SummaryScreen

    if isinstance(step, Ask):
        return QuizScreen(step.session, step.question, plain=plain)
    if isinstance(step, Reveal):
        return RevealScreen(
            step.attempt,
            rarity=step.rarity,
            plain=plain,
            announce_key=spoken_key,
            second_note=second_note(step),
            session=step.session,
        )
    return SummaryScreen(step.drill, step.summary, previous_best=step.previous_best, plain=plain)


def second_note(step: Reveal) -> str:
    """How the second count went, if there was a second try."""
    if not step.second_tried:
        return ""
    points = step.second.points if step.second is not None else None
    return second_try_words(step.attempt.question.actual, points)


def preload() -> None:
    """Import the drill screens now (in the background), so the first drill starts at once."""
    from trainer.ui.screens import quiz, reveal, summary  # noqa: F401
