"""What a listener can tell from an opponent's spoken count, set against the truth.

A count said aloud names kinds and numbers ("fifteen two, fifteen four, and a pair is
six"), never which cards: a listener knows that three fifteens were said where the hand
has four, not which fifteen was missed. `heard_difference` says where the spoken count
and the truth part, kind by kind (fifteens; pairs and runs together, since a double run
holds its pair; the flush; nobs), and names cards only of the truth, when the spoken
count said nothing of their kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from trainer.rules.cards import format_cards
from trainer.rules.groups import Group, group_items
from trainer.rules.show import Breakdown, Item
from trainer.rules.speech import group_words, number_word

_PARTS: Final = (("fifteen",), ("pair", "run"), ("flush",), ("nobs",))
"""The kinds compared together, in announcement order."""


def heard_difference(said: Sequence[Item], breakdown: Breakdown) -> str:
    """Where a spoken count (``said``, the combinations counted aloud) parts from the
    truth, a sentence for each difference ("" when there is none): "They counted three
    fifteens; the hand has four." "They did not count the run of three 4H 5C 6D." """
    heard, truth = group_items(said), breakdown.groups
    sentences = []
    for kinds in _PARTS:
        ours = [g for g in heard if g.kind in kinds]
        true = [g for g in truth if g.kind in kinds]
        sentences += _differences(ours, true, breakdown)
    return " ".join(sentences)


def _label(group: Group) -> str:
    """A group as it is said, without its running total: "a pair royal", "a run of three"."""
    if group.kind in ("pair", "run"):
        return group_words(group.name, group.kind, group.length, len(group.members))
    if group.kind == "flush":
        return f"a flush of {number_word(group.length)}"
    return group.kind  # fifteen, nobs


def _differences(ours: list[Group], true: list[Group], b: Breakdown) -> list[str]:
    """The sentences for one part of the count: what was said in place of what is there
    (two pairs for a pair royal), what was said and is not there, what is there unsaid."""
    said, there = Counter(map(_label, ours)), Counter(map(_label, true))
    extra, missing = said - there, there - said
    if extra and missing:  # one thing counted as another: name the truth's cards
        shown = [g for g in true if _label(g) in missing and not said[_label(g)]]
        has = _listed(list(missing.elements()))
        if shown:
            has += ": " + ", ".join(format_cards(g.cards) for g in shown)
        return [f"They counted {_listed(list(extra.elements()))}; the {b.what} has {has}."]
    sentences = []
    unsaid = [g for g in true if _label(g) in missing and not said[_label(g)]]
    if unsaid:
        sentences.append(f"They did not count {_named(unsaid, b)}.")
    for label in [*extra, *(m for m in missing if said[m])]:
        n = there[label]
        has = _none(label, true) if not n else "one" if n == 1 else number_word(n)
        rule = _rule(label, b) if not n else ""
        sentences.append(
            f"They counted {_times(label, said[label])}; the {b.what} has {has}{rule}."
        )
    for label in sorted(said.keys() & there.keys()):  # said as often as it is there
        ours_points = sum(g.points for g in ours if _label(g) == label)
        true_points = sum(g.points for g in true if _label(g) == label)
        if said[label] == there[label] and ours_points != true_points:
            sentences.append(f"They counted {label} as {ours_points}; it is {true_points}.")
    return sentences


def _times(label: str, n: int) -> str:
    """A label said ``n`` times: "three fifteens", "a pair and another pair"."""
    if label == "fifteen":
        return f"{number_word(n)} fifteen{'s' if n != 1 else ''}"
    return _listed([label] * n)


def _listed(labels: list[str]) -> str:
    """Labels as a count says them in turn: "a pair and another pair", "a run of three"."""
    words: list[str] = []
    for n, label in enumerate(labels):
        again = label in labels[:n] and label.startswith("a ")
        words.append("another" + label.removeprefix("a") if again else label)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _named(groups: list[Group], b: Breakdown) -> str:
    """The truth's groups with their cards: "the run of three 4H 5C 6D", "nobs, the JC"."""
    parts = []
    for g in groups:
        if g.kind == "nobs":
            parts.append(f"nobs, the {next(c for c in g.cards if c != b.starter)}")
        else:
            parts.append(f"the {_label(g).removeprefix('a ')} {format_cards(g.cards)}")
    return " and ".join(parts)


def _none(label: str, true: list[Group]) -> str:
    """None of ``label``: "none", or for a pair where the only pairs are in a double run,
    "no pair outside its double run of three"."""
    runs = [_label(g) for g in true if g.kind == "run" and g.name != "run"]
    if label == "a pair" and runs:
        return f"no pair outside its {_listed(runs).removeprefix('a ')}"
    return "none"


def _rule(label: str, b: Breakdown) -> str:
    """The rule a flush counted in a crib broke: it needs the starter's suit too."""
    if b.crib and label.startswith("a flush"):
        return ": a crib flush needs the starter's suit too"
    return ""
