"""What audio mode hears besides counts (`trainer.voice.commands`): each command said by
the voice set's synthetic speakers in its rooms (`tests.voice.voices`), on the grammar
audio mode listens with at that point, sorted into heard as said, refused (say it again),
or heard as another command; and table talk on the same grammars, which must be refused.

Two sets, as for counts: ``tuning`` (the filler's weight and the bar were chosen on it)
and ``held-out`` (other voices, other rooms, other table talk: the figures reported).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from tests.voice.said import CHATTER
from tests.voice.voices import HELD_OUT, HELD_OUT_ROOMS, TUNING, TUNING_ROOMS, Room, Voice, record
from trainer.rules.cards import parse_cards
from trainer.rules.show import Breakdown, score_show
from trainer.voice.audio import read_wav
from trainer.voice.commands import (
    AGAIN,
    AGREEING,
    ENDING,
    GOING_ON,
    calls,
    joined,
    numbers,
    pegs,
    phrases,
    throws,
    with_commands,
)
from trainer.voice.confidence import Decoded
from trainer.voice.graph import Grammar
from trainer.voice.heard import NoCount, command_heard, heard
from trainer.voice.recogniser import Recogniser

Which = Literal["tuning", "held-out"]
Outcome = Literal["as said", "refused", "another"]

SHOW: Final = score_show(tuple(parse_cards(["5H", "5C", "JD", "4S"])), parse_cards(["6C"])[0])


def grammars(show: Breakdown = SHOW) -> dict[str, Grammar]:
    """Audio mode's grammars by where it listens (`trainer.ui.plain.by_ear`)."""
    extra = joined(AGAIN, ENDING)
    return {
        "drill list": phrases(joined(numbers(1, 20), extra)),
        "question": with_commands(show, extra),
        "read back": with_commands(show, joined(extra, AGREEING)),
        "reveal": phrases(joined(GOING_ON, extra)),
        "peg": phrases(joined(pegs(29), extra)),
        "throw": phrases(joined(throws(6, 2), extra)),
        "catch": phrases(joined(calls(29), extra)),
    }


SAID: Final = {
    "drill list": [("three", "3"), ("eleven", "11"), ("seven", "7"), ("stop", "stop")],
    "question": [("repeat", "repeat"), ("stop", "stop")],
    "read back": [("yes", "yes"), ("say it again", "repeat")],
    "reveal": [("next", "next"), ("repeat", "repeat"), ("stop", "stop")],
    "peg": [("two", "2"), ("nothing", "0"), ("six", "6"), ("twelve", "12")],
    "throw": [("one and four", "1 4"), ("two five", "2 5"), ("three and six", "3 6")],
    "catch": [("accept", "accept"), ("too many", "too many"), ("muggins three", "call 3")],
}
"""What is said at each point, and what it means."""

TALK_HELD_OUT: Final = (
    "hang on",
    "who dealt this",
    "nice cut",
    "I think I'm behind",
    "what's the score",
    "fifteen minutes left",
    "oh that's lucky",
    "deal me in",
    "one more game",
    "can you read that again",
    "is that right",
    "not sure",
)
"""Table talk for the held-out set, none of it in the tuning set's (`CHATTER`)."""

TALK_GRAMMARS: Final = ("drill list", "reveal", "peg", "throw", "catch")
"""Where talk is measured: the grammars of commands alone (talk at a question or a read
back is a count's business: issue 31's set measures it)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One thing said by one voice in one room, on one grammar, and what was heard."""

    voice: str
    room: str
    where: str
    text: str
    meant: str | None
    """What it means (None: talk, to be refused)."""
    got: str | None
    """The command heard (None: refused; "count" for a count heard instead)."""
    decoded: Decoded

    @property
    def outcome(self) -> Outcome:
        if self.got is None:
            return "refused"
        return "as said" if self.got == self.meant else "another"


def cases(which: Which) -> list[tuple[str, str, str | None]]:
    talk = CHATTER if which == "tuning" else TALK_HELD_OUT
    said = [(where, text, meant) for where, items in SAID.items() for text, meant in items]
    return said + [(where, line, None) for where in TALK_GRAMMARS for line in talk]


def sets(which: Which) -> tuple[tuple[Voice, ...], tuple[Room, ...]]:
    return (TUNING, TUNING_ROOMS) if which == "tuning" else (HELD_OUT, HELD_OUT_ROOMS)


def verdict(decoded: Decoded, grammar: Grammar) -> str | None:
    """What audio mode makes of ``decoded``: a command, "count", or None (refused)."""
    try:
        command = command_heard(decoded, grammar)
        if command is None:
            heard(decoded, grammar)
            return "count"
    except NoCount:
        return None
    return command


def measure(
    which: Which, voice: Voice, room: Room, folder: Path, recogniser: Recogniser
) -> list[Row]:
    """Every case said by ``voice`` in ``room`` (recordings kept in ``folder``)."""
    rows = []
    made = grammars()
    for n, (where, text, meant) in enumerate(cases(which)):
        path = folder / f"{which}-{voice.label}-{room.name}-{n}.wav".replace(" ", "_")
        if not path.exists():
            record(text, voice, room, path, seed=7919 * n + len(voice.label))
        grammar = made[where]
        recogniser.load(grammar)
        decoded = recogniser.decode(read_wav(path))
        got = verdict(decoded, grammar)
        rows.append(Row(voice.label, room.name, where, text, meant, got, decoded))
    return rows


def rates(rows: Iterable[Row]) -> dict[str, tuple[int, int]]:
    """Commands heard as said, heard as another, talk taken for a command: (n, of)."""
    rows = list(rows)
    said = [r for r in rows if r.meant is not None]
    talk = [r for r in rows if r.meant is None]
    return {
        "as said": (sum(r.outcome == "as said" for r in said), len(said)),
        "another": (sum(r.outcome == "another" for r in said), len(said)),
        "talk taken": (sum(r.got not in (None, "count") for r in talk), len(talk)),
    }
