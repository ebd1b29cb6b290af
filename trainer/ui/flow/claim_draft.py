"""A count being announced combination by combination: cards picked, then named as a kind.

Plain Python, shared by the screens that take an announced count (the drills' quiz and
the game's show), so both judge the same words the same way; `trainer.ui.text.claim_lines`
words the claims for the screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.judge.claims import (
    AnnounceClaim,
    ClaimedItem,
    ClaimError,
    shape_problem,
    with_starter,
)
from trainer.rules.cards import Card
from trainer.rules.combos import Kind

KIND_KEYS: dict[str, Kind] = {"f": "fifteen", "p": "pair", "r": "run", "l": "flush", "n": "nobs"}
"""Keys that claim the picked cards as a combination."""


class AnnounceDraft:
    """The claims so far and the cards picked for the next; ``starter`` None for cards
    without one (the starter, when there is one, is the last card of the numbering)."""

    def __init__(self, hand: Sequence[Card], starter: Card | None) -> None:
        self.hand = tuple(hand)
        self.starter = starter
        self.picked: list[Card] = []
        self.claims: list[ClaimedItem] = []
        self._warned: frozenset[Card] = frozenset()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in their numbering order: the hand, then the starter."""
        return self.hand + ((self.starter,) if self.starter is not None else ())

    @property
    def total(self) -> int:
        return sum(c.value for c in self.claims)

    def toggle(self, card: Card) -> None:
        """Pick the card for the next claim, or unpick it."""
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked.append(card)

    def claim(self, kind: Kind) -> str | None:
        """Claim the picked cards as ``kind``; why not, if they cannot be one: no cards
        picked, or cards that are never a ``kind`` (`shape_problem`: a run of two). The
        picked cards stay picked after a refusal, to be claimed as another kind."""
        if not self.picked:
            return f"pick the cards of the combination first (1-{len(self.cards)})"
        if (problem := shape_problem(kind, self.picked, len(self.hand))) is not None:
            return problem
        try:
            item = ClaimedItem(kind, self.picked)
        except ClaimError as err:
            return str(err)
        if self.starter is not None:
            item = with_starter(item, self.hand, self.starter)
        self.claims.append(item)
        self.picked = []
        return None

    def undo(self) -> bool:
        """Take back the last claim; False if there was none."""
        if not self.claims:
            return False
        self.claims.pop()
        return True

    def unclaimed(self) -> str | None:
        """Why the count should not end yet: cards picked and not claimed as a kind (once for
        the same cards; the count then ends without them)."""
        picked = frozenset(self.picked)
        if not picked or picked == self._warned:
            return None
        self._warned = picked
        n = len(picked)
        cards = "1 card is" if n == 1 else f"{n} cards are"
        *most, last = KIND_KEYS
        keys = f"{', '.join(most)} or {last}"
        return f"{cards} picked, not claimed: {keys} claims them, Enter again leaves them out"

    def answer(self) -> AnnounceClaim:
        return AnnounceClaim(tuple(self.claims))
