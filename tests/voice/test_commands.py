"""What audio mode hears besides counts (`trainer.voice.commands`): the grammars it listens
with, and a slice of the held-out set (`tests.voice.commands_corpus`) heard for real.

The whole held-out set takes minutes (`benchmarks/bench_commands.py` prints it); the suite
hears half its voices in a quiet room and through a telephone's band, and its table talk
on the reveal's grammar, and holds what audio mode's trust rests on: talk is not taken for
a command, and a command is rarely heard as another (which the read-back then catches).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from tests.voice.commands_corpus import SAID, SHOW, TALK_HELD_OUT, Row, grammars, rates, verdict
from tests.voice.voices import HELD_OUT, HELD_OUT_ROOMS, Room, record
from trainer.voice.audio import read_wav
from trainer.voice.commands import (
    AGAIN,
    ENDING,
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
from trainer.voice.listen import ends_here
from trainer.voice.recogniser import Recogniser
from trainer.voice.talk import CHATTER, FILLER_WORDS
from trainer.voice.wording import number

AS_SAID_AT_LEAST: Final = {"quiet room": 0.6, "telephone": 0.4}
"""Of a slice's commands in a room, heard as said when the bar was set again on issue 31's
scores (quiet 48/63 and 42/63, telephone 37/63 and 29/63: together 156/252, 62 %; 147
before); the rest refused (said again)."""
ANOTHER_AT_MOST: Final = 2
"""Heard as another command when the bar was set: 1, 1, 0 and 0 of 63."""
TALK_AT_MOST: Final = 1
"""Table talk taken for a command when the bar was set: none of 72."""


def meaning(grammar: Grammar, said: str) -> str | None:
    """What ``said`` means on ``grammar`` (None: the grammar cannot say it)."""
    parsed = grammar.parse(said.split(" "))
    return None if parsed is None else parsed.command


def test_commands_mean_what_is_said_and_the_filler_means_nothing() -> None:
    g = phrases(joined(throws(6, 2), numbers(1, 3)))
    assert meaning(g, "one and four") == "1 4"
    assert meaning(g, "two five") == "2 5"
    assert meaning(g, "two") == "2"
    assert meaning(g, "what was the time") == CHATTER
    assert meaning(g, "what was the score") is None  # "score" is no filler word
    # No number is filler: a number said is a number heard, or refused.
    assert not set(FILLER_WORDS) & {w for n in range(1, 30) for w in number(n)}


def test_a_command_ends_as_soon_as_no_word_could_make_it_another() -> None:
    g = phrases(joined(throws(6, 2), pegs(29)))
    assert not ends_here(g, ["one"])  # "one and four" may follow
    assert ends_here(g, ["one", "and", "four"])
    assert not ends_here(g, ["twenty"])  # "twenty one" may follow
    assert ends_here(g, ["nothing"])
    c = phrases(calls(29))
    assert ends_here(c, ["accept"])
    assert ends_here(c, ["too", "many"])


SLICES: Final = (HELD_OUT[::4], HELD_OUT[2::4])
"""Half the held-out voices, each slice heard in two rooms, in four tests the workers share
(each about 25 s of CPU)."""

ROOMS: Final = {"quiet room": HELD_OUT_ROOMS[0], "telephone": HELD_OUT_ROOMS[3]}


@pytest.mark.slow
@pytest.mark.parametrize("room_name", ROOMS, ids=["quiet", "telephone"])
@pytest.mark.parametrize("k", range(len(SLICES)), ids=["slice1of2", "slice2of2"])
def test_a_slice_of_the_held_out_set_is_heard_as_said_and_talk_refused(
    k: int, room_name: str, tmp_path: Path
) -> None:
    """The slice's commands said in one room (in the quiet room, its table talk too)."""
    recogniser = Recogniser()
    made = grammars()
    quiet, telephone = ROOMS.values()
    assert (quiet.name, telephone.name) == tuple(ROOMS)
    rows: list[Row] = []
    for j, voice in enumerate(SLICES[k]):
        v = 2 * j + k  # the voice's place among every second held-out voice
        said: list[tuple[Room, str, str, str | None]] = [
            (room, where, text, meant)
            for room in (quiet, telephone)
            for where, items in SAID.items()
            for text, meant in items
        ]
        said += [(quiet, "reveal", line, None) for line in TALK_HELD_OUT]
        for n, (room, where, text, meant) in enumerate(said):  # n: the recording's seed
            if room.name != room_name:
                continue
            path = record(text, voice, room, tmp_path / f"{v}-{n}.wav", seed=31 * n + v)
            grammar = made[where]
            recogniser.load(grammar)
            decoded = recogniser.decode(read_wav(path))
            got = verdict(decoded, grammar)
            rows.append(Row(voice.label, room.name, where, text, meant, got, decoded))
    figures = rates(rows)
    as_said, of = figures["as said"]
    another, _ = figures["another"]
    taken, talked = figures["talk taken"]
    print(f"held-out slice, {room_name}: {figures}")
    assert as_said / of >= AS_SAID_AT_LEAST[room_name]
    assert another <= ANOTHER_AT_MOST, [r for r in rows if r.outcome == "another"]
    assert taken <= TALK_AT_MOST, [r for r in rows if r.meant is None and r.got]
    assert talked == (len(SLICES[k]) * len(TALK_HELD_OUT) if room_name == "quiet room" else 0)


def test_a_command_is_never_taken_for_a_count() -> None:
    g = with_commands(SHOW, joined(AGAIN, ENDING))
    sure = Decoded("repeat", margin=1.0, distance=0.0)
    assert command_heard(sure, g) == "repeat"
    with pytest.raises(NoCount):
        heard(sure, g)
    doubtful = Decoded("stop", margin=-1.0, distance=0.0)
    with pytest.raises(NoCount):
        command_heard(doubtful, g)
