"""The coach's ledger: where each seat's points went, decision by decision, in points (RULES.md,
"The coach").

For each seat and hand: **discard**, the best throw's net less the net of the throw
made; **play**, over the seat's cards laid with a choice, the best card's value less
the value of the card laid; **count**, over its own counts (shows, and cards laid by
a seat that pegs its own play), the points that moved against it under the game's
muggins policy: the true points it did not peg (a miss not corrected up) and the points
the others pegged from the count (muggins, the policies' penalties), less any
overclaim that stood (never below nothing); **calls**, over its answers to the others'
counts, the points a right answer would have won and were let go, and the points a
wrong call gave away. Points are points that moved: a miss the table corrects for free
costs none, though it is a miss all the same (each count keeps what it missed and
overclaimed, for the counting's accuracy, a line of its own). A game's ledger is the
sum of its hands'. The ledger is worked out from the game's record (`analysis`); this
module holds it, sums it and writes it as plain data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from trainer.game.calls import call_right
from trainer.judge.claims import CatchAnswer
from trainer.rules.cards import Card, stored_cards

MODEL: Final = 2
"""The version of the advice the ledger is worked out by: a ledger kept by another version
is worked out again rather than compared. 2: a count costs the points that moved under the
game's muggins policy (1 charged every point missed or overclaimed), and an answer keeps
what the claim missed and overclaimed."""

Phase = Literal["discard", "play"]


def points(value: float) -> float:
    """Points as the ledger keeps them: to 6 decimal places, never ``-0.0``. A decision's
    values are kept so, so that a ledger read back from its plain data is the same ledger."""
    return round(value, 6) + 0.0


def _texts(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True)
class Choice:
    """A throw or a card laid, against the best: what was done and its value, the best and
    its value (a throw's net; a card's value in the play), and whether a hint came first."""

    phase: Phase
    made: tuple[Card, ...]
    value: float
    best: tuple[Card, ...]
    best_value: float
    hinted: bool = False

    @property
    def loss(self) -> float:
        return self.best_value - self.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "made": _texts(self.made),
            "value": points(self.value),
            "best": _texts(self.best),
            "best_value": points(self.best_value),
            "loss": points(self.loss),
            "hinted": self.hinted,
        }


@dataclass(frozen=True)
class CountCost:
    """One of a seat's own counts: a show (``hand`` or ``crib``) or a card laid (``play``)
    whose points it said itself. Its accuracy: the points it ``missed`` and claimed ``over``;
    the points that moved: true points it did not peg (``forgone``: a miss the policy does
    not correct up), points the others pegged from it (``mugged``), and an overclaim that
    ``stood`` (pegged though not there)."""

    box: Literal["hand", "crib", "play"]
    missed: int
    over: int
    mugged: int
    forgone: int = 0
    stood: int = 0

    @property
    def loss(self) -> int:
        """The points the count cost: what it forwent and had taken, less what an overclaim
        gained it (a gain is no loss: never below 0)."""
        return max(0, self.forgone + self.mugged - self.stood)

    @property
    def exact(self) -> bool:
        return not self.missed and not self.over

    def to_dict(self) -> dict[str, Any]:
        return {
            "box": self.box,
            "missed": self.missed,
            "over": self.over,
            "mugged": self.mugged,
            "forgone": self.forgone,
            "stood": self.stood,
        }


def read_answer(text: str) -> CatchAnswer:
    """An answer as the record writes it: ``accept``, ``too many``, ``muggins for X``."""
    if text == "too many":
        return CatchAnswer(too_many=True)
    if text.startswith("muggins for "):
        return CatchAnswer(call=int(text.removeprefix("muggins for ")))
    if text == "accept":
        return CatchAnswer()
    raise ValueError(f"{text!r} is not an answer to a count")


@dataclass(frozen=True)
class CallCost:
    """One of a seat's answers to another seat's count: the answer, the points a right answer
    would have won that this one let go, the points a wrong call gave the owner, and what
    the claim answered ``missed`` and claimed too many (``excess``), which judge the answer."""

    owner: int
    box: Literal["hand", "crib", "play"]
    answer: str
    let_go: int
    wrong: int
    missed: int = 0
    excess: int = 0

    @property
    def loss(self) -> int:
        return self.let_go + self.wrong

    @property
    def said(self) -> CatchAnswer:
        return read_answer(self.answer)

    @property
    def right(self) -> bool:
        """A challenge that was right, as the reveal and the game's summary judge it
        (`calls.call_right`); an accept is no challenge."""
        return call_right(self.said, self.missed, self.excess)

    def to_dict(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "box": self.box,
            "answer": self.answer,
            "let_go": self.let_go,
            "wrong": self.wrong,
            "missed": self.missed,
            "excess": self.excess,
        }


@dataclass(frozen=True)
class SeatHand:
    """One seat's decisions in one hand, each with what it cost."""

    throw: Choice | None = None
    lays: tuple[Choice, ...] = ()
    counts: tuple[CountCost, ...] = ()
    answers: tuple[CallCost, ...] = ()

    @property
    def decisions(self) -> tuple[Choice | CountCost | CallCost, ...]:
        """Every decision in the hand's order: the throw, the cards laid, the counts, the
        answers."""
        throw = (self.throw,) if self.throw is not None else ()
        return (*throw, *self.lays, *self.counts, *self.answers)

    @property
    def totals(self) -> Totals:
        return Totals(
            discard=self.throw.loss if self.throw is not None else 0.0,
            play=sum((c.loss for c in self.lays), 0.0),
            count=sum(c.loss for c in self.counts),
            calls=sum(c.loss for c in self.answers),
            hinted=sum(c.hinted for c in (*self.lays, *([self.throw] if self.throw else []))),
        )

    def to_dict(self) -> dict[str, Any]:
        """The shape of a seat in a hand's ``"ledger"``: the totals, then each decision."""
        return {
            **self.totals.to_dict(),
            "throw": self.throw.to_dict() if self.throw is not None else None,
            "lays": [c.to_dict() for c in self.lays],
            "counts": [c.to_dict() for c in self.counts],
            "answers": [c.to_dict() for c in self.answers],
        }


