"""The voice's larger synthetic set: shows dealt from a seed, what is said of each
(`tests.voice.said`), each said by one voice in one room (`tests.voice.voices`), heard on
its hand's grammar and sorted into heard as said, refused (say it again), or heard as a
different count.

Two sets that share no show, voice or room setting: ``tuning`` (the recogniser's bars may
be set on it) and ``held-out`` (the figures the suite checks); ``hard`` is the held-out set
in loud noise, measured for what goes wrong rather than for how much is heard; ``wide`` is
the held-out voices and rooms saying three times as many new shows, for firmer figures than
the held-out set's (`benchmarks/bench_voice.py --set wide`: too slow for the suite).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Literal

from tests.voice.said import (
    CHATTER,
    FRESH_TALK,
    HELD_OUT_TALK,
    MORE_TALK,
    STANDARD,
    WRONG,
    Utterance,
    deal,
    utterances,
)
from tests.voice.voices import (
    HARD_ROOMS,
    HELD_OUT,
    HELD_OUT_ROOMS,
    TUNING,
    TUNING_ROOMS,
    Room,
    Voice,
    record,
)
from trainer.judge.verdict import Verdict
from trainer.rules.cards import Card, parse_cards
from trainer.rules.show import Breakdown, score_show
from trainer.voice.audio import read_wav
from trainer.voice.confidence import Decoded
from trainer.voice.heard import Heard, NoCount, heard
from trainer.voice.recogniser import Recogniser

Which = Literal["tuning", "held-out", "hard", "wide"]
Outcome = Literal["as said", "refused", "different"]

ALL_VOICES: Final = (*TUNING, *HELD_OUT)
ALL_ROOMS: Final = (*TUNING_ROOMS, *HELD_OUT_ROOMS, *HARD_ROOMS)
ENROL_SEED: Final = 100_000
"""The readings' seeds (`enrolment`) start here, clear of the sets' recordings'."""
TALK_SEED: Final = 200_000
"""The table talk's seeds (`talk`) start here."""

SIZES: Final = (4, 4, 4, 4, 3, 5)
"""Hand sizes dealt in turn: mostly the standard game's four, some of the five-card game's
three and of five kept."""


@dataclass(frozen=True, slots=True)
class Recording:
    """One utterance said by one voice in one room (``seed``: its noise)."""

    utterance: Utterance
    voice: Voice
    room: Room
    seed: int

    def made(self, folder: Path) -> Path:
        """The recording in ``folder``, made if it is not there yet."""
        path = folder / f"r{self.seed}.wav"
        return path if path.exists() else self.make(folder)

    def make(self, folder: Path) -> Path:
        return record(
            self.utterance.text, self.voice, self.room, folder / f"r{self.seed}.wav", seed=self.seed
        )


NOTABLE: Final = {
    1: ("5H 5C 6D 4S JH", "5H 5C 5D JS 5S", "3H 4H 5H 5C 6H", "2C 3C 4C 6C 9H", "JD 5C 10S KD 5D"),
    2: ("7C 8D 8H 9S AC", "6D 6S 6H 9C 3D", "JH 5C 10S KD 5H", "2S 3S 4S 8S 9D", "4D 5D 5S 6H 6C"),
}
"""Shows each set holds whatever the deal gives: double runs, a 29, flushes, nobs, a pair
royal (the last card is the starter)."""


def shows(seed: int, count: int) -> list[Breakdown]:
    """``count`` shows: `NOTABLE`'s for ``seed``, then hands of `SIZES` in turn dealt from
    ``seed``, every fourth a crib (four cards only), at most a third scoring nothing."""
    rng = random.Random(seed)
    out: list[Breakdown] = [
        score_show(parse_cards(s)[:-1], parse_cards(s)[-1]) for s in NOTABLE.get(seed, ())
    ]
    zero = 0
    while len(out) < count:
        size = SIZES[len(out) % len(SIZES)]
        hand, starter = deal(rng, size)
        b = score_show(hand, starter, crib=size == 4 and len(out) % 4 == 3)
        if not b.total:
            if 3 * (zero + 1) > count:
                continue
            zero += 1
        out.append(b)
    return out


def _said(b: Breakdown, rng: random.Random, players: int, wrong: int) -> list[Utterance]:
    """The standard count of ``b``, then up to ``players`` of its players' phrasings and up
    to ``wrong`` of its wrong counts, picked by ``rng``."""
    said = list(utterances(b))
    standard = [u for u in said if u.phrasing == STANDARD and u.case == "right"]
    phrasings = [u for u in said if u.phrasing != STANDARD]
    wrongs = [u for u in said if u.case in WRONG]
    return (
        standard
        + rng.sample(phrasings, min(players, len(phrasings)))
        + rng.sample(wrongs, min(wrong, len(wrongs)))
    )


