"""The grammar of one show's count: a finite-state graph of words, built from the hand.

A state is where a count can be: how far through the show's units (`units.sections`)
it is, the running total said so far, and whether the one over-claim was made. Each
unit may be said (its words end on the new running total) or skipped, so the totals
always follow what was said. A count may end with a final total ("that's twelve", any
number: a wrong sum is a claim too); a whole utterance may be a bare total ("twelve",
"nineteen"). The same graph, with the unit on each phrase's first edge, turns the words
the recogniser heard back into what was said (`Grammar.parse`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from trainer.rules.show import MOST_POINTS, Breakdown
from trainer.voice.units import Unit, sections
from trainer.voice.wording import FINAL_LEADS, Words, number, phrases

FINAL_SLACK: Final = 4
"""How far past the hand's most points a final total said may go ("that's thirty-one")."""

OVER_CLAIM_WEIGHT: Final = 0.2
"""How likely an over-claim is against a true unit, for the recogniser's search."""


@dataclass(frozen=True, slots=True)
class Edge:
    """One transition: a word (None: a null step), and on a phrase's first word its unit,
    on a final or bare total's first word the number."""

    source: int
    target: int
    word: str | None
    weight: float = 1.0
    unit: Unit | None = None
    total: int | None = None


@dataclass(frozen=True, slots=True)
class Said:
    """What a count said: its units in order, and the total it ended on (a bare total or
    "that's N"; None when the count ended on its last phrase)."""

    units: tuple[Unit, ...]
    total: int | None


@dataclass
class Grammar:
    """The graph of one show's count; state 0 starts, state 1 ends."""

    edges: list[Edge] = field(default_factory=list)
    states: int = 2
    start: int = 0
    final: int = 1

    @property
    def words(self) -> set[str]:
        return {e.word for e in self.edges if e.word is not None}

    def transitions(self) -> list[tuple[int, int, float] | tuple[int, int, float, str]]:
        """The edges as the recogniser's finite-state grammar takes them, each chain of
        null steps made one step (the recogniser follows a single null step at a time)."""
        nulls: dict[int, list[Edge]] = {}
        for e in self.edges:
            if e.word is None:
                nulls.setdefault(e.source, []).append(e)
        out: list[tuple[int, int, float] | tuple[int, int, float, str]] = []
        for e in self.edges:
            if e.word is not None:
                out.append((e.source, e.target, e.weight, e.word))
        for source in nulls:
            reach: dict[int, float] = {}
            todo = [(source, 1.0)]
            while todo:
                state, weight = todo.pop()
                for e in nulls.get(state, ()):
                    w = weight * e.weight
                    if w > reach.get(e.target, 0.0):
                        reach[e.target] = w
                        todo.append((e.target, w))
            out += [(source, target, w) for target, w in reach.items()]
        return out

    def parse(self, words: Sequence[str]) -> Said | None:
        """The units and total these words say, or None if the grammar cannot say them."""
        out: dict[int, list[Edge]] = {}
        for e in self.edges:
            out.setdefault(e.source, []).append(e)
        dead: set[tuple[int, int]] = set()

        def walk(state: int, pos: int) -> list[Edge] | None:
            if state == self.final and pos == len(words):
                return []
            if (state, pos) in dead:
                return None
            for e in out.get(state, ()):
                if e.word is not None and (pos == len(words) or words[pos] != e.word):
                    continue
                rest = walk(e.target, pos + (e.word is not None))
                if rest is not None:
                    return [e, *rest]
            dead.add((state, pos))
            return None

        path = walk(self.start, 0)
        if path is None:
            return None
        units = tuple(e.unit for e in path if e.unit is not None)
        totals = [e.total for e in path if e.total is not None]
        return Said(units, totals[-1] if totals else None)

    def state(self) -> int:
        self.states += 1
        return self.states - 1

    def tree(self, source: int, target: int, alternatives: list[Words], **first: object) -> None:
        """Every word sequence from ``source`` to ``target``, sharing their common starts;
        the edges leaving ``source`` carry ``first``."""
        nodes: dict[Words, int] = {(): source}
        for words in alternatives:
            for n, word in enumerate(words):
                prefix = words[: n + 1]
                if prefix in nodes and n < len(words) - 1:
                    continue
                to = target if n == len(words) - 1 else self.state()
                if n < len(words) - 1:
                    nodes[prefix] = to
                extra = first if n == 0 else {}
                self.edges.append(Edge(nodes[words[:n]], to, word, **extra))  # type: ignore[arg-type]

    def chain(self, source: int, target: int, words: Words, **first: object) -> None:
        """The words from ``source`` to ``target``, annotating the first edge."""
        at = source
        for n, word in enumerate(words):
            to = target if n == len(words) - 1 else self.state()
            if n == 0:
                self.edges.append(Edge(at, to, word, **first))  # type: ignore[arg-type]
            else:
                self.edges.append(Edge(at, to, word))
            at = to


def build(breakdown: Breakdown) -> Grammar:
    """The grammar of every count of this show (see the module docstring)."""
    g = Grammar()
    most = max(MOST_POINTS[len(breakdown.hand)], 19)
    for n in range(most + 1):  # a bare total, "nineteen" among them
        g.chain(g.start, g.final, number(n), total=n)
    slots = [
        (unit, any(u.label == unit.label for u in sec[:k]))
        for sec in sections(breakdown)
        for k, unit in enumerate(sec)
    ]
    ending = g.state()  # after "that's": any total
    for n in range(most + FINAL_SLACK + 1):  # a wrong sum may pass the most there is
        g.chain(ending, g.final, number(n), total=n)
    ids: dict[tuple[int, int, bool], int] = {}
    todo: list[tuple[int, int, bool]] = []

    def at(key: tuple[int, int, bool]) -> int:
        if key not in ids:
            ids[key] = g.state()
            todo.append(key)
        return ids[key]

    g.edges.append(Edge(g.start, at((0, 0, False)), None))
    while todo:
        i, total, used = key = todo.pop()
        here = ids[key]
        if i == len(slots):
            if total:
                g.edges.append(Edge(here, g.final, None))
            for lead in FINAL_LEADS:
                g.chain(here, ending, lead)
            continue
        unit, again = slots[i]
        skip = Edge(here, at((i + 1, total, used)), None)
        if not unit.true and used:
            g.edges.append(skip)
            continue
        reached = at((i + 1, total + unit.points, used or not unit.true))
        weight = 1.0 if unit.true else OVER_CLAIM_WEIGHT
        entry = here
        if total:  # "and" may lead any phrase but the first
            entry = g.state()
            g.edges += [Edge(here, entry, "and"), Edge(here, entry, None)]
        said = phrases(unit.kind, unit.name, unit.length, total + unit.points, again)
        g.tree(entry, reached, said, weight=weight, unit=unit)
        g.edges.append(skip)  # after the words: `parse` prefers a unit said to one skipped
    return g
