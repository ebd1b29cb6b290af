"""Computer players: `easy`, `standard` and `strong`, each deterministic under its own
seeded stream.

- **Discards.** Every way to throw is tried; the kept cards are valued by their
  exact average over every starter still unseen. `standard` and `strong` add the
  crib value of the two thrown cards (`crib_values`) to their own crib and take
  it off the opponent's; `easy` ignores the crib and adds a couple of points of
  noise.
- **Pegging.** `easy` lays the card that pegs most now. `standard` lays the one
  whose points now, less the expected reply of one unseen card, are the most.
  `strong` deals the unseen cards to the other hands and solves the rest of the
  play for each deal (`strong`, `search`).
- **Counting.** Each announces its count through the miscount model
  (`judge.miscount`) at its level's rate: `easy` often wrong, `standard` rarely,
  `strong` never unless given a rate of its own (``miscount``).
- **Muggins.** Answering another side's count, a bot notices a mistake with its
  level's vigilance: it calls "muggins" for exactly what was missed, or says
  "too many"; it never makes a wrong call.

A bot draws only from its own stream, made afresh for each decision from the game
seed, its seat and the number of actions taken so far: its choices never move
the deck, a game replays exactly, and a game resumed from its actions goes on
as it would have.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final, Literal, get_args

from trainer.game.crib_values import crib_value
from trainer.game.state import Action, Count, Discard, GameState, Lay, Prompt, Respond, SayGo
from trainer.game.strong import best_card
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.miscount import opponent_claim
from trainer.judge.policy import policy_points
from trainer.rules.cards import Card, deck
from trainer.rules.play import score_play
from trainer.rules.show import score_show
from trainer.rules.totals import show_total

Level = Literal["easy", "standard", "strong"]
LEVELS: Final[tuple[Level, ...]] = get_args(Level)

MISCOUNT_RATE: Final[dict[Level, float]] = {"easy": 0.3, "standard": 0.05, "strong": 0.0}
"""How often each level announces a wrong count."""

VIGILANCE: Final[dict[Level, float]] = {"easy": 0.3, "standard": 0.8, "strong": 1.0}
"""How often each level notices a mistake in another side's count."""

DISCARD_NOISE: Final[dict[Level, float]] = {"easy": 2.0, "standard": 0.0, "strong": 0.0}
"""Points of noise (either way, at most) on each discard's value."""

_BOT_SALT: Final = 0xB07


def hand_average(kept: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The kept cards' exact average show over every starter among ``unseen``."""
    return sum(show_total(kept, s) for s in unseen) / len(unseen)


def discard_values(
    dealt: Sequence[Card], throw: int, *, own_crib: bool | None
) -> list[tuple[float, tuple[Card, ...]]]:
    """Each way to throw ``throw`` cards, valued: the kept hand's average over every starter,
    plus (own crib) or minus (the opponent's) the thrown pair's crib value; ``own_crib``
    None leaves the crib out."""
    unseen = [c for c in deck() if c not in dealt]
    out = []
    for thrown in combinations(dealt, throw):
        kept = [c for c in dealt if c not in thrown]
        value = hand_average(kept, unseen)
        if own_crib is not None and throw == 2:
            crib = crib_value(thrown[0], thrown[1])
            value += crib if own_crib else -crib
        out.append((value, thrown))
    return out


def expected_reply(pile: Sequence[Card], unseen: Sequence[Card]) -> float:
    """What one unseen card laid next would peg on average (a card that does not fit pegs 0)."""
    if not unseen:
        return 0.0
    count = sum(c.value for c in pile)
    total = 0
    for card in unseen:
        if count + card.value <= 31:
            total += score_play([*pile, card]).total
    return total / len(unseen)


@dataclass
class Bot:
    """A computer seat of one level, seeded from the game's seed and its seat."""

    level: Level
    seat: int
    game_seed: int
    miscount: float | None = None
    """How often it announces a wrong count, if not its level's rate (`MISCOUNT_RATE`)."""
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random()

    def decide(self, state: GameState, asked: Prompt) -> Action:
        base = (self.game_seed * 131 + self.seat) * 1_000_003 + state.steps
        self.rng.seed(base * 8191 + _BOT_SALT)
        if asked.kind == "discard":
            return Discard(self.seat, self._discard(state))
        if asked.kind == "play":
            return self._play(state)
        if asked.kind == "respond":
            return Respond(self.seat, self._answer(state))
        assert asked.box is not None
        cards = state.cards_of(self.seat, asked.box)
        breakdown = score_show(cards, state.hand.dealt.starter, crib=asked.box == "crib")
        rate = MISCOUNT_RATE[self.level] if self.miscount is None else self.miscount
        said = opponent_claim(breakdown, self.rng, error_rate=rate)
        return Count(self.seat, TotalClaim(said.claimed), said.said)

    def _answer(self, state: GameState) -> CatchAnswer:
        """Accept, unless the bot notices a mistake: then muggins for what was missed (when
        the policy gives the caller any of it), or "too many"."""
        pending = state.hand.pending
        assert pending is not None
        if pending.exact or self.rng.random() >= VIGILANCE[self.level]:
            return CatchAnswer()
        missed = pending.missed
        policy = state.options.muggins
        share = policy_points(policy, pending.actual, missed, 0)[1] if missed else 0
        if share:
            return CatchAnswer(call=missed)
        return CatchAnswer(too_many=pending.excess > 0)

    def _discard(self, state: GameState) -> tuple[Card, ...]:
        dealt = state.hand.dealt.hands[self.seat]
        own = state.hand.dealer == self.seat
        crib = None if self.level == "easy" else own
        noise = DISCARD_NOISE[self.level]
        scored = [
            (value + (self.rng.uniform(-noise, noise) if noise else 0.0), n, thrown)
            for n, (value, thrown) in enumerate(
                discard_values(dealt, state.rules.thrown, own_crib=crib)
            )
        ]
        return max(scored)[2]

    def _play(self, state: GameState) -> Lay | SayGo:
        table = state.hand.table
        assert table is not None
        able = table.playable(self.seat)
        if not able:
            return SayGo(self.seat)
        if self.level == "easy":
            best = max(able, key=lambda c: (score_play([*table.pile, c]).total, c.value))
            return Lay(self.seat, best)
        if self.level == "strong":
            return Lay(self.seat, best_card(state, self.seat, self.rng))
        seen = {*table.hands[self.seat], *self._laid(state), state.hand.dealt.starter}
        unseen = [c for c in deck() if c not in seen]

        def worth(card: Card) -> tuple[float, int]:
            now = score_play([*table.pile, card]).total
            return now - expected_reply([*table.pile, card], unseen), card.value

        return Lay(self.seat, max(able, key=worth))

    def _laid(self, state: GameState) -> list[Card]:
        """The cards laid so far this hand (kept cards no longer held)."""
        table = state.hand.table
        assert table is not None
        laid: list[Card] = []
        for seat, kept in enumerate(state.hand.kept):
            held = set(table.hands[seat])
            laid.extend(c for c in kept or () if c not in held)
        return laid
