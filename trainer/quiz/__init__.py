"""One run through a drill: its questions, the judged attempts, the session that times them."""

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
