"""What a player answers: a total, each combination announced, or a reply to an opponent.

Each answer has a stored form (`answer_to_data` / `answer_from_data`, plain JSON
data) and the form a player reads in lists (`answer_text`); the typed text of a
count and of a reply to an opponent is parsed here too.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from trainer.rules.cards import JACK, Card, format_cards, parse_cards, sort_key
from trainer.rules.combos import KINDS, Kind
from trainer.rules.groups import group_points
from trainer.rules.show import MOST_POINTS

MAX_COUNT: Final = 46
"""The highest show score of any hand size (a 5-card hand); a larger claim is no count."""

_DIGITS: Final = re.compile(r"[0-9]+")


class ClaimError(ValueError):
    """A malformed claim or call; the message quotes the bad input."""


def check_count(points: object, what: str) -> int:
    """``points`` as a possible count (0-46), or `ClaimError` saying what was wrong."""
    if not isinstance(points, int) or isinstance(points, bool):
        raise ClaimError(f"{what} must be a whole number, got {points!r}")
    if points < 0:
        raise ClaimError(f"{what} cannot be negative, got {points!r}")
    if points > MAX_COUNT:
        raise ClaimError(f"{points!r} is not a possible count (no show scores more than 46)")
    return points


def parse_total_claim(text: str, *, nineteen: bool, hand_size: int | None = None) -> int:
    """Parse a typed count such as ``"12"`` or ``" 7 "``; raise `ClaimError` quoting the text.

    With ``nineteen`` the word "nineteen" is accepted too (as 19); whether 19
    then means zero depends on the hand, so `judge` decides that. Given the
    ``hand_size``, a count above what such a hand can score is refused, naming
    the most it can.
    """
    most = MOST_POINTS.get(hand_size, MAX_COUNT) if hand_size is not None else MAX_COUNT
    token = text.strip()
    if nineteen and token.lower() == "nineteen":
        return 19
    if not _DIGITS.fullmatch(token):
        raise ClaimError(f"{text!r} is not a count (expected a whole number from 0 to {most})")
    points = check_count(int(token), "a count")
    if points > most:
        raise ClaimError(
            f"{points} is not a possible count: a {hand_size}-card hand scores at most {most}"
        )
    return points


@dataclass(frozen=True, slots=True)
class TotalClaim:
    """A claim of a total only, as most players announce: "twelve"."""

    points: int

    def __post_init__(self) -> None:
        check_count(self.points, "a claimed total")


def natural_points(kind: Kind, cards: Collection[Card]) -> int:
    """What a combination of these cards claimed as ``kind`` is worth when it is real: a
    group (a pair royal, a double run) the sum of the pairs and runs inside it."""
    if kind == "fifteen":
        return 2
    if kind == "nobs":
        return 1
    grouped = group_points(kind, cards)
    if grouped is not None:
        return grouped
    return 2 if kind == "pair" else len(cards)


def shape_problem(kind: Kind, cards: Collection[Card], hand_size: int) -> str | None:
    """Why these cards can never be a ``kind`` in any hand of ``hand_size`` cards (a run of
    two ranks, a fifteen of one card), or None: refused as the player names them, since
    it tells nothing of this hand. Cards that could be one elsewhere are judged instead."""
    n = len(cards)
    ranks = len({c.rank for c in cards})
    if kind == "fifteen" and n < 2:
        return "a fifteen is two cards or more"
    if kind == "pair" and not 2 <= n <= 4:
        return "a pair is two cards of one rank (three: a pair royal, four: a double pair royal)"
    if kind == "run" and ranks < 3:
        return f"a run is three ranks or more in a row; these cards have {_ranks(ranks)}"
    if kind == "flush" and n < hand_size:
        return f"a flush is every card of the hand ({hand_size}), and the starter if it matches"
    if kind == "nobs" and n > 2:
        return "nobs is one jack: the jack of the starter's suit"
    return None


def _ranks(n: int) -> str:
    return "one rank" if n == 1 else "two ranks"


@dataclass(frozen=True, slots=True, init=False)
class ClaimedItem:
    """One combination the player names: its kind, its cards, and optionally its points.

    ``points`` None means the natural value (`natural_points`). Cards are kept
    as a set: a combination is the same whatever order it is named in. A group
    ("a pair royal", "a double run") is one claim of its kind over all its cards.
    """

    kind: Kind
    cards: frozenset[Card]
    points: int | None

    def __init__(self, kind: str, cards: Iterable[Card], points: int | None = None) -> None:
        if kind not in KINDS:
            raise ClaimError(f"{kind!r} is not a kind of combination (expected {', '.join(KINDS)})")
        listed = tuple(cards)
        card_set = frozenset(listed)
        if not listed:
            raise ClaimError(f"a claimed {kind} names no cards")
        if len(card_set) != len(listed):
            raise ClaimError(f"a claimed {kind} names a card twice: {format_cards(listed)}")
        if points is not None and (
            not isinstance(points, int) or isinstance(points, bool) or points < 1
        ):
            raise ClaimError(f"a claimed {kind} must be worth at least 1 point, got {points!r}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", card_set)
        object.__setattr__(self, "points", points)

    @property
    def value(self) -> int:
        """The points this claim asks for: as stated, or the natural value."""
        if self.points is not None:
            return self.points
        return natural_points(self.kind, self.cards)

    @property
    def ordered_cards(self) -> tuple[Card, ...]:
        """The cards in display order."""
        return tuple(sorted(self.cards, key=sort_key))

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.ordered_cards)} for {self.value}"


def with_starter(item: ClaimedItem, hand: Collection[Card], starter: Card) -> ClaimedItem:
    """The claim with the starter added where players leave it unsaid: "one for his nobs"
    names the jack alone, and a flush named by the hand cards takes the starter when it
    matches them (RULES.md, Announcing a count)."""
    if item.kind == "nobs" and len(item.cards) == 1:
        (jack,) = item.cards
        if jack in hand and jack.rank == JACK:
            return ClaimedItem("nobs", (jack, starter), item.points)
    if (
        item.kind == "flush"
        and starter not in item.cards
        and item.cards == frozenset(hand)
        and all(c.suit == starter.suit for c in item.cards)
    ):
        return ClaimedItem("flush", (*item.ordered_cards, starter), item.points)
    return item


@dataclass(frozen=True, slots=True)
class AnnounceClaim:
    """A claim that names each combination, as a count is said aloud."""

    items: tuple[ClaimedItem, ...]

    @property
    def points(self) -> int:
        return sum(i.value for i in self.items)


Claim: TypeAlias = TotalClaim | AnnounceClaim | None
"""A claim of a show's count; ``None`` is a time-out (a claim of nothing)."""


