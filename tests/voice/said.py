"""What players say for a show, written out for the voice's larger test set: the standard
announcement, the phrasings players use for the same count, wrong counts, and chatter.

Each `Utterance` says what was said (its parts, one a group, so a recording can pause
between them) and the same claim in the standard phrasing (`canonical`), whose parse on the
hand's grammar is what the recording must be heard as. The texts are written here from the
show's groups, independently of the trainer's own wording, so that the grammar is checked
against them, not against itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Final

from trainer.rules import odds
from trainer.rules.cards import Card, full_deck
from trainer.rules.groups import Group
from trainer.rules.show import Breakdown, score_show
from trainer.rules.speech import number_word

STANDARD: Final = "standard"
PLAYERS: Final = (
    "elided fifteens",
    "bare fifteens",
    "out of order",
    "makes",
    "final total",
    "hesitation",
    "correction",
    "nobs",
    "double run in parts",
    "nothing",
)
"""The phrasings players use besides the standard one (RULES.md, Announcing a count)."""

WRONG: Final = ("forgot one", "over-claim", "wrong total")
"""Wrong counts: each must be judged as said, not heard as the right count."""

CHATTER: Final = (
    "go",
    "thirty one for two",
    "two for his heels",
    "last card",
    "one for the go",
    "five of hearts",
    "the jack of spades",
    "king of clubs and a four",
    "hold on a second",
    "whose crib is it",
    "what was the starter",
    "let me see",
    "I don't know",
    "pass the cards please",
    "give me a moment",
    "shuffle up and deal",
    "is it my turn to deal",
    "how many points is that",
    "okay I'm ready",
    "good game",
    "my deal",
    "cut the cards",
    "you go first",
    "that was close",
)
"""Things said at a table that are not a count: pegging talk, card names, chat."""

HELD_OUT_TALK: Final = (
    "ace of diamonds",
    "queen of hearts",
    "a seven and an eight",
    "I have a ten",
    "two sixes",
    "nice cut",
    "a jack turned up",
    "that's a good hand",
    "muggins",
    "I'll take those",
    "you missed one",
    "your count",
    "your turn",
    "wait a minute",
    "let me think",
    "where are we on the board",
    "who's ahead",
    "move your peg",
    "skunked you",
    "one more game",
    "nice hand",
    "bad luck",
    "that's not fair",
    "I need a drink",
    "can you see the board",
    "what's the score",
    "deal again",
    "lucky cut",
    "no way",
    "hang on",
    "what did you throw",
    "put it in my crib",
    "I'm counting",
    "how did you get that",
    "well played",
    "well done",
    "it's your crib",
    "are you sure",
    "that's a go",
)
"""Table talk no setting was chosen on (none of `CHATTER`), for the held-out voices and
rooms: cards, the board, the deal, chat. Pegging scores said as such ("fifteen for two",
"twenty one", "a pair for two") are left out: said while a count is listened for, a
show's grammar may fairly hear them as a count."""


MORE_TALK: Final = (
    "your deal",
    "whose deal is it",
    "I'll shuffle",
    "cut them thin",
    "cut deep",
    "good cut",
    "terrible cut",
    "not again",
    "oh come on",
    "I hate this hand",
    "what a hand",
    "that hurts",
    "I'm almost home",
    "you're ahead",
    "I'm behind",
    "your lead",
    "play a card",
    "throw two to the crib",
    "which ones to keep",
    "hurry up",
    "take your time",
    "sorry",
    "oops",
    "my mistake",
    "never mind",
    "hand me the board",
    "where's the deck",
    "pass me the pegs",
    "thank you",
    "that was fun",
    "rematch",
    "best of three",
    "I give up",
    "let's play again",
    "cheers",
    "hello",
    "see you later",
    "coffee anyone",
    "it's getting late",
    "shall we start",
    "ready when you are",
    "show me your hand",
    "count your crib",
    "lay them down",
    "don't peek",
    "is that right",
    "really",
    "seriously",
    "unbelievable",
    "no chance",
    "keep going",
    "turn it over",
    "cut for deal",
    "low card deals",
    "I win",
    "you lose",
    "game over",
    "good luck",
)
"""More table talk for the tuning voices and rooms (`corpus.talk`), written with the
held-out set's `FRESH_TALK` before either was heard: the deal, the board, the cards and
chat, none of it a pegging score."""


