"""One run through a drill: its questions, the judged attempts, the session that times them.

Import each name from its module (this face re-exports nothing):

- ``trainer.quiz.attempt``: ``Attempt``, ``Summary``, ``summarise``
- ``trainer.quiz.questions``: ``Appraiser``, ``CatchQuestion``, ``CountQuestion``,
  ``DiscardQuestion``, ``PlayQuestion``, ``Question``, ``QuestionKind``, ``ShowQuestion``,
  ``make_question``, ``question_from_cards``
- ``trainer.quiz.session``: ``QuizSession``, ``judge_answer``
"""
