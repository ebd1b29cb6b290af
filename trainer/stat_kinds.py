"""Stat kinds: how the history classes a combination, finer than the five scoring categories.

`stat_kind` classes one combination (real or wrongly claimed) in a show; the store
files each missed or wrong combination and each show's items under these names.

The kinds:

- ``fifteen-2``, ``fifteen-3``, ``fifteen-4+``: a fifteen of 2, 3, or 4 and more cards.
- ``pair``, ``pair-royal``, ``double-pair-royal``: a pair item, classed by how many
  cards of its rank the show holds (2, 3 or 4), so each of the 3 pairs of a pair
  royal is a ``pair-royal`` item.
- ``run-3``, ``run-4``, ``run-5``, ``run-6``: a single run of that length (a run of 6
  only in 5-card hands).
- ``double-run``, ``triple-run``, ``double-double-run``: a run that belongs to a
  multiple run (one rank doubled, one rank tripled, two ranks doubled);
  ``multiple-run`` for the larger shapes only 5-card hands can hold.
- ``hand-flush-N``: a hand flush of N cards, the starter included when it matches
  (in the standard game 4 is "hand only" and 5 "with the starter"; the
  five-card game's 3-card hands give 3 and 4, 5-card hands 5 and 6).
- ``crib-flush``: a crib flush (always all five cards).
- ``nobs``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from trainer.cards import Card

STAT_KINDS: Final = (
    "fifteen-2",
    "fifteen-3",
    "fifteen-4+",
    "pair",
    "pair-royal",
    "double-pair-royal",
    "run-3",
    "run-4",
    "run-5",
    "run-6",
    "double-run",
    "triple-run",
    "double-double-run",
    "multiple-run",
    "hand-flush-3",
    "hand-flush-4",
    "hand-flush-5",
    "hand-flush-6",
    "crib-flush",
    "nobs",
)
"""Every stat kind, in the order a count is announced (fifteens, pairs, runs, flush, nobs)."""

_PAIR_KINDS: Final = {2: "pair", 3: "pair-royal", 4: "double-pair-royal"}
_MULTIPLE_RUNS: Final = {(2,): "double-run", (3,): "triple-run", (2, 2): "double-double-run"}


def stat_kind(kind: str, cards: Sequence[Card], show: Sequence[Card], *, crib: bool) -> str:
    """The stat kind of one combination (real or wrongly claimed) in a show.

    ``kind`` is the scoring category (fifteen, pair, run, flush, nobs), ``cards``
    the combination's cards and ``show`` the hand cards with the starter.
    """
    counts: dict[int, int] = {}
    for card in show:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    if kind == "fifteen":
        return "fifteen-4+" if len(cards) >= 4 else f"fifteen-{max(2, len(cards))}"
    if kind == "pair":
        held = max((counts.get(c.rank, 0) for c in cards), default=2)
        return _PAIR_KINDS[min(4, max(2, held))]
    if kind == "run":
        ranks = sorted({c.rank for c in cards})
        shape = tuple(sorted((n for r in ranks if (n := counts.get(r, 1)) > 1), reverse=True))
        if not shape:
            return f"run-{min(6, max(3, len(cards)))}"
        return _MULTIPLE_RUNS.get(shape, "multiple-run")
    if kind == "flush":
        return "crib-flush" if crib else f"hand-flush-{min(6, max(3, len(cards)))}"
    return "nobs"


def present_kinds(
    items: Iterable[tuple[str, Sequence[Card]]], show: Sequence[Card], *, crib: bool
) -> dict[str, int]:
    """How many items of each stat kind a breakdown holds (``(kind, cards)`` per item)."""
    found: dict[str, int] = {}
    for kind, cards in items:
        name = stat_kind(kind, cards, show, crib=crib)
        found[name] = found.get(name, 0) + 1
    return found
