"""The coach's ledger in words: a hand's line at the table, the game's totals and its
costliest decisions, and each decision as the review tells it ("Hand 4: you threw 5♠ J♦, net
6.1; best 10♣ K♦, net 8.4: -2.3"). Plain Python: the screens only show these lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from trainer.game.coach.ledger import (
    CallCost,
    Choice,
    Costly,
    CountCost,
    GameLedger,
    SeatHand,
    Totals,
)
from trainer.rules.cards import Card

BOXES: Final = {"hand": "hand", "crib": "crib", "play": "count in the play"}


def cards_text(cards: Iterable[Card], *, plain: bool = False) -> str:
    """Cards as the table shows them: suit symbols, or letters when ``plain``."""
    return " ".join(str(c) if plain else c.symbol for c in cards)


def figure(value: float, places: int, *, signed: bool = False) -> str:
    """A value to ``places`` decimals (with its sign when ``signed``), never ``-0.0``: a
    value that rounds to nothing is nothing."""
    value = round(value, places) + 0.0  # -0.0 + 0.0 is 0.0
    return f"{value:+.{places}f}" if signed else f"{value:.{places}f}"


def lost(points: float, places: int = 1) -> str:
    """Points lost as the coach writes them: ``-1.2``, ``-2``; nothing lost is ``0``."""
    if round(points, places) <= 0:
        return "0"
    text = f"{points:.{places}f}" if places else f"{points:.0f}"
    return f"-{text}"


def _count_words(costs: Sequence[CountCost]) -> str:
    """Why counts cost points: ``missed`` (true points not pegged), ``mugged`` (points the
    others pegged from them), in that order; nothing for counts that cost nothing."""
    costly = [c for c in costs if c.loss]
    words = [
        word
        for word, n in (
            ("missed", sum(c.forgone for c in costly)),
            ("mugged", sum(c.mugged for c in costly)),
        )
        if n
    ]
    return f" ({', '.join(words)})" if words else ""


def accuracy_line(costs: Sequence[CountCost], span: str = "") -> str:
    """How exactly you counted, apart from the points it cost: ``Your counting: 3 of 4 shows
    exact; missed 9, overclaimed 2`` (``span``: `` this hand``); "" with no count."""
    shows = [c for c in costs if c.box != "play"]
    if not costs:
        return ""
    head = f"Your counting{span}: {sum(c.exact for c in shows)} of {len(shows)} "
    head += "show exact" if len(shows) == 1 else "shows exact"
    wrong = [
        f"{word} {n}"
        for word, n in (
            ("missed", sum(c.missed for c in costs)),
            ("overclaimed", sum(c.over for c in costs)),
        )
        if n
    ]
    plays = len(costs) - len(shows)
    if plays:
        wrong.append(f"{plays} wrong claim{'s' if plays != 1 else ''} in the play")
    return head + (f"; {', '.join(wrong)}" if wrong else "")


def hand_line(seat: SeatHand) -> str:
    """A hand's cost to you in one line: ``This hand: discard -1.2, play -0.4, count -2
    (mugged)``, and your calls and hints when there were any."""
    t = seat.totals
    parts = [
        f"discard {lost(t.discard)}",
        f"play {lost(t.play)}",
        f"count {lost(t.count, 0)}{_count_words(seat.counts)}",
    ]
    if seat.answers:
        parts.append(f"calls {lost(t.calls, 0)}")
    hints = f" · {t.hinted} hint{'s' if t.hinted != 1 else ''} used" if t.hinted else ""
    return "This hand: " + ", ".join(parts) + hints


def totals_line(t: Totals) -> str:
    """A game's (or any span's) points lost by phase and in all."""
    hints = f" · {t.hinted} hint{'s' if t.hinted != 1 else ''} used" if t.hinted else ""
    return (
        f"Points lost: discard {lost(t.discard)}, play {lost(t.play)}, "
        f"count {lost(t.count, 0)}, calls {lost(t.calls, 0)}; in all {lost(t.total)}{hints}"
    )


def choice_line(number: int, choice: Choice, *, plain: bool = False) -> str:
    """A throw or a card laid against the best, and what it cost (to hundredths: a decision's
    loss is often a fraction of a point)."""
    made, best = cards_text(choice.made, plain=plain), cards_text(choice.best, plain=plain)
    hint = " (after a hint)" if choice.hinted else ""
    if choice.phase == "discard":
        said = f"Hand {number}: you threw {made}, net {figure(choice.value, 2)}"
        better = f"; best {best}, net {figure(choice.best_value, 2)}"
    else:
        said = f"Hand {number}: you laid {made}, worth {figure(choice.value, 2, signed=True)}"
        better = f"; best {best}, {figure(choice.best_value, 2, signed=True)}"
    if round(choice.loss, 2) <= 0:
        return f"{said}: the best{hint}"
    return f"{said}{better}: {lost(choice.loss, 2)}{hint}"


def count_line(number: int, cost: CountCost) -> str:
    """One of your own counts: what it missed and overclaimed, what was mugged, and the
    points it cost (none when the table corrected it for free, or an overclaim stood)."""
    parts = [
        f"{word} {n}"
        for word, n in (
            ("missed", cost.missed),
            ("overclaimed", cost.over),
            ("mugged", cost.mugged),
        )
        if n
    ]
    said = ", ".join(parts) if parts else "exact"
    costs = lost(cost.loss, 0) if cost.loss else "no points lost"
    return f"Hand {number}: your {BOXES[cost.box]}: {said}: {costs}"


def _claim_words(cost: CallCost) -> str:
    """What was wrong with the count you accepted: ``short by 2``, ``2 too many``."""
    parts = [f"short by {cost.missed}"] if cost.missed else []
    if cost.excess:
        parts.append(f"{cost.excess} too many")
    return " and ".join(parts)


def call_line(number: int, cost: CallCost, names: Sequence[str]) -> str:
    """Your answer to another seat's count, judged as the reveal and the game's summary
    judge it (`CallCost.right`), and the points it let go or gave away."""
    owner = names[cost.owner] if cost.owner < len(names) else f"seat {cost.owner}"
    whose = f"{owner}'s {BOXES[cost.box]}"
    said = cost.said
    if said.call is None and not said.too_many:
        head = f"Hand {number}: you accepted {whose}"
        wrong = _claim_words(cost)
        verdict = f"it was {wrong}" if wrong else "right"
    else:
        head = f"Hand {number}: you answered {whose} with {cost.answer}"
        verdict = "right" if cost.right else "wrong"
    parts = [verdict]
    if cost.let_go:
        parts.append(f"let {cost.let_go} go")
    if cost.wrong:
        parts.append(f"gave {cost.wrong} by a wrong call")
    costs = f": {lost(cost.loss, 0)}" if cost.loss > 0 else ""
    return f"{head}: {', '.join(parts)}{costs}"


def decision_line(
    number: int, decision: Choice | CountCost | CallCost, names: Sequence[str], *, plain: bool
) -> str:
    """Any decision of the ledger as the review and the summary tell it."""
    if isinstance(decision, Choice):
        return choice_line(number, decision, plain=plain)
    if isinstance(decision, CountCost):
        return count_line(number, decision)
    return call_line(number, decision, names)


def costliest_lines(
    ledger: GameLedger, seat: int, names: Sequence[str], *, plain: bool = False
) -> list[str]:
    """The seat's three costliest decisions of the game, costliest first (none: nothing
    cost it a point)."""
    found: list[Costly] = ledger.costliest(seat)
    return [decision_line(number, item, names, plain=plain) for _, number, item in found]
