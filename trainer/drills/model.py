"""A drill set as the trainer uses it: the frozen `DrillSet` and the small types it is made of."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final, Literal

from trainer.drills.constraints import Constraints, Deal, DealError
from trainer.judge.policy import Policy
from trainer.rules import sizes
from trainer.textguard import excerpt

if TYPE_CHECKING:  # the dealers (and their tables) are loaded when a drill first deals
    from trainer.drills.dealing import Dealer, DeckDealer

Variant = Literal["standard", "five-card", "three-player", "four-player", "four-player-five"]
DrillKind = Literal["hand", "crib", "mixed", "play", "catch", "discard"]
ClaimStyle = Literal["total", "announce"]
Focus = Literal["weak-spots"]

HAND_SIZE: Final[dict[str, int]] = {
    "standard": 4,
    "five-card": 3,
    "three-player": 4,
    "four-player": 4,
    "four-player-five": 5,
}
"""Cards shown in a hand (besides the starter) per variant; a crib always shows 4."""

DEALT: Final[dict[str, int]] = {
    "standard": 6,
    "five-card": 5,
    "three-player": 5,
    "four-player": 5,
    "four-player-five": 6,
}
"""Cards dealt each player per variant, before the throw (a discard drill deals these)."""

CRIB_SIZE: Final = sizes.CRIB_SIZE
"""Cards a crib shows besides the starter (`trainer.rules.sizes`, where ``muggins score``
reads it without the drills)."""

SEED_LIMIT: Final = 2**63
"""Seeds are whole numbers from 0 to below this, wherever one is given (a drill's ``seed``,
``--seed``, ``deal --seed``): the range each deal's own seed is drawn from."""


class DrillError(ValueError):
    """A drill file that cannot be used; the message names the file, the field and the problem."""


def seed_problem(value: object) -> str | None:
    """Why ``value`` cannot be a seed (see `SEED_LIMIT`), or None if it can."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return f"must be a whole number 0 or more, got {excerpt(value)}"
    if value >= SEED_LIMIT:
        return f"must be less than 2**63 ({SEED_LIMIT}), got {excerpt(value)}"
    return None


@dataclass(frozen=True)
class DrillSet:
    """One validated drill set."""

    id: str
    name: str
    description: str
    variant: Variant = "standard"
    kind: DrillKind = "hand"
    crib_share: float = 0.0
    hands: int | None = 10
    per_hand_seconds: float | None = None
    total_seconds: float | None = None
    claim: ClaimStyle = "total"
    muggins: Policy = "acc"
    nineteen: bool = True
    second_try: bool = False
    """After a wrong total, the player may count again before the breakdown is shown."""
    seed: int | None = None
    opponent_errors: float = 0.5
    constraints: Constraints = field(default_factory=Constraints)
    focus: Focus | None = None
    """``weak-spots``: deal what the player misses most (the trainer aims it at start)."""
    order: int = 100
    muggins_set: bool = field(default=True, repr=False, compare=False)
    """The file chose its policy; otherwise the player's default applies (`with_defaults`)."""
    nineteen_set: bool = field(default=True, repr=False, compare=False)
    scores_listed: bool = field(default=False, repr=False, compare=False)
    """deal.score was one score or a list (each must be possible), not a range."""
    source: str = ""
    builtin: bool = False

    @property
    def hand_size(self) -> int:
        """Cards in a hand of this drill's variant (cribs always show 4)."""
        return HAND_SIZE[self.variant]

    @property
    def timed(self) -> bool:
        return self.per_hand_seconds is not None or self.total_seconds is not None

    @property
    def blitz(self) -> bool:
        """A whole-drill clock with no fixed number of hands: as many as you can."""
        return self.total_seconds is not None and self.hands is None

    def dealer(self, crib: bool) -> Dealer | DeckDealer:
        """The dealer for this drill's hands (``crib=False``) or cribs."""
        from trainer.drills.dealing import make_dealer

        size = CRIB_SIZE if crib else self.hand_size
        return make_dealer(size, crib, self.constraints)

    def with_defaults(self, muggins: Policy, nineteen: bool) -> DrillSet:
        """This drill with the player's default policy and nineteen rule where the file
        chose none (a drill's own choice always wins)."""
        return replace(
            self,
            muggins=self.muggins if self.muggins_set else muggins,
            nineteen=self.nineteen if self.nineteen_set else nineteen,
        )

    def deal(self, rng: random.Random) -> Deal:
        """The next show to count, drawn from ``rng``; its seed replays it (`replay`)."""
        return self.replay(rng.getrandbits(63))

    def replay(self, seed: int) -> Deal:
        """The show that ``seed`` deals in this drill: the same seed, the same cards."""
        if self.kind in ("play", "discard"):
            raise DealError(f"{self.source}: {self.kind} drills deal no shows to count")
        local = random.Random(seed)
        kinds = self.show_kinds()
        crib = kinds[0] if len(kinds) == 1 else local.random() < self.crib_share
        hand, starter = self.dealer(crib).draw(local)
        return Deal(hand, starter, crib, seed)

    def show_kinds(self) -> list[bool]:
        """Which shows the drill deals: ``False`` for hands, ``True`` for cribs."""
        return show_kinds(self.kind, self.crib_share)


def show_kinds(kind: DrillKind, crib_share: float) -> list[bool]:
    """Which shows a drill of ``kind`` deals: ``False`` for hands, ``True`` for cribs."""
    if kind in ("play", "discard"):
        return []
    if kind == "crib" or (kind in ("mixed", "catch") and crib_share >= 1):
        return [True]
    if crib_share > 0:
        return [False, True]
    return [False]
