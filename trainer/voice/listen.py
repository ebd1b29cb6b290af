"""Listening to one count as it is said: audio chunks in, the words as heard, a claim out.

The audio comes from a source (`AudioSource`): the microphone at the table, a recording in
the tests. A count ends when the player presses the key again (`Listener.stop`), when
nothing new has been heard for `QUIET` seconds after the first word or sound, or when
nothing at all was said for `SILENT_START` seconds. Times are of the audio
itself (seconds since listening began), so they are the same on a slow machine: the time
to the first word and to the count's end are the spoken count's speed.
"""

from __future__ import annotations

import array
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Protocol

from trainer.rules.show import Breakdown
from trainer.voice.audio import MAX_SECONDS, RATE
from trainer.voice.heard import Heard, NoCount, heard
from trainer.voice.recogniser import Recogniser

QUIET: Final = 1.2
"""Seconds of audio with no new word (after the first) or no sound (after the first) that
end a count."""

LOUD: Final = 300
"""A chunk whose samples' root mean square passes this holds sound (a microphone's hiss
stays well below; speech is in the thousands)."""

SILENT_START: Final = 8.0
"""Seconds of audio without a sound that end the listening (nothing was said)."""

BYTES_A_SECOND: Final = 2 * RATE


def _loud(chunk: bytes) -> bool:
    samples = array.array("h")
    samples.frombytes(chunk[: len(chunk) // 2 * 2])
    if not samples:
        return False
    return sum(s * s for s in samples) / len(samples) > LOUD * LOUD


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
    seconds of audio to the first word and to the end, and the CPU it took."""

    words: str
    count: Heard | None
    first_word: float | None
    end: float
    cpu: float

    @property
    def problem(self) -> str:
        return "" if self.count is not None else "Heard no count: say it again."


class Listener:
    """Listens to one count from ``source`` on ``breakdown``'s grammar; ``on_words`` is
    told the words as they are heard; ``stopped`` set (or `stop`) ends the count. `run`
    blocks (call it from a worker thread)."""

    def __init__(
        self,
        recogniser: Recogniser,
        breakdown: Breakdown,
        source: AudioSource,
        on_words: Callable[[str], None] = lambda words: None,
        stopped: threading.Event | None = None,
    ) -> None:
        self._recogniser = recogniser
        self._breakdown = breakdown
        self._source = source
        self._on_words = on_words
        self._stopped = stopped or threading.Event()

    def stop(self) -> None:
        """End the count now (the key pressed again)."""
        self._stopped.set()

    def run(self) -> Spoken:
        started = time.process_time()
        grammar = self._recogniser.use(self._breakdown)
        self._recogniser.start()
        words, heard_at, first, fed, sounded = "", 0.0, None, 0, None
        try:
            for chunk in self._source.chunks():
                fed += len(chunk)
                now = fed / BYTES_A_SECOND
                partial = self._recogniser.feed(chunk)
                if partial != words:
                    words, heard_at = partial, now
                    first = now if first is None and words else first
                    self._on_words(words)
                if _loud(chunk):
                    sounded = now
                quiet = (
                    (first is not None and now - heard_at >= QUIET)
                    or (sounded is not None and now - sounded >= QUIET)
                    or (sounded is None and now >= SILENT_START)
                )
                if self._stopped.is_set() or quiet or now >= MAX_SECONDS:
                    break
        finally:
            self._source.close()
        decoded = self._recogniser.finish()
        try:
            count: Heard | None = heard(decoded, grammar)
        except NoCount:
            count = None
        if decoded.words != words:
            self._on_words(decoded.words)
        return Spoken(decoded.words, count, first, heard_at, time.process_time() - started)
