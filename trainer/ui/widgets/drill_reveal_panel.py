"""A drill's reveal, in the question's place: your claim against the truth, every
combination in spoken order, the cost.

Mounted with the question (`QuizScreen`) and filled when the answer is judged (`show`), so
that a reveal costs a few updates and one swap, never a screen mounted from nothing.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from trainer.judge.verdict import Verdict
from trainer.quiz.attempt import Attempt
from trainer.quiz.heels import heels_note
from trainer.quiz.questions import CountQuestion, DiscardQuestion, PlayQuestion
from trainer.rules.cards import Card
from trainer.ui.count_rows import count_rows
from trainer.ui.text import cards_markup, wrong_line
from trainer.ui.user_text import as_text
from trainer.ui.widgets.card_table import CardTable


class DrillRevealPanel(Vertical):
    """One judged attempt. Up/Down move through the items, highlighting their cards; the
    spoken count is hidden until asked for (`toggle_spoken`)."""

    def __init__(
        self, question: CountQuestion, *, plain: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.plain = plain
        self.rows: list[tuple[Card, ...]] = []
        self._verdict = Static("", id="verdict", classes="verdict")
        self._difference = Static("", id="difference")
        if isinstance(question, PlayQuestion):
            cards = CardTable(question.play.laid, numbered=False, plain=plain, id="reveal-cards")
        else:
            deal = question.deal
            cards = CardTable(
                deal.hand, deal.starter, numbered=False, plain=plain, id="reveal-cards"
            )
        self._cards = cards
        self._items = OptionList(id="items")
        self._spoken = Static("", id="spoken")
        self._notes = Static("", id="reveal-notes")

    def compose(self) -> ComposeResult:
        yield self._verdict
        yield self._difference
        yield self._cards
        yield self._items
        yield self._spoken
        yield self._notes

    def show(self, attempt: Attempt, *, rarity: str, second_note: str, spoken_key: str) -> None:
        """Fill the panel with this attempt and give its list the focus."""
        self._verdict.update(as_text(attempt.judgement.summary()))
        self._verdict.set_classes(f"verdict -{attempt.outcome}")
        notes = difference_notes(attempt, second_note)
        self._difference.update(as_text(notes))
        self._difference.display = bool(notes)
        options, self.rows = reveal_options(attempt, plain=self.plain)
        self._items.add_options(options)
        self._spoken.update(spoken_count(attempt))
        self._notes.update(footer_text(attempt, rarity, spoken_key))
        self._items.focus()
        if self.rows:
            self._items.highlighted = 0

    def toggle_spoken(self) -> None:
        """Show or hide the count as said aloud."""
        self._spoken.display = not self._spoken.display

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        index = event.option_index
        self._cards.show_highlight(self.rows[index] if 0 <= index < len(self.rows) else ())


def difference_notes(attempt: Attempt, second_note: str) -> str:
    """For a wrong total: where the difference may lie, and how a second try went."""
    verdict = attempt.judgement
    if not isinstance(verdict, Verdict):
        return ""
    return " ".join(p for p in (verdict.difference(), second_note) if p)


def footer_text(attempt: Attempt, rarity: str, spoken_key: str) -> str:
    """His heels, how rare the score is, and the keys."""
    parts = [note] if (note := heels_note(attempt.question, attempt.judgement)) else []
    parts += [rarity + "."] if rarity else []
    parts.append(
        f"↑↓ show each combination's cards · {spoken_key}: the count aloud · "
        "any other key: next deal"
    )
    return "  ".join(parts)


def reveal_options(attempt: Attempt, *, plain: bool) -> tuple[list[Option], list[tuple[Card, ...]]]:
    """The list's rows (each combination, then what was claimed wrongly) and the cards each
    highlights."""
    q = attempt.question
    options: list[Option] = []
    rows: list[tuple[Card, ...]] = []
    if isinstance(q, PlayQuestion):
        for p in q.play.items:
            name = p.kind.replace("_", "-")
            cards = cards_markup(p.cards, plain=plain, width=30)
            options.append(Option(f"{name:<10} {cards} {p.points:>2}"))
            rows.append(p.cards)
        return options or [Option("the card pegs nothing", disabled=True)], rows
    if isinstance(q, DiscardQuestion):
        raise TypeError("a throw is revealed by the discard reveal, not the count's")
    verdict = attempt.judgement
    shown = verdict if isinstance(verdict, Verdict) and verdict.itemised else None
    missed = set(shown.missed) if shown is not None else set()
    marks = None if shown is None else missed.__contains__
    for line, shown_cards in count_rows(q.breakdown, marks, plain=plain):
        options.append(Option(line))
        rows.append(shown_cards)
    if isinstance(verdict, Verdict):
        for wrong, reason in zip(verdict.wrong, verdict.wrong_reasons, strict=True):
            text = wrong_line(wrong.kind, wrong.ordered_cards, wrong.value, reason, plain=plain)
            options.append(Option(text))
            rows.append(wrong.ordered_cards)
    return options or [Option("nothing scores: nineteen", disabled=True)], rows


def spoken_count(attempt: Attempt) -> str:
    """The whole count as said aloud (or, for the play, what the card pegs)."""
    q = attempt.question
    if isinstance(q, PlayQuestion):
        return f"{q.play.count}: {q.play.score.describe()}"
    if isinstance(q, DiscardQuestion):
        return ""
    return q.breakdown.announce()
