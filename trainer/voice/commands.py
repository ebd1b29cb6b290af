"""What a player says to the trainer besides a count, in audio mode: "repeat", "next",
"stop", "yes"; a number chosen ("three"); the cards thrown by their places ("one and
four"); an opponent's count accepted or challenged. Each is a `Commands` mapping, what
is said to what it means, for a grammar of its own (`phrases`) or beside a count's
(`with_commands`). No command begins another ("next", not also "next hand"), so each ends as soon
as it is said rather than after a silence; none begins with a word of a count ("no"
begins "no points", "start" begins "start again").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Final

from trainer.rules.show import Breakdown
from trainer.voice.grammar import build
from trainer.voice.graph import Edge, Grammar
from trainer.voice.talk import filler
from trainer.voice.wording import Words, number

Commands = Mapping[str, Sequence[Words]]
"""What may be said instead of a count, by what it means: {"repeat": [("repeat",),
("say", "again")]}."""

REPEAT: Final = "repeat"
NEXT: Final = "next"
STOP: Final = "stop"
YES: Final = "yes"
ACCEPT: Final = "accept"
TOO_MANY: Final = "too many"

FILLER_WEIGHT: Final = 1e-20
"""How likely a filler word (`trainer.voice.talk.FILLER_WORDS`) is against a command's:
chosen on the tuning set's voices and rooms alone (docs/development.md, "Audio mode")."""


AGAIN: Final[Commands] = {REPEAT: [("repeat",), ("say", "again"), ("say", "it", "again")]}
"""Say the last thing said again."""

ENDING: Final[Commands] = {STOP: [("stop",)]}
"""End the drill (its answers are kept)."""

GOING_ON: Final[Commands] = {NEXT: [("next",)]}
"""On to the next hand."""

AGREEING: Final[Commands] = {YES: [("yes",)]}
"""The count heard is the count said: judge it."""


def joined(*parts: Commands) -> Commands:
    """The commands of every part (a later part's meaning wins)."""
    out: dict[str, list[Words]] = {}
    for part in parts:
        for meaning, ways in part.items():
            out[meaning] = list(ways)
    return out


def numbers(first: int, last: int) -> Commands:
    """A number from ``first`` to ``last`` said alone ("seven"), meaning its digits."""
    return {str(n): [number(n)] for n in range(first, last + 1)}


def pegs(most: int) -> Commands:
    """What a card laid pegs, ``most`` at most: a number, "nothing" or "zero" for none."""
    out = dict(numbers(1, most))
    out["0"] = [("nothing",), ("zero",), ("no", "points")]
    return out


def throws(dealt: int, thrown: int) -> Commands:
    """The cards thrown, by their places among the ``dealt`` ("one and four", "one four"),
    meaning the places in order ("1 4")."""
    out: dict[str, list[Words]] = {}
    for places in combinations(range(1, dealt + 1), thrown):
        said = [number(p) for p in places]
        ways: list[Words] = [tuple(w for n in said for w in n)]
        if thrown > 1:
            ways.append((*[w for n in said[:-1] for w in n], "and", *said[-1]))
        out[" ".join(map(str, places))] = ways
    return out


def calls(most: int) -> Commands:
    """An opponent's count answered: accepted, "too many", or muggins for a number of
    points from 1 to ``most`` ("muggins three", "three"), meaning "call N"."""
    out: dict[str, list[Words]] = {
        ACCEPT: [("accept",)],
        TOO_MANY: [("too", "many")],
    }
    for n in range(1, most + 1):
        out[f"call {n}"] = [number(n), ("muggins", *number(n))]
    return out


def phrases(commands: Commands) -> Grammar:
    """A grammar of ``commands`` alone, each said whole, and beside them a loop of filler
    words (`trainer.voice.talk.filler`) that means `CHATTER`."""
    g = Grammar()
    _instead(g, commands)
    filler(g, FILLER_WEIGHT)
    return g


def with_commands(breakdown: Breakdown, commands: Commands) -> Grammar:
    """The grammar of every count of this show (table talk beside it), and of ``commands``
    said instead of one (no command is a string of the talk's filler words)."""
    g = build(breakdown)
    _instead(g, commands)
    return g


def _instead(g: Grammar, commands: Commands) -> None:
    """Each command's ways of saying it, as a whole utterance of their own."""
    for meaning, ways in commands.items():
        for words in ways:
            g.chain(g.start, g.final, words, Edge(0, 0, None, command=meaning))
