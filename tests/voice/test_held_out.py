"""The voice's held-out set (`tests.voice.corpus`): shows, voices and rooms no setting of
the recogniser was chosen on, heard as the trainer hears them.

Issue 31 sets goals on it: right counts in the standard phrasing heard as said ≥ 95 %, in
players' phrasings ≥ 85 %, wrong counts judged as said ≥ 85 %; a count heard as a
different count in none of the standard phrasing and at most 0.5 % overall; chatter
taken for a count at most 1 %. They are met with the player's voice learnt after the
same voice and room's counts of the wide set, not on a voice heard for the first time
(docs/development.md, "Counting aloud", has the figures; `benchmarks/bench_voice.py --set
held-out --sessions --learn --after wide` prints them by voice, room and phrasing).
The whole set takes minutes of CPU, so the suite hears a quarter of it and holds what the
trainer's trust rests on: no count said the standard way is ever heard as another, and no
more counts heard as others, or chatter taken for a count, than when last measured (none
of either in this quarter);
the rates are printed beside the goals. Another quarter is heard as at the table, each
recording streamed in the microphone's chunks as a later count of a session (the running
mean its voice and room's: the same recording heard whole before it), and holds the same;
half of a third, each as a session's first count, holds that none is heard as another.
Six of its 60 sessions (one voice and room's counts each) are heard with the player's
voice learnt as the app learns it (`trainer.voice.learn`), after the same voice and room's
first counts of the wide set (new shows): they hold none heard as another, no chatter
taken, and at least as many heard as said as when first measured (the goals are met on the
whole held-out set heard so: docs/development.md). Three more are heard as a new player's
who first read the three counts "Teach Muggins your voice" shows (`enrolment`), and hold
the same (the goals are met on the whole held-out set heard so too).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

import pytest

from tests.voice.corpus import (
    Result,
    Tally,
    enrolment,
    hands_of,
    hear,
    hear_learning,
    part,
    recordings,
    sessions,
    talk,
    tally,
)
from tests.voice.said import CHATTER, FRESH_TALK, MORE_TALK
from tests.voice.voices import Room
from trainer.voice.audio import read_wav
from trainer.voice.recogniser import Recogniser

pytestmark = pytest.mark.slow

PARTS: Final = 4
GOALS: Final = {"standard": 0.95, "players' phrasings": 0.85, "wrong counts": 0.85}
DIFFERENT_AT_MOST: Final = 0
"""Counts of the quarter heard as another: one when the bars were set (one of players'
phrasings, through a telephone's band: "a pair is two" heard with a phantom "nobs",
"…that's two"), none since a final total below the count is asked again."""
CHATTER_AT_MOST: Final = 0
STREAMED_DIFFERENT_AT_MOST: Final = 0
"""Counts of the streamed quarter (each half of it) heard as another when it was first
heard so (none; 12/20 of players' phrasings, 8/9 standard, 8/9 wrong counts as said, no
chatter taken)."""


def figures(t: Tally) -> list[str]:
    """Each category's share heard as said, beside its goal."""
    return [
        f"{key}: {t.rate(key, 'as said'):.0%} heard as said (goal {goal:.0%})"
        for key, goal in GOALS.items()
        if key in t.counts
    ]


def test_the_held_out_set_shares_nothing_with_the_tuning_set() -> None:
    tuning, held = recordings("tuning"), recordings("held-out")
    assert not {r.voice for r in tuning} & {r.voice for r in held}
    # The quiet room alone is in both: every voice and show of the held-out set is new.
    assert {r.room for r in tuning} & {r.room for r in held} == {Room("quiet room")}
    assert not hands_of(tuning) & hands_of(held)
    wide = recordings("wide")  # the benchmark's wider held-out set: new shows, same voices
    assert not hands_of(tuning) & hands_of(wide)
    assert not hands_of(held) & hands_of(wide)
    assert {r.voice for r in wide} == {r.voice for r in held}
    parts = [part(held, k, PARTS) for k in range(PARTS)]
    assert sorted(r.seed for p in parts for r in p) == sorted(r.seed for r in held)
    assert all(abs(len(p) - len(held) / PARTS) < 1 for p in parts)


def test_the_table_talk_of_each_set_is_its_own() -> None:
    """The talk a setting was chosen on (the tuning voices' `CHATTER` and `MORE_TALK`)
    shares no line and no voice with the held-out talk, and the fresh talk no line with
    either (`benchmarks/bench_voice.py --talk` hears them)."""
    lines = {
        which: {r.utterance.parts for r in talk(which)} for which in ("tuning", "held-out", "fresh")
    }
    assert len(lines["tuning"]) == len(CHATTER) + len(MORE_TALK)
    assert len(lines["fresh"]) == len(FRESH_TALK)
    for a, b in (("tuning", "held-out"), ("tuning", "fresh"), ("held-out", "fresh")):
        assert not lines[a] & lines[b], (a, b)
    tuning, held, fresh = talk("tuning"), talk("held-out"), talk("fresh")
    assert not {r.voice for r in tuning} & {r.voice for r in (*held, *fresh)}
    assert len({r.seed for r in (*tuning, *held, *fresh)}) == len(tuning) + len(held) + len(fresh)


def test_a_quarter_of_the_held_out_set_is_never_heard_as_another_standard_count(
    tmp_path: Path,
) -> None:
    recogniser = Recogniser()
    results = [hear(recogniser, rec, tmp_path) for rec in part(recordings("held-out"), 0, PARTS)]
    _checked(results, "held-out, part 1 of 4", DIFFERENT_AT_MOST)


