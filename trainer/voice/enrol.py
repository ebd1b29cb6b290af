"""Teaching Muggins the player's voice before they count: a few counts read aloud from the
screen, each learnt on the words shown rather than those heard. A voice the recogniser
does not know yet is the one it hears least, so learning only what it heard learns least
where it is needed most; the text shown is what was said, once the words heard show that
the player read it (forced alignment accepts any text on any audio: the guard is ours).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from trainer.rules.cards import full_deck
from trainer.rules.show import Breakdown, score_show
from trainer.voice.confidence import edits
from trainer.voice.wording import HESITATIONS

READINGS: Final = 3
"""Counts read to teach a voice: about 400 frames of speech (`trainer.voice.adapt.MIN_FRAMES`)
after two, the third to firm it up."""

MATCH: Final = 0.25
"""At most this many word edits per word shown, between the words heard and the text, for
a reading to be learnt (hesitations aside). Set on the tuning set: every reading heard
whole was within 0.1 of its text (one said "makes" for "is": 0.11), a count of another
hand heard on the shown one's grammar 0.38 and more, and table talk 0.75 and more."""

GROUPS: Final = range(3, 6)
"""Groups in a count to read: long enough to teach (and to tell a reading from a slip),
short enough to read in one breath."""
TOTALS: Final = range(6, 17)
VARIED_TRIES: Final = 5000
"""Hands dealt looking for one that scores something new before any will do."""


@dataclass(frozen=True, slots=True)
class Reading:
    """A count to read aloud: its show and the count as shown."""

    show: Breakdown

    @property
    def text(self) -> str:
        """The count as the player reads it ("Fifteen two, fifteen four, and a pair is six.")."""
        return self.show.announce()

    @property
    def words(self) -> str:
        """The count in the recogniser's words ("fifteen two fifteen four and a pair is six")."""
        return " ".join(words_of(self.text))


def words_of(text: str) -> list[str]:
    """The words of a count as written: lower case, no punctuation, "twenty-four" two words."""
    kept = "".join(c if c.isalpha() or c in " '" else " " for c in text.lower())
    return kept.split()


def readings(
    rng: random.Random, count: int = READINGS, *, besides: Sequence[Reading] = ()
) -> list[Reading]:
    """``count`` hands to read, each of four cards and a starter with `GROUPS` groups and a
    total in `TOTALS`, fifteens and something else, none scoring the same things besides
    its fifteens as another or as one of ``besides`` (a pair, a run, a double run: more of
    the words a count is said in) while such hands are found, and none said alike."""
    chosen: list[Reading] = []
    deck = full_deck()
    tries = 0
    while len(chosen) < count:
        tries += 1
        cards = rng.sample(deck, 5)
        show = score_show(cards[:4], cards[4])
        if not (
            len(show.groups) in GROUPS and show.total in TOTALS and show.fifteens and _besides(show)
        ):
            continue
        reading, others = Reading(show), [*besides, *chosen]
        if any(r.words == reading.words for r in others):
            continue
        if tries < VARIED_TRIES and any(_besides(r.show) == _besides(show) for r in others):
            continue
        chosen.append(reading)
    return chosen


def _besides(show: Breakdown) -> tuple[str, ...]:
    """What a show scores besides fifteens, by the names players give it."""
    return tuple(g.name for g in show.groups if g.kind != "fifteen")


def read_as_shown(heard: str, reading: Reading) -> bool:
    """Whether the words heard are the count shown, near enough to learn the voice on the
    text (`MATCH`): a different count, half of one or table talk is not."""
    said = [w for w in heard.split() if w not in HESITATIONS]
    shown = words_of(reading.text)
    return bool(said) and edits(said, shown) <= MATCH * len(shown)