FRESH_TALK: Final = (
    "let's get started",
    "whose lead is it",
    "not bad",
    "pretty good",
    "oh dear",
    "that stinks",
    "what a cut",
    "shuffle them well",
    "don't look",
    "I'll count first",
    "you count first",
    "is that a flush",
    "no runs there",
    "okay go ahead",
    "you're up",
    "my crib",
    "hand me the cards",
    "pass the deck",
    "I forgot",
    "oh no",
    "almost",
    "so close",
    "that's mine",
    "your peg",
    "mind the board",
    "I can't add",
    "slow down",
    "what was that",
    "lovely",
    "brilliant",
    "oh well",
    "drat",
    "I'm thinking",
    "bad hand",
    "who's dealing",
    "let me shuffle",
    "nice play",
    "where was I",
    "too slow",
    "good night",
)
"""Table talk for the held-out voices and rooms that no setting was chosen on, nor
chosen knowing how it was heard (`HELD_OUT_TALK`'s misses were read before the short
wrong counts' bars were set): written with `MORE_TALK`, before either was heard."""


@dataclass(frozen=True, slots=True)
class Utterance:
    """One thing said: its hand, its case ("right", a wrong count, "chatter"), its phrasing,
    its parts, and the same claim in the standard phrasing (None: nothing to hear)."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    case: str
    phrasing: str
    parts: tuple[str, ...]
    canonical: str | None

    @property
    def text(self) -> str:
        return ", ".join(self.parts)

    @property
    def breakdown(self) -> Breakdown:
        return score_show(self.hand, self.starter, crib=self.crib)


def _n(n: int) -> str:
    return number_word(n).replace("-", " ")


def _name(g: Group, *, again: bool = False) -> str:
    """A pair or run group, a flush or nobs as named before its total: "a double run of
    three", "another run of three", "a flush"."""
    if g.kind == "flush":
        return "a flush"
    if g.kind == "nobs":
        return "nobs"
    if g.name == "pairs":
        return f"{_n(len(g.members))} pairs"
    name = g.name.replace("-", " ")
    of = (
        f" of {_n(g.length)}"
        if g.kind == "run" and (g.name in ("run", "double run") or g.length > 3)
        else ""
    )
    return f"{'another' if again else 'a'} {name}{of}"


def _phrase(g: Group, total: int, *, verb: str = "is", again: bool = False) -> str:
    if g.kind == "fifteen":
        return f"fifteen {_n(total)}"
    return f"{_name(g, again=again)} {verb} {_n(total)}"


def _standard(groups: list[Group], *, verb: str = "is") -> list[str]:
    """Each group's phrase in the order given, with its running total; "and" before every
    phrase but a fifteen and the first."""
    parts, total, runs = [], 0, set()
    for n, g in enumerate(groups):
        total += g.points
        again = g.name == "run" and g.length in runs
        if g.name == "run":
            runs.add(g.length)
        phrase = _phrase(g, total, verb=verb, again=again)
        parts.append(phrase if n == 0 or g.kind == "fifteen" else f"and {phrase}")
    return parts


@cache
def reachable(size: int, crib: bool) -> frozenset[int]:
    """Every total a show of ``size`` cards and a starter can make."""
    return frozenset(odds.possible_scores(size, crib=crib))


def _utterance(
    b: Breakdown, case: str, phrasing: str, parts: list[str], canonical: list[str] | str
) -> Utterance:
    text = canonical if isinstance(canonical, str) else ", ".join(canonical)
    return Utterance(b.hand, b.starter, b.crib, case, phrasing, tuple(parts), text)