@dataclass(frozen=True)
class Totals:
    """Points lost by phase (a seat's in one hand, or summed over hands), and how many of its
    decisions came after a hint."""

    discard: float = 0.0
    play: float = 0.0
    count: int = 0
    calls: int = 0
    hinted: int = 0

    @property
    def total(self) -> float:
        return self.discard + self.play + self.count + self.calls

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.discard + other.discard,
            self.play + other.play,
            self.count + other.count,
            self.calls + other.calls,
            self.hinted + other.hinted,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": points(self.discard),
            "play": points(self.play),
            "count": self.count,
            "calls": self.calls,
            "hinted": self.hinted,
        }


@dataclass(frozen=True)
class HandLedger:
    """One hand: each seat's decisions and costs, by seat."""

    number: int
    seats: tuple[SeatHand, ...]

    def to_list(self) -> list[dict[str, Any]]:
        """The hand's ``"ledger"``: a list by seat."""
        return [s.to_dict() for s in self.seats]


Costly = tuple[float, int, Choice | CountCost | CallCost]
"""A decision's loss, its hand's number and the decision."""


@dataclass(frozen=True)
class GameLedger:
    """A game's ledger: its hands', and each seat's sum over them."""

    hands: tuple[HandLedger, ...]
    players: int

    def totals(self, seat: int) -> Totals:
        """The seat's points lost over the game, by phase: the sum of its hands'."""
        out = Totals()
        for hand in self.hands:
            out += hand.seats[seat].totals
        return out

    def counts(self, seat: int) -> list[CountCost]:
        """Every count of the seat's own in the game, in order: its counting's accuracy."""
        return [c for hand in self.hands for c in hand.seats[seat].counts]

    def costliest(self, seat: int, most: int = 3) -> list[Costly]:
        """The seat's decisions that cost it most, costliest first (the earlier on a tie)."""
        found: list[Costly] = []
        for hand in self.hands:
            found.extend((item.loss, hand.number, item) for item in hand.seats[seat].decisions)
        found = [f for f in found if f[0] > 0]
        found.sort(key=lambda f: (-f[0], f[1]))
        return found[:most]

    def to_dict(self) -> dict[str, Any]:
        """The ledger as plain data, as the history keeps it: the model it was worked out by,
        each seat's totals, and each hand's ledger by seat."""
        return {
            "model": MODEL,
            "seats": [self.totals(s).to_dict() for s in range(self.players)],
            "hands": [{"number": h.number, "ledger": h.to_list()} for h in self.hands],
        }


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return stored_cards(" ".join(texts))


def _choice(phase: Phase, data: Mapping[str, Any]) -> Choice:
    return Choice(
        phase,
        _cards(data["made"]),
        data["value"],
        _cards(data["best"]),
        data["best_value"],
        data["hinted"],
    )


def seat_hand_from(data: Mapping[str, Any]) -> SeatHand:
    """A seat's hand back from `SeatHand.to_dict` (values as written: to 6 places)."""
    throw = data["throw"]
    return SeatHand(
        None if throw is None else _choice("discard", throw),
        tuple(_choice("play", c) for c in data["lays"]),
        tuple(
            CountCost(c["box"], c["missed"], c["over"], c["mugged"], c["forgone"], c["stood"])
            for c in data["counts"]
        ),
        tuple(
            CallCost(
                c["owner"], c["box"], c["answer"], c["let_go"], c["wrong"], c["missed"], c["excess"]
            )
            for c in data["answers"]
        ),
    )


def ledger_from(data: Mapping[str, Any]) -> GameLedger:
    """A game's ledger back from `GameLedger.to_dict` (of this `MODEL`, as the history keeps
    it: checked when it was kept); `KeyError`, `TypeError` or `ValueError` if it is not one."""
    hands = tuple(
        HandLedger(h["number"], tuple(seat_hand_from(s) for s in h["ledger"]))
        for h in data["hands"]
    )
    return GameLedger(hands, len(data["seats"]))


def ledger_model(data: Mapping[str, Any]) -> int | None:
    """The model a stored ledger was worked out by (None if it does not say)."""
    model = data.get("model")
    return model if isinstance(model, int) and not isinstance(model, bool) else None
