"""The grammar of one show's count: a finite-state graph of words, built from the hand.

A state is what a count has said so far: how many of each label (`units.labels`: "fifteen",
"pair", "double run"...) and so the running total; at most one label past the show's own
(the one over-claim). From each state any unit may be said next, its words ending on the
new running total: groups in any order, the announcement order the likeliest. After each
phrase a self-correction ("no wait") goes back to the state it was said from, "start
again" to the beginning, and a bare number after a fifteen is the next fifteen ("fifteen
two, four, six"). A count may end with a final total ("that's twelve", any number: a wrong
sum is a claim too); a whole utterance may be a bare total ("twelve", "nineteen",
"nothing"), but not a final total alone ("that's twelve": table talk was heard as one far
more often than a player says one: "bad luck" as "that's eleven"). Totals no show can
reach are in the grammar too, so that they are heard as said and refused (`heard`), not
forced onto another number. The same graph, with the unit on each phrase's first edges,
turns the words the recogniser heard back into what was said (`Grammar.parse`).
"""

from __future__ import annotations

from collections import deque
from typing import Final

from trainer.rules.show import MOST_POINTS, Breakdown
from trainer.voice.automaton import compile_phrase
from trainer.voice.graph import Edge, Grammar
from trainer.voice.talk import beside
from trainer.voice.units import Label, labels
from trainer.voice.wording import (
    FINAL_LEADS,
    HESITATIONS,
    NOTHING,
    RESTART,
    TAKE_BACK,
    number,
    phrase,
)

FINAL_SLACK: Final = 4
"""How far past the hand's most points a final total said may go ("that's thirty-three"):
heard as said, then refused. (A bare total stops at the most: past it, on the synthetic
counts, "fourteen" was heard as "forty-eight".)"""

OVER_CLAIM_WEIGHT: Final = 0.2
"""How likely an over-claim is against a true unit, for the recogniser's search."""

OUT_OF_ORDER_WEIGHT: Final = 0.3
"""How likely a group said before one of an earlier kind ("a run is three, fifteen five")
is against the announcement order."""

ELIDED_WEIGHT: Final = 0.5
"""How likely a fifteen said as its total alone ("fifteen two, four") is."""

TAKE_BACK_WEIGHT: Final = 0.1
"""How likely a self-correction or a restart is after a group."""

SLIP: Final = 4
"""How far from the right running total a fifteen taken back may be ("fifteen six, no
wait, fifteen four")."""

HESITATION_WEIGHT: Final = 0.002
"""How likely an "um" is between groups: an "um" heard says nothing, but at 0.1 one was
heard in most pauses of the synthetic counts, at 0.002 in a few."""


def build(breakdown: Breakdown, *, strict: bool = False, plain: bool = False) -> Grammar:
    """The grammar of every count of this show (see the module docstring), table talk
    beside it (`trainer.voice.talk.beside`); ``strict``: without what a count says in doubt
    (a take-back, a slip, a final total other than the one counted) or talk, the rival
    that tells whether such words were heard or imagined; ``plain``: strict, and without
    an over-claim, the rival of words that claim what the show lacks."""
    strict = strict or plain
    size = len(breakdown.hand)
    g = Grammar(hand_size=size, crib=breakdown.crib, total=breakdown.total)
    most = max(MOST_POINTS[size], 19)
    two = g.state()  # "two": a bare total, or the first fifteen of "two, four, six"
    for n in range(most + 1):  # a bare total, "nineteen" among them
        if n == 2:
            g.edges += [Edge(g.start, two, "two"), Edge(two, g.final, None, total=2)]
        else:
            g.chain(g.start, g.final, number(n), Edge(0, 0, None, total=n))
    for words in NOTHING:
        g.chain(g.start, g.final, words, Edge(0, 0, None, total=0))
    _Counts(g, labels(breakdown), most + FINAL_SLACK, two, strict, over=not plain).build()
    if not strict:
        beside(g)  # table talk, heard as what it is
    return g


Counts = tuple[int, ...]
"""How many of each label a count has said."""


