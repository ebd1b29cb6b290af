"""Text the screens share: cards as markup with red suits, a day relative to today, and the
list line of one combination (its words come from `trainer.rules.speech`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Final

from textual.content import Content

from trainer.ui.user_text import fill

if TYPE_CHECKING:  # the judge and the rules' words: for a drill's reveal, not for home
    from trainer.judge.claims import ClaimedItem
    from trainer.rules.cards import Card


def cards_markup(cards: Iterable[Card], *, plain: bool = False, width: int = 0) -> str:
    """Cards as console markup, hearts and diamonds red, padded to ``width`` visible cells."""
    cards = list(cards)
    faces = [str(c) if plain else c.symbol for c in cards]
    marked = [
        f"[red]{face}[/]" if card.is_red else face for face, card in zip(faces, cards, strict=True)
    ]
    visible = len(" ".join(faces))
    return " ".join(marked) + " " * max(0, width - visible)


def ago(when: datetime | None, now: datetime) -> str:
    """When a drill was last practised, as a day relative to ``now`` (in its time zone)."""
    if when is None:
        return "never"
    zone: tzinfo | None = now.tzinfo
    day = when.astimezone(zone).date() if zone is not None else when.date()
    days = (now.date() - day).days
    if days <= 0:
        return "today"
    if days == 1:
        return "yesterday"
    if days < 7:
        return f"{days} days ago"
    return day.isoformat()


MISSED_MARK: Final = "[b $text-error]✗[/] "
RIGHT_MARK: Final = "✓ "


def item_line(
    kind: str,
    cards: Iterable[Card],
    points: int,
    said: str,
    *,
    mark: str = "",
    missed: bool = False,
    plain: bool = False,
) -> str:
    """One combination of a count as a list line: mark, kind, cards, points, what is said."""
    text = f"{mark}{kind:<8} {cards_markup(cards, plain=plain, width=18)} {points:>2}  {said}"
    return text + "  [b $text-error](missed)[/]" if missed else text


def claim_lines(claims: Sequence[ClaimedItem], *, plain: bool) -> list[str]:
    """Each claim of a count being announced as said, with the running total (markup)."""
    from trainer.rules.speech import claim_phrases

    said = claim_phrases((c.kind, c.cards, c.value) for c in claims)
    return [
        item_line(c.kind, c.ordered_cards, c.value, words, plain=plain)
        for c, words in zip(claims, said, strict=True)
    ]


def wrong_line(
    kind: str, cards: Iterable[Card], points: int, reason: str | None, *, plain: bool
) -> Content:
    """A wrongly claimed combination as a list line, with why it is wrong; the kind and the
    reason may come from the history (an import), so they are put in as text."""
    from trainer.judge.verdict import why_wrong

    why = f"wrong: {why_wrong(reason)}" if reason else "claimed wrongly"
    return (
        fill("[$text-warning]✗[/] $kind ", kind=f"{kind:<8}")
        + Content.from_markup(cards_markup(cards, plain=plain, width=18))
        + fill(" $points  [$text-warning]$why[/]", points=f"{points:>2}", why=why)
    )
