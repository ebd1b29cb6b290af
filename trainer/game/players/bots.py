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
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from trainer.game.players.search import Ranks, scored
from trainer.game.players.strong import best_card
from trainer.game.players.strong_throw import strong_throw
from trainer.game.players.values import (
    VALUE,
    discard_values,
    expected_reply,
    hand_average,
    reply_total,
)
from trainer.game.state import Action, Count, Discard, GameState, Lay, Prompt, Respond, SayGo
from trainer.judge.claims import CatchAnswer, TotalClaim
from trainer.judge.miscount import opponent_claim
from trainer.judge.policy import policy_points
from trainer.rules.cards import Card
from trainer.rules.play import score_play
from trainer.rules.show import score_show

__all__ = [
    "DISCARD_NOISE",
    "LEVELS",
    "MISCOUNT_RATE",
    "VIGILANCE",
    "Bot",
    "Level",
    "discard_values",
    "expected_reply",
    "hand_average",
]

Level = Literal["easy", "standard", "strong"]
LEVELS: Final[tuple[Level, ...]] = get_args(Level)

MISCOUNT_RATE: Final[dict[Level, float]] = {"easy": 0.3, "standard": 0.05, "strong": 0.0}
"""How often each level announces a wrong count."""

VIGILANCE: Final[dict[Level, float]] = {"easy": 0.3, "standard": 0.8, "strong": 1.0}
"""How often each level notices a mistake in another side's count."""

DISCARD_NOISE: Final[dict[Level, float]] = {"easy": 2.0, "standard": 0.0, "strong": 0.0}
"""Points of noise (either way, at most) on each discard's value."""

_BOT_SALT: Final = 0xB07


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
        if self._draws(asked):  # a decision that draws nothing needs no stream (the seeding
            # is a tenth of a simulated standard game's time)
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

    def _draws(self, asked: Prompt) -> bool:
        """Whether this decision draws from the bot's stream: the counts and answers do, a
        discard only with noise, a card laid only by `strong` (its samples)."""
        if asked.kind == "discard":
            return DISCARD_NOISE[self.level] > 0
        if asked.kind == "play":
            return self.level == "strong"
        return True

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
        if self.level == "strong":
            return strong_throw(state, self.seat)
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
        seen = [*table.hands[self.seat], *self._laid(state), state.hand.dealt.starter]
        ranks = [0] + [4] * 13  # the unseen cards of each rank
        for card in seen:
            ranks[card.rank] -= 1
        unseen = 52 - len(seen)
        tail: Ranks = ()
        for card in table.pile:
            tail = scored(tail, card.rank)[1]
        count = table.count

        def worth(card: Card) -> tuple[float, int]:
            now, after = scored(tail, card.rank)
            laid = count + VALUE[card.rank]
            if laid in (15, 31):
                now += 2
            return now - reply_total(after, laid, ranks) / unseen, card.value

        return Lay(self.seat, max(able, key=worth))

    def _laid(self, state: GameState) -> list[Card]:
        """The cards laid so far this hand (kept cards no longer held)."""
        table = state.hand.table
        assert table is not None
        laid: list[Card] = []
        for seat, kept in enumerate(state.hand.kept):
            held = table.hands[seat]
            if kept and len(held) < len(kept):
                laid.extend(c for c in kept if c not in held)
        return laid
