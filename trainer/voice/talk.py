"""What is said at a table that is neither a count nor a command, heard as what it is and
refused rather than forced onto the nearest count or command: beside a count's grammar,
pegging talk ("go", "two for his heels") and card names ("the jack of spades"; RULES.md:
they are never a show's count) (`beside`); beside commands alone, a loop of common words
(`filler`). A loop of common words beside a count took long counts in new voices for
talk (docs/development.md, "Counting aloud"), so a count has none.
"""

from __future__ import annotations

from typing import Final

from trainer.rules.cards import RANK_WORDS, SUIT_WORDS
from trainer.voice.graph import Edge, Grammar
from trainer.voice.wording import Words

CHATTER: Final = "chatter"
"""What talk means: no count and no command (the `command` its words carry)."""

_FILLER: Final = """a the of to in is it that you he was for on are with as i his they be at
    have this
    from or had by but what some we can out other were all there when up use your how said
    an each she which do their time if will way about many then them would like so these
    her long make thing see him has look more day could go come did sound no most people
    my over know water than call first who may down side been now find any new work part
    take get place made live where after back little only round man year came show every
    good me give our under name very through just form great think help low line turn
    cause much mean before move right boy old same tell does set want air well also play
    small end put home read large spell add even land here must big high such follow act
    why ask men change went light kind off need house picture try us animal point mother
    world near build self earth father head stand own page should country found answer
    school grow study still learn plant cover food sun between state keep eye never last
    let thought city tree cross farm hard might story saw far sea draw left late run while
    press close night real life few north"""

FILLER_WORDS: Final = tuple(_FILLER.split())
"""Common English words, a loop of which stands beside what may be said: table talk (a
question, a cough) is heard as these. The words of what stands beside them are left out
of the loop."""

PEGGING: Final[tuple[Words, ...]] = (
    ("go",),
    ("one", "for", "go"),
    ("one", "for", "the", "go"),
    ("last", "card"),
    ("one", "for", "last"),
    ("one", "for", "last", "card"),
    ("thirty", "one"),
    ("thirty", "one", "for", "two"),
    ("two", "for", "his", "heels"),
    ("his", "heels"),
    ("one", "for", "his", "heels"),
)
"""What is said while the cards are played, never of a show: RULES.md's list and the
forms players say beside it ("one for go", "one for last")."""


def filler(g: Grammar, weight: float) -> None:
    """A loop of `FILLER_WORDS` from the start to the end of ``g``, each word at
    ``weight``, meaning `CHATTER`; none of the grammar's own words is among them."""
    theirs = g.words
    loop = g.state()
    for word in FILLER_WORDS:
        if word not in theirs:
            g.edges.append(Edge(g.start, loop, word, weight, command=CHATTER))
            g.edges.append(Edge(loop, loop, word, weight))
    g.edges.append(Edge(loop, g.final, None))


def beside(g: Grammar) -> None:
    """Table talk beside what ``g`` holds, each meaning `CHATTER`: pegging talk, and card
    names ("five of hearts", "the king of clubs and a four")."""
    for words in PEGGING:
        g.chain(g.start, g.final, words, Edge(0, 0, None, command=CHATTER))
    _cards(g)


def _cards(g: Grammar) -> None:
    """Card names said whole ("[the] jack of spades"), one after another ("and" between
    them or not), the last maybe a rank alone ("and a four"). A rank alone is never a card
    name first: it is a bare total."""
    card, rank, ranked, of, named, more, a = (g.state() for _ in range(7))
    g.edges += [
        Edge(g.start, card, None, command=CHATTER),
        Edge(card, rank, "the"),
        Edge(card, rank, None),
        *(Edge(rank, ranked, word) for word in RANK_WORDS[1:]),
        Edge(ranked, of, "of"),
        *(Edge(of, named, suit) for suit in SUIT_WORDS.values()),
        Edge(named, g.final, None),
        Edge(named, more, "and"),
        Edge(named, card, None),
        Edge(more, card, None),
        Edge(more, a, "a"),
        *(Edge(a, g.final, word) for word in RANK_WORDS[1:]),
    ]
