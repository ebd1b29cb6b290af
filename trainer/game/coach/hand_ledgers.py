"""The hands' ledgers of a game in play, worked out as each hand ends and reused for the
game's: the ledger at the game's end then waits only for the hands not worked out yet (the
last), not for every hand's play advice again.

A hand's ledger is kept with the record and the hints it was worked out from: a hand that
differs when the game's ledger asks (an undo took a step of it back) is worked out again,
so the reused ledger is always the one its record gives (`analysis.game_ledger`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping
from copy import deepcopy
from typing import Any

from trainer.game.coach.analysis import hand_ledger
from trainer.game.coach.ledger import GameLedger, HandLedger
from trainer.game.hints import Hint
from trainer.game.variants import GameVariant
from trainer.judge.policy import Policy


class HandLedgers:
    """One game's hand ledgers, by hand number; safe to use from several workers at once
    (a hand asked for twice while it is worked out is worked out once)."""

    def __init__(self, rules: GameVariant, policy: Policy) -> None:
        self.rules, self.policy = rules, policy
        self._kept: dict[int, tuple[dict[str, Any], frozenset[Hint], HandLedger]] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()
        self.worked_out = 0
        """Hands worked out (not reused) so far."""

    def hand(
        self,
        hand: Mapping[str, Any],
        hints: Collection[Hint] = (),
        *,
        stop: Callable[[], bool] | None = None,
    ) -> HandLedger:
        """The ledger of ``hand`` (a hand record's plain data): the one kept for it if it was
        worked out from this very record and these hints, else worked out now and kept
        (``stop`` can end that early: `analysis.Stopped`, nothing kept)."""
        number = hand["number"]
        own = frozenset(h for h in hints if h[0] == number)
        with self._guard:
            lock = self._locks.setdefault(number, threading.Lock())
        with lock:
            kept = self._kept.get(number)
            if kept is not None and kept[1] == own and kept[0] == hand:
                return kept[2]
            ledger = hand_ledger(self.rules, hand, self.policy, own, stop=stop)
            self._kept[number] = (deepcopy(dict(hand)), own, ledger)
            self.worked_out += 1
            return ledger

    def game(self, record: Mapping[str, Any], hints: Collection[Hint] = ()) -> GameLedger:
        """The whole game's ledger from its record's plain data, each hand's reused where it
        was worked out from the same record and hints."""
        hands = tuple(self.hand(hand, hints) for hand in record["hands"])
        return GameLedger(hands, self.rules.players)
