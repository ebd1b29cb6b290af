"""A game's ledger worked out from its record alone: each decision re-derived as its seat saw
it (`decisions`), valued by the coach's advice, and each count and answer costed from what the
record says the engine decided (RULES.md, "The coach").

The same record gives the same ledger, byte for byte: the advice is exact or drawn from
its own fixed seed, and nothing here reads the clock or the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Literal

from trainer.game.calls import settle
from trainer.game.coach.decisions import Lay, Throw, hand_decisions
from trainer.game.coach.discard import discard_advice
from trainer.game.coach.ledger import (
    CallCost,
    Choice,
    CountCost,
    GameLedger,
    HandLedger,
    SeatHand,
    points,
    read_answer,
)
from trainer.game.coach.play import play_advice
from trainer.game.hints import Hint
from trainer.game.variants import GameVariant
from trainer.judge.claims import CatchAnswer
from trainer.judge.policy import Policy, policy_points

Box = Literal["hand", "crib", "play"]


def throw_choice(throw: Throw, rules: GameVariant, *, hinted: bool = False) -> Choice:
    """The throw made against the best throw, each by its net."""
    advice = discard_advice(throw.dealt, rules, own_crib=throw.own_crib)
    made = next(t for t in advice if set(t.throw) == set(throw.thrown))
    best = advice[0]
    return Choice("discard", made.throw, points(made.net), best.throw, points(best.net), hinted)


def lay_choice(lay: Lay, *, hinted: bool = False) -> Choice | None:
    """The card laid against the best card, each by its value; None when every card that fit
    was of one rank (no choice: suits never score in the play)."""
    if len({c.rank for c in lay.spot.playable()}) < 2:
        return None
    advice = play_advice(lay.spot)
    made, best = points(advice.value_of(lay.card)), points(advice.best.value)
    return Choice("play", (lay.card,), made, (advice.best.card,), best, hinted)


def call_cost(
    owner: int, box: Box, answer: str, claim: tuple[int, int, int], policy: Policy
) -> CallCost:
    """An answer to a claim of ``claim`` = (the points there, missed, claimed too many): the
    points the best answer would have won that this one let go, and those a wrong call gave."""
    actual, missed, excess = claim
    given = read_answer(answer)

    def margin(reply: CatchAnswer) -> int:
        moved = settle(actual, missed, excess, reply, policy)
        return moved.caller - moved.owner

    replies = [CatchAnswer(), CatchAnswer(too_many=True)]
    if missed:
        replies.append(CatchAnswer(call=missed))
    best = max(margin(r) for r in replies)
    wrong = given.call if given.call is not None and not missed else 0
    return CallCost(owner, box, answer, best - margin(given) - wrong, wrong, missed, excess)


def count_cost(
    box: Box, claim: tuple[int, int, int], mugged: int, answers: list[Any], policy: Policy
) -> CountCost:
    """A seat's own count of a claim of ``claim`` = (the points there, missed, claimed too
    many), with the points the others pegged from it (``mugged``) and its answers: what it
    missed and overclaimed, and the points that moved under ``policy``. The owner pegs at
    once what the policy lets it keep (`policy_points`: under ``off`` every true point);
    an overclaim stands only when every answer accepted it (settled with no answer, as
    under ``off`` or when the count won the game, it is corrected down)."""
    actual, missed, excess = claim
    kept = policy_points(policy, actual, missed, excess)[0]
    last = read_answer(answers[-1]["answer"]) if answers else None
    stood = excess if last == CatchAnswer() else 0
    return CountCost(box, missed, excess, mugged, actual - kept, stood)


def _claims(hand: Mapping[str, Any]) -> list[tuple[int, Box, tuple[int, int, int], int, list[Any]]]:
    """Each claim in the hand: its owner, box, (points there, missed, too many), the points
    the others pegged from it, and its answers."""
    out: list[tuple[int, Box, tuple[int, int, int], int, list[Any]]] = []
    for event in hand["events"]:
        if event["type"] == "show":
            verdict = event["verdict"]
            claim = (event["points"], verdict["missed_points"], verdict["excess_points"])
            out.append((event["seat"], event["box"], claim, event["mugged"], event["answers"]))
        elif event["type"] == "play" and "claimed" in event:
            due = sum(item["points"] for item in event["items"])
            said = event["claimed"]
            claim = (due, max(0, due - said), max(0, said - due))
            out.append((event["seat"], "play", claim, event["mugged"], event["answers"]))
    return out


class Stopped(Exception):
    """A ledger's working out stopped because its ``stop`` said so (the table was left)."""


def hand_ledger(
    rules: GameVariant,
    hand: Mapping[str, Any],
    policy: Policy,
    hints: Collection[Hint] = (),
    *,
    stop: Callable[[], bool] | None = None,
) -> HandLedger:
    """One hand of a record (its plain data) costed for every seat; ``stop``, asked before
    each decision is valued, can end the work early (`Stopped`)."""
    throws, lays = hand_decisions(rules, hand)
    number = hand["number"]
    seats: list[dict[str, Any]] = [
        {"throw": None, "lays": [], "counts": [], "answers": []} for _ in range(rules.players)
    ]
    for throw in throws:
        if stop is not None and stop():
            raise Stopped
        hinted = (number, throw.seat, 0) in hints
        seats[throw.seat]["throw"] = throw_choice(throw, rules, hinted=hinted)
    laid = [0] * rules.players
    for lay in lays:
        laid[lay.seat] += 1
        if stop is not None and stop():
            raise Stopped
        choice = lay_choice(lay, hinted=(number, lay.seat, laid[lay.seat]) in hints)
        if choice is not None:
            seats[lay.seat]["lays"].append(choice)
    for owner, box, claim, mugged, answers in _claims(hand):
        _, missed, excess = claim
        if box != "play" or missed or excess or mugged:
            seats[owner]["counts"].append(count_cost(box, claim, mugged, answers, policy))
        for answer in answers:
            cost = call_cost(owner, box, answer["answer"], claim, policy)
            seats[answer["seat"]]["answers"].append(cost)
    return HandLedger(
        number,
        tuple(
            SeatHand(s["throw"], tuple(s["lays"]), tuple(s["counts"]), tuple(s["answers"]))
            for s in seats
        ),
    )


def game_ledger(
    rules: GameVariant, record: Mapping[str, Any], policy: Policy, hints: Collection[Hint] = ()
) -> GameLedger:
    """The ledger of a whole game from its record's plain data (`GameRecord.to_dict`, as
    stored), played under the muggins ``policy``."""
    hands = tuple(hand_ledger(rules, hand, policy, hints) for hand in record["hands"])
    return GameLedger(hands, rules.players)