def _chatter(b: Breakdown, line: str) -> Utterance:
    return Utterance(b.hand, b.starter, b.crib, "chatter", "chatter", (line,), None)


def recordings(which: Which) -> list[Recording]:
    """Every recording of a set, in a fixed order."""
    voices: tuple[Voice, ...]
    rooms: tuple[Room, ...]
    if which == "tuning":
        voices, rooms, seed, count, players, wrong = TUNING, TUNING_ROOMS, 1, 30, 99, 99
    elif which == "wide":
        voices, rooms, seed, count, players, wrong = HELD_OUT, HELD_OUT_ROOMS, 3, 120, 2, 1
    else:
        voices, rooms, seed, count, players, wrong = HELD_OUT, HELD_OUT_ROOMS, 2, 40, 2, 1
        if which == "hard":
            rooms = HARD_ROOMS
    rng = random.Random(seed)
    said: list[Utterance] = []
    dealt = shows(seed, count)
    for b in dealt:
        said += _said(b, rng, players, wrong)
    said += [_chatter(dealt[n % len(dealt)], line) for n, line in enumerate(CHATTER)]
    pairs = [(v, r) for v in voices for r in rooms]
    rng.shuffle(pairs)
    return [Recording(u, *pairs[n % len(pairs)], seed=1000 * seed + n) for n, u in enumerate(said)]


def talk(which: Literal["tuning", "held-out", "fresh"]) -> list[Recording]:
    """Table talk said while Muggins listens for a count, far more of it than a set holds:
    every line of talk said by every voice in every room of the set, each on a show of the
    set in turn. The tuning set's lines are `CHATTER` and `MORE_TALK`; the held-out set's
    `HELD_OUT_TALK`, and ``fresh`` its voices and rooms saying `FRESH_TALK`, lines nothing
    was chosen knowing how they were heard. Its 24 lines a set are too few to hold talk
    taken to 1 %."""
    voices: tuple[Voice, ...]
    rooms: tuple[Room, ...]
    lines: tuple[str, ...]
    if which == "tuning":
        voices, rooms, lines, seed = TUNING, TUNING_ROOMS, (*CHATTER, *MORE_TALK), 1
    elif which == "held-out":
        voices, rooms, lines, seed = HELD_OUT, HELD_OUT_ROOMS, HELD_OUT_TALK, 2
    else:
        voices, rooms, lines, seed = HELD_OUT, HELD_OUT_ROOMS, FRESH_TALK, 3
    dealt = shows(seed, 30)
    out: list[Recording] = []
    for v, voice in enumerate(voices):
        for r, room in enumerate(rooms):
            base = TALK_SEED + 1000 * seed * 100 + 1000 * (len(rooms) * v + r)
            for n, line in enumerate(lines):
                b = dealt[(n + v + r) % len(dealt)]
                out.append(Recording(_chatter(b, line), voice, room, seed=base + n))
    return out


def signature(count: Heard, b: Breakdown) -> tuple[object, ...]:
    """What a count heard claims, as the player would be judged on it: what it claims,
    the total said, and what the judge finds missed and wrong (kinds and points)."""
    v: Verdict = count.verdict(b, "acc")
    return (
        count.bare,
        count.total,
        v.claimed,
        tuple(sorted((i.kind, i.points) for i in v.missed)),
        tuple(sorted((w.kind, w.value) for w in v.wrong)),
    )


@dataclass(frozen=True, slots=True)
class Result:
    """How one recording was heard."""

    recording: Recording
    outcome: Outcome
    decoded: Decoded

    @property
    def words(self) -> str:
        return self.decoded.words

    @property
    def cpu(self) -> float:
        return self.decoded.cpu


CHUNK: Final = 3200
"""Bytes a chunk when a recording is streamed: the microphone's 100 ms."""


def streamed(recogniser: Recogniser, audio: bytes) -> Decoded:
    """``audio`` heard as the microphone gives it, in `CHUNK`s, to the count's end."""
    recogniser.start()
    for at in range(0, len(audio), CHUNK):
        recogniser.feed(audio[at : at + CHUNK])
    return recogniser.finish()


def hear(recogniser: Recogniser, rec: Recording, folder: Path, *, stream: bool = False) -> Result:
    """Make ``rec``, hear it on its hand's grammar (whole, as `muggins hear` does, or
    ``stream``ed in the microphone's chunks, as at the table), and sort the hearing."""
    u = rec.utterance
    b = u.breakdown
    grammar = recogniser.use(b)
    audio = read_wav(rec.made(folder))
    decoded = streamed(recogniser, audio) if stream else recogniser.decode(audio)
    try:
        count = heard(decoded, grammar)
    except NoCount:
        return Result(rec, "refused", decoded)
    if u.canonical is None:
        return Result(rec, "different", decoded)
    meant = grammar.parse(u.canonical.replace(",", "").replace("-", " ").split())
    assert meant is not None, f"the standard phrasing does not parse: {u.canonical!r}"
    same = signature(count, b) == signature(Heard(u.canonical, meant), b)
    return Result(rec, "as said" if same else "different", decoded)


