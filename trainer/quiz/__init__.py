"""One run through a drill: its questions, the judged attempts, the session that times them."""

from typing import TYPE_CHECKING

from trainer.lazy import exports

if TYPE_CHECKING:
    from trainer.quiz.attempt import Attempt, Summary, summarise
    from trainer.quiz.questions import (
        Appraiser,
        CatchQuestion,
        CountQuestion,
        DiscardQuestion,
        PlayQuestion,
        Question,
        QuestionKind,
        ShowQuestion,
        make_question,
        question_from_cards,
    )
    from trainer.quiz.session import QuizSession, judge_answer

__all__ = [
    "Appraiser",
    "Attempt",
    "CatchQuestion",
    "CountQuestion",
    "DiscardQuestion",
    "PlayQuestion",
    "Question",
    "QuestionKind",
    "QuizSession",
    "ShowQuestion",
    "Summary",
    "judge_answer",
    "make_question",
    "question_from_cards",
    "summarise",
]

# Each name's module is imported when the name is first used, not with the package.
__getattr__ = exports(
    __name__,
    {
        "Attempt": "trainer.quiz.attempt",
        "Summary": "trainer.quiz.attempt",
        "summarise": "trainer.quiz.attempt",
        "Appraiser": "trainer.quiz.questions",
        "CatchQuestion": "trainer.quiz.questions",
        "CountQuestion": "trainer.quiz.questions",
        "DiscardQuestion": "trainer.quiz.questions",
        "PlayQuestion": "trainer.quiz.questions",
        "Question": "trainer.quiz.questions",
        "QuestionKind": "trainer.quiz.questions",
        "ShowQuestion": "trainer.quiz.questions",
        "make_question": "trainer.quiz.questions",
        "question_from_cards": "trainer.quiz.questions",
        "QuizSession": "trainer.quiz.session",
        "judge_answer": "trainer.quiz.session",
    },
)
