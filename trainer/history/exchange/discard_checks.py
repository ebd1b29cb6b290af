"""An exported discard drill's answer checked as strictly as the trainer writes it: the dealt
cards of its variant, the throw made from them, the loss and what it counts as.

The loss itself is the coach's value, which this layer cannot work out (it sits below
the game layer): it is held to a number a throw can lose, agreeing with the outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.drills.model import DEALT, HAND_SIZE
from trainer.history.exchange.field_checks import (
    CsvCell,
    RecordError,
    check_card,
    check_distinct,
    check_mapping,
    check_real,
    check_whole,
    check_within,
    fail,
)
from trainer.history.file.rows import LOSS_PLACES
from trainer.history.reading.discards import MOST_LOSS
from trainer.judge.discard import EXACT_WITHIN, missed_for
from trainer.rules.cards import Card


def check_dealt(hand: tuple[Card, ...], variant: str, starter: Card | None) -> None:
    """The cards are a deal of the variant (six, or five), with no starter."""
    if starter is not None:
        raise RecordError(f"starter: {starter} is given, but a discard has no starter")
    if len(hand) != DEALT[variant]:
        cards = " ".join(map(str, hand))
        raise fail("hand", cards, f"is not a deal of {variant} ({DEALT[variant]} cards)")


def throw_said(data: Mapping[str, Any], hand: tuple[Card, ...], variant: str) -> tuple[str, int]:
    """A throw's answer: the variant's number of cards, all from the dealt hand."""
    check_mapping(data, "answer", ("type", "cards"), ("type", "cards"))
    cards = data["cards"]
    thrown = DEALT[variant] - HAND_SIZE[variant]
    if not isinstance(cards, list) or len(cards) != thrown:
        raise fail("answer: cards", cards, f"is not a throw of {thrown} cards")
    listed = check_distinct([check_card(c, "answer: cards") for c in cards], "answer: cards")
    check_within(listed, frozenset(hand), "answer: cards")
    return "throw", len(listed)


def check_loss(value: object, kind: str) -> float | None:
    """A discard's loss (a number from 0 to `MOST_LOSS`, kept to `LOSS_PLACES` places); for
    any other answer, none."""
    if isinstance(value, CsvCell) and not value:
        value = None
    if kind != "discard":
        if value is not None:
            raise fail("loss", value, f"is given for a {kind} question")
        return None
    if value is None:
        raise fail("loss", value, "is not the points a throw lost")
    loss = check_real(value, "loss", 0, MOST_LOSS, "is not the points a throw can lose")
    return round(loss, LOSS_PLACES)


def discard_points(
    record: Mapping[str, Any], loss: float, outcome: str, timed_out: bool
) -> tuple[int, int, str, int, int, int, int]:
    """claimed, actual, outcome, kept, opponent, missed_points and excess_points of a throw:
    nothing claimed, kept or given, the loss counted as `missed_for` says."""
    exact = outcome == "exact"
    if outcome not in ("exact", "under"):
        raise fail("outcome", outcome, "is not a throw's outcome (exact or under)")
    # A throw made is exact exactly when it loses at most EXACT_WITHIN; the loss is kept
    # rounded, so one a hair past it may read as EXACT_WITHIN itself.
    if exact and (timed_out or loss > EXACT_WITHIN):
        raise fail("outcome", outcome, f"does not fit a loss of {loss}")
    if not exact and not timed_out and loss < EXACT_WITHIN:
        raise fail(
            "outcome",
            outcome,
            f"does not fit a loss of {loss} (a throw made within "
            f"{EXACT_WITHIN} of the best is exact)",
        )
    for field in ("claimed", "actual", "kept", "opponent", "excess_points"):
        check_whole(record[field], field, 0, 0, "is not 0, as for every throw")
    missed = missed_for(loss, exact=exact)
    check_whole(record["missed_points"], "missed_points", missed, missed, f"is not {missed}")
    return 0, 0, outcome, 0, 0, missed, 0
