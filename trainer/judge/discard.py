"""Judging a throw in a discard drill: its net against the best throw's (RULES.md, "The coach").

The values come from the coach's exact discard advice; here a throw is only
compared with them. A throw within `EXACT_WITHIN` points of the best is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from trainer.judge.claims import ClaimError, ThrowAnswer
from trainer.judge.outcome import Outcome
from trainer.rules.cards import Card, format_cards

EXACT_WITHIN: Final = 0.05
"""A throw this close to the best net (or closer) is judged exact: the values are means, and
two throws that near are as good as each other at the table."""


@dataclass(frozen=True, slots=True)
class ValuedThrow:
    """One throw with its value: the cards kept and thrown, the kept hand's mean show, the
    crib's mean, and the net for the thrower's side."""

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand: float
    crib: float
    net: float

    def line(self) -> str:
        """``5H 5D: hand 8.1, crib 4.9, net 13.0``, for lists."""
        return (
            f"{format_cards(self.throw)}: hand {self.hand:.1f}, crib {self.crib:.1f}, "
            f"net {self.net:.1f}"
        )


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    """The judgement of a throw: the throws best first, the one made (None: the time ran out,
    judged as the worst) and what it lost against the best."""

    throws: tuple[ValuedThrow, ...]
    chosen: ValuedThrow | None

    @property
    def best(self) -> ValuedThrow:
        return self.throws[0]

    @property
    def made(self) -> ValuedThrow:
        """The throw judged: the one chosen, or the worst after a time-out."""
        return self.throws[-1] if self.chosen is None else self.chosen

    @property
    def loss(self) -> float:
        """Points lost a hand on average: the best net less the net of the throw made."""
        return max(0.0, self.best.net - self.made.net)

    @property
    def outcome(self) -> Outcome:
        return "exact" if self.chosen is not None and self.loss <= EXACT_WITHIN else "under"

    @property
    def claimed(self) -> int:
        """Nothing is claimed in a throw: the values are in `loss` and the throws."""
        return 0

    @property
    def actual(self) -> int:
        return 0

    @property
    def kept(self) -> int:
        return 0

    @property
    def opponent(self) -> int:
        return 0

    @property
    def missed_points(self) -> int:
        """The loss to the nearest point, at least 1 for a throw not exact (0 for one)."""
        return missed_for(self.loss, exact=self.outcome == "exact")

    @property
    def excess_points(self) -> int:
        return 0

    def rank(self) -> int:
        """The made throw's place among the throws, 1 for the best (ties share the place)."""
        return 1 + sum(t.net > self.made.net + 1e-9 for t in self.throws)

    def summary(self, *, symbols: bool = False) -> str:
        """One line: the throw made, its net, the best and the loss; the cards with suit
        symbols when ``symbols`` (as a screen draws them), else letters."""

        def cards(throw: Sequence[Card]) -> str:
            return " ".join(c.symbol for c in throw) if symbols else format_cards(throw)

        best = f"{cards(self.best.throw)}, net {self.best.net:.2f}"
        if self.chosen is None:
            return (
                f"Time! Nothing thrown, judged as the worst throw: -{self.loss:.2f}; best {best}."
            )
        made = f"You threw {cards(self.chosen.throw)}, net {self.chosen.net:.2f}"
        if self.outcome == "exact":  # as the coach says it: "the best", never "Exact!"
            if round(self.loss, 2) <= 0:
                return f"{made}: the best throw."
            return f"{made}: as good as the best ({best}: within {EXACT_WITHIN})."
        return f"{made}; best {best}: -{self.loss:.2f} a hand."


def missed_for(loss: float, *, exact: bool) -> int:
    """The whole points a throw's ``loss`` counts as in the history's figures: none when
    exact, else the loss rounded, at least 1 (a throw not the best is an error)."""
    return 0 if exact else max(1, round(loss))


def judge_discard(answer: ThrowAnswer | None, throws: Sequence[ValuedThrow]) -> DiscardVerdict:
    """Judge a throw against every throw's value (best first); `ClaimError` if the cards
    thrown are not one of the throws (wrong number, or not from the dealt hand)."""
    if not throws:
        raise ClaimError("there are no throws to choose from")
    if answer is None:
        return DiscardVerdict(tuple(throws), None)
    wanted = frozenset(answer.cards)
    for t in throws:
        if frozenset(t.throw) == wanted and len(t.throw) == len(answer.cards):
            return DiscardVerdict(tuple(throws), t)
    size = len(throws[0].throw)
    raise ClaimError(
        f"throw {size} of your dealt cards, not {format_cards(answer.cards) or 'nothing'}"
    )
