"""Listening to one count as it is said: audio chunks in, the words as heard, a claim out.

The audio comes from a source (`AudioSource`): the microphone at the table, a recording in
the tests and `muggins hear --live`. The end of a count is the player's, not a timer's
(`Ending`): it ends on its spoken final total ("…that's eight"), on the key pressed again
(`Listener.stop`), or after a silence long enough for a player looking for the next
fifteen; never on a pause of a second or two between groups. Times are of the audio
itself (seconds since listening began), so they are the same on a slow machine: the time
to the first word and to the count's end are the spoken count's speed, and a recording
fed at once is heard exactly as it would be at the microphone's pace.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final, Literal, Protocol

from trainer.rules.show import Breakdown
from trainer.voice.audio import BYTES_A_SECOND, MAX_SECONDS, RATE
from trainer.voice.graph import Grammar
from trainer.voice.heard import Heard, NoCount, Reasoned, command_heard, heard
from trainer.voice.recogniser import Recogniser
from trainer.voice.sound import Sound
from trainer.voice.wording import HESITATIONS, number

Ended = Literal["total", "key", "silence", "limit"]
"""Why a count ended: its final total said, the key pressed again, a silence (or nothing
said at all), or `MAX_SECONDS` of audio (or a source that ran dry)."""

HOLD: Final = 0.8
"""Seconds with no new word and no sound after a final total that end the count. While a
count is said the recogniser's words show a final total now and then for up to 0.6 s
before the next word changes it ("that is thirty" as "fifteen fourteen" begins), always
with sound: the quiet asked for rules those out, and the margin covers a slower voice."""

SILENCE: Final = 3.0
"""Seconds without sound, after the first, that end a count with no final total said.
Sound is found to stop within 0.2 s of the speech (a pause of 2.0 s measures 2.0-2.2 s),
so a count survives pauses of up to 2.8 s between its groups."""

STILL: Final = 6.0
"""Seconds with no new word that end a count where the room never falls quiet."""

SILENT_START: Final = 8.0
"""Seconds of audio without a sound that end the listening (nothing was said)."""


NUMBER_WORDS: Final = frozenset(w for n in range(100) for w in number(n))
"""The words of the numbers: the only words that make a final total another."""


def ends_on_total(grammar: Grammar, words: list[str]) -> bool:
    """Whether ``words`` are a whole count ending on its final total: groups named, the
    total what they add up to, and no further word could make it another ("that's twenty"
    may become "that's twenty nine"). A total alone, or one that is not the sum said, may
    be the first group misheard while the player looks for the next (`SILENCE` ends it)."""
    said = grammar.parse(words)
    if said is None or said.total is None or not said.units:
        return False
    if said.total != sum(unit.points for unit in said.units):
        return False
    return not any(
        (more := grammar.parse([*words, word])) is not None and more != said
        for word in grammar.words & NUMBER_WORDS
    )


def ends_here(grammar: Grammar, words: list[str]) -> bool:
    """Whether ``words`` end what is said: a whole count on its final total
    (`ends_on_total`), or a command no further word makes another ("next"; not "one" where
    "one and four" may follow)."""
    said = grammar.parse(words)
    if said is not None and said.command is not None:
        return not any(grammar.parse([*words, word]) is not None for word in grammar.words)
    return ends_on_total(grammar, words)


def plain(words: str) -> str:
    """The words as shown and kept: the hesitations ("um", "er") left out."""
    return " ".join(w for w in words.split() if w not in HESITATIONS)


@dataclass
class Ending:
    """When a count ends, decided chunk by chunk from the words heard so far and the sound
    (see the module docstring); `hear` says why it ended, or None while it goes on."""

    grammar: Grammar
    words: str = ""
    changed: float = 0.0
    """When the words last changed."""
    first: float | None = None
    """When the first word was heard once there had been sound."""
    sounded: float | None = None
    """The end of the last chunk that held sound."""
    sound: Sound = field(default_factory=Sound)
    final: bool = False
    """The words are a whole count ending on its final total, or a command (`ends_here`)."""
    seen: dict[str, float] = field(default_factory=dict)
    """When each version of the words was last heard anew."""

    def hear(self, now: float, words: str, chunk: bytes, key: bool) -> Ended | None:
        """Take the words heard and the chunk ending ``now`` seconds in; why the count ends
        here, if it does (``key``: the key was pressed again)."""
        if self.sound.holds(chunk):
            self.sounded = now
        if words != self.words:
            self.words, self.changed, self.seen[words] = words, now, now
            self.final = ends_here(self.grammar, words.split())
        if self.first is None and words and self.sounded is not None:
            self.first = now
        quiet = now - (self.sounded if self.sounded is not None else 0.0)
        if key:
            return "key"
        if self.final and now - self.changed >= HOLD and quiet >= HOLD:
            return "total"
        if self.sounded is not None and quiet >= SILENCE:
            return "silence"
        if self.sounded is None and now >= SILENT_START:
            return "silence"
        if self.first is not None and now - self.changed >= STILL:
            return "silence"
        if now >= MAX_SECONDS:
            return "limit"
        return None

    def heard_at(self, words: str) -> float:
        """When ``words`` (the count as finally decoded) were heard: the count's end, never
        before its first word (words heard in the room's noise before any sound are only
        the player's from the first sound on)."""
        return max(self.seen.get(words, self.changed), self.first or 0.0)


class AudioSource(Protocol):
    """Where a count's audio comes from: 16 kHz mono 16-bit chunks, until it is closed."""

    def chunks(self) -> Iterator[bytes]: ...

    def close(self) -> None: ...


class RecordedSource:
    """A recording standing in for the microphone (tests, scripts): its audio in chunks of
    ``chunk`` seconds, each after ``pace`` times its length (0: at once), then silence."""

    def __init__(self, audio: bytes, *, chunk: float = 0.1, pace: float = 0.0) -> None:
        self._audio = audio
        self._size = 2 * int(RATE * chunk)
        self._pace = pace * chunk
        self._closed = threading.Event()

    def chunks(self) -> Iterator[bytes]:
        quiet = bytes(self._size)
        at = 0
        while not self._closed.is_set():
            if self._pace:
                self._closed.wait(self._pace)
            part = self._audio[at : at + self._size]
            at += self._size
            yield part + quiet[len(part) :]

    def close(self) -> None:
        self._closed.set()


@dataclass(frozen=True, slots=True)
class Spoken:
    """One count listened to: the words, the count in them (None: refused, say again), the
    seconds of audio to the first word and to the last, the CPU it took, why it ended and
    the seconds of audio listened to (where it ended)."""

    words: str
    count: Heard | None
    first_word: float | None
    end: float
    cpu: float
    ended: Ended
    listened: float
    refusal: str = ""
    """Why the words are no count, in the recogniser's words ("" when nothing says more
    than that none was heard)."""
    command: str | None = None
    """The command said instead of a count (`Commands`), heard with confidence."""
    audio: bytes = field(default=b"", repr=False)
    """The audio listened to (16 kHz, 16-bit): what the player's voice is learnt from once
    the count is judged (`trainer.voice.learn`)."""

    @property
    def problem(self) -> str:
        if self.count is not None or self.command is not None:
            return ""
        return self.refusal or "Heard no count: say it again."


class Listener:
    """Listens to one count from ``source`` on ``what``'s grammar (a show's, or one made
    already: a show's with commands, or commands alone); ``on_words`` is told the words as
    they are heard, and ``on_again`` when the count, ended, is heard again whole (a
    session's first count, a short one: `Recogniser.finish`), which may take seconds;
    ``stopped`` set (or `stop`) ends the count. `run` blocks (call it from a worker
    thread)."""

    def __init__(
        self,
        recogniser: Recogniser,
        what: Breakdown | Grammar,
        source: AudioSource,
        on_words: Callable[[str], None] = lambda words: None,
        stopped: threading.Event | None = None,
        on_again: Callable[[], None] = lambda: None,
    ) -> None:
        self._recogniser = recogniser
        self._on_again = on_again
        self._what = what
        self._source = source
        self._on_words = on_words
        self._stopped = stopped or threading.Event()

    def stop(self) -> None:
        """End the count now (the key pressed again)."""
        self._stopped.set()

    def run(self) -> Spoken:
        started = time.process_time()
        what = self._what
        grammar = (
            self._recogniser.load(what) if isinstance(what, Grammar) else self._recogniser.use(what)
        )
        self._recogniser.start()
        ending = Ending(grammar)
        ended: Ended = "limit"
        fed, shown = 0, ""
        audio: list[bytes] = []
        try:
            for chunk in self._source.chunks():
                fed += len(chunk)
                audio.append(chunk)
                words = self._recogniser.feed(chunk)
                why = ending.hear(fed / BYTES_A_SECOND, words, chunk, self._stopped.is_set())
                # Words found in audio that never held a sound are the room's noise.
                if (seen := plain(words) if ending.sounded is not None else "") != shown:
                    shown = seen
                    self._on_words(seen)
                if why is not None:
                    ended = why
                    break
        finally:
            self._source.close()
        decoded = self._recogniser.finish(self._on_again)
        refusal, count, command = "", None, None
        said = plain(decoded.words) if ending.sounded is not None else ""
        try:
            if said:
                command = command_heard(decoded, grammar)
                count = heard(decoded, grammar) if command is None else None
        except Reasoned as err:
            refusal = str(err)
        except NoCount:
            pass
        if said != shown:
            self._on_words(said)
        cpu = time.process_time() - started
        end = ending.heard_at(decoded.words)
        listened = fed / BYTES_A_SECOND
        # Where the first word begins, not when it was first shown: a session's first
        # count shows none until its first seconds have given it a mean (`PRIME`).
        first = decoded.first if said and decoded.first is not None else ending.first
        return Spoken(
            said, count, first, end, cpu, ended, listened, refusal, command, b"".join(audio)
        )
