"""A show's count written out as players say it, in the phrasings of RULES.md ("Announcing
a count as players do"), for the text-level tests of the grammar.

Written from the rules' groups and number words, not from the grammar's own wording, so
that the tests check the grammar against the phrasings rather than against itself. Each
phrasing says the same count: the claim it makes is the show's own groups.
"""

from __future__ import annotations

import random
from collections import Counter
from math import prod

from trainer.judge.claims import ClaimedItem
from trainer.rules.cards import parse_card, parse_cards
from trainer.rules.groups import Group, run_shape
from trainer.rules.show import Breakdown, score_show
from trainer.rules.speech import group_words, number_word
from trainer.voice.confidence import Decoded
from trainer.voice.grammar import build
from trainer.voice.heard import Heard, heard

_PAIR_PARTS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}


def words(text: str) -> list[str]:
    """A count's text as the recogniser spells it: "Fifteen two, and nobs." -> words."""
    for mark in ",.()":
        text = text.replace(mark, " ")
    return text.lower().replace("-", " ").split()


def show(hand: str, starter: str, *, crib: bool = False) -> Breakdown:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


def hear(b: Breakdown, said: str) -> Heard:
    """The count these words make, heard with every confidence."""
    return heard(Decoded(" ".join(words(said)), 0.0, 0.001, 0.0), build(b))


def items(b: Breakdown) -> Counter[ClaimedItem]:
    """The show's groups as the claim a count of them makes, in any order."""
    return Counter(ClaimedItem(g.kind, g.cards, g.points) for g in b.groups)


def n(total: int) -> str:
    return number_word(total)


class Counter_:
    """Writes one count of ``groups`` in phrasings chosen by ``rng``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def link(self) -> str:
        return self.rng.choice(["is", "for", "makes", "that's"])

    def name(self, g: Group, again: bool) -> str:
        if g.kind == "flush":
            return self.rng.choice(["a flush", f"a flush of {n(g.length)}", "flush"])
        said = group_words(g.name, g.kind, g.length, len(g.members))
        if again and self.rng.random() < 0.5:
            said = "another" + said.removeprefix("a")
        return said if self.rng.random() < 0.8 else said.removeprefix("a ")

    def phrase(self, g: Group, before: int, again: bool, mixed: bool, elide: bool) -> str:
        """One group said after a running total of ``before`` (``mixed``: groups other than
        fifteens came before; ``elide``: a fifteen may be said as its total alone)."""
        after = before + g.points
        if g.kind == "fifteen":
            if elide:
                return n(after)
            if mixed and self.rng.random() < 0.5:
                return f"fifteen two {self.link()} {n(after)}"
            return f"fifteen {n(after)}"
        if g.kind == "nobs":
            return self.rng.choice(
                [
                    "one for his nobs",
                    "one for his nob",
                    "one for nobs",
                    f"nobs is {n(after)}",
                    f"his nobs is {n(after)}",
                    f"one for his nobs is {n(after)}",
                    f"nobs for {n(after)}",
                    f"his nob makes {n(after)}",
                ]
            )
        if g.name == "pair" and self.rng.random() < 0.2:
            return f"a pair's {n(after)}"
        if g.kind == "run" and g.name != "run" and self.rng.random() < 0.5:
            return self.parts(g, before)
        return f"{self.name(g, again)} {self.link()} {n(after)}"

    def parts(self, g: Group, before: int) -> str:
        """A multiple run said as its pairs and its runs: "a pair is ten and two runs of
        three is sixteen", either first."""
        shape = run_shape(g.cards)
        assert shape is not None
        length, repeats = shape
        runs = (f"{n(prod(repeats))} runs of {n(length)}", length * prod(repeats))
        pairs = []
        for k, m in enumerate(repeats):
            name, points = _PAIR_PARTS[m]
            pairs.append((f"{'another' if m in repeats[:k] else 'a'} {name}", points))
        if len(repeats) > 1 and set(repeats) == {2} and self.rng.random() < 0.5:
            pairs = [(f"{n(len(repeats))} pairs", 2 * len(repeats))]
        parts = [*pairs, runs] if self.rng.random() < 0.5 else [runs, *pairs]
        said, total = [], before
        for k, (name, points) in enumerate(parts):
            total += points
            link = self.link() if k == len(parts) - 1 else "is"
            joined = "and " if k and self.rng.random() < 0.5 else ""
            said.append(f"{joined}{name} {link} {n(total)}")
        return " ".join(said)

    def order(self, groups: tuple[Group, ...]) -> list[Group]:
        """The groups in announcement order, pairs and runs first, or any order."""
        way = self.rng.choice(["as announced", "pairs and runs first", "any"])
        if way == "as announced":
            return list(groups)
        if way == "pairs and runs first":
            return sorted(groups, key=lambda g: g.kind not in ("pair", "run"))
        shuffled = list(groups)
        self.rng.shuffle(shuffled)
        return shuffled

    def count(self, b: Breakdown) -> str:
        """The count of ``b`` (a show with something in it) in phrasings drawn at random:
        any order, elided fifteens, "and" or not, links, hesitations, a correction, a
        restart, a final total."""
        said = self.order(b.groups)
        phrases: list[tuple[str, bool]] = []  # each phrase, and whether it is a fifteen elided
        total, names = 0, Counter[str]()
        elide = self.rng.random() < 0.5
        for k, g in enumerate(said):
            after_fifteen = k > 0 and said[k - 1].kind == "fifteen"
            first = (  # "two, four, six": a fifteen after it
                k == 0 and len(said) > 1 and said[1].kind == "fifteen" and self.rng.random() < 0.3
            )
            elided = g.kind == "fifteen" and elide and (after_fifteen or first)
            mixed = any(h.kind != "fifteen" for h in said[:k])
            label = f"{g.name} {g.length}"
            words = self.phrase(g, total, names[label] > 0, mixed, elided)
            names[label] += 1
            if k and not elided and self.rng.random() < 0.5:
                words = "and " + words
            phrases.append((words, elided))
            total += g.points
        self.interrupt(phrases)
        if self.rng.random() < 0.3:
            final = self.rng.choice(["that is", "that's", "makes"])
            phrases.append((f"{final} {n(total)}", False))
        return ", ".join(words for words, _ in phrases)

    def interrupt(self, phrases: list[tuple[str, bool]]) -> None:
        """A hesitation, a group said twice with "no wait" between (a fifteen said again in
        full), or a restart, now and then (not between the "two" and "four" of "two, four,
        six", which are one)."""
        chance = self.rng.random()
        k = self.rng.randrange(len(phrases))
        if k == 0 and phrases[0][1] and chance >= 0.25:  # "two" goes on as "two, four"
            return
        if chance < 0.25:
            phrases.insert(k, (self.rng.choice(["um", "uh", "er"]), False))
        elif chance < 0.5:
            words, elided = phrases[k]
            again = f"fifteen {words}" if elided else words.removeprefix("and ")
            taken = self.rng.choice(["no", "no wait", "wait", "sorry", "no sorry"])
            phrases.insert(k + 1, (f"{taken}, {again}", False))
        elif chance < 0.6:  # and "two, four" from the top again is "fifteen two, four"
            restart = self.rng.choice(["start again", "start over"])
            said = [
                (f"fifteen {w}" if elided and not n else w, False)
                for n, (w, elided) in enumerate(phrases)
            ]
            phrases[:] = [*phrases[: k + 1], (restart, False), *said]
