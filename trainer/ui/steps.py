"""The screen that shows each step of the drill loop: a question (whose reveal takes its place
on the same screen), a summary.

The drill screens are imported when the first drill starts, not to draw home
(the background start-up work loads them before that, as a rule).
"""

from __future__ import annotations

from textual.screen import Screen

from trainer.ui.flow.drill_runner import Ask, Done, Reveal


def step_screen(step: Ask | Reveal | Done, *, plain: bool, spoken_key: str) -> Screen[None]:
    """A new screen for this step, cards drawn plain or with suit symbols (``spoken_key``
    shows the whole count aloud on a reveal)."""
    from trainer.quiz.questions import DiscardQuestion
    from trainer.ui.screens.discard import DiscardScreen
    from trainer.ui.screens.quiz import QuizScreen
    from trainer.ui.screens.summary import SummaryScreen

    if isinstance(step, Ask):
        asked = step.question
        if isinstance(asked, DiscardQuestion):
            return DiscardScreen(step.session, asked, plain=plain)
        return QuizScreen(step.session, asked, plain=plain, spoken_key=spoken_key)
    if isinstance(step, Reveal):  # as a rule shown on its question's screen (`show_reveal`)
        if step.session is None:
            raise ValueError("a reveal to show on a screen of its own needs its drill's session")
        question = step.attempt.question
        if isinstance(question, DiscardQuestion):
            return DiscardScreen(step.session, question, plain=plain, reveal=step)
        note = second_note(step)
        return QuizScreen(
            step.session,
            question,
            plain=plain,
            spoken_key=spoken_key,
            reveal=step,
            second_note=note,
        )
    return SummaryScreen(step.drill, step.summary, previous_best=step.previous_best, plain=plain)


def second_note(step: Reveal) -> str:
    """How the second count went, if there was a second try."""
    from trainer.judge.difference import second_try_words

    if not step.second_tried:
        return ""
    points = step.second.points if step.second is not None else None
    return second_try_words(step.attempt.question.actual, points)


def preload() -> None:
    """Import the drill screens now (in the background), so the first drill starts at once."""
    from trainer.ui.screens import discard, quiz, summary  # noqa: F401
