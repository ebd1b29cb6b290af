"""Messages posted up to the app: by the screens (attributes down, messages up) and by the
app's own workers when their slow work is done."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from trainer.drills.loader import DrillEntry
    from trainer.drills.model import DrillSet
    from trainer.game.session import GameSession
    from trainer.history.reading import Progress
    from trainer.judge.claims import Answer, TotalClaim
    from trainer.quiz.attempt import SpokenTimes
    from trainer.quiz.questions import Question
    from trainer.settings import GameChoices, Settings
    from trainer.ui.flow.history import History


class StartDrill(Message):
    """Start this drill (from home, or the review's practice), or with ``questions`` a
    re-drill of stored hands asked in order under the drill's rules."""

    def __init__(self, drill: DrillSet, questions: Sequence[Question] | None = None) -> None:
        super().__init__()
        self.drill = drill
        self.questions = None if questions is None else list(questions)


class Answered(Message):
    """The player answered the open question; ``timed_out``: the hand's time ran out (with
    ``answer`` None, or what was announced by then)."""

    def __init__(
        self, answer: Answer, *, timed_out: bool = False, spoken: SpokenTimes | None = None
    ) -> None:
        super().__init__()
        self.answer = answer
        self.timed_out = timed_out
        self.spoken = spoken


class CountAgain(Message):
    """To the quiz: the count was wrong and the drill allows a second try (``prompt``)."""

    def __init__(self, prompt: str) -> None:
        super().__init__()
        self.prompt = prompt


class SecondTry(Message):
    """The player's second count (``answer`` None: they passed, show the breakdown)."""

    def __init__(self, answer: TotalClaim | None) -> None:
        super().__init__()
        self.answer = answer


class EndDrill(Message):
    """The player ended the drill early (Escape on the quiz or the reveal)."""


class DrillTimeUp(Message):
    """The whole-drill clock ran out."""


class NextDeal(Message):
    """The player has seen the reveal and wants the next deal."""


class RepeatDrill(Message):
    """Run the drill just finished again (``missed_only``: just the hands answered wrong)."""

    def __init__(self, *, missed_only: bool = False) -> None:
        super().__init__()
        self.missed_only = missed_only


class GoHome(Message):
    """Back to the drill list."""


class SettingsChanged(Message):
    """The player saved new settings; the app applies them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings


class StartGame(Message):
    """Deal a new game with these choices (from the game setup screen)."""

    def __init__(self, choices: GameChoices) -> None:
        super().__init__()
        self.choices = choices


class ResumeGame(Message):
    """Resume the saved game."""


class SeatAt(Message):
    """Seat the player at this game's table (the match's next game)."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session


class HistoryOpened(Message):
    """The stats store is open (in the background, after home was drawn), with your figures."""

    def __init__(self, history: History, progress: Progress) -> None:
        super().__init__()
        self.history = history
        self.progress = progress


class HistoryFailed(Message):
    """The stats store cannot be used; ``error`` names the file and what to do."""

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


class DrillsChecked(Message):
    """The drill list after checking every drill against the deal tables."""

    def __init__(self, entries: Sequence[DrillEntry]) -> None:
        super().__init__()
        self.entries = list(entries)
