"""What each kind of drill question shows above the answer: the title, the play's cards and
notes, the opponent's count to catch, the announcing hint and the claims so far."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, Static

from trainer.drills.model import DrillSet
from trainer.practice.weak_spots import aimed_at
from trainer.quiz.questions import CatchQuestion, DiscardQuestion, PlayQuestion, Question
from trainer.ui.flow.coach_text import cards_text
from trainer.ui.widgets.card_table import CardTable


def quiz_title(drill: DrillSet, questions: Sequence[Question] | None, question: Question) -> str:
    """The drill (and what it aims at), how far in, the variant and the muggins policy."""
    if drill.blitz:
        count = f"Hand {question.number}"
    else:
        total = drill.hands if questions is None else len(questions)
        count = f"{question.number} of {total}"
    name = drill.name if (aim := aimed_at(drill)) is None else f"{drill.name}: {aim}"
    title = f"{name}  ·  {count}  ·  {drill.variant}"
    if isinstance(question, PlayQuestion | DiscardQuestion):
        return title  # muggins never applies to pegging, nor to a throw
    return f"{title}  ·  muggins: {drill.muggins}"


def play_parts(q: PlayQuestion, *, plain: bool) -> ComposeResult:
    """A card laid in the play: the count before it, the cards since the reset, the card,
    what is left, and the field for what it pegs."""
    p = q.play
    before_count = p.count - p.card.value
    yield Label(
        f"The play · count {before_count} before your card"
        if p.before
        else "The play · you lead a new count",
        id="what",
    )
    with Horizontal(id="play-row"):
        if p.before:  # not "#pile": the game's table styles that as one line of text
            yield CardTable(p.before, numbered=False, plain=plain, id="play-pile")
        yield Label(" then you lay ", classes="gap-text")
        yield CardTable((p.card,), numbered=False, plain=plain, id="table")
    notes = [f"Count now: {p.count}."]
    notes.append(
        f"Your cards left: {cards_text(p.remaining, plain=plain)}."
        if p.remaining
        else "You have no cards left."
    )
    if p.last_card:
        notes.append("This is the last card of the play.")
    elif p.opponent_go:
        notes.append("Your opponent says go.")
    yield Static(" ".join(notes), id="play-notes")
    yield Input(
        placeholder="Points this card pegs, then Enter",
        restrict=r"[0-9]*",
        max_length=2,
        id="claim",
    )


def catch_parts(q: CatchQuestion) -> ComposeResult:
    """The opponent's count, the keys to answer it, and the field."""
    yield Static(
        f'Your opponent counts their {q.breakdown.what}: [b]"{q.opponent.spoken()}"[/b]',
        id="opponent",
    )
    yield Static(
        "[b]a[/b] accept   ·   [b]t[/b] too many   ·   muggins: type the points they "
        "missed and Enter",
        classes="hint",
    )
    yield Input(
        placeholder="Muggins for ... (Enter)", restrict=r"[0-9atAT]*", max_length=2, id="claim"
    )


def announce_parts(cards: int) -> ComposeResult:
    """How to announce a count of ``cards`` cards, and the claims so far (none yet)."""
    yield Static(
        f"Pick cards with [b]1[/b]-[b]{cards}[/b], then the kind: "
        "[b]f[/b]ifteen  [b]p[/b]air (royal)  [b]r[/b]un (double...)  f[b]l[/b]ush  "
        "[b]n[/b]obs.  [b]Backspace[/b] undoes, [b]Enter[/b] ends the count.",
        classes="hint",
    )
    with VerticalScroll(id="claims"):
        yield Static("(nothing claimed yet)", id="claim-list")
