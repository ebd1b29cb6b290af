"""A count's grammar as a graph of words: states, word transitions, null steps, each
phrase's first edge annotated with what it says (`Edge`). The recogniser takes it as its
finite-state grammar (`Grammar.transitions`), and the same graph turns the words heard
back into what was said (`Grammar.parse`, `Said`). What a show's graph holds is
`trainer.voice.grammar`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple

from trainer.voice.automaton import END, START, Template
from trainer.voice.units import Unit
from trainer.voice.wording import HESITATIONS, RESTART, TAKE_BACK, Words, number

Back = Literal["undo", "restart"]

_PASSED_OVER: Final = frozenset(HESITATIONS)

_TAKING_BACK: Final = frozenset(TAKE_BACK) | {words[0] for words in RESTART}
"""The words that take back a group or the count ("no wait", "start again")."""


class Edge(NamedTuple):
    """One transition: a word (None: a null step), and on a phrase's first word its unit,
    on a final or bare total's first word the number, on a correction's first word what
    it takes back, on a command's first word the command."""

    source: int
    target: int
    word: str | None
    weight: float = 1.0
    unit: Unit | None = None
    total: int | None = None
    back: Back | None = None
    command: str | None = None


@dataclass(frozen=True, slots=True)
class Said:
    """What a count said: its units in order (less those taken back), and the total it
    ended on (a bare total or "that's N"; None when the count ended on its last phrase).
    ``weight`` is how likely the grammar holds the words' path (1: the announcement order,
    no over-claim, nothing elided or taken back); counts that say the same are equal."""

    units: tuple[Unit, ...]
    total: int | None
    weight: float = field(default=1.0, compare=False)
    command: str | None = None
    """What a command said instead of a count means ("repeat", "stop":
    `trainer.voice.commands`)."""
    taken_back: bool = field(default=False, compare=False)
    """Whether the words took something back ("no wait", "start again")."""

    @property
    def doubtful(self) -> bool:
        """Words that take something back, or a final total other than what the groups
        said add up to: where, in noise, the recogniser hides what it did not hear."""
        slipped = self.total is not None and self.total != sum(u.points for u in self.units)
        return self.taken_back or (bool(self.units) and slipped)

    @property
    def over_claims(self) -> bool:
        """Whether the words claim a group the show lacks ("and nobs is five" without the
        jack): where, in noise, the recogniser puts a group the player did not say."""
        return any(not unit.true for unit in self.units)


@dataclass
class Grammar:
    """The graph of one show's count; state 0 starts, state 1 ends. ``hand_size`` and
    ``crib`` say which totals a show like it can reach."""

    edges: list[Edge] = field(default_factory=list)
    states: int = 2
    start: int = 0
    final: int = 1
    hand_size: int = 4
    crib: bool = False
    total: int | None = None
    """The show's total (None: no show's, commands alone)."""

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
        out: list[tuple[int, int, float] | tuple[int, int, float, str]] = [
            (e.source, e.target, e.weight, e.word) for e in self.edges if e.word is not None
        ]
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
        """The units and total these words say, or None if the grammar cannot say them.
        Hesitations are passed over; a correction takes back the unit before it."""
        path = self._path([w for w in words if w not in _PASSED_OVER])
        if path is None:
            return None
        units: list[Unit] = []
        total, weight, command = None, 1.0, None
        for e in path:
            weight *= e.weight
            if e.command is not None:
                command = e.command
            if e.unit is not None:
                units.append(e.unit)
            if e.back == "undo":
                units.pop()
            elif e.back == "restart":
                units.clear()
            if e.total is not None:
                total = e.total
        taken_back = any(w in _TAKING_BACK for w in words)
        return Said(tuple(units), total, weight, command, taken_back)

    def holds(self, words: Sequence[str]) -> bool:
        """Whether the graph holds exactly these words, hesitations where they stand (as
        the recogniser hears them), where `parse` passes over any hesitation."""
        return self._path(list(words)) is not None

    def _path(self, words: list[str]) -> list[Edge] | None:
        """The edges that say ``words`` from the start to the end, or None."""
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

        return walk(self.start, 0)

    def state(self) -> int:
        self.states += 1
        return self.states - 1

    def chain(self, source: int, target: int, words: Words, first: Edge | None = None) -> None:
        """The words from ``source`` to ``target``, the first edge weighted and annotated as
        ``first`` is."""
        at = source
        for n, word in enumerate(words):
            to = target if n == len(words) - 1 else self.state()
            if n == 0 and first is not None:
                self.edges.append(first._replace(source=at, target=to, word=word))
            else:
                self.edges.append(Edge(at, to, word))
            at = to

    def place(self, source: int, target: int, template: Template, before: int, first: Edge) -> None:
        """A compiled phrase from ``source`` to ``target``, after a running total of
        ``before``; the edges leaving ``source`` weighted and annotated as ``first`` is."""
        base = self.states - 2
        self.states += template.nodes - 2
        edges = self.edges
        for a, b, word, points in template.steps:
            at = source if a == START else base + a
            to = target if b == END else base + b
            if points is not None:
                words = number(before + points)
                if len(words) == 2:  # "twenty nine"
                    middle = self.state()
                    edges.append(Edge(at, middle, words[0]))
                    at, word = middle, words[1]
                else:
                    word = words[0]
            if a == START:
                edges.append(Edge(at, to, word, first.weight, first.unit))
            else:
                edges.append(Edge(at, to, word))

    def loops(self, state: int, words: Sequence[str], weight: float) -> None:
        """Words that may be said here any number of times, saying nothing."""
        self.edges += [Edge(state, state, word, weight) for word in words]
