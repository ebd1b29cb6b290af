"""Why a throw is the best, in a player's words: what the kept cards hold before the cut and
what the thrown cards give the crib ("keeps a double run and fifteen 2, 8 before the cut;
gives their crib no five and nothing together"). Facts about the cards, never a rule of
thumb: the numbers beside a hint say how much each throw is worth; this says what it is."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from trainer.rules.cards import RANK_WORDS, Card
from trainer.rules.ranks import fifteen_count, rank_counts, rank_points, runs
from trainer.rules.show import flush_value

_RUN_NAMES: Final = {2: "double run", 3: "triple run", 4: "double-double run"}
"""A multiple run by how many runs it makes (two ranks doubled make four)."""
_NUMBER_WORDS: Final = {2: "two", 3: "three", 4: "four", 5: "five"}


def rank_name(rank: int, *, plural: bool = False) -> str:
    """A rank as players say it: "five", "jack"; "fives", "sixes" in the plural."""
    name = RANK_WORDS[rank]
    if not plural:
        return name
    return name + ("es" if name.endswith("x") else "s")


def _pairs(counts: Counter[int], inside_runs: set[int]) -> list[str]:
    named = {2: "a pair of", 3: "a pair royal of", 4: "a double pair royal of"}
    return [
        f"{named[n]} {rank_name(rank, plural=True)}"
        for rank, n in sorted(counts.items())
        if n > 1 and rank not in inside_runs
    ]


def _runs(counts: Counter[int]) -> tuple[list[str], set[int]]:
    """The runs named as players name them, and the ranks of the multiple runs (their pairs
    are said with them)."""
    out, doubled = [], set()
    for low, high in runs(rank_counts(counts.elements())):
        length = high - low + 1
        ways = 1
        for rank in range(low, high + 1):
            ways *= counts[rank]
        if ways == 1:
            out.append(f"a run of {_NUMBER_WORDS[length]}")
        else:
            out.append(f"a {_RUN_NAMES.get(ways, 'multiple run')} of {_NUMBER_WORDS[length]}")
            doubled |= set(range(low, high + 1))
    return out, doubled


def _listed(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def holds(keep: Sequence[Card]) -> tuple[str, int]:
    """What the kept cards score before the cut, named ("a double run of three and fifteen
    2"; "nothing" when they score nothing), and the points."""
    counts = Counter(card.rank for card in keep)
    fifteens = fifteen_count(card.value for card in keep)
    named_runs, doubled = _runs(counts)
    parts = named_runs + _pairs(counts, doubled)
    if fifteens:
        parts.append(f"fifteen {2 * fifteens}")
    points = rank_points(tuple(sorted(card.rank for card in keep)))
    if len({card.suit for card in keep}) == 1 and len(keep) > 1:
        flush = flush_value(len(keep), with_starter=False, crib=False)
        if flush:
            parts.append("a flush")
            points += flush
    return (_listed(parts) or "nothing"), points


def gives(throw: Sequence[Card]) -> list[str]:
    """What the thrown cards give a crib, as facts: a five (the card most fifteens need),
    a pair, a fifteen, cards a rank or two apart (a run's start); empty if none of these."""
    ranks = sorted(card.rank for card in throw)
    out = []
    fives = ranks.count(5)
    if fives:
        out.append("a five" if fives == 1 else f"{_NUMBER_WORDS[fives]} fives")
    counts = Counter(ranks)
    out += [
        f"a pair of {rank_name(rank, plural=True)}"
        for rank, n in sorted(counts.items())
        if n > 1 and rank != 5
    ]
    if fifteen_count(card.value for card in throw):
        out.append("a fifteen")
    distinct = sorted(counts)
    if any(0 < b - a <= 2 for a, b in pairwise(distinct)):
        out.append("cards that can run")
    return out


def throw_reason(keep: Sequence[Card], throw: Sequence[Card], *, own_crib: bool) -> str:
    """One line on a throw: what the keep holds (its points before the cut) and what the
    throw gives the crib: "keeps a run of three and fifteen 2, 5 before the cut; gives
    their crib no five and nothing together"."""
    held, points = holds(keep)
    kept = f"keeps {held}" + (f", {points} before the cut" if points else "")
    whose = "your" if own_crib else "their"
    given = gives(throw)
    if given:
        return f"{kept}; gives {whose} crib {_listed(given)}"
    together = " and nothing together" if len(throw) > 1 else ""
    return f"{kept}; gives {whose} crib no five{together}"


def lay_reason(pile: Sequence[Card], card: Card) -> str:
    """What laying ``card`` on ``pile`` does now: what it pegs as said at the table ("fifteen
    for 2"), or the count it leaves ("count 21"). The value beside it says the rest."""
    from trainer.rules.play import score_play
    from trainer.rules.speech import play_phrase

    scored = score_play((*pile, card))
    if scored.items:
        return play_phrase(scored.items)
    return f"count {scored.count}"