def players_phrasings(b: Breakdown) -> Iterator[Utterance]:
    """Every players' phrasing that fits this show, each said right."""
    groups = list(b.groups)
    std = _standard(groups)
    fifteens = [g for g in groups if g.kind == "fifteen"]
    rest = [g for g in groups if g.kind != "fifteen"]
    if not groups:
        for words in ("nothing", "zero", "no points"):
            yield _utterance(b, "right", "nothing", [words], "zero")
        return
    if len(fifteens) >= 2:
        elided = [std[0], *(_n(2 * k) for k in range(2, len(fifteens) + 1)), *std[len(fifteens) :]]
        yield _utterance(b, "right", "elided fifteens", elided, std)
        bare = [_n(2 * k) for k in range(1, len(fifteens) + 1)] + std[len(fifteens) :]
        yield _utterance(b, "right", "bare fifteens", bare, std)
    if fifteens and rest:
        moved = _standard(rest)
        total = sum(g.points for g in rest)
        for k in range(1, len(fifteens) + 1):
            total += 2
            moved.append(f"and fifteen two is {_n(total)}" if k == 1 else f"fifteen {_n(total)}")
        yield _utterance(b, "right", "out of order", moved, std)
    if rest and any(g.kind in ("pair", "run", "flush") for g in rest):
        yield _utterance(b, "right", "makes", _standard(groups, verb="makes"), std)
    yield _utterance(b, "right", "final total", [*std, f"that's {_n(b.total)}"], std)
    if len(std) >= 2:
        hesitant = [std[0], f"um, {std[1]}", *std[2:]]
        yield _utterance(b, "right", "hesitation", hesitant, std)
    if fifteens and len(std) >= 2:
        wrong = f"fifteen {_n(4)}" if len(fifteens) == 1 else f"fifteen {_n(6)}"
        k = 0 if len(fifteens) == 1 else 1
        corrected = [*std[:k], wrong, f"no wait, {std[k]}", *std[k + 1 :]]
        yield _utterance(b, "right", "correction", corrected, std)
    if groups[-1].kind == "nobs":
        said = [*std[:-1], "and one for his nobs" if len(std) > 1 else "one for his nobs"]
        yield _utterance(b, "right", "nobs", said, std)
    for n, g in enumerate(groups):
        if g.name == "double run":
            before = sum(x.points for x in groups[:n])
            pair, runs = before + 2, before + g.points
            parts = [
                *std[:n],
                f"and a pair is {_n(pair)}" if n else f"a pair is {_n(pair)}",
                f"two runs of {_n(g.length)} is {_n(runs)}",
            ]
            later = _standard(groups)[n + 1 :]
            yield _utterance(b, "right", "double run in parts", parts + later, std)


def wrong_counts(b: Breakdown) -> Iterator[Utterance]:
    """The wrong counts that fit this show, in the standard phrasing."""
    groups = list(b.groups)
    if len(groups) >= 2:
        k = next((n for n, g in enumerate(groups) if g.kind == "fifteen"), len(groups) - 1)
        fewer = _standard(groups[:k] + groups[k + 1 :])
        yield _utterance(b, "forgot one", STANDARD, fewer, fewer)
    if groups and groups[-1].kind != "nobs":
        more = [*_standard(groups), f"and nobs is {_n(b.total + 1)}"]
        if b.total + 1 in reachable(len(b.hand), b.crib):
            yield _utterance(b, "over-claim", STANDARD, more, more)
    if groups:
        sizes = reachable(len(b.hand), b.crib)
        wrong = next(
            (
                t
                for t in (b.total + 2, b.total - 2, b.total + 1)
                if t > 0 and t in sizes and t != b.total
            ),
            None,
        )
        if wrong is not None:
            said = [*_standard(groups), f"that's {_n(wrong)}"]
            yield _utterance(b, "wrong total", STANDARD, said, said)


def utterances(b: Breakdown) -> Iterator[Utterance]:
    """The standard count, then players' phrasings, then wrong counts, of one show."""
    groups = list(b.groups)
    std = (
        _standard(groups)
        if groups
        else ["nineteen" if 19 not in reachable(len(b.hand), b.crib) else "zero"]
    )
    yield _utterance(b, "right", STANDARD, std, std)
    yield from players_phrasings(b)
    yield from wrong_counts(b)


def deal(rng: random.Random, size: int) -> tuple[tuple[Card, ...], Card]:
    cards = rng.sample(full_deck(), size + 1)
    return tuple(cards[:size]), cards[size]