class _Counts:
    """The states of a count by what it has said (`Counts`), each with its phrases."""

    def __init__(
        self, g: Grammar, said: list[Label], top: int, two: int, strict: bool, *, over: bool
    ) -> None:
        self.g, self.labels, self.two, self.top, self.strict = g, said, two, top, strict
        self.over = over  # whether an over-claim may be said
        self.nodes: dict[Counts, int] = {}
        self.totals: dict[Counts, int] = {}
        self.after: dict[tuple[Counts, int], int] = {}
        self.todo: deque[Counts] = deque()
        self.zero: Counts = (0,) * len(said)
        self.fifteen = next((i for i, lab in enumerate(said) if lab.label == "fifteen"), None)
        self.ending = g.state()  # after "that's": any total, a wrong sum past the most too
        for n in range(top + 1):
            g.chain(self.ending, g.final, number(n), Edge(0, 0, None, total=n))
        self.that = g.state()  # "that is"
        g.edges.append(Edge(self.that, self.ending, "is"))
        self.restart = g.state()  # "start again": not to the start, as a word into a state
        # changes how the words out of it sound (their left context): there, bare totals
        # lost a third of their margin over chatter on the synthetic counts
        for words in RESTART:
            g.chain(self.restart, self.node(self.zero, 0), words[1:])

    def build(self) -> None:
        self.g.edges.append(Edge(self.g.start, self.node(self.zero, 0), None))
        while self.todo:  # breadth first: a state's fifteens are placed before it is
            self.state(self.todo.popleft())

    def node(self, counts: Counts, total: int) -> int:
        if counts not in self.nodes:
            self.nodes[counts] = self.g.state()
            self.totals[counts] = total
            self.todo.append(counts)
        return self.nodes[counts]

    def allowed(self, counts: Counts, i: int) -> bool:
        """Whether one more of label ``i`` may be said: one past the show's own only while
        no over-claim was made (and over-claims may be); an over-claim, and what follows
        it, in announcement order only (an over-claim out of order is two slips at once)."""
        said, label = counts[i], self.labels[i]
        if said >= label.most:
            return False
        over = any(c > len(lab.units) for c, lab in zip(counts, self.labels, strict=True))
        extra = said >= len(label.units)  # the next one said would be the over-claim
        if (over or not self.over) and extra:
            return False
        return label.rank >= self.latest(counts) if over or extra else True

    def latest(self, counts: Counts) -> int:
        """The latest kind said, in announcement order (0 before anything)."""
        return max((lab.rank for c, lab in zip(counts, self.labels, strict=True) if c), default=0)

    def weight(self, counts: Counts, i: int) -> float:
        unit = self.labels[i].unit(counts[i])
        weight = 1.0 if unit.true else OVER_CLAIM_WEIGHT
        return weight * (OUT_OF_ORDER_WEIGHT if self.labels[i].rank < self.latest(counts) else 1.0)

    def after_node(self, counts: Counts, i: int) -> int:
        """Where a count is just after saying label ``i`` from ``counts``."""
        key = (counts, i)
        if key not in self.after:
            self.after[key] = self.g.state()
        return self.after[key]

    def state(self, counts: Counts) -> None:
        g, here, total = self.g, self.nodes[counts], self.totals[counts]
        sayable = [i for i in range(len(self.labels)) if self.allowed(counts, i)]
        root = lead = here
        if total:
            g.edges.append(Edge(here, g.final, None))
            if self.strict:  # the final total is the one counted
                for said in FINAL_LEADS:
                    g.chain(here, g.final, (*said, *number(total)), Edge(0, 0, None, total=total))
            else:
                g.edges += [
                    Edge(here, self.ending, "that's"),
                    Edge(here, self.ending, "makes"),
                    Edge(here, self.that, "that"),
                ]
            if sayable:  # "and" may lead any phrase but the first, and one "um" it
                lead, root, um = g.state(), g.state(), g.state()
                g.edges += [
                    Edge(here, lead, None),
                    Edge(lead, root, None),
                    Edge(lead, root, "and"),
                    *(Edge(here, um, w, HESITATION_WEIGHT) for w in HESITATIONS),
                    Edge(um, lead, None),
                ]
        if sayable:
            self.phrases(counts, sayable, root, lead)
        if not total:
            self.opening(counts)

    def phrases(self, counts: Counts, sayable: list[int], root: int, lead: int) -> None:
        """Each unit that may be said from ``counts``, from ``root`` (``lead``: before its
        "and"); after each, what takes it back ("no wait", "start again"), which a phrase
        must follow: a count does not end on a take-back."""
        g, here, total = self.g, self.nodes[counts], self.totals[counts]
        back: int | None = None  # after a phrase from here, where a take-back may follow
        if not self.strict:
            back, taken = g.state(), g.state()  # taken: after "no wait"
            self.take_back(back, taken, Edge(0, 0, None, TAKE_BACK_WEIGHT, back="undo"))
            g.edges += [
                Edge(back, self.restart, "start", TAKE_BACK_WEIGHT, back="restart"),
                Edge(taken, lead, None),
            ]
            if self.fifteen is not None and counts[self.fifteen]:  # "no wait, fifteen two…"
                g.chain(taken, here, ("fifteen", *number(total)))  # where the count stands
            if self.fifteen is not None and self.allowed(counts, self.fifteen):
                self.slip(root, taken, total)
        mixed = any(c for k, c in enumerate(counts) if k != self.fifteen)
        for i in sayable:
            unit = self.labels[i].unit(counts[i])
            after = self.after_node(counts, i)
            template = compile_phrase(phrase(unit, counts[i] > 0, mixed))
            g.place(root, after, template, total, Edge(0, 0, None, self.weight(counts, i), unit))
            following = (*counts[:i], counts[i] + 1, *counts[i + 1 :])
            reached = self.node(following, total + unit.points)
            g.edges.append(Edge(after, reached, None))
            if back is not None:
                g.edges.append(Edge(after, back, None))
            if i == self.fifteen:
                self.elide(after, following)

    def slip(self, root: int, taken: int, total: int) -> None:
        """A fifteen said with a wrong running total and taken back at once ("fifteen six,
        no wait, fifteen four"): it claims nothing. The slips are the numbers near the
        right one (`SLIP`): any number at all made the largest grammars half as big again."""
        g = self.g
        said, slipped = g.state(), g.state()
        g.edges.append(Edge(root, said, "fifteen", TAKE_BACK_WEIGHT))
        right = total + 2
        for n in range(max(right - SLIP, 1), min(right + SLIP, self.top) + 1):
            if n != right:
                g.chain(said, slipped, number(n))
        self.take_back(slipped, taken, Edge(0, 0, None))

    def take_back(self, source: int, taken: int, first: Edge) -> None:
        """A self-correction from ``source`` to ``taken``: "no", "wait", "sorry", "no wait"
        or "no sorry" (once: a loop of them swallowed the noise of a hard room), its first
        word weighted and annotated as ``first`` is."""
        g, no = self.g, self.g.state()
        g.edges += [
            *(first._replace(source=source, target=taken, word=w) for w in TAKE_BACK),
            first._replace(source=source, target=no, word=TAKE_BACK[0]),
            *(Edge(no, taken, w) for w in TAKE_BACK[1:]),
        ]

    def opening(self, counts: Counts) -> None:
        """The count's first fifteens said "two, four, six": the bare total "two" goes on as
        the first fifteen when the next follows. (A "two" of its own where counts begin cost
        bare totals their margin over chatter on the synthetic counts.)"""
        i = self.fifteen
        if i is None or not self.allowed(counts, i):
            return
        unit = self.labels[i].unit(counts[i])
        following = (*counts[:i], counts[i] + 1, *counts[i + 1 :])
        self.node(following, unit.points)
        if self.allowed(following, i):
            said = self.g.state()
            self.g.edges.append(Edge(self.two, said, None, ELIDED_WEIGHT, unit))
            self.elide(said, following)

    def elide(self, source: int, counts: Counts) -> None:
        """The next fifteen said as its running total alone, from ``source``."""
        i = self.fifteen
        if i is None or not self.allowed(counts, i):
            return
        unit = self.labels[i].unit(counts[i])
        weight = self.weight(counts, i) * ELIDED_WEIGHT
        target = self.after_node(counts, i)
        reached = self.totals[counts] + unit.points
        self.g.chain(source, target, number(reached), Edge(0, 0, None, weight, unit))