def _checked(results: list[Result], title: str, at_most: int) -> None:
    t = tally(results)
    others = [
        f"{r.recording.voice.label} in {r.recording.room.name}: "
        f"{r.recording.utterance.text!r} heard as {r.words!r}"
        for r in results
        if r.outcome == "different"
    ]
    lines = [*map(t.line, sorted(t.counts)), *figures(t), *others]
    print(f"\n{title}:", *lines, sep="\n  ", file=sys.stderr)
    assert not t.counts.get("standard", {}).get("different"), others  # type: ignore[call-overload]
    counts = sum(c["different"] for k, c in t.counts.items() if k != "chatter")
    assert counts <= at_most, others
    assert t.counts.get("chatter", {}).get("different", 0) <= CHATTER_AT_MOST, others  # type: ignore[call-overload]


@pytest.mark.parametrize("half", [0, 1], ids=["first half", "second half"])
def test_a_quarter_of_the_held_out_set_streamed_as_a_later_count(tmp_path: Path, half: int) -> None:
    """In two halves, so that two workers share it (about 100 s of CPU)."""
    recogniser = Recogniser()
    results = []
    for rec in part(part(recordings("held-out"), 1, PARTS), half, 2):
        recogniser.use(rec.utterance.breakdown)
        recogniser.decode(read_wav(rec.make(tmp_path)))  # its voice and room's mean
        results.append(hear(recogniser, rec, tmp_path, stream=True))
    title = f"held-out, part 2 of 4 (half {half + 1}), streamed"
    _checked(results, title, STREAMED_DIFFERENT_AT_MOST)


def test_an_eighth_of_the_held_out_set_streamed_as_a_sessions_first_count(
    tmp_path: Path,
) -> None:
    """As the first count after Muggins starts: heard from its first seconds' mean (or,
    ended before them, heard again whole), on a recogniser that has heard nothing."""
    results = [
        hear(Recogniser(), rec, tmp_path, stream=True)
        for rec in part(part(recordings("held-out"), 2, PARTS), 0, 2)
    ]
    _checked(results, "held-out, part 3 of 4 (its first half), a session's first", 0)


LEARNT_BEFORE: Final = 3
"""The wide set's counts of the same voice and room heard (and learnt) first."""
LEARNT_SESSIONS: Final = 20
"""One voice and room's session in this many is heard learnt (two halves: three each)."""
LEARNT_AS_SAID: Final = (
    {"standard": 5, "players' phrasings": 2, "wrong counts": 1},
    {"standard": 2, "players' phrasings": 4, "wrong counts": 1},
)
"""Heard as said in each half when it was first measured (15 of its 16 counts): floors.
Streamed on a fresh recogniser, unlearnt, the same counts were heard 4, 2, 1 and 2, 3, 1."""


@pytest.mark.parametrize("half", [0, 1], ids=["first half", "second half"])
def test_sessions_of_the_held_out_set_heard_with_the_voice_learnt(
    tmp_path: Path, half: int
) -> None:
    """As a player who has counted a few times in the room: a voice and room's counts
    streamed in order after `LEARNT_BEFORE` of its counts from the wide set (new shows),
    each count heard learnt as the app learns a count judged."""
    wide = {(s[0].voice, s[0].room): s for s in sessions(recordings("wide"))}
    chosen = sessions(recordings("held-out"))[half * LEARNT_SESSIONS // 2 :: LEARNT_SESSIONS]
    results: list[Result] = []
    for session in chosen:
        before = wide[(session[0].voice, session[0].room)][:LEARNT_BEFORE]
        results += hear_learning(session, tmp_path, before)
    _checked(results, f"held-out, every {LEARNT_SESSIONS}th session ({half + 1}), learnt", 0)
    t = tally(results)
    floors = LEARNT_AS_SAID[half]
    said = {k: t.counts.get(k, {}).get("as said", 0) for k in floors}  # type: ignore[call-overload]
    print(f"  heard as said: {said}", file=sys.stderr)
    assert all(said[k] >= floor for k, floor in floors.items()), said


ENROLLED_SESSIONS: Final = 5
"""The first session heard after reading (then one in `LEARNT_SESSIONS`: others than the
sessions learnt after the wide set's counts)."""
ENROLLED_AS_SAID: Final = {"standard": 1, "players' phrasings": 6, "wrong counts": 1}
"""Heard as said when it was first measured (every count, and no chatter taken): floors.
The whole held-out set heard so met every goal (docs/development.md)."""


def test_sessions_of_the_held_out_set_heard_after_reading_three_counts(tmp_path: Path) -> None:
    """As a new player who first taught Muggins their voice ("Teach Muggins your voice"):
    three counts read as shown, each learnt on its text if heard as the count shown, then
    the voice and room's counts streamed in order, each heard learnt as the app learns a
    count judged."""
    chosen = sessions(recordings("held-out"))[ENROLLED_SESSIONS::LEARNT_SESSIONS]
    results: list[Result] = []
    for session in chosen:
        read = enrolment(session[0].voice, session[0].room)
        results += hear_learning(session, tmp_path, enrol=read)
    _checked(results, f"held-out, every {LEARNT_SESSIONS}th session, after reading", 0)
    t = tally(results)
    said = {k: t.counts.get(k, {}).get("as said", 0) for k in ENROLLED_AS_SAID}  # type: ignore[call-overload]
    print(f"  heard as said: {said}", file=sys.stderr)
    assert all(said[k] >= floor for k, floor in ENROLLED_AS_SAID.items()), said
