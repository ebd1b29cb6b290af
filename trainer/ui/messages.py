"""Messages the screens post up to the app (attributes down, messages up).

Kept in a module of their own so the app can handle them without importing the
quiz machinery before the first screen is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from trainer.drill import DrillSet
    from trainer.session import Answer, Question
    from trainer.settings import Settings


class StartDrill(Message):
    """Start this drill (from home)."""

    def __init__(self, drill: DrillSet) -> None:
        super().__init__()
        self.drill = drill


class Answered(Message):
    """The player answered the open question (``answer`` None: the hand's time ran out)."""

    def __init__(self, answer: Answer) -> None:
        super().__init__()
        self.answer = answer


class EndDrill(Message):
    """The player ended the drill early (Escape on the quiz or the reveal)."""


class DrillTimeUp(Message):
    """The whole-drill clock ran out."""


class NextDeal(Message):
    """The player has seen the reveal and wants the next deal."""


class RepeatDrill(Message):
    """Run the drill just finished again."""


class GoHome(Message):
    """Back to the drill list."""


class StartReview(Message):
    """Re-drill stored hands: ``questions`` asked in order under ``drill``'s rules."""

    def __init__(self, drill: DrillSet, questions: list[Question]) -> None:
        super().__init__()
        self.drill = drill
        self.questions = questions


class SettingsChanged(Message):
    """The player saved new settings; the app applies them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
