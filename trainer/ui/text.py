"""Text the screens share: cards as markup with red suits, and the spoken phrase of an item."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Final

from trainer.cards import Card

if TYPE_CHECKING:
    from trainer.muggins import ClaimedItem
    from trainer.scoring import Item
from trainer.scoring import number_word


def cards_markup(cards: Iterable[Card], *, plain: bool = False, width: int = 0) -> str:
    """Cards as console markup, hearts and diamonds red, padded to ``width`` visible cells."""
    cards = list(cards)
    faces = [str(c) if plain else c.symbol for c in cards]
    marked = [
        f"[red]{face}[/]" if card.is_red else face for face, card in zip(faces, cards, strict=True)
    ]
    visible = len(" ".join(faces))
    return " ".join(marked) + " " * max(0, width - visible)


def spoken(kind: str, size: int, running: int, runs_seen: set[int]) -> str:
    """What a player says for one combination, with the running total.

    ``size`` is the number of cards in it; ``runs_seen`` remembers run lengths
    already said, so a second run is "another run of three".
    """
    words = number_word(running)
    if kind == "fifteen":
        return f"fifteen {words}"
    if kind == "pair":
        return f"a pair is {words}"
    if kind == "run":
        again = "another" if size in runs_seen else "a"
        runs_seen.add(size)
        return f"{again} run of {number_word(size)} is {words}"
    if kind == "flush":
        return f"a flush of {number_word(size)} is {words}"
    return f"nobs is {words}"


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


def item_line(item: Item, said: str, *, mark: str, missed: bool, plain: bool) -> str:
    """One combination of a count as a list line: mark, kind, cards, points, what is said."""
    cards = cards_markup(item.cards, plain=plain, width=18)
    text = f"{mark}{item.kind:<8} {cards} {item.points:>2}  {said}"
    return text + "  [b $text-error](missed)[/]" if missed else text


def wrong_line(claimed: ClaimedItem, reason: str, *, plain: bool) -> str:
    """A wrongly claimed combination as a list line, with why it is wrong."""
    cards = cards_markup(claimed.ordered_cards, plain=plain, width=18)
    why = reason.replace("-", " ")
    return (
        f"[$text-warning]✗[/] {claimed.kind:<8} {cards} {claimed.value:>2}  "
        f"[$text-warning]wrong: {why}[/]"
    )
