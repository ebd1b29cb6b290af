"""What plain mode writes: each question and each reveal as short sentences, cards by name
(`trainer.speech.said`), never a box-drawing character."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trainer.judge.outcome import Judgement
from trainer.quiz.questions import (
    CatchQuestion,
    DiscardQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
)
from trainer.rules.cards import Card
from trainer.rules.show import Breakdown
from trainer.speech.said import card_words, count_words, hand_words, spoken

if TYPE_CHECKING:  # the voice's grammar is loaded when a count is first typed in words
    from trainer.voice.heard import Heard

PLAY_WORDS = {"thirty_one": "thirty-one", "last": "last card"}
"""What the play's scores are called where their name is not the word itself."""


QUIT = ("q", "quit")
"""What leaves a drill, the table, or plain mode at the list."""


def said_count(breakdown: Breakdown, typed: str) -> Heard | None:
    """A count of ``breakdown`` typed as players say it ("fifteen two, fifteen four, and a
    pair is six"), read as the voice hears one (the same grammar, without the doubt of a
    recogniser); None if the words are no count of this show."""
    from trainer.voice.grammar import build
    from trainer.voice.heard import Heard

    kept = "".join(c if c.isalpha() or c.isspace() or c == "'" else " " for c in typed)
    words = kept.lower().split()
    said = build(breakdown).parse(words)
    return None if said is None else Heard(" ".join(words), said)


def cards_words(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in cards)


def question_lines(question: Question, place: str) -> list[str]:
    """The question, and what to type: ``place`` is "Hand 3 of 10" or the like."""
    if isinstance(question, ShowQuestion):
        deal = question.deal
        what = "crib" if deal.crib else "hand"
        return [
            f"{place}. Count this {what}: {hand_words(deal.hand, deal.starter)}",
            "Type the total, or the count as you would say it (fifteen two, fifteen four, "
            "and a pair is six); 19 or nothing for no points.",
        ]
    if isinstance(question, CatchQuestion):
        deal, said = question.deal, question.opponent
        return [
            f"{place}. Your opponent counts their hand: {hand_words(deal.hand, deal.starter)}",
            f"They say {said.claimed}.",
            "Type a to accept, t for too many, or a number to take that many as muggins.",
        ]
    if isinstance(question, PlayQuestion):
        play = question.play
        count = sum(c.value for c in play.before)
        before = cards_words(play.before) if play.before else "nothing yet"
        notes = []
        if play.opponent_go:
            notes.append("your opponent cannot lay after it")
        if play.last_card:
            notes.append("it is the last card of the play")
        extra = f" ({'; '.join(notes)})" if notes else ""
        return [
            f"{place}. The play since the count began: {before}; the count is {count}.",
            f"You lay the {card_words(play.card)}{extra}. What does it peg? Type a number.",
        ]
    return discard_lines(question, place)


def discard_lines(question: DiscardQuestion, place: str) -> list[str]:
    deal = question.deal
    whose = "your crib" if deal.own_crib else "your opponent's crib"
    numbered = "; ".join(f"{n} {card_words(c)}" for n, c in enumerate(deal.dealt, 1))
    return [
        f"{place}. You are dealt: {numbered}.",
        f"Throw {question.thrown} to {whose}: type their numbers (for example 1 4).",
    ]


def items_lines(breakdown: Breakdown) -> list[str]:
    """Each combination of a show, one a line: "fifteen for 2: five of hearts, ten of
    clubs."."""
    lines = []
    for item in breakdown.items:
        lines.append(f"  {item.kind} for {item.points}: {cards_words(item.cards)}.")
    return lines


def reveal_lines(question: Question, judgement: Judgement) -> list[str]:
    """The verdict, then the truth: for a show, the count as said and each combination."""
    lines = [spoken(judgement.summary())]
    if isinstance(question, ShowQuestion | CatchQuestion):
        lines.append(f"The count: {count_words(question.breakdown)}")
        lines += items_lines(question.breakdown)
    elif isinstance(question, PlayQuestion):
        items = question.play.items
        if items:
            said = "; ".join(f"{PLAY_WORDS.get(i.kind, i.kind)} for {i.points}" for i in items)
            lines.append(f"It pegs {question.play.points}: {said}.")
        else:
            lines.append("It pegs nothing.")
    elif isinstance(question, DiscardQuestion):
        best = question.throws[0]
        lines.append(f"The best throw: {cards_words(best.throw)}, net {best.net:.2f}.")
    return lines