@dataclass(frozen=True)
class CatchAnswer:
    """An answer to an opponent's count: accept it, call "muggins for X", or say "too many"."""

    call: int | None = None
    too_many: bool = False

    def __post_init__(self) -> None:
        if self.call is not None and self.too_many:
            raise ClaimError("answer either muggins for X or too many, not both")
        if self.call is not None and (isinstance(self.call, bool) or self.call < 1):
            raise ClaimError(f"muggins is called for at least 1 point, got {self.call!r}")

    def __str__(self) -> str:
        if self.call is not None:
            return f"muggins for {self.call}"
        return "too many" if self.too_many else "accept"


def parse_catch_answer(text: str, hand_size: int | None = None) -> CatchAnswer:
    """A typed reply to an opponent's count: ``a`` accepts, ``t`` is "too many", a number
    calls muggins for that many points (no more than a hand of ``hand_size`` cards can
    score, when it is given); `ClaimError` for anything else."""
    token = text.strip().lower()
    if not token:
        raise ClaimError("type a to accept, t for too many, or the points they missed")
    if token == "a":
        return CatchAnswer()
    if token == "t":
        return CatchAnswer(too_many=True)
    points = parse_total_claim(token, nineteen=False, hand_size=hand_size)
    if points < 1:
        raise ClaimError("muggins is called for at least 1 point; a to accept")
    return CatchAnswer(call=points)


@dataclass(frozen=True)
class ThrowAnswer:
    """The cards a player throws to the crib in a discard drill."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"threw {format_cards(self.cards)}"


Answer: TypeAlias = TotalClaim | AnnounceClaim | CatchAnswer | ThrowAnswer | None
"""Anything a player answers in a drill; ``None`` is a time-out (a claim of nothing)."""

TIME_OUT_TEXT: Final = "(time out)"


def answer_text(answer: Answer, *, nineteen: bool = False) -> str:
    """The answer as the player gave it, for lists: ``12``, ``nineteen``, the combinations."""
    if answer is None:
        return TIME_OUT_TEXT
    if isinstance(answer, TotalClaim):
        return "nineteen" if nineteen else str(answer.points)
    if isinstance(answer, AnnounceClaim):
        return "; ".join(str(item) for item in answer.items) or "(nothing)"
    return str(answer)


def answer_to_data(answer: Answer) -> dict[str, Any] | None:
    """The answer as plain data, as stored (None for a time-out)."""
    if answer is None:
        return None
    if isinstance(answer, TotalClaim):
        return {"type": "total", "points": answer.points}
    if isinstance(answer, AnnounceClaim):
        return {
            "type": "announce",
            "items": [
                {"kind": i.kind, "cards": [str(c) for c in i.ordered_cards], "points": i.points}
                for i in answer.items
            ],
        }
    if isinstance(answer, ThrowAnswer):
        return {"type": "throw", "cards": [str(c) for c in answer.cards]}
    return {"type": "catch", "call": answer.call, "too_many": answer.too_many}


def answer_from_data(data: Mapping[str, Any] | None) -> Answer:
    """An answer back from its stored data; `ClaimError` (or `CardError`) if it is not one."""
    if data is None:
        return None
    kind = data.get("type")
    try:
        if kind == "total":
            return TotalClaim(data["points"])
        if kind == "announce":
            return AnnounceClaim(
                tuple(
                    ClaimedItem(i["kind"], parse_cards(i["cards"]), i.get("points"))
                    for i in data["items"]
                )
            )
        if kind == "throw":
            return ThrowAnswer(tuple(parse_cards(data["cards"])))
        if kind == "catch":
            return CatchAnswer(data.get("call"), bool(data.get("too_many")))
    except (KeyError, TypeError) as err:
        raise ClaimError(f"not a stored answer: {dict(data)!r} ({err})") from None
    raise ClaimError(f"not a stored answer: {dict(data)!r}")