def enrolment(voice: Voice, room: Room) -> list[Recording]:
    """The counts Muggins asks a player to read to teach it their voice
    (`trainer.voice.enrol.readings`, dealt from a seed of the voice and room's own), said
    by ``voice`` in ``room``, each as shown."""
    from trainer.voice.enrol import readings

    base = ENROL_SEED + 1000 * ALL_VOICES.index(voice) + 10 * ALL_ROOMS.index(room)
    return [
        Recording(
            Utterance(r.show.hand, r.show.starter, False, "right", STANDARD, (r.text,), r.text),
            voice,
            room,
            seed=base + n,
        )
        for n, r in enumerate(readings(random.Random(base)))
    ]


def hear_learning(
    session: Sequence[Recording],
    folder: Path,
    before: Sequence[Recording] = (),
    *,
    enrol: Sequence[Recording] = (),
) -> list[Result]:
    """A player's session at the table with their voice learnt as they count: each count
    streamed, and each one heard (not refused: as if judged at once) learnt, the counts
    after it heard with the voice (`trainer.voice.learn`); ``before``: counts the same
    player said earlier in the same room (heard and learnt, not returned); ``enrol``:
    counts they read first to teach Muggins their voice (`enrolment`), each learnt on its
    text when the words heard are the count shown (`trainer.voice.enrol.read_as_shown`),
    as the app's "Teach Muggins your voice" does."""
    from trainer.voice.enrol import Reading, read_as_shown
    from trainer.voice.learn import VoiceLearner

    learner = VoiceLearner()
    recogniser = Recogniser()
    results: list[Result] = []
    try:
        for rec in enrol:
            reading = Reading(rec.utterance.breakdown)
            recogniser.use(reading.show)
            audio = read_wav(rec.made(folder))
            words = streamed(recogniser, audio).words
            if read_as_shown(words, reading) and learner.learn(audio, reading.words):
                recogniser = recogniser.with_voice(learner.transform)
        for rec in [*before, *session]:
            result = hear(recogniser, rec, folder, stream=True)
            if rec in session:
                results.append(result)
            audio = read_wav(rec.made(folder))
            if result.outcome != "refused" and learner.learn(audio, result.words):
                recogniser = recogniser.with_voice(learner.transform)
    finally:
        learner.close()
    return results


def sessions(recs: Sequence[Recording]) -> list[list[Recording]]:
    """The recordings by voice and room, each in the set's order: what one player says in
    one room, count after count."""
    by: dict[tuple[Voice, Room], list[Recording]] = {}
    for rec in recs:
        by.setdefault((rec.voice, rec.room), []).append(rec)
    return list(by.values())


def category(u: Utterance) -> str:
    """Which figure a recording counts towards."""
    if u.case == "chatter":
        return "chatter"
    if u.case in WRONG:
        return "wrong counts"
    return "standard" if u.phrasing == STANDARD else "players' phrasings"


@dataclass
class Tally:
    """Outcomes by category (and any other key), with the figures the issue sets."""

    counts: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, key: str, outcome: Outcome) -> None:
        self.counts.setdefault(key, Counter())[outcome] += 1

    def rate(self, key: str, outcome: Outcome) -> float:
        c = self.counts.get(key, Counter())
        return c[outcome] / max(sum(c.values()), 1)

    def line(self, key: str) -> str:
        c = self.counts.get(key, Counter())
        n = sum(c.values())
        return (
            f"{key}: {n} said, {c['as said']} as said, {c['refused']} refused, "
            f"{c['different']} different"
        )


def tally(results: Iterable[Result], key: str = "category") -> Tally:
    t = Tally()
    for r in results:
        u = r.recording.utterance
        name = {
            "category": category(u),
            "voice": r.recording.voice.label,
            "room": r.recording.room.name,
            "phrasing": u.phrasing if u.case == "right" else u.case,
        }[key]
        t.add(name, r.outcome)
    return t


def part(recs: Sequence[Recording], k: int, parts: int) -> list[Recording]:
    """The ``k``-th of ``parts`` shares of the set, dealt at random (seeded) so that each
    has its share of every category, voice and room, in the set's order."""
    order = list(range(len(recs)))
    random.Random(parts).shuffle(order)
    chosen = set(order[k::parts])
    return [r for n, r in enumerate(recs) if n in chosen]


def hands_of(recs: Iterable[Recording]) -> set[tuple[tuple[Card, ...], Card]]:
    return {(r.utterance.hand, r.utterance.starter) for r in recs}
